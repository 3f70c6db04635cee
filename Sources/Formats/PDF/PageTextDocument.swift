import FileNames
import PageText

/// A second opening of a PDF, through poppler's own C++ (the PageText target),
/// that reads a page's text and its boxes in one pass of TextOutputDev, where
/// poppler-glib walks the page's selection twice and allocates per word and
/// per line (see PageText.h). Owns its `page_text_document`; opened by a
/// `PDFDocument` while its PopplerDocument is open, whose poppler settings and
/// message handler it then shares, and closed before it.
final class PageTextDocument {
    private let handle: OpaquePointer

    /// From `bytes`, which must stay mapped while this document is open.
    convenience init(bytes: UnsafeRawBufferPointer) throws {
        try self.init(password: nil) { document, message, size in
            page_text_open_bytes(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, document, message, size)
        }
    }

    convenience init(path: String, password: String?) throws {
        try self.init(password: password) { document, message, size in
            FileName.withCString(path) { path in
                guard let password else { return page_text_open_file(path, nil, document, message, size) }
                return password.withCString { page_text_open_file(path, $0, document, message, size) }
            }
        }
    }

    private init(password: String?,
                 _ open: (UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        var document: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { open(&document, $0.baseAddress!, $0.count) }
        guard status == Int32(PAGE_TEXT_OK), let document else {
            throw Self.error(status, message: message)
        }
        handle = document
    }

    deinit { page_text_close(handle) }

    /// The text of page `index` (0-based) within `area`, as
    /// `poppler_page_get_text_for_area` gives it, the boxes
    /// `poppler_page_get_text_layout_for_area` gives (nil where it gives
    /// none) and the font size at each box's offset that
    /// `poppler_page_get_text_attributes_for_area` gives, lent to `body`:
    /// they are overwritten when another page or area is read.
    func read<Result>(page index: Int, area: PageTextBox,
                      _ body: (String, UnsafeBufferPointer<PageTextBox>?, UnsafeBufferPointer<Double>) -> Result) throws -> Result {
        var text: UnsafePointer<CChar>?
        var length = 0
        var boxes: UnsafePointer<page_text_box>?
        var sizes: UnsafePointer<Double>?
        var count = 0
        var hasLayout: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer {
            page_text_read(handle, Int32(index), area.x1, area.y1, area.x2, area.y2, &text, &length, &boxes, &sizes, &count,
                           &hasLayout, $0.baseAddress, $0.count)
        }
        guard status == Int32(PAGE_TEXT_OK) else { throw Self.error(status, message: message) }
        let string = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        return body(string, hasLayout != 0 ? UnsafeBufferPointer(start: boxes, count: count) : nil,
                    UnsafeBufferPointer(start: sizes, count: hasLayout != 0 ? count : 0))
    }

    /// False when page `index` (0-based) has no annotation of a kind
    /// `PDFPage.annotations()` keeps, as its /Annots says without poppler
    /// making the annotations (links, most of what a manual has); true when
    /// it may have one.
    func mayHaveMarks(page index: Int) -> Bool { page_text_has_marks(handle, Int32(index)) != 0 }

    private static func error(_ status: Int32, message characters: [CChar]) -> PDFError {
        let message = String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case Int32(PAGE_TEXT_PASSWORD_REQUIRED): return .passwordRequired
        case Int32(PAGE_TEXT_WRONG_PASSWORD): return .wrongPassword
        default: return .damaged(message.isEmpty ? "poppler cannot read it" : message)
        }
    }
}

/// A character's box in points from the top-left of the displayed page
/// (PageText's `page_text_box`, laid out as poppler-glib's PopplerRectangle).
typealias PageTextBox = page_text_box
