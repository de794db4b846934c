//! The module tree of a crate: its files found from the root through `mod x;` declarations.

use super::lex::{Token, is_ident, lex};

/// One file of the tree: its path under `src/`, its module path, its tokens, its length, and whether it
/// is compiled for tests only (declared under `#[cfg(test)]`, or inside such a module).
pub struct File {
    pub rel: String,
    pub module: Vec<String>,
    pub tokens: Vec<Token>,
    pub test: bool,
    /// The file's length in lines.
    pub lines: usize,
}

/// Reads the module tree from `root` (a path under `src/`), through `read`.
pub fn tree(root: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<File> {
    let mut files = Vec::new();
    let mut todo = vec![(vec![root.to_string()], Vec::new(), false)];
    while let Some((candidates, module, test)) = todo.pop() {
        let Some((rel, text)) = candidates.iter().find_map(|c| Some((c.clone(), read(c)?))) else {
            panic!(
                "module {} has no file: tried {candidates:?}",
                module.join("::")
            );
        };
        let tokens = lex(&text);
        for Declared {
            nest,
            name,
            path_attr,
            test: test_only,
        } in declared(&tokens)
        {
            let mut child = module.clone();
            child.extend(nest.iter().cloned());
            child.push(name.clone());
            let files = child_files(&rel, &nest, &name, path_attr);
            todo.push((files, child, test || test_only));
        }
        files.push(File {
            rel,
            module,
            tokens,
            test,
            lines: text.lines().count(),
        });
    }
    files
}

/// Where `mod name;` declared in `rel` (inside inline modules `nest`) may live.
fn child_files(rel: &str, nest: &[String], name: &str, path_attr: Option<String>) -> Vec<String> {
    let (dir, file) = rel.rsplit_once('/').map_or(("", rel), |(d, f)| (d, f));
    let dir = if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    };
    if let Some(p) = path_attr {
        return vec![format!("{dir}{p}")];
    }
    let own = matches!(file, "mod.rs" | "lib.rs" | "main.rs");
    let mut base = if own {
        dir
    } else {
        format!("{dir}{}/", file.trim_end_matches(".rs"))
    };
    for n in nest {
        base.push_str(n);
        base.push('/');
    }
    vec![format!("{base}{name}.rs"), format!("{base}{name}/mod.rs")]
}

/// A `mod x;` declaration: the inline modules around it, its name, its `#[path]`, and
/// whether it is for tests only (`#[cfg(test)]` on it or on an inline module around it).
struct Declared {
    nest: Vec<String>,
    name: String,
    path_attr: Option<String>,
    test: bool,
}

/// The `mod x;` declarations of a file.
fn declared(tokens: &[Token]) -> Vec<Declared> {
    let mut out = Vec::new();
    let mut scope = Scope::default();
    let mut path_attr = None;
    let tests = test_regions(tokens);
    for (i, t) in tokens.iter().enumerate() {
        let text = |k: usize| tokens.get(k).map_or("", |t| t.text.as_str());
        if t.text == "path"
            && text(i.wrapping_sub(1)) == "["
            && text(i + 1) == "="
            && text(i + 2).starts_with('"')
        {
            path_attr = Some(text(i + 2)[1..].to_string());
        }
        if t.text == "mod" && is_ident(text(i + 1)) && text(i + 2) == ";" {
            out.push(Declared {
                nest: scope.names(),
                name: text(i + 1).to_string(),
                path_attr: path_attr.take(),
                test: tests.iter().any(|r| r.contains(&i)),
            });
        }
        scope.step(tokens, i);
    }
    out
}

/// The inline modules (`mod x { … }`) open at a token, with the brace depth of their bodies.
#[derive(Default)]
pub struct Scope {
    depth: usize,
    open: Vec<(String, usize)>,
}

impl Scope {
    pub fn names(&self) -> Vec<String> {
        self.open.iter().map(|(n, _)| n.clone()).collect()
    }

    /// Whether the token at `i` stands at the top level of the innermost open module.
    pub fn at_top(&self) -> bool {
        self.depth == self.open.last().map_or(0, |(_, d)| *d)
    }

    pub fn step(&mut self, tokens: &[Token], i: usize) {
        match tokens[i].text.as_str() {
            "{" => {
                self.depth += 1;
                let before = |k: usize| i.checked_sub(k).map_or("", |j| tokens[j].text.as_str());
                if before(2) == "mod" && is_ident(before(1)) {
                    self.open.push((before(1).to_string(), self.depth));
                }
            }
            "}" => {
                if self.open.last().is_some_and(|(_, d)| *d == self.depth) {
                    self.open.pop();
                }
                self.depth = self.depth.saturating_sub(1);
            }
            _ => {}
        }
    }
}

/// The token ranges of the items under `#[cfg(test)]`: from the attribute to the item's `;`,
/// or to the brace that closes its body (a test module, a test function, a test `impl`).
pub fn test_regions(tokens: &[Token]) -> Vec<std::ops::Range<usize>> {
    let text = |k: usize| tokens.get(k).map_or("", |t| t.text.as_str());
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let attr = ["#", "[", "cfg", "(", "test", ")", "]"];
        if !attr.iter().enumerate().all(|(k, a)| text(i + k) == *a) {
            i += 1;
            continue;
        }
        let start = i;
        i += attr.len();
        while i < tokens.len() && text(i) != ";" && text(i) != "{" {
            i += 1;
        }
        if text(i) == "{" {
            let mut depth = 0;
            while i < tokens.len() {
                match text(i) {
                    "{" => depth += 1,
                    "}" if depth == 1 => break,
                    "}" => depth -= 1,
                    _ => {}
                }
                i += 1;
            }
        }
        out.push(start..i + 1);
        i += 1;
    }
    out
}
