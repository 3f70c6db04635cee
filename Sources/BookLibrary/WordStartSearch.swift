/// `PageSearch` for a page whose words are all ASCII, as most pages of most
/// books are: every other character on it a space, a line break or
/// punctuation (`WordScanner.separates`). Instead of scanning every word
/// of the page, it walks the bytes to where a word starts with a byte a
/// term can start with, and reads only the few words from there that a
/// match can take: the same matches, at a fraction of the work, for the
/// pages a common phrase prints.
///
/// Where words start needs no scanning: an ASCII letter or digit after
/// anything but one (or an uppercase letter after a digit, `2Copyright`),
/// and scanning from there reads the same words as scanning the page.
struct WordStartSearch {
    /// For each byte: whether it is a letter or digit, a digit, an
    /// uppercase letter, a byte a match can start with, or not ASCII.
    private let classes: [UInt8]
    private static let letterOrDigit: UInt8 = 1, digit: UInt8 = 2, uppercase: UInt8 = 4, canStart: UInt8 = 8, nonASCII: UInt8 = 16
    /// The first term of each alternative, when the words there must begin
    /// it (no stem to match otherwise): a word that departs from all of them
    /// is passed over without reading it.
    private let firstTerms: [[UInt8]]?
    /// The most words a match can take: two for each term (the halves of
    /// a line-end hyphenated word), and one more.
    private let wordLimit: Int

    /// Nil unless every term and the stem are ASCII, beginning with a
    /// lowercase letter or a digit (as folded words do).
    init?(_ alternatives: [[[UInt8]]], stem: [UInt8]?) {
        let terms = alternatives.flatMap { $0 } + (stem.map { [$0] } ?? [])
        func isLetterOrDigit(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) }
        guard !alternatives.isEmpty, !alternatives.contains(where: \.isEmpty),
              terms.allSatisfy({ !$0.isEmpty && isLetterOrDigit($0[0]) && $0.allSatisfy { $0 < 0x80 } })
        else { return nil }
        var classes = [UInt8](repeating: 0, count: 256)
        for byte in 0..<256 {
            var value: UInt8 = 0
            switch byte {
            case 0x30...0x39: value = Self.letterOrDigit | Self.digit
            case 0x41...0x5A: value = Self.letterOrDigit | Self.uppercase
            case 0x61...0x7A: value = Self.letterOrDigit
            case 0x80...: value = Self.nonASCII
            default: break
            }
            classes[byte] = value
        }
        // As `PageSearch.find` skips words: by their first byte, lowercased.
        for first in alternatives.map({ $0[0][0] }) + (stem.map { [$0[0]] } ?? []) {
            classes[Int(first)] |= Self.canStart
            if first >= 0x61 && first <= 0x7A { classes[Int(first) - 0x20] |= Self.canStart }
        }
        self.classes = classes
        firstTerms = stem == nil ? alternatives.map { $0[0] } : nil
        wordLimit = 2 * (alternatives.map(\.count).max() ?? 1) + 1
    }

    /// The matches, in order, not overlapping, as `PageSearch.find` finds
    /// them; nil when a word on the page is not ASCII.
    func find(in bytes: UnsafeBufferPointer<UInt8>, alternatives: [[[UInt8]]], stem: [UInt8]?,
              folder: TermFolder) -> [TextMatcher.ByteMatch]? {
        var found: [TextMatcher.ByteMatch] = []
        let allASCII = classes.withUnsafeBufferPointer { classes -> Bool in
            // No match starts inside the last one.
            var resume = 0
            var position = 0
            while position < bytes.count {
                let byte = bytes[position]
                let kind = classes[Int(byte)]
                if kind & (Self.canStart | Self.nonASCII) == 0 {
                    position += 1
                    continue
                }
                if kind & Self.nonASCII != 0 {
                    let (scalar, length) = WordScanner.decode(bytes, at: position)
                    guard WordScanner.separates(scalar) else { return false }
                    position += length
                    continue
                }
                // A byte a match can start with: does a word start here?
                let previous = position > 0 ? classes[Int(bytes[position - 1])] : 0
                let startsWord = previous & Self.letterOrDigit == 0
                    || (previous & Self.digit != 0 && kind & Self.uppercase != 0)
                if startsWord && position >= resume && mayBegin(bytes, at: position) {
                    let words = WordScanner.words(in: bytes, from: position, limit: wordLimit)
                    var page = PageSearch(bytes: bytes, words: words, folder: folder)
                    if let match = page.match(alternatives, at: 0, stem: stem) {
                        found.append(match.found)
                        resume = match.found.end
                    }
                }
                position += 1
            }
            return true
        }
        return allASCII ? found : nil
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
}
