/// One `TextMatcher` per book language for a query: a word's stem is the
/// one of its book's language. Each keeps its cache of folded words.
package struct TextMatchers {
    package let query: SearchQuery
    private var byLanguage: [BookLanguage?: TextMatcher] = [:]

    package init(_ query: SearchQuery) {
        self.query = query
    }

    package mutating func matches(in text: String, language: BookLanguage?) -> [TextMatcher.Match] {
        byLanguage[language, default: TextMatcher(query, language: language)].matches(in: text)
    }

    package mutating func matches(in bytes: UnsafeBufferPointer<UInt8>, language: BookLanguage?) -> [TextMatcher.ByteMatch] {
        byLanguage[language, default: TextMatcher(query, language: language)].matches(in: bytes)
    }
}
