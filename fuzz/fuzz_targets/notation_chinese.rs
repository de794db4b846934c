//! Fuzz the chinese move reader (and line reader): see `common/notation.rs` for what is checked.
#![no_main]

#[path = "common/notation.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use xiangqi::notation::Notation;

fuzz_target!(|data: &[u8]| common::read_as(data, Notation::Chinese, &[]));
