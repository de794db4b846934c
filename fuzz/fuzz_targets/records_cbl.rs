//! CBL (CCBridge library) reader on arbitrary bytes after the magic: never panics, never
//! hangs, and a record that cannot be read fails alone.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xiangqi_records::ccbridge::{CBL_MAGIC, read_cbl};

fuzz_target!(|data: &[u8]| {
    let mut bytes = CBL_MAGIC.to_vec();
    bytes.extend_from_slice(data);
    let _ = read_cbl(&bytes);
});
