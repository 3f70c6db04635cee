/// The language a book's words are stemmed in for search, and where that
/// came from: what `ibook info` shows so that a person can tell why
/// `running` finds `runs` in one book and not in another.
public struct StemmingLanguage: Codable, Equatable, Sendable {
    /// ISO 639-1, as `books.language` stores it.
    public var code: String
    /// The language's English name ("German").
    public var name: String
    /// `pdf`, `xmp`, `detected`, `fallback` or `edited`.
    public var source: String?

    init(code: String, source: String?) {
        self.code = code
        name = BookLanguage(rawValue: code).map { $0.snowballAlgorithm.prefix(1).uppercased() + $0.snowballAlgorithm.dropFirst() } ?? code
        self.source = source
    }

    /// Where the language came from, as a person would say it.
    public var origin: String? {
        switch source.flatMap(LanguageSource.init(rawValue:)) {
        case .pdf: return "declared by the PDF's /Lang"
        case .xmp: return "declared in the PDF's XMP metadata"
        case .detected: return "told from its text"
        case .fallback: return "nothing declared or told: the default"
        case .edited: return "set with ibook edit --language"
        case nil: return nil
        }
    }
}
