//! An engine process: started, detected, configured, asked for moves; killed on drop.
//!
//! One reader thread per process turns its standard output into lines on a bounded
//! channel; every wait has a deadline, so a hung, crashed or babbling engine becomes an
//! [`EngineError`] in bounded time, never a hang of ours.

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

mod lines;
mod play;

pub use lines::MAX_LINE;

use lines::{Event, read_lines};

use crate::Dialect;
use crate::error::EngineError;
use crate::protocol::{EngineMessage, EngineOption, parse_engine_line};

/// Malformed lines tolerated in one wait before the engine is called babbling.
pub const MAX_BAD_LINES: usize = 100;

/// How long to wait for each step of the conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// For `uciok`/`ucciok` when the protocol is known.
    pub handshake: Duration,
    /// For `uciok` while probing (auto detection) before trying UCCI.
    pub probe: Duration,
    /// For `readyok`.
    pub ready: Duration,
    /// For `bestmove` when no clock runs (fixed depth or nodes): a hung engine loses after it.
    pub move_without_clock: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            handshake: Duration::from_secs(10),
            probe: Duration::from_secs(2),
            ready: Duration::from_secs(10),
            move_without_clock: Duration::from_secs(60),
        }
    }
}

/// How to start and set up an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineConfig {
    /// The name used in tables and PGN tags.
    pub name: String,
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The protocol; `None`: detect (UCI first, then UCCI).
    pub dialect: Option<Dialect>,
    /// Options to set, by name, in order.
    pub options: Vec<(String, String)>,
    /// Waits.
    pub timeouts: Timeouts,
}

impl EngineConfig {
    /// A config for `program` with no arguments, protocol detected.
    pub fn new(name: &str, program: &str) -> EngineConfig {
        EngineConfig {
            name: name.to_owned(),
            program: program.to_owned(),
            args: Vec::new(),
            dialect: None,
            options: Vec::new(),
            timeouts: Timeouts::default(),
        }
    }
}

/// A running engine process.
pub struct Engine {
    config: EngineConfig,
    dialect: Dialect,
    id_name: Option<String>,
    options: Vec<EngineOption>,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Event>,
    millis: bool,
    last_lines: Vec<String>,
}

impl Engine {
    /// Starts the engine, detects or checks its protocol, sets its options and waits until
    /// it is ready.
    pub fn start(config: EngineConfig) -> Result<Engine, EngineError> {
        let mut engine = match config.dialect {
            Some(d) => {
                let mut e = Engine::spawn(&config, d)?;
                e.handshake(config.timeouts.handshake)?;
                e
            }
            None => {
                let mut e = Engine::spawn(&config, Dialect::Uci)?;
                match e.handshake(config.timeouts.probe) {
                    Ok(()) => e,
                    Err(_) => {
                        // ElephantEye exits on anything but `ucci` at boot: start afresh.
                        drop(e);
                        let mut e = Engine::spawn(&config, Dialect::Ucci)?;
                        e.handshake(config.timeouts.handshake).map_err(|err| {
                            EngineError::Handshake {
                                engine: config.name.clone(),
                                what: format!("neither uciok nor ucciok ({err})"),
                            }
                        })?;
                        e
                    }
                }
            }
        };
        engine.configure()?;
        Ok(engine)
    }

    fn spawn(config: &EngineConfig, dialect: Dialect) -> Result<Engine, EngineError> {
        let mut child = Command::new(&config.program)
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn {
                engine: config.name.clone(),
                error: format!("{}: {e}", config.program),
            })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(EngineError::Spawn {
                    engine: config.name.clone(),
                    error: "no pipes".to_owned(),
                });
            }
        };
        let (tx, rx) = sync_channel(4096);
        std::thread::Builder::new()
            .name(format!("engine-{}", config.name))
            .spawn(move || read_lines(stdout, tx))
            .map_err(|e| EngineError::Spawn {
                engine: config.name.clone(),
                error: e.to_string(),
            })?;
        Ok(Engine {
            config: config.clone(),
            dialect,
            id_name: None,
            options: Vec::new(),
            child,
            stdin,
            lines: rx,
            millis: false,
            last_lines: Vec::new(),
        })
    }

    /// The protocol in use.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The name the engine gave (`id name`).
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    /// The options the engine offered.
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.exited("accepting a command"))
    }

    fn exited(&mut self, waiting_for: &str) -> EngineError {
        // The pipe closed: give the process a moment to be reaped for its status.
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(s)) => break Some(s.to_string()),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => break None,
            }
        };
        EngineError::Exited {
            engine: self.config.name.clone(),
            waiting_for: waiting_for.to_owned(),
            status,
            last_lines: self.last_lines.clone(),
        }
    }

    /// The next message before `deadline`.
    fn next(&mut self, deadline: Instant, waiting_for: &str) -> Result<EngineMessage, EngineError> {
        let mut bad = 0;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Event::Line(line)) => {
                    if self.last_lines.len() == 10 {
                        self.last_lines.remove(0);
                    }
                    self.last_lines.push(line.chars().take(200).collect());
                    match parse_engine_line(&line) {
                        Ok(m) => return Ok(m),
                        Err(e) => {
                            bad += 1;
                            if bad > MAX_BAD_LINES {
                                return Err(EngineError::Babbling {
                                    engine: self.config.name.clone(),
                                    why: format!("{bad} malformed lines; the last: {e}"),
                                });
                            }
                        }
                    }
                }
                Ok(Event::TooLong) => {
                    return Err(EngineError::Babbling {
                        engine: self.config.name.clone(),
                        why: format!("a line longer than {MAX_LINE} bytes"),
                    });
                }
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.exited(waiting_for));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        engine: self.config.name.clone(),
                        waiting_for: waiting_for.to_owned(),
                    });
                }
            }
        }
    }

    fn handshake(&mut self, wait: Duration) -> Result<(), EngineError> {
        let (hello, ok) = match self.dialect {
            Dialect::Ucci => ("ucci", "ucciok"),
            _ => ("uci", "uciok"),
        };
        self.send(hello)?;
        let deadline = Instant::now() + wait;
        loop {
            match self.next(deadline, ok)? {
                EngineMessage::Id { key, value } if key == "name" => self.id_name = Some(value),
                EngineMessage::Option(o) => self.options.push(o),
                EngineMessage::UciOk if self.dialect != Dialect::Ucci => break,
                EngineMessage::UcciOk if self.dialect == Dialect::Ucci => break,
                _ => {}
            }
        }
        let variant = self.find_option("UCI_Variant").cloned();
        match (self.dialect, variant) {
            (Dialect::Ucci, _) => {
                if self.find_option("usemillisec").is_some() {
                    self.send(&Dialect::Ucci.setoption_command("usemillisec", "true"))?;
                    self.millis = true;
                }
            }
            (_, Some(v)) => {
                if !v.vars.is_empty() && !v.vars.iter().any(|x| x == "xiangqi") {
                    return Err(EngineError::Handshake {
                        engine: self.config.name.clone(),
                        what: "UCI_Variant does not offer xiangqi".to_owned(),
                    });
                }
                self.dialect = Dialect::UciRanks10;
                self.send(&Dialect::Uci.setoption_command("UCI_Variant", "xiangqi"))?;
            }
            (Dialect::UciRanks10, None) => {
                return Err(EngineError::Handshake {
                    engine: self.config.name.clone(),
                    what: "proto=fsf but the engine has no UCI_Variant option".to_owned(),
                });
            }
            (_, None) => {}
        }
        Ok(())
    }

    fn find_option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    fn configure(&mut self) -> Result<(), EngineError> {
        for (name, value) in self.config.options.clone() {
            let Some(opt) = self.find_option(&name) else {
                let offered: Vec<&str> = self.options.iter().map(|o| o.name.as_str()).collect();
                return Err(EngineError::Handshake {
                    engine: self.config.name.clone(),
                    what: format!("no option {name:?}; it offers {offered:?}"),
                });
            };
            let line = self.dialect.setoption_command(&opt.name.clone(), &value);
            self.send(&line)?;
        }
        self.ready()
    }

    /// `isready` … `readyok`.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.config.timeouts.ready;
        loop {
            if let EngineMessage::ReadyOk = self.next(deadline, "readyok")? {
                return Ok(());
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_millis(100);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
