//! The two languages the store speaks to shoppers. An order keeps the one it was
//! placed in, so every later mail about it is written in it.

/// English or Hebrew; `as_str` is the interface's own code (`eng`, `heb`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    Hebrew,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::English => "eng",
            Language::Hebrew => "heb",
        }
    }

    pub fn parse(raw: &str) -> Option<Language> {
        match raw {
            "eng" => Some(Language::English),
            "heb" => Some(Language::Hebrew),
            _ => None,
        }
    }

    /// The language an `Accept-Language` header prefers among the two: the first
    /// listed (by quality, then order) that is Hebrew (`he`, `he-IL`, the old `iw`) or
    /// English; English when it names neither.
    pub fn from_accept_language(header: &str) -> Language {
        let mut best: Option<(f32, usize, Language)> = None;
        for (position, part) in header.split(',').enumerate() {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
            let quality = pieces
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            let language = match primary {
                "he" | "iw" => Language::Hebrew,
                "en" => Language::English,
                _ => continue,
            };
            if quality <= 0.0 {
                continue;
            }
            let better = best.is_none_or(|(q, p, _)| quality > q || (quality == q && position < p));
            if better {
                best = Some((quality, position, language));
            }
        }
        best.map_or(Language::English, |(_, _, language)| language)
    }

    /// The text in this language: the Hebrew when there is one, else the English.
    pub fn pick<'a>(self, english: &'a str, hebrew: Option<&'a str>) -> &'a str {
        match (self, hebrew) {
            (Language::Hebrew, Some(hebrew)) if !hebrew.trim().is_empty() => hebrew,
            _ => english,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_preferred_of_the_two() {
        let pick = Language::from_accept_language;
        assert_eq!(pick("he"), Language::Hebrew);
        assert_eq!(pick("he-IL,he;q=0.9,en;q=0.8"), Language::Hebrew);
        assert_eq!(pick("en-US,en;q=0.9,he;q=0.8"), Language::English);
        assert_eq!(pick("fr, he;q=0.5"), Language::Hebrew);
        assert_eq!(pick("en;q=0.2, he;q=0.7"), Language::Hebrew);
        assert_eq!(pick("iw"), Language::Hebrew);
        assert_eq!(pick("he;q=0, en"), Language::English);
        assert_eq!(pick(""), Language::English);
        assert_eq!(pick("fr-FR"), Language::English);
    }

    #[test]
    fn codes_round_trip_and_hebrew_falls_back_to_english() {
        for language in [Language::English, Language::Hebrew] {
            assert_eq!(Language::parse(language.as_str()), Some(language));
        }
        assert_eq!(Language::parse("fra"), None);
        assert_eq!(Language::Hebrew.pick("Standard", Some("רגיל")), "רגיל");
        assert_eq!(Language::Hebrew.pick("Standard", None), "Standard");
        assert_eq!(Language::Hebrew.pick("Standard", Some(" ")), "Standard");
        assert_eq!(Language::English.pick("Standard", Some("רגיל")), "Standard");
    }
}
