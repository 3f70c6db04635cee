import FoundationEssentials
import TextFolding
import Glibc

/// How a word becomes an index term, the same at index and at query time:
/// compatibility forms folded (ligatures ﬁ ﬀ ﬃ, full- and half-width forms),
/// case folded (`ß` and `ẞ` become `ss`), soft hyphens and zero-width
/// characters dropped, then accents removed. The stemmer is given the word
/// before its accents go, which is what Snowball's algorithms expect.
package enum TermFolding {
    /// Ligatures written as two letters in plain text, and the dotless `ı`,
    /// which is `I` lowercased in Turkish: without the book's language to
    /// case-fold by, `ışık` must find `IŞIK`. The letters with a stroke (`ø`,
    /// `ł`, `đ`) carry no accent to remove: they are letters of their own
    /// alphabets (Danish, Polish, Vietnamese and Croatian, as CLDR's
    /// collations for those languages order them), so `đỡ` does not find
    /// `do`, nor `lodz` `Łódź`.
    private static let spelledOut: [Character: String] = ["æ": "ae", "œ": "oe", "ı": "i"]

    /// Lowercase with accents: what a stemmer reads.
    package static func caseFolded(_ word: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in word.unicodeScalars where !isIgnorable(scalar.value) { scalars.append(scalar) }
        return UnicodeFold.canonicalComposed(UnicodeFold.caseAndWidthFolded(UnicodeFold.compatibilityComposed(String(scalars))))
    }

    /// A case-folded word without its accents: the index term.
    package static func stripped(_ caseFolded: String) -> String {
        if caseFolded.utf8.allSatisfy({ $0 < 0x80 }) { return caseFolded }
        let bare = UnicodeFold.withoutDiacritics(caseFolded)
        guard bare.contains(where: { spelledOut[$0] != nil }) else { return bare }
        return bare.reduce(into: "") { result, character in
            if let spelled = spelledOut[character] { result += spelled } else { result.append(character) }
        }
    }

    /// Whether every scalar is a CJK unified ideograph (the basic block or
    /// extension A), which folding leaves as it is: no case, width, accent
    /// or compatibility form. CJK text is indexed a character a word, and
    /// asking Foundation about each one costs a CJK search a good part of its time.
    package static func isUnifiedIdeographs(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        while position < word.count {
            let (value, length) = WordScanner.decode(word, at: position)
            guard isUnifiedIdeograph(value) else { return false }
            position += length
        }
        return !word.isEmpty
    }

    private static func isUnifiedIdeograph(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
    }

    /// Soft hyphen and the zero-width characters, which break no word.
    package static func isIgnorable(_ value: UInt32) -> Bool {
        value == 0xAD || (0x200B...0x200D).contains(value) || value == 0x2060 || value == 0xFEFF
    }
}

/// Turns the words `WordScanner` finds into index terms and stems, caching
/// what it worked out: a book repeats its words, and Unicode folding
/// is slow next to a dictionary lookup. One per book or per search.
package final class TermFolder {
    package let stemmer: Stemmer?
    private var folded: [ByteKey: (caseFolded: String, term: String)] = [:]
    private var stems: [ByteKey: String] = [:]

    package init(stemmer: Stemmer?) {
        self.stemmer = stemmer
    }

    package convenience init(language: BookLanguage?) throws {
        // A language Snowball has no stemmer for is matched as written.
        try self.init(stemmer: language.flatMap { $0.isStemmed ? try Stemmer(language: $0) : nil })
    }

    /// The case-folded form and the index term of a word's bytes.
    package func fold(_ bytes: UnsafeBufferPointer<UInt8>, _ word: WordScanner.Word) -> (caseFolded: String, term: String) {
        let slice = UnsafeBufferPointer(rebasing: bytes[word.start..<word.end])
        if word.isASCII {
            let lower = String(unsafeUninitializedCapacity: slice.count) { buffer in
                for index in 0..<slice.count {
                    let byte = slice[index]
                    buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return slice.count
            }
            return (lower, lower)
        }
        let raw = String(decoding: slice, as: UTF8.self)
        if TermFolding.isUnifiedIdeographs(slice) { return (raw, raw) }
        if let known = folded[ByteKey(raw)] { return known }
        let caseFolded = TermFolding.caseFolded(raw)
        let result = (caseFolded, TermFolding.stripped(caseFolded))
        if folded.count > 200_000 { folded.removeAll(keepingCapacity: true) }
        folded[ByteKey(raw)] = result
        return result
    }

    /// The stem of a case-folded word as an index term; nil when there is no
    /// stemmer or the word is its own stem.
    package func stem(caseFolded: String, term: String) -> String? {
        guard let stemmer else { return nil }
        if let known = stems[ByteKey(caseFolded)] { return known == term ? nil : known }
        let stem = TermFolding.stripped(stemmer.stem(caseFolded))
        if stems.count > 200_000 { stems.removeAll(keepingCapacity: true) }
        stems[ByteKey(caseFolded)] = stem
        return stem == term ? nil : stem
    }
}

/// A word as a dictionary key by its UTF-8 bytes: a String key is hashed
/// normalized to NFC, which for a word that is not ASCII costs more than
/// the lookup saves. Two canonically equivalent spellings are two keys, each
/// folded (to the same term) once.
private struct ByteKey: Hashable {
    let word: String

    init(_ word: String) {
        self.word = word
    }

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.word.utf8.elementsEqual(rhs.word.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var word = word
        word.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
