/// One page's words compared with the query terms, on the UTF-8 bytes.
package struct PageSearch {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let words: [WordScanner.Word]
    package let folder: TermFolder
    private var foldedCache: [Int: (caseFolded: String, term: [UInt8])] = [:]

    package init(bytes: UnsafeBufferPointer<UInt8>, words: [WordScanner.Word], folder: TermFolder) {
        self.bytes = bytes
        self.words = words
        self.folder = folder
    }

    /// The matches, in order, not overlapping.
    package mutating func find(_ alternatives: [[[UInt8]]], stem: [UInt8]?) -> [TextMatcher.ByteMatch] {
        var found: [TextMatcher.ByteMatch] = []
        // The bytes an ASCII word can start with to begin a match: its first
        // byte, lowercased, is its term's (see `firstByte`), and `equals` and
        // `equalsJoined` compare it first. Most words of a page are skipped here.
        var canStart = [Bool](repeating: alternatives.contains(where: \.isEmpty), count: 128)
        for first in alternatives.compactMap({ $0.first?.first }) + (stem?.first.map { [$0] } ?? []) where first < 0x80 {
            canStart[Int(first)] = true
        }
        var index = 0
        while index < words.count {
            let word = words[index]
            if word.isASCII {
                var first = bytes[word.start]
                if first >= 0x41 && first <= 0x5A { first |= 0x20 }
                if !canStart[Int(first)] {
                    index += 1
                    continue
                }
            }
            if let match = match(alternatives, at: index, stem: stem) {
                found.append(match.found)
                index = match.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// The match that starts at word `index`, if any, and the index of the word after it.
    package mutating func match(_ alternatives: [[[UInt8]]], at index: Int, stem: [UInt8]?) -> (found: TextMatcher.ByteMatch, end: Int)? {
        var matched: (end: Int, split: Bool)?
        for sequence in alternatives where matched == nil {
            matched = match(sequence, 0, at: index, stem: stem)
        }
        guard let matched else { return nil }
        return (TextMatcher.ByteMatch(start: words[index].start, end: words[matched.end - 1].end,
                                      keepsLineEndHyphen: matched.split), matched.end)
    }

    /// Matches `sequence[position...]` from word `index`; the index after the
    /// last word used, and whether a line-end hyphenated word was taken as halves.
    private mutating func match(_ sequence: [[UInt8]], _ position: Int, at index: Int,
                                stem: [UInt8]?) -> (end: Int, split: Bool)? {
        if position == sequence.count { return (index, false) }
        guard index < words.count else { return nil }
        let isLast = position == sequence.count - 1
        let query = sequence[position]
        let stemHere = isLast && sequence.count == 1 ? stem : nil
        if let last = chainEnd(from: index), equalsJoined(index...last, query, prefix: isLast, stem: stemHere),
           let rest = match(sequence, position + 1, at: last + 1, stem: stem) {
            return rest
        }
        if equals(index, query, prefix: isLast, stem: stemHere),
           let rest = match(sequence, position + 1, at: index + 1, stem: stem) {
            return (rest.end, rest.split || (words[index].joinsNext && !isLast))
        }
        return nil
    }

    /// The first byte of a word's index term, without folding an ASCII word.
    private mutating func firstByte(_ index: Int) -> UInt8? {
        let word = words[index]
        if word.isASCII {
            let byte = bytes[word.start]
            return byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
        // An ideograph is its own term (see `TermFolding.isUnifiedIdeographs`): no folding to compare first bytes.
        if TermFolding.isUnifiedIdeographs(UnsafeBufferPointer(rebasing: bytes[word.start..<word.end])) { return bytes[word.start] }
        // A full-width kana (with its voicing mark, if written apart) folds to a kana of the
        // same block: the same first byte. A half-width one folds to a full-width one: not so.
        if WordScanner.isFullWidthKana(WordScanner.decode(bytes, at: word.start).0) { return bytes[word.start] }
        return folded(index).term.first
    }

    private mutating func folded(_ index: Int) -> (caseFolded: String, term: [UInt8]) {
        if let known = foldedCache[index] { return known }
        let value = folder.fold(bytes, words[index])
        let result = (value.caseFolded, Array(value.term.utf8))
        foldedCache[index] = result
        return result
    }

    private mutating func equals(_ index: Int, _ query: [UInt8], prefix: Bool, stem: [UInt8]?) -> Bool {
        guard let first = firstByte(index), first == query[0] || first == stem?.first else { return false }
        let word = words[index]
        if word.isASCII && first == query[0] {
            let length = word.end - word.start
            if prefix ? length >= query.count : length == query.count {
                var same = true
                for offset in 0..<query.count {
                    var byte = bytes[word.start + offset]
                    if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                    if byte != query[offset] { same = false; break }
                }
                if same { return true }
            }
            if stem == nil { return false }
        }
        let value = folded(index)
        return Self.termMatches(value.term, caseFolded: value.caseFolded, query, prefix: prefix,
                                stem: word.kind == .text ? stem : nil, folder: folder)
    }

    /// The last part of the word hyphenated at line ends that begins at
    /// word `index` (`stat-⏎i-⏎cally` is one word of three parts); nil when
    /// none begins there.
    private func chainEnd(from index: Int) -> Int? {
        guard words[index].joinsNext, index + 1 < words.count, index == 0 || !words[index - 1].joinsNext else { return nil }
        var last = index + 1
        while words[last].joinsNext, last + 1 < words.count { last += 1 }
        return last
    }

    private mutating func equalsJoined(_ parts: ClosedRange<Int>, _ query: [UInt8], prefix: Bool, stem: [UInt8]?) -> Bool {
        guard let first = firstByte(parts.lowerBound), first == query[0] || first == stem?.first else { return false }
        var term: [UInt8] = [], caseFolded = ""
        for index in parts {
            let part = folded(index)
            term += part.term
            caseFolded += part.caseFolded
        }
        return Self.termMatches(term, caseFolded: caseFolded, query, prefix: prefix, stem: stem, folder: folder)
    }

    /// Whether a word's index term (and case-folded form, for the stemmer)
    /// matches `query`, or, given a stem, has that stem.
    /// What an ASCII word must begin with to have `stem` as its stem: all of it
    /// but the last letters its language's stemmer may rewrite (`BookLanguage.stemRewriteLimit`).
    package static func stemHead(_ stem: [UInt8], rewriteLimit: Int) -> ArraySlice<UInt8> {
        stem.prefix(max(1, stem.count - rewriteLimit))
    }

    package static func termMatches(_ term: [UInt8], caseFolded: String, _ query: [UInt8], prefix: Bool, stem: [UInt8]?,
                            folder: TermFolder) -> Bool {
        if prefix ? term.starts(with: query) : term == query { return true }
        guard let stem, term.first == stem.first else { return false }
        // The stem written as a word is an inflection too (`representations`
        // finds `represent`, whose own stem is `repres`), as the index query asks.
        if term == stem { return true }
        if let limit = folder.stemmer?.language.stemRewriteLimit, caseFolded.utf8.allSatisfy({ $0 < 0x80 }),
           !term.starts(with: stemHead(stem, rewriteLimit: limit)) {
            return false
        }
        let termString = String(decoding: term, as: UTF8.self)
        let wordStem = folder.stem(caseFolded: caseFolded, term: termString) ?? termString
        return wordStem.utf8.elementsEqual(stem)
    }
}
