//! Move notations (issue 3): placeholder; see the notation issue for the contract.
