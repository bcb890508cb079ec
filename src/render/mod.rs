//! Renderers: the only place that writes prose or JSON.

pub mod json;
pub mod text;

use crate::step::{Chain, LinkKind};

/// A chain in Eureka notation: `(5)r1c2=(5)r1c8-(5)r4c8=(5)r4c3`; group
/// nodes list their cells (`(5)r1c78`). A loop ends back at its first node.
pub fn eureka(chain: &Chain) -> String {
    let mut s = String::new();
    for (i, node) in chain.nodes.iter().enumerate() {
        if i > 0 {
            s.push_str(link_symbol(chain.links.get(i - 1).copied()));
        }
        s.push_str(&format!("({}){}", node.digit, node.cells));
    }
    if chain.is_loop {
        if let (Some(first), Some(&l)) = (
            chain.nodes.first(),
            chain.links.get(chain.nodes.len().saturating_sub(1)),
        ) {
            s.push_str(link_symbol(Some(l)));
            s.push_str(&format!("({}){}", first.digit, first.cells));
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
