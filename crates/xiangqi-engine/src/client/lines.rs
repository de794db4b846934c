//! The reader thread of an engine process: its standard output as lines on a bounded
//! channel, a line too long said at once (an endless line has no end to wait for), the end of
//! the output as an event of its own.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::SyncSender;

/// The longest line we read; longer is babbling.
pub const MAX_LINE: usize = 64 * 1024;

/// What the reader thread sends.
pub(super) enum Event {
    Line(String),
    TooLong,
    Eof,
}

/// Reads `stdout` until its end, sending each line (without its `\r\n`) on `tx`; stops
/// when nobody listens.
pub(super) fn read_lines(stdout: impl Read, tx: SyncSender<Event>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok([]) | Err(_) => {
                let _ = tx.send(Event::Eof);
                return;
            }
            Ok(buf) => buf,
        };
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            line.extend_from_slice(chunk);
            if line.len() > MAX_LINE {
                // Said at once: an endless line has no end to wait for.
                too_long = true;
                line.clear();
                if tx.send(Event::TooLong).is_err() {
                    return;
                }
            }
        }
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            if !too_long {
                let text = String::from_utf8_lossy(&line);
                let event = Event::Line(text.trim_end_matches('\r').to_owned());
                if tx.send(event).is_err() {
                    return;
                }
            }
            line.clear();
            too_long = false;
        }
    }
}
