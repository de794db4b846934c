//! The games as they finish: the progress bar, each game's line and PGN, each pairing's
//! counts, the SPRT's decision that stops the match, and the final table.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use xiangqi::notation::Notation;
use xiangqi_engine::GameOutcome;
use xiangqi_engine::stats::{Sprt, SprtState};

use super::report::{self, Pairing, PgnGame};
use super::worker::{Done, Job, Plan};

/// What every game's PGN says alike: the time control, the rules, the move notation.
pub(super) struct PgnTags {
    pub(super) time_control: Option<String>,
    pub(super) rules: &'static str,
    pub(super) notation: Notation,
}

/// What the games finished so far have given.
pub(super) struct Tally<'a> {
    plan: &'a Plan,
    tags: PgnTags,
    names: &'a [String],
    sprt: Option<&'a Sprt>,
    bar: ProgressBar,
    pgn: Option<BufWriter<File>>,
    stats: Vec<Pairing>,
    played: u64,
    errors: Vec<String>,
    decided: Option<SprtState>,
}

impl<'a> Tally<'a> {
    /// Nothing yet of `total` games; the bar shows on a terminal only.
    pub(super) fn new(
        plan: &'a Plan,
        tags: PgnTags,
        names: &'a [String],
        sprt: Option<&'a Sprt>,
        total: u64,
        pgn: Option<BufWriter<File>>,
    ) -> Tally<'a> {
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{bar:40}] {pos}/{len} games {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        Tally {
            plan,
            tags,
            names,
            sprt,
            bar,
            pgn,
            stats: plan
                .pairs
                .iter()
                .map(|&(a, b)| Pairing::new(a, b))
                .collect(),
            played: 0,
            errors: Vec::new(),
            decided: None,
        }
    }

    /// A game finished: counted, told, written; `true` when the SPRT has just decided.
    pub(super) fn add(&mut self, done: Done) -> anyhow::Result<bool> {
        let (a, b) = self.plan.pairs[done.job.pairing];
        let (red, black) = if done.job.a_red { (a, b) } else { (b, a) };
        let outcome = match done.outcome {
            Ok(o) => o,
            Err(e) => {
                self.errors.push(e);
                self.bar.inc(1);
                return Ok(false);
            }
        };
        self.played += 1;
        let pairing = &mut self.stats[done.job.pairing];
        pairing.add(done.job.pair, done.job.a_red, outcome.result);
        self.bar.println(format!(
            "game {}: {} vs {}: {} {}",
            self.played,
            self.names[red],
            self.names[black],
            outcome.result.score(),
            outcome.termination
        ));
        self.write_pgn(&done.job, red, black, &outcome)?;
        self.bar.inc(1);
        let w = self.stats[done.job.pairing].wdl;
        self.bar
            .set_message(format!("+{} ={} -{}", w.wins, w.draws, w.losses));
        if let Some(s) = self.sprt
            && self.decided.is_none()
        {
            let state = s.state(&self.stats[0].penta);
            if state != SprtState::Continue {
                self.decided = Some(state);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The game to the PGN file, when there is one.
    fn write_pgn(
        &mut self,
        job: &Job,
        red: usize,
        black: usize,
        outcome: &GameOutcome,
    ) -> anyhow::Result<()> {
        let Some(out) = self.pgn.as_mut() else {
            return Ok(());
        };
        let opening = &self.plan.openings[job.opening];
        let text = report::pgn(&PgnGame {
            round: format!("{}.{}", job.pair + 1, if job.a_red { 1 } else { 2 }),
            red: &self.names[red],
            black: &self.names[black],
            start: &opening.start,
            outcome,
            time_control: self.tags.time_control.clone(),
            rules: self.tags.rules,
            notation: self.tags.notation,
        })?;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
        out.flush()?;
        Ok(())
    }

    /// The table on standard output, then why the match stopped early and the games not
    /// played; exit code 1 when some were not.
    pub(super) fn finish(self) -> anyhow::Result<ExitCode> {
        self.bar.finish_and_clear();
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        write!(out, "{}", report::table(self.names, &self.stats, self.sprt))?;
        if let Some(state) = self.decided {
            writeln!(
                out,
                "SPRT decided ({state:?}) after {} games; the rest were not played.",
                self.played
            )?;
        }
        for e in &self.errors {
            writeln!(out, "not played: {e}")?;
        }
        Ok(if self.errors.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}
