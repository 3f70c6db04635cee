/// Where a book's stemming language came from, as `books.language_source` stores it.
package enum LanguageSource: String, Codable, Sendable {
    /// The document catalog's `/Lang`.
    case pdf
    /// The XMP metadata's `dc:language`.
    case xmp
    /// Told from the book's text (`LanguageDetector`).
    case detected
    /// Nothing said or told: `BookLanguage.fallback`.
    case fallback
    /// Set with `ibook edit --language`.
    case edited
}

/// The language a new book's words are stemmed in, and why: the PDF's
/// `/Lang` first (what the author's tool declares for the text itself), then
/// XMP `dc:language`, then what the text reads as, then English. A declared
/// tag no stemmer knows (`ja`, `x-unknown`) is passed over, not obeyed.
package struct LanguageChoice: Equatable, Sendable {
    package var language: BookLanguage
    package var source: LanguageSource

    package init(language: BookLanguage, source: LanguageSource) {
        self.language = language
        self.source = source
    }

    package init(catalog: String?, xmp: String?, pages: [String]) {
        if let catalog, let language = BookLanguage(tag: catalog) {
            self.language = language
            source = .pdf
        } else if let xmp, let language = BookLanguage(tag: xmp) {
            self.language = language
            source = .xmp
        } else if let detected = LanguageDetector.detect(pages: pages) {
            language = detected
            source = .detected
        } else {
            language = .fallback
            source = .fallback
        }
    }
}
