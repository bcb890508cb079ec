//! Renderers: the only place that writes prose or JSON.

pub mod json;
pub mod text;

use crate::step::{Chain, LinkKind};

/// A chain in Eureka notation: `(5)r1c2=(5)r1c8-(5)r4c8=(5)r4c3`; group
/// nodes list their cells (`(5)r1c78`); two digits of one cell that follow
/// each other are written together, `(4=2)r5c4`, and so are two digits of
/// an almost locked set, with all its cells: `(4=27)r3c89` would be the set
/// losing 4 and so holding 2 and 7; here the digit it keeps on leaving,
/// `(4=2)r3c89`. A loop ends back at its first node.
pub fn eureka(chain: &Chain) -> String {
    let mut nodes = chain.nodes.clone();
    if chain.is_loop {
        if let Some(&first) = chain.nodes.first() {
            nodes.push(first);
        }
    }
    let mut s = String::new();
    let mut i = 0;
    while i < nodes.len() {
        if i > 0 {
            s.push_str(link_symbol(chain.links.get(i - 1).copied()));
        }
        let n = nodes[i];
        match nodes.get(i + 1) {
            // an almost locked set: the digit it loses = the digit it keeps
            Some(m) if n.als.is_some() && m.als == n.als => {
                let link = link_symbol(chain.links.get(i).copied());
                let cells = n.occupied();
                s.push_str(&format!("({}{link}{}){cells}", n.digit, m.digit));
                i += 2;
            }
            Some(m) if n.cells.len() == 1 && m.cells == n.cells && m.digit != n.digit => {
                let link = link_symbol(chain.links.get(i).copied());
                s.push_str(&format!("({}{link}{}){}", n.digit, m.digit, n.cells));
                i += 2;
            }
            _ => {
                s.push_str(&format!("({}){}", n.digit, n.cells));
                i += 1;
            }
        }
    }
    s
}

fn link_symbol(l: Option<LinkKind>) -> &'static str {
    match l {
        Some(LinkKind::Strong) => "=",
        _ => "-",
    }
}
