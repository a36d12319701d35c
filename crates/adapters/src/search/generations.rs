//! Search index generations on disk. Each lives in a folder of the search directory
//! named for the catalogue version it was built from, and holds the tantivy index
//! (memory-mapped when opened), `facts.bin` (the `FacetTable`, titles and names the
//! index answers with), and `manifest`, written last.
//!
//! A generation is built in `VERSION.partial`; when everything in it is written and
//! synced, the manifest is written to a temporary file, synced, and renamed into place
//! (one atomic step), and then the folder is renamed to `VERSION`. A folder without a
//! manifest is an unfinished build (the process died in it) and is removed. The
//! manifest lists every file with its size, and the facts file's CRC-32, so a truncated
//! or overwritten file is found when the generation is opened, as is anything tantivy
//! itself refuses to open; a damaged generation is removed and rebuilt.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use store_domain::facets::Encoder;

const MANIFEST: &str = "manifest";
const MANIFEST_TEMP: &str = "manifest.tmp";
pub(super) const FACTS: &str = "facts.bin";
const PARTIAL: &str = ".partial";
/// The first line of a manifest. Bump the number when the index's schema or the facts'
/// layout changes: generations of another format are then rebuilt, not misread.
const FORMAT: &str = "store search generation 1";

/// What a complete generation's manifest says of it.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Manifest {
    pub version: i64,
    /// Unix seconds when it was completed; the newest complete generation is opened.
    pub built: i64,
    pub products: u64,
    pub facts_crc: u32,
    /// Every file of the generation but the manifest, with its size in bytes.
    pub files: Vec<(String, u64)>,
}

impl Manifest {
    fn write(&self) -> String {
        let mut text = format!(
            "{FORMAT}\nversion {}\nbuilt {}\nproducts {}\nfacts_crc {:08x}\n",
            self.version, self.built, self.products, self.facts_crc
        );
        for (name, size) in &self.files {
            text.push_str(&format!("file {size} {name}\n"));
        }
        // A manifest cut short (it never is: it is renamed into place whole) still
        // cannot pass for one listing fewer files.
        text.push_str("end\n");
        text
    }

    fn read(text: &str) -> Option<Manifest> {
        let mut lines = text.lines();
        if lines.next()? != FORMAT {
            return None;
        }
        let mut field = |key: &str| {
            lines
                .next()?
                .strip_prefix(key)?
                .strip_prefix(' ')
                .map(str::to_owned)
        };
        let version = field("version")?.parse().ok()?;
        let built = field("built")?.parse().ok()?;
        let products = field("products")?.parse().ok()?;
        let facts_crc = u32::from_str_radix(&field("facts_crc")?, 16).ok()?;
        let mut files = Vec::new();
        loop {
            let line = lines.next()?;
            if line == "end" {
                break;
            }
            let (size, name) = line.strip_prefix("file ")?.split_once(' ')?;
            files.push((name.to_owned(), size.parse().ok()?));
        }
        Some(Manifest {
            version,
            built,
            products,
            facts_crc,
            files,
        })
    }
}

/// The search directory: one folder per generation.
pub(super) struct Folder {
    dir: PathBuf,
}

impl Folder {
    pub fn new(dir: &Path) -> io::Result<Folder> {
        fs::create_dir_all(dir)?;
        Ok(Folder {
            dir: dir.to_owned(),
        })
    }

    /// The complete generations, newest first. Unfinished builds (a process died
    /// while building) are removed; the folders found are not yet checked.
    pub fn complete(&self) -> io::Result<Vec<(PathBuf, Manifest)>> {
        let mut found = Vec::new();
        for entry in fs::read_dir(&self.dir)? {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if name.ends_with(PARTIAL) {
                tracing::info!(folder = %path.display(), "removing an unfinished search index");
                fs::remove_dir_all(&path)?;
                continue;
            }
            if name.parse::<i64>().is_err() {
                continue;
            }
            match fs::read_to_string(path.join(MANIFEST))
                .ok()
                .as_deref()
                .map(Manifest::read)
            {
                Some(Some(manifest)) => found.push((path, manifest)),
                _ => {
                    tracing::warn!(folder = %path.display(), "search index without a readable manifest: removed");
                    fs::remove_dir_all(&path)?;
                }
            }
        }
        found.sort_by_key(|(_, m)| std::cmp::Reverse((m.built, m.version)));
        Ok(found)
    }

    /// An empty folder to build the generation of `version` in.
    pub fn start(&self, version: i64) -> io::Result<PathBuf> {
        let partial = self.dir.join(format!("{version}{PARTIAL}"));
        if partial.exists() {
            fs::remove_dir_all(&partial)?;
        }
        fs::create_dir(&partial)?;
        Ok(partial)
    }

    /// Writes the facts with `facts`, then the manifest, and names the folder for its
    /// version: from here on the generation is complete. Its final path.
    pub fn finish(
        &self,
        partial: &Path,
        version: i64,
        products: u64,
        facts: impl FnOnce(&mut Encoder<Checksummed<BufWriter<File>>>) -> io::Result<()>,
    ) -> io::Result<PathBuf> {
        let file = File::create(partial.join(FACTS))?;
        let mut out = Encoder::new(Checksummed::new(BufWriter::new(file)));
        facts(&mut out)?;
        let Checksummed { inner, crc } = out.into_inner();
        let file = inner.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        let mut files = Vec::new();
        for entry in fs::read_dir(partial)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            // tantivy's lock files come and go with its writer: not part of the index.
            if !(name.starts_with(".tantivy-") && name.ends_with(".lock")) {
                files.push((name, entry.metadata()?.len()));
            }
        }
        files.sort();
        let manifest = Manifest {
            version,
            built: unix_now(),
            products,
            facts_crc: crc.finalize(),
            files,
        };
        let temp = partial.join(MANIFEST_TEMP);
        let mut file = File::create(&temp)?;
        file.write_all(manifest.write().as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, partial.join(MANIFEST))?;
        sync_folder(partial)?;
        let done = self.dir.join(version.to_string());
        // A generation of the same version is there only when it was found damaged.
        if done.exists() {
            fs::remove_dir_all(&done)?;
        }
        fs::rename(partial, &done)?;
        sync_folder(&self.dir)?;
        Ok(done)
    }

    /// Removes every generation but `keep` (the current and the previous one).
    /// Searches still holding a removed one keep reading it: its files stay mapped
    /// until they let go.
    pub fn prune(&self, keep: &[&Path]) -> io::Result<()> {
        for (path, _) in self.complete()? {
            if !keep.contains(&path.as_path()) {
                fs::remove_dir_all(&path)?;
            }
        }
        Ok(())
    }

    /// Removes a generation found damaged.
    pub fn discard(&self, folder: &Path) {
        if let Err(err) = fs::remove_dir_all(folder) {
            tracing::warn!(folder = %folder.display(), "damaged search index not removed: {err}");
        }
    }
}

/// Whether the files of a generation are those its manifest lists, and its facts the
/// bytes it summed: the facts' bytes, or why not.
pub(super) fn check(folder: &Path, manifest: &Manifest) -> Result<Vec<u8>, String> {
    for (name, size) in &manifest.files {
        let found = fs::metadata(folder.join(name))
            .map_err(|err| format!("{name}: {err}"))?
            .len();
        if found != *size {
            return Err(format!("{name} is {found} bytes, not {size}"));
        }
    }
    let facts = fs::read(folder.join(FACTS)).map_err(|err| format!("{FACTS}: {err}"))?;
    if crc32fast::hash(&facts) != manifest.facts_crc {
        return Err(format!("{FACTS} does not match its checksum"));
    }
    Ok(facts)
}

/// A writer that sums what passes through it.
pub(super) struct Checksummed<W> {
    inner: W,
    crc: crc32fast::Hasher,
}

impl<W> Checksummed<W> {
    fn new(inner: W) -> Self {
        Checksummed {
            inner,
            crc: crc32fast::Hasher::new(),
        }
    }
}

impl<W: Write> Write for Checksummed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.crc.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A rename is durable once the folder holding it is synced.
fn sync_folder(folder: &Path) -> io::Result<()> {
    File::open(folder)?.sync_all()
}

pub(super) fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_reads_back_and_refuses_other_text() {
        let manifest = Manifest {
            version: 42,
            built: 1_764_400_000,
            products: 3,
            facts_crc: 0xdead_beef,
            files: vec![("facts.bin".into(), 120), ("meta.json".into(), 9)],
        };
        assert_eq!(Manifest::read(&manifest.write()), Some(manifest.clone()));
        let text = manifest.write();
        assert_eq!(Manifest::read(&text[..text.len() / 2]), None);
        assert_eq!(
            Manifest::read(&text.replace("generation 1", "generation 0")),
            None
        );
    }
}
