//! Compressed copies of the UI's text files (JavaScript, CSS, HTML, SVG, JSON).
//! The files are fixed for the life of the binary, so each is compressed once, on its
//! first request, and the copy is kept; a browser gets Brotli when it accepts it,
//! else gzip, else the file as it is.

use bytes::Bytes;
use std::collections::HashMap;
use std::io::Write;
use std::sync::{LazyLock, Mutex};

/// Below this, compression saves less than the headers cost.
const MIN_BYTES: usize = 1024;

/// How hard to compress: a file kept for the life of the binary is worth Brotli 9
/// (within a few percent of 11 at a fraction of the time); a page made for one
/// response is compressed on the request's thread, so it gets quick levels.
#[derive(Debug, Clone, Copy)]
struct Effort {
    brotli_quality: i32,
    gzip_level: u32,
}

const KEPT: Effort = Effort {
    brotli_quality: 9,
    gzip_level: 9,
};
/// Brotli 5 and gzip 6: meant to keep most of the saving of the strong levels for a
/// fraction of their CPU (not yet measured on this store's pages).
const PER_RESPONSE: Effort = Effort {
    brotli_quality: 5,
    gzip_level: 6,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    pub fn header_value(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }
}

/// Whether a file of this MIME type shrinks when compressed (images and fonts in
/// modern formats are compressed already).
pub fn worth_compressing(mime: &str, len: usize) -> bool {
    len >= MIN_BYTES
        && (mime.starts_with("text/")
            || mime.contains("javascript")
            || mime.contains("json")
            || mime.contains("svg"))
}

/// The best encoding `accept_encoding` allows; q=0 refuses one.
pub fn negotiate(accept_encoding: &str) -> Option<Encoding> {
    let accepted = |name: &str| {
        accept_encoding.split(',').any(|part| {
            let mut pieces = part.split(';').map(str::trim);
            let coding = pieces.next().unwrap_or("");
            let refused = pieces
                .any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
            coding.eq_ignore_ascii_case(name) && !refused
        })
    };
    if accepted("br") {
        Some(Encoding::Brotli)
    } else if accepted("gzip") {
        Some(Encoding::Gzip)
    } else {
        None
    }
}

type Cache = HashMap<(String, &'static str), Bytes>;
static CACHE: LazyLock<Mutex<Cache>> = LazyLock::new(Default::default);

/// `data` (the file at `path`) in `encoding`, compressed on first use.
pub fn compressed(path: &str, data: &[u8], encoding: Encoding) -> Bytes {
    let key = (path.to_owned(), encoding.header_value());
    if let Some(hit) = CACHE.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return hit.clone();
    }
    // Compressed outside the lock: two first requests may both do it, and that is fine.
    let encoded = Bytes::from(encode(data, encoding, KEPT));
    CACHE
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, encoded.clone());
    encoded
}

/// `data` in `encoding`, quickly, for a response made once (not kept).
pub fn encode_once(data: &[u8], encoding: Encoding) -> Vec<u8> {
    encode(data, encoding, PER_RESPONSE)
}

fn encode(data: &[u8], encoding: Encoding, effort: Effort) -> Vec<u8> {
    match encoding {
        Encoding::Brotli => {
            let mut out = Vec::with_capacity(data.len() / 3);
            let params = brotli::enc::BrotliEncoderParams {
                quality: effort.brotli_quality,
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &data[..], &mut out, &params)
                .expect("compressing into memory cannot fail");
            out
        }
        Encoding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(
                Vec::with_capacity(data.len() / 3),
                flate2::Compression::new(effort.gzip_level),
            );
            encoder
                .write_all(data)
                .expect("compressing into memory cannot fail");
            encoder
                .finish()
                .expect("compressing into memory cannot fail")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn negotiation_prefers_brotli_and_honours_refusals() {
        assert_eq!(negotiate("gzip, deflate, br, zstd"), Some(Encoding::Brotli));
        assert_eq!(negotiate("gzip, deflate"), Some(Encoding::Gzip));
        assert_eq!(negotiate("br;q=0, gzip;q=0.5"), Some(Encoding::Gzip));
        assert_eq!(negotiate("BR"), Some(Encoding::Brotli));
        assert_eq!(negotiate("identity"), None);
        assert_eq!(negotiate(""), None);
        assert_eq!(negotiate("brotli-ish, xgzip"), None);
    }

    #[test]
    fn only_text_like_files_worth_it() {
        assert!(worth_compressing("text/javascript", 5000));
        assert!(worth_compressing("application/javascript", 5000));
        assert!(worth_compressing("image/svg+xml", 5000));
        assert!(!worth_compressing("font/woff2", 50_000));
        assert!(!worth_compressing("text/css", 200));
    }

    #[test]
    fn round_trips() {
        let data = "const a = 1;\n".repeat(500).into_bytes();
        let br = compressed("test/a.js", &data, Encoding::Brotli);
        let gz = compressed("test/a.js", &data, Encoding::Gzip);
        assert!(br.len() < data.len() / 10 && gz.len() < data.len() / 10);
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, data);
        back.clear();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, data);
        assert_eq!(
            br.as_ptr(),
            compressed("test/a.js", &data, Encoding::Brotli).as_ptr(),
            "compressed once"
        );
    }

    #[test]
    fn pages_made_once_round_trip_too() {
        let html = "<li>Olive wood board</li>\n".repeat(400).into_bytes();
        let br = encode_once(&html, Encoding::Brotli);
        let gz = encode_once(&html, Encoding::Gzip);
        assert!(br.len() < html.len() / 10 && gz.len() < html.len() / 10);
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, html);
        back.clear();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back, html);
    }
}
