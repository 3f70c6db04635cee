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
}
