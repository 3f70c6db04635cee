/// The language of a book's words, by ISO 639-1 code (what `books.language`
/// stores): those the detector can tell apart, stemmed where Snowball's
/// libstemmer has an algorithm for them, matched as written where it has none.
package enum BookLanguage: String, CaseIterable, Codable, Sendable {
    case english = "en", french = "fr", german = "de", spanish = "es", italian = "it", portuguese = "pt"
    case dutch = "nl", swedish = "sv", danish = "da", norwegian = "no", finnish = "fi", russian = "ru"
    case hungarian = "hu", romanian = "ro", turkish = "tr", indonesian = "id", catalan = "ca"
    case polish = "pl", vietnamese = "vi", chinese = "zh", japanese = "ja", korean = "ko"

    /// What a book is stemmed in when nothing says otherwise.
    package static let fallback = BookLanguage.english

    /// The language's English name, as people type it (`German`).
    package var name: String {
        switch self {
        case .english: return "English"
        case .french: return "French"
        case .german: return "German"
        case .spanish: return "Spanish"
        case .italian: return "Italian"
        case .portuguese: return "Portuguese"
        case .dutch: return "Dutch"
        case .swedish: return "Swedish"
        case .danish: return "Danish"
        case .norwegian: return "Norwegian"
        case .finnish: return "Finnish"
        case .russian: return "Russian"
        case .hungarian: return "Hungarian"
        case .romanian: return "Romanian"
        case .turkish: return "Turkish"
        case .indonesian: return "Indonesian"
        case .catalan: return "Catalan"
        case .polish: return "Polish"
        case .vietnamese: return "Vietnamese"
        case .chinese: return "Chinese"
        case .japanese: return "Japanese"
        case .korean: return "Korean"
        }
    }

    /// The name libstemmer knows the algorithm by; nil where it has none
    /// (Debian 12's libstemmer: no Polish, Vietnamese, Chinese, Japanese or Korean).
    var snowballAlgorithm: String? {
        switch self {
        case .polish, .vietnamese, .chinese, .japanese, .korean: return nil
        default: return name.lowercased()
        }
    }

    /// Whether a word of this language is also found by its inflections.
    package var isStemmed: Bool { snowballAlgorithm != nil }

    /// How many letters at the end of the stem of a word written in ASCII
    /// may differ from the word's own: Snowball's algorithms for these
    /// languages only take suffixes away and rewrite the last letters
    /// (English `lying` → `lie`, French `implication` → `impliqu`), so a
    /// word that departs from a stem earlier cannot have it, and is not
    /// stemmed to find out (most of a common word's search went to
    /// stemming every word that began with the same letter). Nil where an
    /// algorithm also changes the middle or the front of a word (Finnish
    /// undoubles, Indonesian takes prefixes) or reads no ASCII words.
    /// English's is its algorithm's; the others are the most seen in 41,000
    /// words (Debian's manuals and the sample books), plus one.
    package var stemRewriteLimit: Int? {
        switch self {
        case .english: return 2
        case .german, .swedish, .danish, .norwegian, .spanish, .italian, .portuguese, .catalan: return 1
        case .dutch, .romanian: return 2
        case .french: return 3
        case .finnish, .russian, .hungarian, .turkish, .indonesian: return nil
        case .polish, .vietnamese, .chinese, .japanese, .korean: return nil
        }
    }

    /// A language tag as PDFs and XMP write it (`en-US`, `de`, `fr_FR`), or
    /// the language's English name as people type it (`German`), if it
    /// names one of ours.
    package init?(tag: String) {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        let aliases = ["nb": "no", "nn": "no"]
        if let language = BookLanguage(rawValue: aliases[primary] ?? primary) {
            self = language
        } else if let named = BookLanguage.allCases.first(where: { $0.name.lowercased() == tag.lowercased() }) {
            self = named
        } else {
            return nil
        }
    }
}
