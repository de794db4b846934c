//! The play server (issue 7): placeholder.
