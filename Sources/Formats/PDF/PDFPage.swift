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

    /// The document's second opening, which reads text in one pass (nil where it could not be opened).
    var pageText: PageTextDocument? { owner.pageText }

    /// The text in reading order: poppler's, with a separator where it runs
    /// together two pieces the page shows apart (see `PieceSeparator`).
    /// Character for Character the text of `glyphs()`.
    public var text: String {
        withPopplerText { text, boxes in
            guard let boxes else { return text }
            // Indexing reads every page's text and no glyph: most pages are ASCII, where a
            // byte is a Character with one box, and Characters and Glyphs are not worth making.
            return Self.separatedASCII(text, boxes: boxes) ?? textAndGlyphs(text: text, boxes: boxes).text
        }
    }

    /// poppler's own page text, over `textArea`.
    var popplerText: String { withPopplerText { text, _ in text } }

    /// The area whose text is the page's: the page and as much again on
    /// every side. poppler's text of the page alone (`poppler_page_get_text`)
    /// ends at a line that runs past the right edge, as a long line of code
    /// does, and loses the rest of the page; characters wholly off the page
    /// are never in poppler's text anyway, as pdftotext has it.
    var textArea: PopplerRectangle {
        let (width, height) = size
        return PopplerRectangle(x1: -width, y1: -height, x2: 2 * width, y2: 2 * height)
    }

    /// poppler's text over `textArea` and the box of each of its Unicode
    /// scalars (nil when it gives none), lent to `body`: read in one pass of
    /// poppler's TextOutputDev (PageText), or through poppler-glib's selection
    /// API where PageText could not open the file or build the page.
    func withPopplerText<Result>(_ body: (String, UnsafeBufferPointer<PageTextBox>?) -> Result) -> Result {
        if let result = withOnePass({ text, boxes, _ in body(text, boxes) }) { return result }
        return withSelectionText(body)
    }

    /// The text, boxes and font sizes of one pass (see PageText.h), or nil
    /// where PageText could not open the file or build the page.
    func withOnePass<Result>(_ body: (String, UnsafeBufferPointer<PageTextBox>?, UnsafeBufferPointer<Double>) -> Result) -> Result? {
        let area = textArea
        guard let pageText else { return nil }
        return try? pageText.read(page: index, area: PageTextBox(x1: area.x1, y1: area.y1, x2: area.x2, y2: area.y2), body)
    }

    /// The same through poppler-glib: `poppler_page_get_text_for_area`, then
    /// `poppler_page_get_text_layout_for_area`, each walking the page's
    /// selection (OnePassCorpusTests compares the two ways).
    func withSelectionText<Result>(_ body: (String, UnsafeBufferPointer<PageTextBox>?) -> Result) -> Result {
        var area = textArea
        let text = poppler_page_get_text_for_area(page, &area).map { raw in
            defer { g_free(raw) }
            return String(cString: raw)
        } ?? ""
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard poppler_page_get_text_layout_for_area(page, &area, &rectangles, &count) != 0, let rectangles else { return body(text, nil) }
        defer { g_free(rectangles) }
        let boxes = UnsafeBufferPointer(start: rectangles, count: Int(count)).map { PageTextBox(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }
        return boxes.withUnsafeBufferPointer { body(text, $0) }
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
        withPopplerText { text, boxes in
            guard let boxes else { return (text, []) }
            return textAndGlyphs(text: text, boxes: boxes)
        }
    }

    private func textAndGlyphs(text: String, boxes rectangles: UnsafeBufferPointer<PageTextBox>) -> (text: String, glyphs: [Glyph]) {
        let count = rectangles.count
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(count)
        // poppler gives one rectangle per Unicode scalar of the text, which
        // Swift groups into Characters; walk scalars to stay aligned. Where
        // it reorders right-to-left text it adds embedding marks to the text
        // but no rectangle for them: they get an empty box where they stand.
        let marks = text.unicodeScalars.count - count
        let skipsMarks = marks > 0 && text.unicodeScalars.lazy.filter(Self.isEmbeddingMark).count == marks
        var rectangleIndex = 0
        var consumedUTF8 = 0
        for character in text {
            if skipsMarks, character.unicodeScalars.allSatisfy(Self.isEmbeddingMark) {
                let last = glyphs.last ?? Glyph(character: character, x1: 0, y1: 0, x2: 0, y2: 0)
                glyphs.append(Glyph(character: character, x1: last.x2, y1: last.y1, x2: last.x2, y2: last.y1))
            } else {
                guard rectangleIndex < count else { break }
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
    /// `textAndGlyphs(text:boxes:)`'s text, for text that is all ASCII
    /// without a carriage return (which would pair with a line feed into one
    /// Character) and has a box for every byte; nil for any other.
    static func separatedASCII(_ text: String, boxes: UnsafeBufferPointer<PageTextBox>) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.count == boxes.count, !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            // What PieceSeparator.isVisible says of an ASCII character: not a space nor a control.
            func isVisible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
            func box(_ index: Int) -> GlyphBox {
                let box = boxes[index]
                return GlyphBox(x1: box.x1, y1: box.y1, x2: box.x2, y2: box.y2)
            }
            var separated: [UInt8] = []
            // Bytes before this one are in `separated`; none is until a separator is needed.
            var copied = 0
            for index in bytes.indices.dropFirst() where isVisible(bytes[index - 1]) && isVisible(bytes[index]) {
                guard let separator = PieceSeparator.separator(between: box(index - 1), and: box(index)) else { continue }
                if copied == 0 { separated.reserveCapacity(bytes.count + 64) }
                separated.append(contentsOf: bytes[copied..<index])
                separated.append(separator == "\n" ? 0x0A : 0x20)
                copied = index
            }
            guard copied > 0 else { return String(decoding: bytes, as: UTF8.self) }
            separated.append(contentsOf: bytes[copied...])
            return String(decoding: separated, as: UTF8.self)
        }
    }

    /// Left-to-right and right-to-left embedding and its end: what poppler
    /// wraps reordered text in.
    static func isEmbeddingMark(_ scalar: Unicode.Scalar) -> Bool { (0x202A...0x202C).contains(scalar.value) }
}

/// A character and where it sits on the page.
public struct Glyph: Equatable, Sendable {
    public var character: Character
    public var x1: Double, y1: Double, x2: Double, y2: Double

    var box: GlyphBox { GlyphBox(x1: x1, y1: y1, x2: x2, y2: y2) }
}

/// Where a glyph sits, whatever its character.
struct GlyphBox {
    var x1: Double, y1: Double, x2: Double, y2: Double
}
