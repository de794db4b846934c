//! exports
