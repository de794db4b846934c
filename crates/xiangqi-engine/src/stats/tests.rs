//! The statistics against known values: the normal distribution, the GSPRT against its normal
//! approximation, intervals by sample size, and pairs against the same games unpaired.

use super::*;

#[test]
fn phi_matches_known_values() {
    assert!((phi(0.0) - 0.5).abs() < 1e-7);
    assert!((phi(1.959_964) - 0.975).abs() < 1e-6);
    assert!((phi(-1.0) - 0.158_655_25).abs() < 1e-6);
}

#[test]
fn llr_is_near_the_normal_approximation_for_a_large_sample() {
    // For many pairs the GSPRT and its normal approximation
    // N (s1 - s0)(2μ - s0 - s1) / (2σ²) agree.
    let p = Pentanomial([40, 200, 500, 220, 50]);
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let (n, mean, var) = moments(&p.points());
    let (s0, s1) = (score_of(0.0), score_of(5.0));
    let approx = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
    let llr = sprt.llr(&p);
    assert!(
        (llr - approx).abs() < 0.05 * approx.abs().max(1.0),
        "{llr} vs {approx}"
    );
}

#[test]
fn one_pair_bounds_nothing() {
    let e = Pentanomial([0, 1, 0, 0, 0]).estimate();
    assert_eq!((e.lower, e.upper), (f64::NEG_INFINITY, f64::INFINITY));
    assert!((e.los - 0.5).abs() < 1e-6);
    assert!(!e.significant());
}

#[test]
fn interval_narrows_with_more_pairs() {
    let small = Pentanomial([1, 3, 6, 3, 2]).estimate();
    let big = Pentanomial([10, 30, 60, 30, 20]).estimate();
    assert!((small.elo - big.elo).abs() < 1e-9);
    assert!(big.upper - big.lower < small.upper - small.lower);
    // Ten times the pairs: the interval is about √10 times narrower.
    let ratio = (small.upper - small.lower) / (big.upper - big.lower);
    assert!((ratio - 10f64.sqrt()).abs() < 0.2, "{ratio}");
}

#[test]
fn sprt_accepts_h0_for_an_equal_match() {
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let even = Pentanomial([60, 300, 900, 300, 60]);
    assert!(sprt.llr(&even) < 0.0);
    assert_eq!(sprt.state(&even), SprtState::AcceptH0);
    assert_eq!(
        sprt.state(&Pentanomial([0, 1, 2, 1, 0])),
        SprtState::Continue
    );
}

#[test]
fn pairs_give_a_tighter_interval_than_the_same_games_unpaired_when_correlated() {
    // Every pair is WL (a won opening for whoever has it): the pair scores never vary.
    let p = Pentanomial([0, 0, 50, 0, 0]).estimate();
    let g = Wdl {
        wins: 50,
        draws: 0,
        losses: 50,
    }
    .estimate();
    assert_eq!(p.elo, 0.0);
    assert!(p.upper - p.lower < g.upper - g.lower);
}
