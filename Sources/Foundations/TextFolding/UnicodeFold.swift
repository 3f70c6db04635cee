import CUtf8proc
#if canImport(Glibc)
import Glibc
#endif

/// Case, width and accent folding as Foundation's `String.folding(options:locale:)`
/// did it (CoreFoundation's rules over Unicode 15.0), on utf8proc's tables, and
/// NFC/NFKC, so that the index terms of a library stay what they were without
/// Foundation's ICU. TextFoldingTests compares every scalar, words of the
/// corpus and generated words with Foundation.
public enum UnicodeFold {
    // MARK: normalization

    private static func map(_ text: String, _ options: UInt32) -> String {
        var output: UnsafeMutablePointer<UInt8>?
        let count = text.withCString { utf8proc_map(UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), 0, &output,
                                                    utf8proc_option_t(UTF8PROC_NULLTERM.rawValue | UTF8PROC_STABLE.rawValue | options)) }
        guard count >= 0, let output else { return text }
        defer { free(output) }
        return String(cString: output)
    }

    /// NFKC (`precomposedStringWithCompatibilityMapping`).
    public static func compatibilityComposed(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? text : map(text, UTF8PROC_COMPOSE.rawValue | UTF8PROC_COMPAT.rawValue)
    }

    /// NFC (`precomposedStringWithCanonicalMapping`).
    public static func canonicalComposed(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? text : map(text, UTF8PROC_COMPOSE.rawValue)
    }

    /// The full canonical decomposition of one scalar (itself when it has none).
    static func decomposition(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var buffer = [utf8proc_int32_t](repeating: 0, count: 8)
        var boundary: Int32 = 0
        let count = utf8proc_decompose_char(utf8proc_int32_t(scalar.value), &buffer, 8,
                                            utf8proc_option_t(UTF8PROC_DECOMPOSE.rawValue), &boundary)
        guard count > 0, count <= 8 else { return [scalar] }
        return buffer.prefix(count).compactMap { Unicode.Scalar(UInt32($0)) }
    }

    // MARK: case

    /// One scalar case-folded as CoreFoundation folds it: Unicode's full case
    /// folding, except that Cherokee folds to its small letters and the
    /// Cyrillic rounded letters (U+1C80…) stay.
    static func caseFolded(_ scalar: Unicode.Scalar, into result: inout String.UnicodeScalarView) {
        let value = scalar.value
        if value < 0x80 {
            result.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value + 0x20)! : scalar)
            return
        }
        if (0x13A0...0x13F5).contains(value) {
            result.append(Unicode.Scalar(UInt32(utf8proc_tolower(utf8proc_int32_t(value))))!)
            return
        }
        if (0xAB70...0xABBF).contains(value) || (0x13F8...0x13FD).contains(value) || (0x1C80...0x1C88).contains(value) {
            result.append(scalar)
            return
        }
        var buffer = [utf8proc_int32_t](repeating: 0, count: 8)
        var boundary: Int32 = 0
        let count = utf8proc_decompose_char(utf8proc_int32_t(value), &buffer, 8,
                                            utf8proc_option_t(UTF8PROC_CASEFOLD.rawValue), &boundary)
        guard count > 0, count <= 8 else { result.append(scalar); return }
        for folded in buffer.prefix(count) { result.append(Unicode.Scalar(UInt32(folded))!) }
    }

    /// Fullwidth and halfwidth forms as their usual characters.
    static func widthFolded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0xFF00...0xFFEF).contains(scalar.value) else { return scalar }
        var buffer = [utf8proc_int32_t](repeating: 0, count: 8)
        var boundary: Int32 = 0
        let count = utf8proc_decompose_char(utf8proc_int32_t(scalar.value), &buffer, 8,
                                            utf8proc_option_t(UTF8PROC_DECOMPOSE.rawValue | UTF8PROC_COMPAT.rawValue), &boundary)
        return count == 1 ? Unicode.Scalar(UInt32(buffer[0])) ?? scalar : scalar
    }

    /// `folding(options: [.caseInsensitive, .widthInsensitive])`.
    public static func caseAndWidthFolded(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { caseFolded(widthFolded(scalar), into: &result) }
        return String(result)
    }

    /// `folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive])`.
    public static func caseWidthAndDiacriticsFolded(_ text: String) -> String {
        withoutDiacritics(text, foldingCase: true)
    }

    /// `compare(_:options: [.caseInsensitive, .diacriticInsensitive, .numeric])`
    /// (`numeric: false`: without `.numeric`): both folded, then scalar by
    /// scalar, runs of ASCII digits by their value.
    public static func compare(_ a: String, _ b: String, numeric: Bool) -> Int {
        let x = Array(caseWidthAndDiacriticsFolded(a).unicodeScalars)
        let y = Array(caseWidthAndDiacriticsFolded(b).unicodeScalars)
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if numeric, isDigit(x[i]), isDigit(y[j]) {
                var m: UInt64 = 0, n: UInt64 = 0
                while i < x.count, isDigit(x[i]) { m = m &* 10 &+ UInt64(x[i].value - 0x30); i += 1 }
                while j < y.count, isDigit(y[j]) { n = n &* 10 &+ UInt64(y[j].value - 0x30); j += 1 }
                if m != n { return m < n ? -1 : 1 }
                continue
            }
            if x[i] != y[j] { return x[i].value < y[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        return i < x.count ? 1 : j < y.count ? -1 : 0
    }

    /// Whether `needle` occurs in `text`, case and accents aside.
    public static func contains(_ text: String, _ needle: String) -> Bool {
        caseWidthAndDiacriticsFolded(text).contains(caseWidthAndDiacriticsFolded(needle))
    }

    // MARK: accents

    /// CoreFoundation's non-base characters: the grapheme extenders of Unicode 15.0
    /// (less the spacing marks made extenders since) and the emoji skin tones.
    static func isNonBase(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x1171E || (0x1F3FB...0x1F3FF).contains(value) { return true }
        guard let age = scalar.properties.age, age.major < 15 || (age.major == 15 && age.minor == 0) else { return false }
        guard scalar.properties.isGraphemeExtend else { return false }
        switch value {
        case 0xCC0, 0xCC7, 0xCC8, 0xCCA, 0xCCB, 0x1715, 0x1734, 0x1B3B, 0x1B3D, 0x1B43, 0x1B44, 0x1BAA, 0x1BF2, 0x1BF3,
             0xA953, 0xA9C0, 0x111C0, 0x11235, 0x1134D, 0x116B6, 0x1193D, 0x11F41, 0x16FF0, 0x16FF1, 0x1D166, 0x1D16D:
            return false
        default:
            return true
        }
    }

    /// `folding(options: [.diacriticInsensitive])`: a letter whose base is
    /// of the Latin, Greek or Cyrillic blocks (below U+0510) loses its
    /// accents, composed or combining; after any other letter only a first
    /// combining mark of those blocks goes, and the marks kept are put in
    /// order of their combining classes.
    public static func withoutDiacritics(_ text: String) -> String {
        withoutDiacritics(text, foldingCase: false)
    }

    private static func withoutDiacritics(_ text: String, foldingCase: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            var scalar = scalars[index]
            index += 1
            if foldingCase { scalar = widthFolded(scalar) }
            var character = scalar
            var output: [Unicode.Scalar] = []
            if scalar.value >= 0x80 {
                let decomposed = decomposition(scalar)
                if foldingCase, decomposed.count == 1, decomposed[0] != scalar, decomposed[0].value < 0x510,
                   index < scalars.count, isNonBase(scalars[index]) {
                    // A lone replacement (U+1FEF is `) before marks is taken as its base.
                    while index < scalars.count, isNonBase(scalars[index]) { index += 1 }
                    caseFolded(decomposed[0], into: &result)
                    continue
                }
                if decomposed.count > 1 {
                    character = decomposed[0]
                    // A base of another script keeps its composed form (what the fold recomposes to).
                    output = character.value < 0x510 ? [character] : [scalar]
                }
            }
            var caseChanged = false
            if foldingCase {
                var folded = String.UnicodeScalarView()
                caseFolded(character, into: &folded)
                if Array(folded) != [character] {
                    let filtersMarks = character.value < 0x510
                    let kept = folded.filter { !filtersMarks || !isNonBase($0) }
                    output = Array(kept) + Array(output.dropFirst())
                    character = folded.last ?? character
                    caseChanged = true
                }
            }
            // After a base of another script the first mark goes only if it is of those blocks
            // (and the case of the base did not change); the rest stay.
            let keepsMarks = character.value >= 0x510
            var isFirstMark = !caseChanged
            while index < scalars.count, isNonBase(scalars[index]) {
                if keepsMarks, !isFirstMark || scalars[index].value > 0x50F {
                    if output.isEmpty { output = [scalar] }
                    output += decomposition(scalars[index])
                }
                isFirstMark = false
                index += 1
            }
            if output.isEmpty { output = [scalar] }
            if output.count > 1 { output = prioritySorted(output) }
            result.append(contentsOf: output)
        }
        return String(result)
    }

    /// Stable order by canonical combining class, as CoreFoundation sorts a folded cluster.
    private static func prioritySorted(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        scalars.enumerated().sorted {
            let (a, b) = ($0.element.properties.canonicalCombiningClass.rawValue, $1.element.properties.canonicalCombiningClass.rawValue)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
    }
}
