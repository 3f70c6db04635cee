import FoundationEssentials
import Glibc

/// `PageSearch` for a page whose words are all ASCII, as most pages of most
/// books are: every other character on it a space, a line break or
/// punctuation (`WordScanner.separates`); for a one-word query, also the
/// ASCII words of any other page. Instead of scanning every word
/// of the page, it looks (with memchr) for the bytes a term can start
/// with, and where a word starts there, reads only the few words from
/// there that a match can take: the same matches, at a fraction of the
/// work, for the pages a common phrase prints.
///
/// Where words start needs no scanning: an ASCII letter or digit after
/// anything but one (or an uppercase letter after a digit, `2Copyright`),
/// and scanning from there reads the same words as scanning the page.
package struct WordStartSearch {
    /// The bytes a match can start with: as `PageSearch.find` skips words,
    /// by their first byte, lowercased; so each term's first byte in both cases.
    private let starts: [UInt8]
    /// The first term of each alternative, when the words there must begin
    /// it (no stem to match otherwise): a word that departs from all of them
    /// is passed over without reading it.
    private let firstTerms: [[UInt8]]?
    /// The most words a match can take: two for each term (the halves of
    /// a line-end hyphenated word), and one more.
    private let wordLimit: Int
    /// Every alternative is one word, whose match cannot run across a cut (see `find`).
    private let isOneWord: Bool
    /// With a stem, whether a word (lowercased) matches by itself: a word
    /// not followed by a hyphen can only match alone, and asking the
    /// stemmer about every word that starts like the query is the cost of
    /// such a search.
    private var verdicts = WordVerdicts()

    /// With a stem, the beginnings a word must have to be asked about: the
    /// query's word (which it may begin), or the stem but for the letters
    /// its language's stemmer may rewrite (`BookLanguage.stemRewriteLimit`).
    /// Nil when the stemmer may rewrite any letter: every word is asked.
    private let wordHeads: [[UInt8]]?

    /// Nil unless every term and the stem are ASCII, beginning with a
    /// lowercase letter or a digit (as folded words do). `stemRewriteLimit`
    /// is the stem's language's.
    package init?(_ alternatives: [[[UInt8]]], stem: [UInt8]?, stemRewriteLimit: Int?) {
        let terms = alternatives.flatMap { $0 } + (stem.map { [$0] } ?? [])
        guard !alternatives.isEmpty, !alternatives.contains(where: \.isEmpty),
              terms.allSatisfy({ !$0.isEmpty && Self.isLowercaseOrDigit($0[0]) && $0.allSatisfy { $0 < 0x80 } })
        else { return nil }
        var starts: [UInt8] = []
        for first in alternatives.map({ $0[0][0] }) + (stem.map { [$0[0]] } ?? []) {
            for byte in Self.isDigit(first) ? [first] : [first, first - 0x20] where !starts.contains(byte) {
                starts.append(byte)
            }
        }
        self.starts = starts
        firstTerms = stem == nil ? alternatives.map { $0[0] } : nil
        wordLimit = 2 * (alternatives.map(\.count).max() ?? 1) + 1
        isOneWord = alternatives.allSatisfy { $0.count == 1 }
        if let stem, let limit = stemRewriteLimit {
            wordHeads = [alternatives[0][0], Array(PageSearch.stemHead(stem, rewriteLimit: limit))]
        } else {
            wordHeads = nil
        }
    }

    /// The matches, in order, not overlapping, as `PageSearch.find` finds
    /// them; nil when a word on the page is not ASCII and the query has
    /// more than one word.
    ///
    /// A one-word query's match is a word, or the halves of one hyphenated
    /// at a line end, so it never runs across a cut: a space or a line break
    /// that follows no hyphen. Words that are not ASCII (a page of mostly
    /// English with `café`, `Straße` or `x²` here and there) are read word by
    /// word between the cuts around them, and the rest of the page from word starts.
    package mutating func find(in bytes: UnsafeBufferPointer<UInt8>, alternatives: [[[UInt8]]], stem: [UInt8]?,
                       folder: TermFolder) -> [TextMatcher.ByteMatch]? {
        guard bytes.baseAddress != nil else { return [] }
        var site = Self.wordNotASCII(in: bytes, from: 0)
        guard site == nil || isOneWord else { return nil }
        var found: [TextMatcher.ByteMatch] = []
        var position = 0
        while let start = site {
            let segment = Self.cut(before: start, in: bytes)..<Self.cut(after: start, in: bytes)
            find(in: bytes, position..<segment.lowerBound, alternatives: alternatives, stem: stem, folder: folder, into: &found)
            let words = UnsafeBufferPointer(rebasing: bytes[segment])
            var page = PageSearch(bytes: words, words: WordScanner.words(in: words), folder: folder)
            for match in page.find(alternatives, stem: stem) {
                found.append(TextMatcher.ByteMatch(start: segment.lowerBound + match.start, end: segment.lowerBound + match.end,
                                                   keepsLineEndHyphen: match.keepsLineEndHyphen))
            }
            position = segment.upperBound
            site = Self.wordNotASCII(in: bytes, from: position)
        }
        find(in: bytes, position..<bytes.count, alternatives: alternatives, stem: stem, folder: folder, into: &found)
        return found
    }

    /// The matches in `range` of a page, whose words there are all ASCII and
    /// whose ends are cuts (or the page's ends), from word starts.
    private mutating func find(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, alternatives: [[[UInt8]]],
                               stem: [UInt8]?, folder: TermFolder, into found: inout [TextMatcher.ByteMatch]) {
        guard let base = bytes.baseAddress, !range.isEmpty else { return }
        let count = range.upperBound
        // No match starts inside the last one.
        var resume = range.lowerBound
        func next(_ byte: UInt8, from position: Int) -> Int {
            guard position < count, let found = memchr(base + position, Int32(byte), count - position) else { return count }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
        var upcoming = starts.map { next($0, from: range.lowerBound) }
        while true {
            let position = upcoming.min() ?? count
            guard position < count else { break }
            for index in upcoming.indices where upcoming[index] == position {
                upcoming[index] = next(starts[index], from: position + 1)
            }
            guard position >= resume, startsWord(bytes, at: position), mayBegin(bytes, at: position) else { continue }
            if firstTerms == nil, let stem {
                if let wordHeads, !wordHeads.contains(where: { mayBegin(bytes, at: position, with: $0) }) { continue }
                let end = wordEnd(bytes, from: position)
                if end == bytes.count || bytes[end] != 0x2D {
                    if let wordHeads, !wordHeads.contains(where: { begins(bytes, position..<end, with: $0) }) { continue }
                    // An ASCII word's lowercase is its index term and its
                    // case-folded form: no scanning and folding it again.
                    let matches = verdicts.verdict(bytes, position..<end) { word in
                        PageSearch.termMatches(Array(word.utf8), caseFolded: word, alternatives[0][0], prefix: true,
                                               stem: stem, folder: folder)
                    }
                    if matches {
                        found.append(TextMatcher.ByteMatch(start: position, end: end))
                        resume = end
                    }
                    continue
                }
            }
            var limit = wordLimit
            var words = WordScanner.words(in: bytes, from: position, limit: limit)
            // A word hyphenated over more lines than the limit allows for is read whole.
            while words.count == limit, words.last?.joinsNext == true {
                limit *= 2
                words = WordScanner.words(in: bytes, from: position, limit: limit)
            }
            var page = PageSearch(bytes: bytes, words: words, folder: folder)
            if let match = page.match(alternatives, at: 0, stem: stem) {
                found.append(match.found)
                resume = match.found.end
            }
        }
    }

    /// A place where a word scan starts afresh and that no one-word match
    /// runs across: after a space, a tab or a line break that does not
    /// follow a hyphen (with only spaces and line breaks between), or an end of the page.
    private static func isCut(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position > 0, position < bytes.count else { return true }
        guard isSpaceOrBreak(bytes[position - 1]) else { return false }
        var before = position - 1
        while before > 0 && isSpaceOrBreak(bytes[before - 1]) { before -= 1 }
        guard before > 0 else { return true }
        // The last byte of -, of U+2010 (E2 80 90) and of the soft hyphen (C2 AD).
        return ![0x2D, 0x90, 0xAD].contains(bytes[before - 1])
    }

    private static func cut(before position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var cut = position
        while !isCut(bytes, at: cut) { cut -= 1 }
        return cut
    }

    private static func cut(after position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var cut = position + 1
        while !isCut(bytes, at: cut) { cut += 1 }
        return cut
    }

    private static func isSpaceOrBreak(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Where the word that starts at `position` ends, on a page of ASCII
    /// words: after its letters and digits, or before an uppercase letter
    /// that follows a digit.
    private func wordEnd(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var end = position + 1
        while end < bytes.count {
            let byte = bytes[end]
            if Self.isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) {
                if byte >= 0x41 && byte <= 0x5A && Self.isDigit(bytes[end - 1]) { break }
                end += 1
            } else {
                break
            }
        }
        return end
    }

    /// Where the first character from `start` on is that is not ASCII and
    /// does not separate words (a letter, a mark, a superscript, a hyphen
    /// U+2010); nil when there is none. ASCII is passed over 32 bytes at a time.
    private static func wordNotASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var position = start
        while position < count {
            if position + 32 <= count {
                let raw = UnsafeRawPointer(base + position)
                let any = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if any & 0x8080_8080_8080_8080 == 0 {
                    position += 32
                    continue
                }
            }
            if position + 8 <= count,
               UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                position += 8
                continue
            }
            if bytes[position] < 0x80 {
                position += 1
                continue
            }
            let (scalar, length) = WordScanner.decode(bytes, at: position)
            guard WordScanner.separates(scalar) else { return position }
            position += length
        }
        return nil
    }

    /// Whether a word starts at `position` (an ASCII letter or digit): on a
    /// page of ASCII words, a byte that is not ASCII ends a word.
    private func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard position > 0 else { return true }
        let previous = bytes[position - 1]
        if Self.isDigit(previous) { return bytes[position] >= 0x41 && bytes[position] <= 0x5A }
        return !((previous | 0x20) >= 0x61 && (previous | 0x20) <= 0x7A)
    }

    /// Whether the word at `position`, or the word it begins when a hyphen
    /// follows (the first half of one hyphenated at a line end), may begin
    /// with `head`: its bytes, lowercased, do, or depart from it only at a
    /// hyphen or at the end of the text.
    private func mayBegin(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, with head: [UInt8]) -> Bool {
        for offset in 0..<head.count {
            guard position + offset < bytes.count else { return true }
            var byte = bytes[position + offset]
            if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            if byte != head[offset] { return byte == 0x2D }
        }
        return true
    }

    /// Whether the ASCII word `bytes[word]`, lowercased, begins with `head`.
    private func begins(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, with head: [UInt8]) -> Bool {
        guard word.count >= head.count else { return false }
        for offset in 0..<head.count {
            var byte = bytes[word.lowerBound + offset]
            if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            if byte != head[offset] { return false }
        }
        return true
    }

    /// Whether the word at `position` may begin a match: it begins a first
    /// term, or a first term begins with it and a hyphen follows it (the
    /// first half of a word hyphenated at a line end). Always, with a stem.
    private func mayBegin(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        guard let firstTerms else { return true }
        for term in firstTerms {
            var offset = 0
            while offset < term.count, position + offset < bytes.count {
                var byte = bytes[position + offset]
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                guard byte == term[offset] else { break }
                offset += 1
            }
            if offset == term.count { return true }
            if position + offset < bytes.count, bytes[position + offset] == 0x2D { return true }
        }
        return false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLowercaseOrDigit(_ byte: UInt8) -> Bool { isDigit(byte) || (byte >= 0x61 && byte <= 0x7A) }
}
