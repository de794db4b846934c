//! The referee (issue 4).

pub mod cycle;
mod rules;

pub use rules::{ParseRuleSetError, RuleSet};
