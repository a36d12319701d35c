//! Vite's build manifest: which files each module of the app needs.

use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};

/// One chunk of Vite's build manifest (`ui/dist/.vite/manifest.json`).
#[derive(Debug, Deserialize)]
struct Chunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

/// Vite's build manifest: which files each source module needs.
#[derive(Debug, Default)]
pub struct Manifest {
    chunks: HashMap<String, Chunk>,
    /// The chunks the HTML loads by itself (the entry's), worked out once.
    loaded: BTreeSet<String>,
}

/// The files a module needs beyond what the HTML already loads.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Files {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// The HTML's own entry in the manifest; its chunks are loaded by the HTML already.
const ENTRY: &str = "index.html";

impl Manifest {
    /// A manifest that cannot be read preloads nothing rather than failing the page.
    pub fn parse(json: &[u8]) -> Manifest {
        match serde_json::from_slice(json) {
            Ok(chunks) => {
                let mut manifest = Manifest {
                    chunks,
                    loaded: BTreeSet::new(),
                };
                manifest.loaded = manifest.closure(ENTRY);
                manifest
            }
            Err(error) => {
                tracing::warn!(%error, "the UI's build manifest is unreadable; no code preloads");
                Manifest::default()
            }
        }
    }

    /// The chunks of `modules` and every chunk they import, with their stylesheets,
    /// less what the entry loads; each once.
    pub fn files(&self, modules: &[&str]) -> Files {
        let entry_styles: BTreeSet<&String> = self
            .loaded
            .iter()
            .flat_map(|key| &self.chunks[key].css)
            .collect();
        let mut files = Files::default();
        let mut wanted = BTreeSet::new();
        for module in modules {
            wanted.extend(self.closure(module));
        }
        for key in wanted.difference(&self.loaded) {
            let chunk = &self.chunks[key];
            files.scripts.push(chunk.file.clone());
            for style in &chunk.css {
                if !entry_styles.contains(style) && !files.styles.contains(style) {
                    files.styles.push(style.clone());
                }
            }
        }
        files
    }

    /// `key` and the keys it imports, directly or not.
    fn closure(&self, key: &str) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![key.to_owned()];
        while let Some(key) = todo.pop() {
            if let Some(chunk) = self.chunks.get(&key)
                && seen.insert(key)
            {
                todo.extend(chunk.imports.iter().cloned());
            }
        }
        seen
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) const MANIFEST: &str = r#"{
        "index.html": {"file": "assets/index-1.js", "imports": ["_jsx-runtime.js"], "dynamicImports": ["src/start.tsx"], "css": ["assets/index-1.css"]},
        "src/start.tsx": {"file": "assets/start-1.js", "imports": ["_jsx-runtime.js"], "css": ["assets/start-1.css"]},
        "_jsx-runtime.js": {"file": "assets/jsx-runtime-1.js"},
        "_ProductGrid.js": {"file": "assets/ProductGrid-1.js", "imports": ["_jsx-runtime.js"], "css": ["assets/ProductGrid-1.css"]},
        "src/features/home/components/HomePage.tsx": {"file": "assets/Home-1.js", "imports": ["_ProductGrid.js", "_jsx-runtime.js"], "css": ["assets/Home-1.css"]}
    }"#;

    #[test]
    fn a_module_preloads_its_chunks_less_the_entrys() {
        let manifest = Manifest::parse(MANIFEST.as_bytes());
        let files = manifest.files(&["src/features/home/components/HomePage.tsx"]);
        assert_eq!(
            files,
            Files {
                scripts: vec!["assets/ProductGrid-1.js".into(), "assets/Home-1.js".into()],
                styles: vec![
                    "assets/ProductGrid-1.css".into(),
                    "assets/Home-1.css".into()
                ],
            }
        );
        assert_eq!(manifest.files(&["src/Missing.tsx"]), Files::default());
        assert_eq!(
            Manifest::parse(b"not json").files(&["src/features/home/components/HomePage.tsx"]),
            Files::default()
        );
    }
}
