//! matchplay
