//! Repetition cycles and the 棋例 rulings: placeholder (owned by the cycle work of issue 4).
