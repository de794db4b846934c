//! `xq tournament import | check | generate`: TRF in and out, checking mode, the random
//! tournament generator.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use xiangqi_tournament::generate::{GeneratorConfig, generate as generate_event};
use xiangqi_tournament::swiss::SwissVariant;
use xiangqi_tournament::trf::{TrfFile, TrfVersion};
use xiangqi_tournament::{Scoring, System, Tournament};

use super::file::{load, save};

fn read_trf(path: &Path, scoring: Option<Scoring>) -> anyhow::Result<Tournament> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "{}: not UTF-8 (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })?;
    let file = TrfFile::parse(&text).with_context(|| path.display().to_string())?;
    file.to_tournament(scoring)
        .with_context(|| path.display().to_string())
}

pub(super) fn import(
    trf: &Path,
    out: Option<PathBuf>,
    scoring: Option<Scoring>,
    force: bool,
) -> anyhow::Result<()> {
    let out = out.unwrap_or_else(|| trf.with_extension("json"));
    if out.exists() && !force {
        bail!("{} exists; use --force to overwrite it", out.display());
    }
    let t = read_trf(trf, scoring)?;
    save(&out, &t)?;
    println!(
        "{}: {} players, {} of {} rounds",
        out.display(),
        t.players.len(),
        t.rounds.len(),
        t.planned_rounds()
    );
    Ok(())
}

pub(super) fn check(
    file: &Path,
    variant: Option<SwissVariant>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let head = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let is_json = head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let mut t = if is_json {
        load(file)?
    } else {
        read_trf(file, None)?
    };
    if let (Some(v), System::Swiss { variant, .. }) = (variant, &mut t.settings.system) {
        *variant = v;
    }
    let report = t.check_pairings()?;
    if json {
        let diff = report.difference.as_ref().map(|d| {
            serde_json::json!({
                "round": d.round,
                "board": d.board,
                "rules": [d.rules.0.0, d.rules.1.0],
                "file": d.file,
                "criterion": d.criterion,
            })
        });
        println!(
            "{}",
            serde_json::json!({
                "rounds_checked": report.rounds_checked,
                "boards_checked": report.boards_checked,
                "difference": diff,
                "notes": report.notes.iter()
                    .map(|(r, n)| serde_json::json!({"round": r, "note": n}))
                    .collect::<Vec<_>>(),
            })
        );
    } else {
        for (r, n) in &report.notes {
            println!("round {r}: note: {n}");
        }
        match &report.difference {
            None if report.notes.is_empty() => println!(
                "{} rounds, {} boards: every pairing is the rules' own",
                report.rounds_checked, report.boards_checked
            ),
            None => println!(
                "{} rounds, {} boards: every pairing is the one we find; where a note above says \
                 a search reached its budget, that one is not proven the rules' own",
                report.rounds_checked, report.boards_checked
            ),
            Some(d) => println!("{d}"),
        }
    }
    Ok(if report.difference.is_none() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

#[allow(clippy::too_many_arguments)]
pub(super) fn generate(
    file: &Path,
    players: u32,
    rounds: u32,
    seed: u64,
    forfeits: u32,
    byes: u32,
    baku: bool,
    trf16: bool,
) -> anyhow::Result<()> {
    if !(2..=9999).contains(&players) {
        bail!("--players: 2 to 9999 (TRF's four-digit ids), not {players}");
    }
    let t = generate_event(&GeneratorConfig {
        players,
        rounds,
        seed,
        forfeits_per_mille: forfeits.min(1000),
        byes_per_mille: byes.min(1000),
        baku,
        variant: SwissVariant::Dutch,
    })?;
    let version = if trf16 {
        TrfVersion::Trf16
    } else {
        TrfVersion::Trf2026
    };
    let text = TrfFile::from_tournament(&t, version).write(version);
    std::fs::write(file, text).with_context(|| format!("writing {}", file.display()))?;
    println!(
        "{}: {players} players, {rounds} rounds, seed {seed}",
        file.display()
    );
    Ok(())
}
