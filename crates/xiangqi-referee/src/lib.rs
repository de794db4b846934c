//! The referee (issue 4).

pub mod cycle;
mod reason;
mod rules;

pub use reason::Reason;
pub use rules::{ParseRuleSetError, RuleSet};
