//! Prints a summary of every game in the record files named on the command line.
fn main() {
    for path in std::env::args().skip(1) {
        match xiangqi_records::read_file(&path) {
            Err(e) => println!("{path}: {e}"),
            Ok(games) => {
                for g in games {
                    match g {
                        Err(e) => println!("{path}: ERROR {e}"),
                        Ok(g) => println!(
                            "{path}: plies {} nodes {} lines {} result {} problems {:?} start {}",
                            g.mainline().len(),
                            g.moves.node_count(),
                            g.moves.leaf_count(),
                            g.outcome(),
                            g.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
                            g.start.fen()
                        ),
                    }
                }
            }
        }
    }
}
