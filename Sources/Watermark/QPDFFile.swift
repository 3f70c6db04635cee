import FileNames
import CQPDF
import Foundation

/// A PDF opened read-only with qpdf's C API, for what poppler's glib API does
/// not tell: each page's /Rotate and the box qpdf places overlays in. Owns
/// its `qpdf_data`.
final class QPDFFile {
    private var handle: qpdf_data?
    /// QPDF_ERRORS, spelled out: Swift does not import its macro.
    private static let errorsBit: QPDF_ERROR_CODE = 1 << 1

    init(path: String, password: String?) throws {
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        let status = FileName.withCString(path) { qpdf_read(handle, $0, password) }
        if status & Self.errorsBit != 0 {
            throw WatermarkError.qpdf(lastError() ?? "cannot read the file")
        }
    }

    deinit { qpdf_cleanup(&handle) }

    var pageCount: Int { Int(max(0, qpdf_get_num_pages(handle))) }

    /// The page's geometry as qpdf's overlay sees it: the TrimBox (falling
    /// back to CropBox, then MediaBox, following inheritance) and /Rotate.
    func geometry(ofPage index: Int) throws -> PageGeometry {
        let page = qpdf_get_page_n(handle, index)
        defer { qpdf_oh_release_all(handle) }
        if qpdf_has_error(handle) != 0 { throw WatermarkError.qpdf(lastError() ?? "page \(index + 1) is unreadable") }
        let media = inherited(page, "/MediaBox").flatMap(rectangle) ?? PageBox(x: 0, y: 0, width: 612, height: 792)
        let crop = inherited(page, "/CropBox").flatMap(rectangle) ?? media
        let trim = direct(page, "/TrimBox").flatMap(rectangle) ?? crop
        var rotation = 0
        if let rotate = inherited(page, "/Rotate"), qpdf_oh_is_integer(handle, rotate) != 0 {
            rotation = ((Int(qpdf_oh_get_int_value_as_int(handle, rotate)) % 360) + 360) % 360
            if rotation % 90 != 0 { rotation = 0 }
        }
        return PageGeometry(box: trim, rotation: rotation)
    }

    private func direct(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        guard qpdf_oh_is_dictionary(handle, object) != 0, qpdf_oh_has_key(handle, object, key) != 0 else { return nil }
        let value = qpdf_oh_get_key(handle, object, key)
        return qpdf_oh_is_null(handle, value) != 0 ? nil : value
    }

    /// Walks up the page tree for attributes pages inherit; bounded so a
    /// looping /Parent chain in a damaged file cannot hang us.
    private func inherited(_ page: qpdf_oh, _ key: String) -> qpdf_oh? {
        var node = page
        for _ in 0..<64 {
            if let value = direct(node, key) { return value }
            guard let parent = direct(node, "/Parent") else { return nil }
            node = parent
        }
        return nil
    }

    private func rectangle(_ object: qpdf_oh) -> PageBox? {
        guard qpdf_oh_is_array(handle, object) != 0, qpdf_oh_get_array_n_items(handle, object) == 4 else { return nil }
        var values: [Double] = []
        for item in 0..<4 {
            let number = qpdf_oh_get_array_item(handle, object, Int32(item))
            guard qpdf_oh_is_number(handle, number) != 0 else { return nil }
            values.append(qpdf_oh_get_numeric_value(handle, number))
        }
        let box = PageBox(x: min(values[0], values[2]), y: min(values[1], values[3]),
                          width: abs(values[2] - values[0]), height: abs(values[3] - values[1]))
        guard box.width.isFinite, box.height.isFinite, box.width >= 1, box.height >= 1 else { return nil }
        return box
    }

    private func lastError() -> String? {
        guard qpdf_has_error(handle) != 0, let error = qpdf_get_error(handle),
              let text = qpdf_get_error_full_text(handle, error) else { return nil }
        return String(cString: text)
    }
}

/// A rectangle in PDF user space.
struct PageBox: Equatable {
    var x: Double, y: Double, width: Double, height: Double
}

/// What decides how a stamp must be drawn for a page.
struct PageGeometry: Equatable {
    var box: PageBox
    /// Clockwise degrees the viewer turns the page: 0, 90, 180 or 270.
    var rotation: Int

    /// The box's size as a viewer shows it.
    var displayedSize: StampSize {
        rotation % 180 == 0 ? StampSize(width: box.width, height: box.height)
                            : StampSize(width: box.height, height: box.width)
    }
}

/// The size of one stamp page, rounded so pages that differ by rounding
/// noise share a stamp.
struct StampSize: Hashable {
    let width: Double, height: Double

    init(width: Double, height: Double) {
        self.width = (width * 100).rounded() / 100
        self.height = (height * 100).rounded() / 100
    }
}
