import CPoppler
import Foundation

/// One page of an open document. Keeps its document alive.
public final class PDFPage {
    let handle: OpaquePointer
    /// 0-based position in the document.
    public let index: Int
    private let owner: PDFDocument

    init(_ page: OpaquePointer, index: Int, owner: PDFDocument) {
        handle = page
        self.index = index
        self.owner = owner
    }

    deinit { g_object_unref(gpointer(handle)) }

    var page: OpaquePointer { handle }

    /// The text in reading order: poppler's, with a separator where it runs
    /// together two pieces the page shows apart (see `PieceSeparator`).
    /// Character for Character the text of `glyphs()`.
    public var text: String { textAndGlyphs().text }

    /// poppler's own page text, as `poppler_page_get_text` gives it.
    var popplerText: String {
        guard let raw = poppler_page_get_text(page) else { return "" }
        defer { g_free(raw) }
        return String(cString: raw)
    }

    /// The page label the document assigns ("iv", "A-3"), if any.
    public var label: String? {
        takeGString(poppler_page_get_label(page))?.cleanedMetadata(limit: 100)
    }

    /// Width and height in points as displayed (rotation applied).
    public var size: (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        return (width, height)
    }

    /// Each character of `text` with its box, in points from the top-left of
    /// the displayed page; the basis for layout-preserving extraction and for
    /// placing highlights: glyph n is character n of `text`.
    public func glyphs() -> [Glyph] { textAndGlyphs().glyphs }

    /// The two together, from one reading of the page.
    public func textAndGlyphs() -> (text: String, glyphs: [Glyph]) {
        let text = popplerText
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else { return (text, []) }
        defer { g_free(rectangles) }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(Int(count))
        // poppler gives one rectangle per Unicode scalar of the text, which
        // Swift groups into Characters; walk scalars to stay aligned. Where
        // it reorders right-to-left text it adds embedding marks to the text
        // but no rectangle for them: they get an empty box where they stand.
        let marks = text.unicodeScalars.count - Int(count)
        let skipsMarks = marks > 0 && text.unicodeScalars.lazy.filter(Self.isEmbeddingMark).count == marks
        var rectangleIndex = 0
        var consumedUTF8 = 0
        for character in text {
            if skipsMarks, character.unicodeScalars.allSatisfy(Self.isEmbeddingMark) {
                let last = glyphs.last ?? Glyph(character: character, x1: 0, y1: 0, x2: 0, y2: 0)
                glyphs.append(Glyph(character: character, x1: last.x2, y1: last.y1, x2: last.x2, y2: last.y1))
            } else {
                guard rectangleIndex < Int(count) else { break }
                let box = rectangles[rectangleIndex]
                glyphs.append(Glyph(character: character, x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2))
                rectangleIndex += character.unicodeScalars.count(where: { !(skipsMarks && Self.isEmbeddingMark($0)) })
            }
            consumedUTF8 += character.utf8.count
        }
        let separated = PieceSeparator.separated(glyphs)
        guard separated.count != glyphs.count else { return (text, glyphs) }
        var joined = String()
        joined.reserveCapacity(text.utf8.count + separated.count - glyphs.count)
        for glyph in separated { joined.append(glyph.character) }
        // Characters poppler gave no box for, if any, stay in the text.
        joined += text[text.utf8.index(text.utf8.startIndex, offsetBy: consumedUTF8)...]
        return (joined, separated)
    }
}

extension PDFPage {
    /// Left-to-right and right-to-left embedding and its end: what poppler
    /// wraps reordered text in.
    static func isEmbeddingMark(_ scalar: Unicode.Scalar) -> Bool { (0x202A...0x202C).contains(scalar.value) }
}

/// A character and where it sits on the page.
public struct Glyph: Equatable, Sendable {
    public var character: Character
    public var x1: Double, y1: Double, x2: Double, y2: Double
}
