/// The language a book's words are stemmed in for search, and where that
/// came from: what `ibook info` shows so that a person can tell why
/// `running` finds `runs` in one book and not in another.
public struct StemmingLanguage: Codable, Equatable, Sendable {
    /// ISO 639-1, as `books.language` stores it.
    public var code: String
    /// The language's English name ("German").
    public var name: String
    /// `pdf`, `xmp`, `metadata` (what an EPUB, FB2 or MOBI declares), `detected`, `fallback` or `edited`.
    public var source: String?
    /// False where Snowball has no stemmer for the language: words are matched as written.
    public var isStemmed: Bool

    package init(code: String, source: String?) {
        self.code = code
        let language = BookLanguage(rawValue: code)
        name = language?.name ?? code
        isStemmed = language?.isStemmed ?? false
        self.source = source
    }
}
