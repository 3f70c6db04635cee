import LeanBasics

/// What a person typed into the search box, as index terms: what each
/// store's index is asked for (`SearchPlan`), and the `TextMatcher` that finds
/// the occurrences on the pages it gives.
///
/// Words are folded as the index folds them (`TermFolding`). Several words
/// are a phrase, the last one a prefix. A single word also finds its
/// inflections through the stem of each book's language, unless `exact`.
/// Words joined by a hyphen (`well-known`) also match written as one
/// (`wellknown`, or `well-⏎known` hyphenated at a line end).
package struct SearchQuery: Sendable {
    /// One word of the query.
    package struct Term: Sendable, Equatable {
        package var caseFolded: String
        package var term: String
        package var kind: WordScanner.Kind
        /// Written `term-next`: it may also be one word with the next.
        package var hyphenatedWithNext = false
    }

    package let terms: [Term]
    package let exact: Bool

    /// How much a match of the words as typed (whole or joined at a line end)
    /// counts against a match of only their stems, so exact matches rank first (see `BookRanking`).
    package static let bm25Weights = (words: 10.0, variants: 1.0)

    /// Nil when the text has no words.
    package init?(_ text: String, exact: Bool = false) {
        var text = text
        let terms: [Term] = text.withUTF8 { bytes in
            let folder = TermFolder(stemmer: nil)
            let words = WordScanner.words(in: bytes)
            return words.enumerated().map { index, word in
                let folded = folder.fold(bytes, word)
                var hyphenated = false
                if index + 1 < words.count, word.kind == .text, words[index + 1].kind == .text {
                    let gap = UnsafeBufferPointer(rebasing: bytes[word.end..<words[index + 1].start])
                    hyphenated = gap.elementsEqual([0x2D]) || gap.elementsEqual([0xE2, 0x80, 0x90])
                }
                return Term(caseFolded: folded.caseFolded, term: folded.term, kind: word.kind,
                            hyphenatedWithNext: hyphenated)
            }
        }
        let meaningful = terms.filter { !$0.term.isEmpty }
        guard !meaningful.isEmpty else { return nil }
        self.terms = meaningful
        self.exact = exact
    }

    /// Whether inflections count: one word of running text, not `exact`.
    package var stems: Bool { !exact && terms.count == 1 && terms[0].kind == .text }

    /// The sequences of terms that count as the query: as typed, and with
    /// each hyphenated pair written as one word.
    package var alternatives: [[String]] {
        let asTyped = terms.map(\.term)
        guard terms.contains(where: \.hyphenatedWithNext) else { return [asTyped] }
        var joined: [String] = []
        var index = 0
        while index < terms.count {
            var term = terms[index].term
            while terms[index].hyphenatedWithNext && index + 1 < terms.count {
                index += 1
                term += terms[index].term
            }
            joined.append(term)
            index += 1
        }
        return [asTyped, joined]
    }

    /// The stem of the single word in the folder's language (which may be
    /// the word itself); nil when inflections do not count or there is no stemmer.
    package func stem(in folder: TermFolder) -> String? {
        guard stems, folder.stemmer != nil else { return nil }
        return folder.stem(caseFolded: terms[0].caseFolded, term: terms[0].term) ?? terms[0].term
    }
}
