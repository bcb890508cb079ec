//! Forcing chains and nets (placeholder).
use super::Sink;
use crate::board::Board;
use crate::technique::Technique;
use std::ops::ControlFlow;

/// Whether this module finds `t`.
pub fn handles(t: Technique) -> bool {
    matches!(
        t,
        Technique::ForcingChainContradiction
            | Technique::ForcingChainVerity
            | Technique::ForcingNetContradiction
            | Technique::ForcingNetVerity
    )
}

pub fn find(t: Technique, board: &Board, sink: Sink<'_>) -> ControlFlow<()> {
    let _ = (t, board, sink);
    ControlFlow::Continue(())
}
