//! What each module defines and imports, every path each file writes, and the file a path
//! leads to once imports and re-exports are followed.

use super::lex::{Token, is_ident};
use super::tree::{File, Scope};
use std::collections::{BTreeMap, BTreeSet};

/// What one module holds: the items defined in it and the names it imports.
#[derive(Default)]
pub struct Module {
    pub file: usize,
    pub defines: BTreeSet<String>,
    pub imports: BTreeMap<String, Vec<String>>,
    pub globs: Vec<Vec<String>>,
}

/// A path written in a file, in the module it was written in.
pub struct Mention {
    pub file: usize,
    pub line: usize,
    pub module: Vec<String>,
    pub path: Vec<String>,
}

const ITEMS: [&str; 10] = [
    "struct",
    "enum",
    "fn",
    "trait",
    "type",
    "const",
    "static",
    "union",
    "mod",
    "macro_rules",
];

/// Records a file's modules, items and imports, and every path it writes.
pub fn scan(
    f: usize,
    file: &File,
    modules: &mut BTreeMap<Vec<String>, Module>,
    out: &mut Vec<Mention>,
) {
    let tokens = &file.tokens;
    let text = |k: usize| tokens.get(k).map_or("", |t| t.text.as_str());
    let mut scope = Scope::default();
    modules.entry(file.module.clone()).or_default().file = f;
    let mut i = 0;
    while i < tokens.len() {
        let (t, next) = (text(i), text(i + 1));
        let module = [file.module.clone(), scope.names()].concat();
        let line = tokens[i].line;
        if t == "use" && text(i.wrapping_sub(1)) != "::" {
            let end = (i..tokens.len())
                .find(|&k| text(k) == ";")
                .unwrap_or(tokens.len());
            let mut found = Vec::new();
            use_tree(&tokens[..end], &mut (i + 1), Vec::new(), &mut found);
            let entry = modules.entry(module.clone()).or_default();
            entry.file = f;
            for (path, alias) in found {
                match alias {
                    Some(name) if scope.at_top() => {
                        entry.imports.insert(name, path.clone());
                    }
                    None if scope.at_top() => entry.globs.push(path.clone()),
                    _ => {}
                }
                out.push(Mention {
                    file: f,
                    line,
                    module: module.clone(),
                    path,
                });
            }
            i = end;
            continue;
        }
        if ITEMS.contains(&t) && scope.at_top() {
            let name = if next == "!" { text(i + 2) } else { next };
            if is_ident(name) && !ITEMS.contains(&name) {
                let entry = modules.entry(module.clone()).or_default();
                entry.file = f;
                entry.defines.insert(name.to_string());
                if t == "mod" {
                    let child = [module.clone(), vec![name.to_string()]].concat();
                    modules.entry(child).or_default().file = f;
                }
            }
        }
        if is_ident(t) && next == "::" && text(i.wrapping_sub(1)) != "::" {
            let mut path = vec![t.to_string()];
            let mut k = i + 1;
            while text(k) == "::" && is_ident(text(k + 1)) {
                path.push(text(k + 1).to_string());
                k += 2;
            }
            out.push(Mention {
                file: f,
                line,
                module,
                path,
            });
        }
        scope.step(tokens, i);
        i += 1;
    }
}

/// Expands a use tree from `tokens[*k]` into every path it names, each with the name it
/// binds (`None` for a glob).
fn use_tree(
    tokens: &[Token],
    k: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let text = |k: usize| tokens.get(k).map_or("", |t| t.text.as_str());
    let mut path = prefix;
    loop {
        match text(*k) {
            "::" => *k += 1,
            "{" => {
                *k += 1;
                while !matches!(text(*k), "}" | "") {
                    let before = *k;
                    use_tree(tokens, k, path.clone(), out);
                    if text(*k) == "," || *k == before {
                        *k += 1;
                    }
                }
                *k += 1;
                return;
            }
            "*" => {
                *k += 1;
                out.push((path, None));
                return;
            }
            "self" if !path.is_empty() => *k += 1,
            s if is_ident(s) && s != "as" => {
                path.push(s.to_string());
                *k += 1;
            }
            _ => break,
        }
    }
    let mut name = path.last().cloned().unwrap_or_default();
    if text(*k) == "as" {
        name = text(*k + 1).to_string();
        *k += 2;
    }
    if !path.is_empty() {
        out.push((path, Some(name)));
    }
}

/// The path from the crate root that `path`, written in `module`, means; `None` for a path
/// into another crate or to a local name.
pub fn absolute(
    module: &[String],
    path: &[String],
    modules: &BTreeMap<Vec<String>, Module>,
    depth: usize,
) -> Option<Vec<String>> {
    let first = path.first()?;
    let (mut base, rest) = match first.as_str() {
        "crate" => (Vec::new(), &path[1..]),
        "self" => (module.to_vec(), &path[1..]),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            (
                module[..module.len().saturating_sub(ups)].to_vec(),
                &path[ups..],
            )
        }
        name => {
            let child = [module.to_vec(), vec![name.to_string()]].concat();
            if modules.contains_key(&child) {
                (module.to_vec(), path)
            } else {
                let imported = modules.get(module)?.imports.get(name)?;
                if depth > 16 || imported.first() == Some(first) {
                    return None;
                }
                (absolute(module, imported, modules, depth + 1)?, &path[1..])
            }
        }
    };
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The file that defines what the absolute `path` names, following imports and globs.
pub fn resolve(
    path: &[String],
    modules: &BTreeMap<Vec<String>, Module>,
    depth: usize,
) -> Option<usize> {
    let split = (0..=path.len())
        .rev()
        .find(|&n| modules.contains_key(&path[..n]))?;
    let here = &path[..split];
    let module = &modules[here];
    let Some(name) = path.get(split) else {
        return Some(module.file);
    };
    if depth > 16 || module.defines.contains(name) {
        return Some(module.file);
    }
    let rest = &path[split + 1..];
    let via = |target: &[String]| {
        let abs = absolute(here, target, modules, 0)?;
        resolve(&[abs, rest.to_vec()].concat(), modules, depth + 1)
    };
    if let Some(target) = module.imports.get(name) {
        // A name imported from another crate is defined in none of ours.
        return via(target);
    }
    for glob in &module.globs {
        let Some(abs) = absolute(here, glob, modules, 0) else {
            continue;
        };
        if modules
            .get(&abs)
            .is_some_and(|m| m.defines.contains(name) || m.imports.contains_key(name))
        {
            return via(&[glob.clone(), vec![name.clone()]].concat());
        }
    }
    Some(module.file)
}
