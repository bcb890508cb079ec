//! The HTML walkthrough of a solve: one self-contained page (pictures, CSS
//! and script inline, no network request) that opens on the puzzle and
//! walks through the steps.
//!
//! - a list of the steps by technique name; previous and next buttons and
//!   the arrow keys (← →) move through them;
//! - each step's picture ([`crate::render::svg::layered`]) and text, with
//!   "reveal" buttons (and ↓ ↑) for the hint levels `sensei hint` and the
//!   trainer have: 1 Technique (the step's title names it; the picture is
//!   the position alone), 2 Where (the area to look at), 3 Step (the whole
//!   step); every button works by touch, the keys are a shortcut;
//! - the page opens at its top (header, Previous/Next bar), whatever step
//!   its address names;
//! - a summary: the outcome; the steps shown, with their own hardest step
//!   and guesses; the techniques used; the ratings, each labelled as the
//!   rating program's measure of its own solve.
//!
//! Without a script the page shows every step in full, one after another.
//! The caller grades the puzzle (`grade::grade`) and passes the rating:
//! rendering does no solving.

use crate::board::Board;
use crate::grade::Rating;
use crate::render::svg::{self, text::escape};
use crate::render::text as rtext;
use crate::trace::Trace;
use std::fmt::Write;

/// The page's own style (the pictures' style is [`svg::STYLE`]).
const PAGE_STYLE: &str = "\
*{box-sizing:border-box}\
body{margin:0;font:15px/1.45 'DejaVu Sans',Verdana,Arial,sans-serif;color:#1a1a1a;background:#f4f4f1}\
header{padding:12px 20px;background:#fff;border-bottom:1px solid #ddd}\
h1{font-size:20px;margin:0 0 4px}\
code{font-family:'DejaVu Sans Mono',Menlo,monospace;font-size:13px;word-break:break-all}\
.wrap{display:flex;gap:16px;padding:16px 20px;align-items:flex-start}\
nav{flex:0 0 250px;max-height:calc(100vh - 40px);overflow:auto;position:sticky;top:8px;background:#fff;border:1px solid #ddd;border-radius:6px}\
nav ol{margin:0;padding:6px 0;list-style:none}\
nav a{display:block;padding:3px 12px;color:#1a1a1a;text-decoration:none;font-size:14px}\
nav a:hover{background:#eef4fb}\
nav a.cur{background:#0072B2;color:#fff}\
main{flex:1 1 620px;max-width:660px}\
.bar{display:flex;gap:8px;align-items:center;margin-bottom:10px;flex-wrap:wrap;position:sticky;top:0;z-index:1;background:#f4f4f1;padding:6px 0}\
button{font:inherit;padding:5px 12px;border:1px solid #888;border-radius:5px;background:#fff;cursor:pointer}\
button:hover{background:#eef4fb}\
button:disabled{opacity:.4;cursor:default}\
button[aria-pressed=true]{background:#0072B2;color:#fff;border-color:#0072B2}\
#pos{font-weight:bold;min-width:120px}\
.keys{color:#666;font-size:13px}\
.lv{color:#666;font-size:13px;align-self:center}\
.step{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px 14px;margin-bottom:16px}\
.step h2{font-size:17px;margin:0 0 8px}\
svg.pic{display:block;width:100%;max-width:600px;height:auto}\
.reveal{display:flex;gap:6px;flex-wrap:wrap;margin:8px 0}\
.line{font-weight:bold;word-break:break-word}\
.t2,.t3{margin:6px 0}\
.step .l2,.step .l3,.step .k2,.step .k3{display:none}\
.step .t2,.step .t3{display:none}\
.step[data-level='2'] .l2,.step[data-level='2'] .k2{display:inline}\
.step[data-level='3'] .l3,.step[data-level='3'] .k3{display:inline}\
.step[data-level='2'] .t2,.step[data-level='3'] .t2,.step[data-level='3'] .t3{display:block}\
.js .step{display:none}\
.js .step.cur{display:block}\
.summary{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;margin:0 20px 16px}\
.summary table{border-collapse:collapse}\
.summary td,.summary th{padding:2px 10px 2px 0;text-align:left;font-size:14px}\
.summary td.n{text-align:right}\
.summary h3{font-size:15px;margin:12px 0 4px}\
.summary .note{color:#555;font-size:13px;margin:2px 0 6px;max-width:640px}\
@media (max-width:900px){.wrap{flex-direction:column}nav{position:static;flex:none;width:100%;max-height:200px}}\
@media (hover:none),(pointer:coarse){.keys{display:none}button{min-height:40px;padding:6px 14px}}\
@media (max-width:600px){header{padding:10px 12px}.wrap{padding:10px 12px}.summary{margin:0 12px 12px}nav{max-height:150px}}";

/// The page's script: one step at a time, keys, reveal buttons.
const SCRIPT: &str = r#"(function(){
var steps=[].slice.call(document.querySelectorAll('.step'));
var links=[].slice.call(document.querySelectorAll('#steps a'));
var prev=document.getElementById('prev'),next=document.getElementById('next');
var pos=document.getElementById('pos'),all=document.getElementById('all');
var nav=document.querySelector('nav');
var cur=0,total=steps.filter(function(s){return s.id!=='s0'&&s.id!=='end';}).length;
document.body.classList.add('js');
function level(s){return parseInt(s.getAttribute('data-level')||'0',10);}
function setLevel(s,l){
  var step=!!s.querySelector('.reveal');
  l=step?Math.max(1,Math.min(3,l)):0;
  s.setAttribute('data-level',String(l));
  [].forEach.call(s.querySelectorAll('.reveal button'),function(b){
    b.setAttribute('aria-pressed',String(parseInt(b.getAttribute('data-l'),10)<=l));
  });
}
function reset(){steps.forEach(function(s){setLevel(s,all.checked?3:1);});}
function show(i,opening){
  i=Math.max(0,Math.min(steps.length-1,i));
  steps[cur].classList.remove('cur');links[cur].classList.remove('cur');
  cur=i;
  steps[cur].classList.add('cur');links[cur].classList.add('cur');
  var ar=links[cur].getBoundingClientRect(),nr=nav.getBoundingClientRect();
  if(ar.top<nr.top)nav.scrollTop-=nr.top-ar.top;
  else if(ar.bottom>nr.bottom)nav.scrollTop+=ar.bottom-nr.bottom;
  pos.textContent=cur===0?'Start':(steps[cur].id==='end'?'End':'Step '+cur+' of '+total);
  prev.disabled=cur===0;next.disabled=cur===steps.length-1;
  if(opening)return;
  try{history.replaceState(null,'','#'+steps[cur].id);}catch(e){}
  // scrolled down a tall step: bring the new one's top under the bar
  var top=steps[cur].getBoundingClientRect().top,bar=prev.parentNode.getBoundingClientRect().height;
  if(top<bar)window.scrollBy(0,top-bar-8);
}
links.forEach(function(a,i){a.addEventListener('click',function(e){e.preventDefault();show(i);});});
// the summary's links (#s12): that step, with the bar above it in view
window.addEventListener('hashchange',function(){
  steps.forEach(function(s,i){if('#'+s.id===location.hash){show(i,true);prev.parentNode.parentNode.scrollIntoView();}});
});
prev.addEventListener('click',function(){show(cur-1);});
next.addEventListener('click',function(){show(cur+1);});
all.addEventListener('change',reset);
steps.forEach(function(s){
  [].forEach.call(s.querySelectorAll('.reveal button'),function(b){
    b.addEventListener('click',function(){
      var l=parseInt(b.getAttribute('data-l'),10);
      setLevel(s,level(s)===l?l-1:l);
    });
  });
});
document.addEventListener('keydown',function(e){
  if(e.altKey||e.ctrlKey||e.metaKey)return;
  var k=e.key;
  if(k==='ArrowRight'||k==='PageDown'){show(cur+1);}
  else if(k==='ArrowLeft'||k==='PageUp'){show(cur-1);}
  else if(k==='ArrowDown'){setLevel(steps[cur],level(steps[cur])+1);}
  else if(k==='ArrowUp'){setLevel(steps[cur],level(steps[cur])-1);}
  else if(k==='Home'){show(0);}
  else if(k==='End'){show(steps.length-1);}
  else return;
  e.preventDefault();
});
reset();
var start=0;
steps.forEach(function(s,i){if('#'+s.id===location.hash)start=i;});
// the page opens at its top, on the header and the Previous/Next bar,
// even when its address names a step (the browser would jump to it)
if('scrollRestoration' in history)history.scrollRestoration='manual';
show(start,true);
window.scrollTo(0,0);
window.addEventListener('load',function(){window.scrollTo(0,0);});
})();"#;

/// The ratings, as table rows, each labelled as the rating program's
/// measure of its own solve.
fn ratings(out: &mut String, r: &Rating) {
    if let Some(se) = r.se {
        let _ = write!(
            out,
            "<tr><th>Sudoku Explainer (its own solve)</th><td>ER {:.1} / EP {:.1} / ED {:.1}</td></tr>",
            se.er, se.ep, se.ed
        );
    }
    if let Some(h) = r.hodoku {
        let _ = write!(
            out,
            "<tr><th>HoDoKu (its own solve)</th><td>{} (score {})</td></tr>",
            h.level.name(),
            h.score
        );
    }
    if let Some(c) = r.class {
        let _ = write!(
            out,
            "<tr><th>QQWing (its own solve)</th><td>{}</td></tr>",
            c.name()
        );
    }
    if let (Some(t), Some(whose)) = (r.hardest, rtext::hardest_rated_by(r)) {
        let _ = write!(
            out,
            "<tr><th>Hardest step of {whose}'s solve</th><td>{}</td></tr>",
            escape(t.name())
        );
    }
    let _ = write!(
        out,
        "<tr><th>A guess in a rating solve</th><td>{}</td></tr>",
        if r.guessed { "yes" } else { "no" }
    );
}

/// The summary: the outcome; the steps shown (how many, the hardest, the
/// guesses), the techniques used (each linked to its first step); then
/// the ratings, labelled as the rating programs' measures of their own
/// solves, with why they may differ.
fn summary(out: &mut String, trace: &Trace, rating: Option<&Rating>) {
    out.push_str("<section class=\"summary\"><h2>Summary</h2>");
    let _ = write!(
        out,
        "<p>{}</p><h3>The steps shown</h3><table>",
        escape(&rtext::outcome_text(&trace.outcome))
    );
    let _ = write!(out, "<tr><th>Steps</th><td>{}</td></tr>", trace.steps.len());
    if let Some((n, step)) = trace.hardest_step() {
        let _ = write!(
            out,
            "<tr><th>Hardest step</th><td><a href=\"#s{n}\">{}</a> (step {n})</td></tr>",
            escape(step.technique.name())
        );
    }
    let guesses = trace.guesses();
    let _ = write!(
        out,
        "<tr><th>Guesses</th><td>{}</td></tr>",
        if guesses == 0 {
            "none".to_string()
        } else {
            format!("{guesses} (Brute Force)")
        }
    );
    out.push_str("</table>");
    let used = rtext::summary(trace);
    if !used.is_empty() {
        out.push_str("<h3>Techniques used</h3><table>");
        for (t, n) in used {
            let first = trace
                .steps
                .iter()
                .position(|s| s.technique == t)
                .map_or(0, |i| i + 1);
            let _ = write!(
                out,
                "<tr><td><a href=\"#s{first}\">{}</a></td><td class=\"n\">{n}</td></tr>",
                escape(t.name())
            );
        }
        out.push_str("</table>");
    }
    if let Some(r) = rating {
        let _ = write!(
            out,
            "<h3>Ratings</h3><p class=\"note\">{}</p><table>",
            escape(rtext::RATINGS_OWN_SOLVES)
        );
        ratings(out, r);
        out.push_str("</table>");
    }
    out.push_str("</section>");
}

/// The reveal buttons of a step: the hint levels, named as `sensei hint`
/// and the trainer name them. The technique (level 1) is in the step's
/// title; its button hides the other two levels again.
const REVEAL: &str = "<div class=\"reveal\"><span class=\"lv\">Hint:</span>\
<button type=\"button\" data-l=\"1\" aria-pressed=\"true\">1 · Technique</button>\
<button type=\"button\" data-l=\"2\" aria-pressed=\"true\">2 · Where</button>\
<button type=\"button\" data-l=\"3\" aria-pressed=\"true\">3 · Step</button></div>";

/// The walkthrough page of `trace`. `rating` (from `grade::grade`) goes in
/// the summary when given.
pub fn walkthrough(trace: &Trace, rating: Option<&Rating>) -> String {
    let positions = trace.positions();
    let mut out = String::with_capacity(20_000 + 9_000 * positions.len());
    let puzzle = trace.puzzle.to_line();
    let _ = write!(
        out,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>sensei walkthrough: {}</title><style>{PAGE_STYLE}{}</style></head><body>",
        escape(&puzzle),
        svg::STYLE
    );
    let _ = write!(
        out,
        "<header><h1>Sudoku walkthrough</h1><div>Puzzle: <code>{}</code></div><div>{}</div></header>",
        escape(&puzzle),
        escape(&headline(trace, rating))
    );
    // the definitions every picture shares
    let _ = write!(
        out,
        "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">{}</svg>",
        svg::shared_defs()
    );
    // the list of steps
    out.push_str("<div class=\"wrap\"><nav><ol id=\"steps\"><li><a href=\"#s0\">Start</a></li>");
    let width = positions.len().to_string().len();
    for (i, (_, step)) in positions.iter().enumerate() {
        let _ = write!(
            out,
            "<li><a href=\"#s{}\">{:0width$}. {}</a></li>",
            i + 1,
            i + 1,
            escape(step.technique.name())
        );
    }
    let end = end_board(trace);
    if end.is_some() {
        out.push_str("<li><a href=\"#end\">End</a></li>");
    }
    out.push_str(
        "</ol></nav><main><div class=\"bar\">\
         <button type=\"button\" id=\"prev\">◀ Previous</button>\
         <span id=\"pos\"></span>\
         <button type=\"button\" id=\"next\">Next ▶</button>\
         <label><input type=\"checkbox\" id=\"all\"> show every answer</label>\
         <span class=\"keys\">keys: ← → steps, ↓ ↑ reveal</span></div>",
    );
    // the start
    if let Some(start) = &trace.start {
        let _ = write!(
            out,
            "<article class=\"step\" id=\"s0\" data-level=\"0\"><h2>The puzzle</h2>{}\
             <p>{} givens, {} empty cells. Next ▶ goes to the first step. Each step names its \
             technique; its buttons 2 · Where and 3 · Step show where to look and then the \
             whole step.</p></article>",
            svg::layered(start, None),
            trace.puzzle.givens().len(),
            81 - trace.puzzle.filled()
        );
    } else {
        let _ = write!(
            out,
            "<article class=\"step\" id=\"s0\" data-level=\"0\"><h2>The puzzle</h2><p>{}</p></article>",
            escape(&rtext::outcome_text(&trace.outcome))
        );
    }
    for (i, (board, step)) in positions.iter().enumerate() {
        let n = i + 1;
        let (line, sentence) = rtext::step_text(step);
        let _ = write!(
            out,
            "<article class=\"step\" id=\"s{n}\" data-level=\"3\"><h2>Step {n}: {}</h2>{}{}{REVEAL}\
             <p class=\"t2\">Where: {}</p><div class=\"t3\"><p class=\"line\">{}</p><p>{}</p></div></article>",
            escape(step.technique.name()),
            svg::whole_net_switch(board, step, &format!("net{n}")),
            svg::layered(board, Some(step)),
            escape(&rtext::hint_where(step)),
            escape(&line),
            escape(&sentence),
        );
    }
    if let Some(b) = end {
        let _ = write!(
            out,
            "<article class=\"step\" id=\"end\" data-level=\"0\"><h2>End</h2>{}<p>{}</p></article>",
            svg::layered(&b, None),
            escape(&rtext::outcome_text(&trace.outcome))
        );
    }
    out.push_str("</main></div>");
    summary(&mut out, trace, rating);
    let _ = writeln!(out, "<script>{SCRIPT}</script></body></html>");
    out
}

/// One line for the header: steps, ratings, outcome.
fn headline(trace: &Trace, rating: Option<&Rating>) -> String {
    let mut parts = vec![format!("{} steps", trace.steps.len())];
    if let Some(r) = rating {
        if let Some(se) = r.se {
            parts.push(format!("SE {:.1}/{:.1}/{:.1}", se.er, se.ep, se.ed));
        }
        if let Some(h) = r.hodoku {
            parts.push(format!("HoDoKu {} ({})", h.level.name(), h.score));
        }
        if let Some(c) = r.class {
            parts.push(format!("QQWing {}", c.name()));
        }
    }
    if !trace.outcome.is_solved() {
        parts.push(rtext::outcome_text(&trace.outcome));
    }
    parts.join(" · ")
}

/// The position after the last step (when there is a step).
fn end_board(trace: &Trace) -> Option<Board> {
    let mut b = trace.start.clone()?;
    if trace.steps.is_empty() {
        return None;
    }
    for s in &trace.steps {
        s.apply(&mut b);
    }
    Some(b)
}
