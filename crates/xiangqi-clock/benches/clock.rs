//! Parsing and printing controls, and pressing the clock. Figures: time per operation.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi_clock::{Color, GameClock, Press, TimeControl};

const CONTROLS: [&str; 6] = [
    "90m/40+15m/10",
    "2m/move+30m",
    "90m+15m/10 reset",
    "30m+3x30s max5m",
    "red=5m+2s black=4m+2s",
    "90m/40 d5s+30s, 30m+30s",
];

fn parse_and_print(c: &mut Criterion) {
    c.bench_function("parse 6 controls", |b| {
        b.iter(|| {
            for text in CONTROLS {
                black_box(black_box(text).parse::<TimeControl>().ok());
            }
        })
    });
    let parsed: Vec<TimeControl> = CONTROLS.iter().filter_map(|t| t.parse().ok()).collect();
    c.bench_function("print 6 controls", |b| {
        b.iter(|| {
            for control in &parsed {
                black_box(control.to_string());
            }
        })
    });
}

fn press(c: &mut Criterion) {
    for text in ["90m/40+15m/10", "30m+3x30s", "2m/move+30m"] {
        let Ok(control) = text.parse::<TimeControl>() else {
            continue;
        };
        // 200 plies of 3 s each: a long game, per iteration.
        c.bench_function(&format!("200 presses, {text}"), |b| {
            b.iter(|| {
                let mut clock: GameClock = GameClock::new(control.clone());
                let _ = clock.start(Color::Red, Duration::ZERO);
                let mut at = Duration::ZERO;
                for _ in 0..200 {
                    at += Duration::from_secs(3);
                    if let Ok(Press::Flagged(f)) = clock.press(at) {
                        black_box(f);
                        break;
                    }
                }
                black_box(clock.flag_deadline())
            })
        });
    }
}

criterion_group!(benches, parse_and_print, press);
criterion_main!(benches);
