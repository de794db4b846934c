//! A colour as the rulings' JSON writes it (`"red"`, `"black"`), shared by every serialised
//! form of the crate; the rules core's `Color` stays free of serde.

use serde::{Deserialize, Serialize};
use xiangqi::Color;

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ColorName {
    Red,
    Black,
}

impl From<Color> for ColorName {
    fn from(c: Color) -> ColorName {
        match c {
            Color::Red => ColorName::Red,
            Color::Black => ColorName::Black,
        }
    }
}

impl From<ColorName> for Color {
    fn from(c: ColorName) -> Color {
        match c {
            ColorName::Red => Color::Red,
            ColorName::Black => Color::Black,
        }
    }
}
