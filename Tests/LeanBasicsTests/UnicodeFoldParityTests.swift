import Foundation
import TextFolding
import XCTest

/// TextFolding folds as Foundation's `folding(options:locale:)` did, so that
/// the index terms of existing libraries (TermFolding) stay the same.
final class UnicodeFoldParityTests: XCTestCase {
    private let scalars = (UInt32(1)...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
        $0.properties.generalCategory != .unassigned && $0.properties.generalCategory != .privateUse
            && $0.properties.generalCategory != .surrogate
    }

    private func hex(_ text: String) -> String { text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }

    /// TermFolding's two steps, as Foundation did them.
    private func foundationTerm(_ word: String) -> (caseFolded: String, stripped: String) {
        let caseFolded = word.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil).precomposedStringWithCanonicalMapping
        return (caseFolded, caseFolded.folding(options: [.diacriticInsensitive], locale: nil))
    }

    private func term(_ word: String) -> (caseFolded: String, stripped: String) {
        let caseFolded = UnicodeFold.canonicalComposed(UnicodeFold.caseAndWidthFolded(UnicodeFold.compatibilityComposed(word)))
        return (caseFolded, UnicodeFold.withoutDiacritics(caseFolded))
    }

    func testEveryAssignedScalarFoldsAsInFoundation() {
        var differing: [String] = []
        for scalar in scalars {
            let text = String(scalar)
            let (expected, got) = (foundationTerm(text), term(text))
            if expected.caseFolded != got.caseFolded || expected.stripped != got.stripped { differing.append(hex(text)) }
            let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            if folded != UnicodeFold.caseWidthAndDiacriticsFolded(text) { differing.append("all " + hex(text)) }
        }
        XCTAssertEqual(differing.prefix(20), [])
    }

    func testWordsOfManyScriptsFoldAsInFoundation() {
        let letters: [ClosedRange<UInt32>] = [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x370...0x3FF, 0x400...0x4FF, 0x531...0x587,
                                               0x5D0...0x5EA, 0x620...0x64A, 0x904...0x939, 0x985...0x9B9, 0xE01...0xE30,
                                               0x1E00...0x1FFC, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x4E80, 0xAC00...0xAD00,
                                               0xFF21...0xFF5A, 0xFB00...0xFB06, 0x13A0...0x13F5, 0x2160...0x217F]
        let marks: [ClosedRange<UInt32>] = [0x300...0x36F, 0x483...0x487, 0x591...0x5C7, 0x64B...0x65F, 0x93C...0x94D,
                                             0xE31...0xE3A, 0x3099...0x309A, 0x1DC0...0x1DFF, 0x20D0...0x20F0]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func pick(_ ranges: [ClosedRange<UInt32>]) -> Unicode.Scalar {
            while true {
                let range = ranges[next(ranges.count)]
                if let scalar = Unicode.Scalar(range.lowerBound + UInt32(next(Int(range.upperBound - range.lowerBound) + 1))),
                   scalar.properties.generalCategory != .unassigned { return scalar }
            }
        }
        var differing: [String] = []
        for index in 0..<30_000 {
            var word = String.UnicodeScalarView()
            for _ in 0..<(1 + next(6)) {
                word.append(pick(letters))
                for _ in 0..<[0, 0, 0, 1, 1, 2][next(6)] { word.append(pick(marks)) }
            }
            let text = index % 2 == 0 ? String(word) : String(word).precomposedStringWithCanonicalMapping
            let (expected, got) = (foundationTerm(text), term(text))
            if expected.caseFolded != got.caseFolded || expected.stripped != got.stripped { differing.append(hex(text)) }
            for character in text {
                let folded = String(character).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                if folded != UnicodeFold.caseWidthAndDiacriticsFolded(String(character)) { differing.append("char " + hex(String(character))) }
            }
        }
        XCTAssertEqual(differing.prefix(20), [])
    }

    func testComparisonOrdersAsFoundationsNonLocalizedCompare() {
        let titles = ["Zebra", "zebra", "Äpfel", "apfel", "Chapter 10", "Chapter 9", "chapter 09", "Élan", "elan", "École",
                      "Ecole", "b", "B2", "b10", "ß", "ss", "Ωmega", "ωmega", "", "a", "ab", "Ab"]
        for a in titles {
            for b in titles {
                let expected = a.compare(b, options: [.caseInsensitive, .diacriticInsensitive, .numeric])
                let got = UnicodeFold.compare(a, b, numeric: true)
                XCTAssertEqual(got, expected == .orderedAscending ? -1 : expected == .orderedSame ? 0 : 1, "\(a) vs \(b)")
            }
        }
        XCTAssertTrue(UnicodeFold.contains("Les Misérables", "MISERABLES"))
        XCTAssertFalse(UnicodeFold.contains("Les Misérables", "Miserables!"))
    }
}
