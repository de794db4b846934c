use xiangqi::Position;
use xiangqi_referee::{RuleSet, cycle::debug_threats};
fn main() {
    for f in std::env::args().skip(1) {
        let p = Position::from_fen(&f).unwrap();
        println!("{f}: {:?}", debug_threats(&p, RuleSet::Chinese));
    }
}
