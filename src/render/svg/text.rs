//! Text under the grid: XML escaping and line wrapping (SVG does not wrap
//! text, so lines are cut at word boundaries by a character budget that
//! fits the picture's width).

/// `s` with `&`, `<`, `>` and `"` escaped for XML text and attributes.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// `s` cut into lines of at most `width` characters at spaces (a longer
/// word is cut where it must be, after a comma or arrow if it has one).
pub fn wrap(s: &str, width: usize) -> Vec<String> {
    wrap_at_most(s, width, usize::MAX).0
}

/// [`wrap`], keeping at most `max` lines: when the text goes on, the last
/// line kept ends with `…` and the second value is true.
pub fn wrap_at_most(s: &str, width: usize, max: usize) -> (Vec<String>, bool) {
    let width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    // the line is full and more text follows: keep it, unless it is one too many
    let full = |lines: &mut Vec<String>, line: String| -> bool {
        if lines.len() < max {
            lines.push(line);
            return false;
        }
        if let Some(last) = lines.last_mut() {
            while last.chars().count() + 2 > width {
                match last.rfind(' ') {
                    Some(i) if i > 0 => last.truncate(i),
                    _ => {
                        last.pop();
                    }
                }
            }
            last.push_str(" …");
        }
        true
    };
    for word in s.split_whitespace() {
        let mut word = word.to_string();
        loop {
            let len = line.chars().count();
            let wlen = word.chars().count();
            if len == 0 && wlen <= width {
                line = word;
                break;
            }
            if len > 0 && len + 1 + wlen <= width {
                line.push(' ');
                line.push_str(&word);
                break;
            }
            if len > 0 {
                if full(&mut lines, std::mem::take(&mut line)) {
                    return (lines, true);
                }
                continue;
            }
            // a word longer than a line: cut it, after a comma if possible
            let chars: Vec<char> = word.chars().collect();
            let cut = chars[..width]
                .iter()
                .rposition(|&c| c == ',' || c == '>' || c == ')')
                .map_or(width, |i| i + 1);
            if full(&mut lines, chars[..cut].iter().collect()) {
                return (lines, true);
            }
            word = chars[cut..].iter().collect();
        }
    }
    if !line.is_empty() && full(&mut lines, line) {
        return (lines, true);
    }
    (lines, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_and_width() {
        let lines = wrap("one two three four five six seven", 10);
        assert_eq!(lines, ["one two", "three four", "five six", "seven"]);
        let long = wrap("r1c1=5,r2c2=6,r3c3=7", 10);
        assert_eq!(long, ["r1c1=5,", "r2c2=6,", "r3c3=7"]);
        assert!(wrap("", 10).is_empty());
        let (cut, more) = wrap_at_most("one two three four five six seven", 10, 2);
        assert_eq!(cut, ["one two", "three …"]);
        assert!(more);
        let (all, more) = wrap_at_most("one two three four", 10, 2);
        assert_eq!(all, ["one two", "three four"]);
        assert!(!more);
    }

    #[test]
    fn escape_makes_text_safe() {
        assert_eq!(escape("a<>b & \"c\""), "a&lt;&gt;b &amp; &quot;c&quot;");
    }
}
