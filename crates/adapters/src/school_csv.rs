//! Reading the owner's school lists from CSV (`store import schools FILE.csv`; the
//! columns are documented in `demo/SCHOOLS.md`), and the demo's own file. The rows
//! are checked by the domain (`store_domain::school::assemble`); here only the file's
//! shape is: a missing column, a row with another number of fields or text that is
//! not UTF-8 is refused with its line.

use std::io::Read;
use store_domain::school::{ImportError, Row};

const DEMO_CSV: &str = include_str!("demo/schools.csv");

fn refused(line: u64, err: &csv::Error) -> ImportError {
    let message = match err.kind() {
        csv::ErrorKind::Deserialize { err, .. } => err.to_string(),
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{len} fields where the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "the text is not UTF-8".to_owned(),
        _ => err.to_string(),
    };
    ImportError { line, message }
}

/// Every row of `input` with its line number (the header is line 1).
pub fn read_rows(input: impl Read) -> Result<Vec<(u64, Row)>, ImportError> {
    let mut reader = csv::Reader::from_reader(input);
    let headers = reader.headers().map_err(|err| refused(1, &err))?.clone();
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    loop {
        let line = reader.position().line();
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {}
            Err(err) => {
                let at = err.position().map_or(line, csv::Position::line);
                return Err(refused(at, &err));
            }
        }
        let line = record.position().map_or(line, csv::Position::line);
        let row: Row = record
            .deserialize(Some(&headers))
            .map_err(|err| refused(line, &err))?;
        rows.push((line, row));
    }
    Ok(rows)
}

/// The demo's schools (`demo/schools.csv`), read as an owner's file is.
pub fn demo_rows() -> Result<Vec<(u64, Row)>, ImportError> {
    read_rows(DEMO_CSV.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "school_id,school_name,school_heb_name,country,postal_code,address,heb_address,latitude,longitude,grade_id,grade_name,grade_heb_name,list_id,list_name,list_heb_name,note,heb_note,item,quantity,optional,substitutes";

    #[test]
    fn rows_come_with_their_line_numbers_quoted_fields_included() {
        let text = format!(
            "{HEADER}\n1,\"Oak, the school\",א,US,10001,a,ב,1,2,3,g,ג,4,l,ל,\"two\nlines\",,1042,1,,\n1,Oak,א,US,10001,a,ב,1,2,3,g,ג,4,l,ל,,,1043,1,,\n"
        );
        let rows = read_rows(text.as_bytes()).unwrap();
        assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), vec![2, 4]);
        assert_eq!(rows[0].1.school_name, "Oak, the school");
        assert_eq!(rows[0].1.note, "two\nlines");
        assert_eq!(rows[1].1.item, "1043");
    }

    #[test]
    fn a_missing_column_or_a_short_row_is_refused_with_its_line() {
        let no_item = HEADER.replace(",item", "");
        let err = read_rows(
            format!("{no_item}\n1,Oak,א,US,10001,a,ב,1,2,3,g,ג,4,l,ל,,,1,,\n").as_bytes(),
        )
        .unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("item"), "{err}");
        let err = read_rows(format!("{HEADER}\n1,Oak\n").as_bytes()).unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("fields"), "{err}");
        let mut bytes = format!("{HEADER}\n1,Oak,").into_bytes();
        bytes.extend([0xff, b'\n']);
        assert_eq!(read_rows(&bytes[..]).unwrap_err().line, 2);
    }

    #[test]
    fn the_demo_file_reads() {
        assert!(demo_rows().unwrap().len() > 50);
    }
}
