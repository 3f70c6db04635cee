import CQPDF
import FileNames
import Foundation

/// A PDF opened with qpdf's C API: reading objects poppler-glib has no
/// getter for (/Lang, /Rotate, page boxes) and writing changed copies.
/// Owns its `qpdf_data`; callers that build objects with `qpdf_oh_*` use
/// `handle` while they hold the document.
public final class QPDFDocument {
    public private(set) var handle: qpdf_data?
    /// QPDF_ERRORS, spelled out: Swift does not import its macro.
    private static let errorsBit: QPDF_ERROR_CODE = 1 << 1
    /// Deeper than any real page tree; a looping /Parent chain in a damaged
    /// file stops here instead of hanging.
    private static let deepestPageTree = 64

    /// Opens the file; qpdf's warnings about a damaged file it can still
    /// read are kept off the terminal.
    public init(path: String, password: String?) throws {
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        let status = FileName.withCString(path) { qpdf_read(handle, $0, password) }
        if status & Self.errorsBit != 0 { throw QPDFError(lastError() ?? "cannot read the file") }
    }

    deinit { qpdf_cleanup(&handle) }

    public var pageCount: Int { Int(max(0, qpdf_get_num_pages(handle))) }

    public var root: qpdf_oh { qpdf_get_root(handle) }

    public var trailer: qpdf_oh { qpdf_get_trailer(handle) }

    /// The page at a zero-based index.
    public func page(at index: Int) throws -> qpdf_oh {
        let page = qpdf_get_page_n(handle, index)
        try check(orSay: "page \(index + 1) is unreadable")
        return page
    }

    /// The value of a dictionary's key, unless it is missing or null.
    public func direct(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        guard qpdf_oh_is_dictionary(handle, object) != 0, qpdf_oh_has_key(handle, object, key) != 0 else { return nil }
        let value = qpdf_oh_get_key(handle, object, key)
        return qpdf_oh_is_null(handle, value) != 0 ? nil : value
    }

    /// A page attribute pages inherit from the page tree (/MediaBox,
    /// /CropBox, /Rotate, /Resources).
    public func inherited(_ page: qpdf_oh, _ key: String) -> qpdf_oh? {
        var node = page
        for _ in 0..<Self.deepestPageTree {
            if let value = direct(node, key) { return value }
            guard let parent = direct(node, "/Parent") else { return nil }
            node = parent
        }
        return nil
    }

    /// A four-number array as a rectangle, unless it is malformed or less
    /// than a point wide or high.
    public func rectangle(_ object: qpdf_oh) -> QPDFRectangle? {
        guard qpdf_oh_is_array(handle, object) != 0, qpdf_oh_get_array_n_items(handle, object) == 4 else { return nil }
        var values: [Double] = []
        for item in 0..<4 {
            let number = qpdf_oh_get_array_item(handle, object, Int32(item))
            guard qpdf_oh_is_number(handle, number) != 0 else { return nil }
            values.append(qpdf_oh_get_numeric_value(handle, number))
        }
        let box = QPDFRectangle(x1: min(values[0], values[2]), y1: min(values[1], values[3]),
                                x2: max(values[0], values[2]), y2: max(values[1], values[3]))
        guard box.width.isFinite, box.height.isFinite, box.width >= 1, box.height >= 1 else { return nil }
        return box
    }

    /// The page's /MediaBox, else US Letter, as viewers assume.
    public func mediaBox(of page: qpdf_oh) -> QPDFRectangle {
        inherited(page, "/MediaBox").flatMap(rectangle) ?? QPDFRectangle(x1: 0, y1: 0, x2: 612, y2: 792)
    }

    /// The page's /CropBox, else its media box.
    public func cropBox(of page: qpdf_oh) -> QPDFRectangle {
        inherited(page, "/CropBox").flatMap(rectangle) ?? mediaBox(of: page)
    }

    /// Clockwise degrees a viewer turns the page: 0, 90, 180 or 270 (a
    /// /Rotate that is not a multiple of 90 is ignored, as viewers do).
    public func rotation(of page: qpdf_oh) -> Int {
        guard let rotate = inherited(page, "/Rotate"), qpdf_oh_is_integer(handle, rotate) != 0 else { return 0 }
        let degrees = ((Int(qpdf_oh_get_int_value_as_int(handle, rotate)) % 360) + 360) % 360
        return degrees % 90 == 0 ? degrees : 0
    }

    /// A string object's text, decoded from PDFDocEncoding or UTF-16.
    public func text(_ object: qpdf_oh) -> String? {
        guard qpdf_oh_is_string(handle, object) != 0, let utf8 = qpdf_oh_get_utf8_value(handle, object) else { return nil }
        return String(cString: utf8)
    }

    /// A stream's data with its filters undone, if qpdf can undo them.
    public func streamData(_ stream: qpdf_oh) -> [UInt8]? {
        guard qpdf_oh_is_stream(handle, stream) != 0 else { return nil }
        var filtered: QPDF_BOOL = QPDF_FALSE
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_stream_data(handle, stream, qpdf_dl_generalized, &filtered, &buffer, &length) & Self.errorsBit == 0,
              let buffer else { return nil }
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    /// Throws what qpdf said if the last calls failed.
    public func check(orSay fallback: String = "qpdf failed") throws {
        if qpdf_has_error(handle) != 0 { throw QPDFError(lastError() ?? fallback) }
    }

    /// Lets go of the object handles made so far (qpdf keeps each until told).
    public func releaseObjects() {
        qpdf_oh_release_all(handle)
    }

    /// Writes the document, changes included, to `path`.
    /// - Parameters:
    ///   - preservingEncryption: keep the input's encryption (qpdf's default is to keep it too,
    ///     said here so each caller's intent is on the page).
    ///   - preservingObjectStreams: keep object streams as they were instead of qpdf's default.
    public func write(to path: String, preservingEncryption: Bool = true, preservingObjectStreams: Bool = false) throws {
        let started = FileName.withCString(path) { qpdf_init_write(handle, $0) }
        guard started & Self.errorsBit == 0 else { throw QPDFError(lastError() ?? "cannot write \(path)") }
        qpdf_set_preserve_encryption(handle, preservingEncryption ? QPDF_TRUE : QPDF_FALSE)
        if preservingObjectStreams { qpdf_set_object_stream_mode(handle, qpdf_o_preserve) }
        guard qpdf_write(handle) & Self.errorsBit == 0 else { throw QPDFError(lastError() ?? "cannot write \(path)") }
    }

    private func lastError() -> String? {
        guard qpdf_has_error(handle) != 0, let error = qpdf_get_error(handle),
              let text = qpdf_get_error_full_text(handle, error) else { return nil }
        return String(cString: text)
    }
}
