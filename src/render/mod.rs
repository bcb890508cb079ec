//! Renderers: the only place that writes prose or JSON.

pub mod json;
