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

    /// The text in reading order.
    public var text: String {
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
    /// the displayed page; the basis for layout-preserving extraction.
    public func glyphs() -> [Glyph] {
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout(page, &rectangles, &count) != 0, let rectangles else { return [] }
        defer { g_free(rectangles) }
        let characters = Array(text)
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(min(Int(count), characters.count))
        // poppler gives one rectangle per UTF-8 character of the text, which
        // Swift groups into Characters; walk scalars to stay aligned.
        var scalarIndex = 0
        for character in characters {
            guard scalarIndex < Int(count) else { break }
            let box = rectangles[scalarIndex]
            glyphs.append(Glyph(character: character, x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2))
            scalarIndex += character.unicodeScalars.count
        }
        return glyphs
    }
}

/// A character and where it sits on the page.
public struct Glyph: Equatable, Sendable {
    public var character: Character
    public var x1: Double, y1: Double, x2: Double, y2: Double
}
