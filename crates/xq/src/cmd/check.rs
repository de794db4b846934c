//! `xq check`: replay every game of record files, report illegal moves and results the
//! referee disagrees with.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use xiangqi_records::pgn::{GameBuilder, PgnReader};
use xiangqi_records::{ErrorKind, Format, GameRecord, RecordError, detect_format, read_games};
use xiangqi_referee::{Options, RuleSet, judge};

/// Replay every game in record files (PGN, DhtmlXQ, XQF, FEN + moves) and report illegal
/// moves (file, game, ply, why) and recorded results the referee disagrees with.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Record files, or directories searched recursively for .pgn, .xqf, .txt, .ubb,
    /// .dhtml, .htm and .html files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON object (issues, per-file counts, summary) instead of text.
    #[arg(long)]
    json: bool,
    /// The rule set the referee rules by (chinese, asian or chinese1960).
    #[arg(long, default_value = "chinese")]
    rules: RuleSet,
    /// Print at most this many issues in the text report (JSON lists them all).
    #[arg(long, default_value_t = 100)]
    max_issues: usize,
}

/// One thing wrong with one game.
#[derive(Serialize, Debug)]
struct Issue {
    file: String,
    game: usize,
    ply: Option<u32>,
    place: String,
    kind: &'static str,
    message: String,
}

#[derive(Serialize, Debug, Default)]
struct FileReport {
    path: String,
    format: String,
    games: usize,
    plies: u64,
    issues: usize,
}

#[derive(Serialize, Debug, Default)]
struct Summary {
    files: usize,
    games: usize,
    plies: u64,
    games_with_illegal_moves: usize,
    illegal_moves: usize,
    unreadable_games: usize,
    unsupported_files: usize,
    results_agree: usize,
    results_differ: usize,
    results_not_recorded: usize,
    results_not_decided_by_rules: usize,
    seconds: f64,
    plies_per_second: f64,
}

#[derive(Serialize, Debug, Default)]
struct Report {
    summary: Summary,
    files: Vec<FileReport>,
    issues: Vec<Issue>,
}

const EXTENSIONS: [&str; 7] = ["pgn", "xqf", "txt", "ubb", "dhtml", "htm", "html"];

/// The files to check: files as given, directories walked (sorted, for a stable report).
fn collect(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = paths.iter().rev().cloned().collect();
    while let Some(path) = stack.pop() {
        let meta =
            std::fs::metadata(&path).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(&path)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries.into_iter().rev() {
                let keep = e.is_dir()
                    || e.extension()
                        .and_then(|x| x.to_str())
                        .is_some_and(|x| EXTENSIONS.contains(&x.to_ascii_lowercase().as_str()));
                if keep {
                    stack.push(e);
                }
            }
        } else {
            out.push(path);
        }
    }
    Ok(out)
}

/// Counts the bytes read, for the progress bar.
struct Counted<R> {
    inner: R,
    bar: ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bar.inc(n as u64);
        Ok(n)
    }
}

fn kind_name(kind: &ErrorKind) -> &'static str {
    match kind {
        ErrorKind::IllegalMove { .. } => "illegal_move",
        ErrorKind::UnreadableMove { .. } => "unreadable_move",
        ErrorKind::Io(_) => "io",
        _ => "syntax",
    }
}

struct Checker {
    options: Options,
    report: Report,
}

impl Checker {
    fn issue(&mut self, file: &str, e: &RecordError) {
        self.report.issues.push(Issue {
            file: file.to_owned(),
            game: e.game,
            ply: e.ply,
            place: e.place.to_string(),
            kind: kind_name(&e.kind),
            message: e.kind.to_string(),
        });
    }

    fn game(&mut self, file: &str, fr: &mut FileReport, game: Result<GameRecord, RecordError>) {
        fr.games += 1;
        let s = &mut self.report.summary;
        s.games += 1;
        let g = match game {
            Ok(g) => g,
            Err(e) => {
                s.unreadable_games += 1;
                fr.issues += 1;
                self.issue(file, &e);
                return;
            }
        };
        let moves = g.mainline();
        fr.plies += moves.len() as u64;
        s.plies += moves.len() as u64;
        if !g.problems.is_empty() {
            s.games_with_illegal_moves += 1;
            s.illegal_moves += g.problems.len();
        }
        for p in &g.problems {
            fr.issues += 1;
            self.issue(file, p);
        }
        // A main line cut short by a bad move cannot be ruled on.
        let cut = g
            .problems
            .iter()
            .any(|p| p.ply == Some(moves.len() as u32 + 1));
        if cut {
            return;
        }
        let ruling = judge(&g.start, &moves, &self.options);
        let s = &mut self.report.summary;
        let Some(ruled) = Some(ruling.result).filter(|r| r.is_decided()) else {
            s.results_not_decided_by_rules += 1;
            return;
        };
        match Some(g.outcome()).filter(|r| r.is_decided()) {
            None => s.results_not_recorded += 1,
            Some(recorded) if recorded == ruled => s.results_agree += 1,
            Some(_) => {
                s.results_differ += 1;
                fr.issues += 1;
                let reason = ruling.reason_name();
                self.report.issues.push(Issue {
                    file: file.to_owned(),
                    game: fr.games,
                    ply: Some(ruling.ply),
                    place: String::new(),
                    kind: "result_differs",
                    message: format!(
                        "recorded {}, but the referee rules {} ({reason}) at ply {} of {}: {}",
                        g.outcome(),
                        ruled.name(),
                        ruling.ply,
                        moves.len(),
                        ruling.explanation
                    ),
                });
            }
        }
    }

    fn file(&mut self, path: &Path, bar: &ProgressBar) {
        let name = path.display().to_string();
        let mut fr = FileReport {
            path: name.clone(),
            ..FileReport::default()
        };
        self.report.summary.files += 1;
        let fail = |me: &mut Checker, fr: &mut FileReport, kind: &'static str, message: String| {
            fr.issues += 1;
            me.report.issues.push(Issue {
                file: name.clone(),
                game: 0,
                ply: None,
                place: String::new(),
                kind,
                message,
            });
        };
        let mut head = Vec::new();
        let opened = File::open(path).and_then(|f| f.take(1 << 16).read_to_end(&mut head));
        if let Err(e) = opened {
            fail(self, &mut fr, "io", e.to_string());
            self.report.files.push(fr);
            return;
        }
        match detect_format(&head) {
            Err(e) => {
                self.report.summary.unsupported_files += 1;
                fail(self, &mut fr, "unsupported", e.to_string());
            }
            Ok(Format::Pgn) => {
                fr.format = Format::Pgn.to_string();
                match File::open(path) {
                    Err(e) => fail(self, &mut fr, "io", e.to_string()),
                    Ok(f) => {
                        let counted = Counted {
                            inner: f,
                            bar: bar.clone(),
                        };
                        let mut reader = PgnReader::new(BufReader::with_capacity(1 << 16, counted));
                        let mut builder = GameBuilder::new();
                        while let Some(game) = reader.read_game(&mut builder) {
                            self.game(&name, &mut fr, game.and_then(|g| g));
                        }
                    }
                }
            }
            Ok(format) => {
                fr.format = format.to_string();
                match std::fs::read(path) {
                    Err(e) => fail(self, &mut fr, "io", e.to_string()),
                    Ok(bytes) => {
                        bar.inc(bytes.len() as u64);
                        for game in read_games(&bytes).unwrap_or_default() {
                            self.game(&name, &mut fr, game);
                        }
                    }
                }
            }
        }
        self.report.files.push(fr);
    }
}

/// Runs `xq check`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let files = collect(&args.paths)?;
    let total: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{bar:40}] {bytes}/{total_bytes} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    let mut checker = Checker {
        options: Options::new(args.rules),
        report: Report::default(),
    };
    let started = Instant::now();
    for path in &files {
        bar.set_message(path.display().to_string());
        checker.file(path, &bar);
    }
    bar.finish_and_clear();
    let mut report = checker.report;
    let s = &mut report.summary;
    s.seconds = started.elapsed().as_secs_f64();
    s.plies_per_second = if s.seconds > 0.0 {
        s.plies as f64 / s.seconds
    } else {
        0.0
    };
    let failed = !report.issues.is_empty();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(&report, args.max_issues);
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_text(report: &Report, max: usize) {
    for i in report.issues.iter().take(max) {
        let mut at = format!("{}: game {}", i.file, i.game);
        if !i.place.is_empty() {
            at.push_str(&format!(", {}", i.place));
        }
        if let Some(ply) = i.ply {
            at.push_str(&format!(", ply {ply}"));
        }
        println!("{at}: {}", i.message);
    }
    if report.issues.len() > max {
        println!(
            "… and {} more issues (--max-issues, or --json for all)",
            report.issues.len() - max
        );
    }
    let s = &report.summary;
    let rows = [
        ("files", s.files.to_string()),
        ("games", s.games.to_string()),
        ("plies", s.plies.to_string()),
        (
            "games with illegal moves",
            s.games_with_illegal_moves.to_string(),
        ),
        ("illegal or unreadable moves", s.illegal_moves.to_string()),
        ("unreadable games", s.unreadable_games.to_string()),
        ("unsupported files", s.unsupported_files.to_string()),
        (
            "results agreeing with the referee",
            s.results_agree.to_string(),
        ),
        (
            "results differing from the referee",
            s.results_differ.to_string(),
        ),
        (
            "decided by the rules, not recorded",
            s.results_not_recorded.to_string(),
        ),
        (
            "not decided by the rules",
            s.results_not_decided_by_rules.to_string(),
        ),
        (
            "time",
            format!("{:.3} s ({:.0} plies/s)", s.seconds, s.plies_per_second),
        ),
    ];
    println!();
    for (name, value) in rows {
        println!("{name:<38} {value:>20}");
    }
}
