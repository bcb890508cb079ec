//! Text for Template Set and Template Delete.

use crate::step::{Evidence, Step};
use crate::technique::Technique;

/// (pattern, sentence): the pattern is the digit, as HoDoKu writes it.
pub fn text(step: &Step) -> (String, String) {
    let Evidence::Template {
        digit,
        templates,
        cells,
    } = &step.evidence
    else {
        return (String::new(), String::new());
    };
    let count = match templates {
        1 => "one way".to_string(),
        n => format!("{n} ways"),
    };
    let lead = format!(
        "A template of {digit} is a way to place all nine {digit}s, one in each row, column and \
         block, using only cells where {digit} is placed or still a candidate. Here {count} to do \
         that remain{}, and the solution is one of them.",
        if *templates == 1 { "s" } else { "" }
    );
    let sentence = if step.technique == Technique::TemplateSet {
        format!("{lead} Every one of them uses {cells}, so {digit} goes there.",)
    } else {
        format!("{lead} None of them uses {cells}, so {digit} can be removed there.",)
    };
    (digit.to_string(), sentence)
}
