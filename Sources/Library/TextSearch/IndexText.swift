/// What the full-text index holds for a page: the one place page text
/// becomes index input, at import, on removal and when an old library is
/// re-indexed.
///
/// `words` is every word of the page as an index term (see `TermFolding`),
/// in order, so that phrases match; a word hyphenated at a line end is
/// there as its two halves, as printed, so `well-known` and `copy right`
/// still match as phrases. `variants` holds what else a page should be
/// found by: the joined form of each word hyphenated at a line end
/// (`copyright`) and the stem of every word that is not its own stem.
/// Both are plain terms separated by spaces, which SQLite's unicode61
/// tokenizer splits back into exactly these terms; CJK characters are terms
/// of one character each, so any substring is findable as a phrase, far
/// smaller than a trigram index over everything.
package enum IndexText {
    package struct Input: Equatable, Sendable {
        package var words: String
        package var variants: String

        package init(words: String, variants: String) {
            self.words = words
            self.variants = variants
        }
    }

    package static func input(of text: String, folder: TermFolder) -> Input {
        var text = text
        return text.withUTF8 { bytes in
            let scanned = WordScanner.words(in: bytes)
            var words = ""
            var variants = ""
            words.reserveCapacity(bytes.count)
            func addVariant(_ term: String) {
                if !variants.isEmpty { variants += " " }
                variants += term
            }
            // The parts so far of a word hyphenated at line ends (`stat-⏎i-⏎cally`), joined.
            var joined: (caseFolded: String, term: String)?
            for (index, word) in scanned.enumerated() {
                let folded = folder.fold(bytes, word)
                if !words.isEmpty { words += " " }
                words += folded.term
                if index > 0 && scanned[index - 1].joinsNext, let head = joined {
                    let whole = (caseFolded: head.caseFolded + folded.caseFolded, term: head.term + folded.term)
                    if word.joinsNext && index + 1 < scanned.count {
                        joined = whole
                        continue
                    }
                    addVariant(whole.term)
                    if let stem = folder.stem(caseFolded: whole.caseFolded, term: whole.term) { addVariant(stem) }
                    joined = nil
                } else if word.joinsNext {
                    joined = folded
                } else if word.kind == .text, let stem = folder.stem(caseFolded: folded.caseFolded, term: folded.term) {
                    addVariant(stem)
                }
            }
            return Input(words: words, variants: variants)
        }
    }

    package static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,   // Hiragana, Katakana
             0x3100...0x312F,   // Bopomofo
             0x31F0...0x31FF,   // Katakana extensions
             0x3400...0x4DBF,   // CJK extension A
             0x4E00...0x9FFF,   // CJK unified ideographs
             0xAC00...0xD7AF,   // Hangul syllables
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFF66...0xFF9F,   // half-width Katakana
             0x20000...0x3FFFF: // CJK extensions B and later
            return true
        default:
            return false
        }
    }
}
