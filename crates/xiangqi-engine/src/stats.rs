//! Match statistics: Elo difference with a 95 % interval, likelihood of superiority, the
//! pentanomial counts of game pairs, and the sequential probability ratio test.
//!
//! The models are the ones fishtest and fastchess use (fastchess `man.md`: `-report penta`,
//! `-sprt … model=…`; fishtest plays with fastchess, official-stockfish/fishtest#2119): a
//! game pair (one opening, each engine once with each colour) scores 0, ½, 1, 1½ or 2 for the
//! first engine; the pair scores are independent where single games of one opening are not,
//! so the error bars come from the pairs. The SPRT is the generalized SPRT on the mean pair
//! score under the logistic Elo model (M. Van den Bergh's GSPRT, as fishtest computes it):
//! for each hypothesis the maximum-likelihood pentanomial distribution with the hypothesis'
//! expected score, LLR = N Σ q̂ᵢ ln(p₁ᵢ / p₀ᵢ), with the bounds ln(β/(1−α)) and
//! ln((1−β)/α); counts of zero are regularized by 10⁻³ as fastchess does.
//!
//! ```
//! use xiangqi_engine::stats::{Pentanomial, Sprt, SprtState};
//! let p = Pentanomial([4, 20, 80, 60, 36]);
//! let e = p.estimate();
//! assert!(e.elo > 0.0 && e.lower < e.elo && e.elo < e.upper);
//! assert!(e.los > 0.99);
//! let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
//! assert_eq!(sprt.state(&p), SprtState::AcceptH1);
//! ```

use std::fmt;

/// The Elo difference for a mean score `s` (0 < s < 1): −400 log₁₀(1/s − 1).
///
/// ```
/// use xiangqi_engine::stats::elo;
/// assert_eq!(elo(0.5), 0.0);
/// assert!((elo(0.75) - 190.85).abs() < 0.01);
/// assert_eq!(elo(1.0), f64::INFINITY);
/// ```
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// The expected score for an Elo difference.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function (Abramowitz–Stegun 7.1.26 for erf,
/// |error| < 1.5·10⁻⁷).
pub fn phi(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The estimate from single games (for games that are not in complete pairs).
    ///
    /// ```
    /// use xiangqi_engine::stats::Wdl;
    /// let e = Wdl { wins: 30, draws: 40, losses: 30 }.estimate();
    /// assert_eq!(e.elo, 0.0);
    /// assert!((e.los - 0.5).abs() < 1e-9);
    /// ```
    pub fn estimate(&self) -> Estimate {
        estimate(&[
            (0.0, self.losses as f64),
            (0.5, self.draws as f64),
            (1.0, self.wins as f64),
        ])
    }
}

/// Counts of game pairs by the first engine's pair score: 0, ½, 1, 1½, 2
/// (LL, LD, DD or WL, WD, WW).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair given the first engine's two game scores (0, ½ or 1 each).
    ///
    /// ```
    /// use xiangqi_engine::stats::Pentanomial;
    /// let mut p = Pentanomial::default();
    /// p.add(1.0, 0.5);
    /// p.add(0.0, 1.0);
    /// assert_eq!(p.0, [0, 0, 1, 1, 0]);
    /// ```
    pub fn add(&mut self, a: f64, b: f64) {
        let i = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[i] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    fn points(&self) -> [(f64, f64); 5] {
        let mut out = [(0.0, 0.0); 5];
        for (i, &n) in self.0.iter().enumerate() {
            out[i] = (i as f64 / 4.0, n as f64);
        }
        out
    }

    /// The estimate from the pairs.
    pub fn estimate(&self) -> Estimate {
        estimate(&self.points())
    }
}

/// An Elo estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean score per game.
    pub score: f64,
    /// The Elo difference.
    pub elo: f64,
    /// The lower end of the 95 % interval.
    pub lower: f64,
    /// The upper end.
    pub upper: f64,
    /// The likelihood of superiority: the probability that the first engine is stronger.
    pub los: f64,
}

impl Estimate {
    /// Whether the 95 % interval excludes zero.
    pub fn significant(&self) -> bool {
        self.lower > 0.0 || self.upper < 0.0
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+.1} ", self.elo)?;
        let half = (self.upper - self.lower) / 2.0;
        if half.is_finite() {
            write!(f, "± {half:.1} ")?;
        }
        write!(f, "[{:.1}, {:.1}]", self.lower, self.upper)
    }
}

/// Mean and variance of a distribution given as (value, count) with at least one count.
fn moments(points: &[(f64, f64)]) -> (f64, f64, f64) {
    let n: f64 = points.iter().map(|p| p.1).sum();
    if n == 0.0 {
        return (0.5, 0.0, 0.0);
    }
    let mean = points.iter().map(|p| p.0 * p.1).sum::<f64>() / n;
    let var = points
        .iter()
        .map(|p| p.1 * (p.0 - mean).powi(2))
        .sum::<f64>()
        / n;
    (n, mean, var)
}

fn estimate(points: &[(f64, f64)]) -> Estimate {
    let (n, mean, var) = moments(points);
    // One observation says nothing of the spread: the interval is unbounded.
    let se = if n >= 2.0 {
        (var / n).sqrt()
    } else {
        f64::INFINITY
    };
    let los = if se > 0.0 {
        phi((mean - 0.5) / se)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    Estimate {
        score: mean,
        elo: elo(mean),
        lower: elo(mean - 1.959_964 * se),
        upper: elo(mean + 1.959_964 * se),
        los,
    }
}

/// An SPRT: H0 elo = `elo0` against H1 elo = `elo1` (logistic Elo), error rates α and β.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    /// Keep playing.
    Continue,
    /// H0 accepted (the gain is at most `elo0`).
    AcceptH0,
    /// H1 accepted (the gain is at least `elo1`).
    AcceptH1,
}

impl Sprt {
    /// The lower and upper LLR bounds.
    ///
    /// ```
    /// use xiangqi_engine::stats::Sprt;
    /// let (lo, hi) = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 }.bounds();
    /// assert!((lo + 2.944).abs() < 0.001 && (hi - 2.944).abs() < 0.001);
    /// ```
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the pairs so far.
    ///
    /// ```
    /// use xiangqi_engine::stats::{Pentanomial, Sprt};
    /// let sprt = Sprt { elo0: 0.0, elo1: 50.0, alpha: 0.05, beta: 0.05 };
    /// // One lost pair is not enough to decide anything.
    /// let one = sprt.llr(&Pentanomial([1, 0, 0, 0, 0]));
    /// assert!(one < 0.0 && one > -2.94);
    /// ```
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        let n = p.pairs();
        if n == 0 {
            return 0.0;
        }
        let mut points = p.points();
        for pt in points.iter_mut() {
            if pt.1 == 0.0 {
                pt.1 = 1e-3;
            }
        }
        let total: f64 = points.iter().map(|pt| pt.1).sum();
        for pt in points.iter_mut() {
            pt.1 /= total;
        }
        let (l0, l1) = (
            lagrange(&points, score_of(self.elo0)),
            lagrange(&points, score_of(self.elo1)),
        );
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n as f64
            * points
                .iter()
                .map(|&(x, q)| q * ((1.0 + l0 * (x - s0)) / (1.0 + l1 * (x - s1))).ln())
                .sum::<f64>()
    }
    /// Whether to stop, and with which answer.
    pub fn state(&self, p: &Pentanomial) -> SprtState {
        let llr = self.llr(p);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

/// The Lagrange multiplier λ of the maximum-likelihood distribution with mean `s` closest to
/// the observed frequencies `q` (values `x`): pᵢ = qᵢ / (1 + λ(xᵢ − s)), found by bisection
/// on the interval where every pᵢ stays positive.
fn lagrange(points: &[(f64, f64)], s: f64) -> f64 {
    let f = |l: f64| -> f64 {
        points
            .iter()
            .map(|&(x, q)| q * (x - s) / (1.0 + l * (x - s)))
            .sum()
    };
    let max = points.iter().map(|p| p.0).fold(f64::MIN, f64::max);
    let min = points.iter().map(|p| p.0).fold(f64::MAX, f64::min);
    let (mut lo, mut hi) = (-1.0 / (max - s), 1.0 / (s - min));
    // f decreases on (lo, hi) from +∞ to −∞; keep strictly inside.
    let eps = 1e-12;
    (lo, hi) = (lo + eps * (hi - lo), hi - eps * (hi - lo));
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests;
