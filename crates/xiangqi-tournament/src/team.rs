//! team
