//! Writes `OUT_DIR/zips.tsv`, the US ZIP table the embedded ZIP lookup serves
//! (`src/zip.rs`): one `zip<TAB>city<TAB>state<TAB>lat<TAB>lon` line per five-digit ZIP
//! (the point in decimal degrees, both empty where the data has none), sorted, from
//! the `zipcodes` crate. Kept as text in the binary and searched in place, it costs
//! about a megabyte; the crate's own dataset, decoded at run time, costs tens.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut rows: Vec<(&str, &str, &str, &str, &str)> = zipcodes::database()
        .iter()
        .map(|z| {
            let point = match (z.lat.parse::<f64>(), z.long.parse::<f64>()) {
                (Ok(_), Ok(_)) => (z.lat.as_str(), z.long.as_str()),
                _ => ("", ""),
            };
            (
                z.zip_code.as_str(),
                z.city.as_str(),
                z.state.as_str(),
                point.0,
                point.1,
            )
        })
        .collect();
    rows.sort_unstable();
    // A ZIP listed twice keeps its first place, as a map built from the list would.
    rows.dedup_by_key(|row| row.0);
    let mut table = String::with_capacity(rows.len() * 24);
    for (zip, city, state, lat, lon) in rows {
        let clean = |field: &str| !field.is_empty() && !field.contains(['\t', '\n']);
        assert!(
            zip.len() == 5
                && zip.bytes().all(|b| b.is_ascii_digit())
                && clean(city)
                && clean(state),
            "unexpected ZIP record {zip:?} {city:?} {state:?}"
        );
        let _ = writeln!(table, "{zip}\t{city}\t{state}\t{lat}\t{lon}");
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("zips.tsv"), table).expect("OUT_DIR is writable");
}
