//! Game records (issue 5): placeholder.
