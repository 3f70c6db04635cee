import CQPDF
import Foundation

/// Adds annotations to a PDF with qpdf and writes the result: everything
/// else in the file (outline, links, labels, text, existing annotations,
/// encryption) is carried over as qpdf reads it. Owns its `qpdf_data`.
///
/// Each annotation gets its own appearance stream, so that viewers which do
/// not draw annotations themselves (or draw them differently) show what ibook
/// means; poppler-glib's save writes none for text markup.
final class AnnotationWriter {
    private var handle: qpdf_data?
    /// QPDF_ERRORS, spelled out: Swift does not import its macro.
    private static let errorsBit: QPDF_ERROR_CODE = 1 << 1

    init(path: String, password: String?) throws {
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        if qpdf_read(handle, path, password) & Self.errorsBit != 0 {
            throw AnnotatingError.qpdf(lastError() ?? "cannot read the file")
        }
    }

    deinit { qpdf_cleanup(&handle) }

    var pageCount: Int { Int(max(0, qpdf_get_num_pages(handle))) }

    /// Adds the marks to their pages; returns how many were added (a mark
    /// whose /NM the page already has is skipped).
    func add(_ marks: [AnnotationMark]) throws -> Int {
        var added = 0
        for (pageIndex, pageMarks) in Dictionary(grouping: marks, by: \.pageIndex).sorted(by: { $0.key < $1.key }) {
            guard pageIndex >= 0, pageIndex < pageCount else { throw AnnotatingError.pageMissing(pageIndex + 1) }
            let page = qpdf_get_page_n(handle, pageIndex)
            try check()
            let frame = self.frame(of: page)
            let annotations = qpdf_oh_new_array(handle)
            var names: Set<String> = []
            if let existing = direct(page, "/Annots"), qpdf_oh_is_array(handle, existing) != 0 {
                for index in 0..<qpdf_oh_get_array_n_items(handle, existing) {
                    let item = qpdf_oh_get_array_item(handle, existing, index)
                    qpdf_oh_append_item(handle, annotations, item)
                    if let name = direct(item, "/NM"), qpdf_oh_is_string(handle, name) != 0,
                       let value = qpdf_oh_get_utf8_value(handle, name) {
                        names.insert(String(cString: value))
                    }
                }
            }
            for mark in pageMarks where !names.contains(mark.name) && (mark.kind == .note || !mark.boxes.isEmpty) {
                qpdf_oh_append_item(handle, annotations, try annotation(mark, on: page, frame: frame))
                added += 1
            }
            // A new array, not the old one grown: pages may share an /Annots array.
            qpdf_oh_replace_key(handle, page, "/Annots", annotations)
            try check()
        }
        qpdf_oh_release_all(handle)
        return added
    }

    func write(to path: String) throws {
        guard qpdf_init_write(handle, path) & Self.errorsBit == 0 else {
            throw AnnotatingError.qpdf(lastError() ?? "cannot write \(path)")
        }
        qpdf_set_object_stream_mode(handle, qpdf_o_preserve)
        if qpdf_write(handle) & Self.errorsBit != 0 {
            throw AnnotatingError.qpdf(lastError() ?? "cannot write \(path)")
        }
    }

    private func annotation(_ mark: AnnotationMark, on page: qpdf_oh, frame: PageFrame) throws -> qpdf_oh {
        let (red, green, blue) = mark.color
        let color = "[\(PDFSyntax.number(red)) \(PDFSyntax.number(green)) \(PDFSyntax.number(blue))]"
        var dictionary = "<< /Type /Annot /F 4 /C \(color) /NM \(PDFSyntax.text(mark.name)) /M \(PDFSyntax.date(mark.modified))"
        if let contents = mark.contents { dictionary += " /Contents \(PDFSyntax.text(contents))" }
        if let author = mark.author { dictionary += " /T \(PDFSyntax.text(author))" }
        let appearance: Appearance
        switch mark.kind {
        case .highlight:
            let quads = mark.boxes.map(frame.quadrilateral)
            appearance = Appearance.highlight(quads, color: mark.color)
            dictionary += " /Subtype /Highlight /CA 1 /QuadPoints [\(quads.joined().map { "\(PDFSyntax.number($0.x)) \(PDFSyntax.number($0.y))" }.joined(separator: " "))]"
        case .note:
            // In the top-right margin of the page as it is displayed.
            let size = 20.0
            let corner = AnnotationMark.Box(x1: frame.displayedWidth - size - 12, y1: 12,
                                            x2: frame.displayedWidth - 12, y2: 12 + size)
            let points = frame.quadrilateral(corner)
            appearance = Appearance.note(at: (points.map(\.x).min() ?? 0, points.map(\.y).min() ?? 0), size: size)
            dictionary += " /Subtype /Text /Name /Comment /Open false"
        }
        let rect = appearance.boundingBox
        dictionary += " /Rect [\(rect.map(PDFSyntax.number).joined(separator: " "))] >>"
        let annotation = qpdf_oh_parse(handle, dictionary)
        try check()

        let stream = qpdf_oh_new_stream(handle)
        let streamDictionary = qpdf_oh_get_dict(handle, stream)
        let form = qpdf_oh_parse(handle, "<< /Type /XObject /Subtype /Form /BBox [\(rect.map(PDFSyntax.number).joined(separator: " "))] /Resources \(appearance.resources) >>")
        for key in ["/Type", "/Subtype", "/BBox", "/Resources"] {
            qpdf_oh_replace_key(handle, streamDictionary, key, qpdf_oh_get_key(handle, form, key))
        }
        let content = Array(appearance.content.utf8)
        content.withUnsafeBufferPointer { buffer in
            qpdf_oh_replace_stream_data(handle, stream, buffer.baseAddress, buffer.count,
                                        qpdf_oh_new_null(handle), qpdf_oh_new_null(handle))
        }
        let appearances = qpdf_oh_new_dictionary(handle)
        qpdf_oh_replace_key(handle, appearances, "/N", stream)
        qpdf_oh_replace_key(handle, annotation, "/AP", appearances)
        qpdf_oh_replace_key(handle, annotation, "/P", page)
        try check()
        return qpdf_make_indirect_object(handle, annotation)
    }

    private func frame(of page: qpdf_oh) -> PageFrame {
        let media = inherited(page, "/MediaBox").flatMap(rectangle) ?? [0, 0, 612, 792]
        let crop = inherited(page, "/CropBox").flatMap(rectangle) ?? media
        var rotation = 0
        if let rotate = inherited(page, "/Rotate"), qpdf_oh_is_integer(handle, rotate) != 0 {
            rotation = ((Int(qpdf_oh_get_int_value_as_int(handle, rotate)) % 360) + 360) % 360
            if rotation % 90 != 0 { rotation = 0 }
        }
        return PageFrame(x: crop[0], y: crop[1], width: crop[2] - crop[0], height: crop[3] - crop[1], rotation: rotation)
    }

    private func direct(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        guard qpdf_oh_is_dictionary(handle, object) != 0, qpdf_oh_has_key(handle, object, key) != 0 else { return nil }
        let value = qpdf_oh_get_key(handle, object, key)
        return qpdf_oh_is_null(handle, value) != 0 ? nil : value
    }

    /// Pages inherit these from the page tree; bounded so a looping /Parent
    /// chain in a damaged file cannot hang us.
    private func inherited(_ page: qpdf_oh, _ key: String) -> qpdf_oh? {
        var node = page
        for _ in 0..<64 {
            if let value = direct(node, key) { return value }
            guard let parent = direct(node, "/Parent") else { return nil }
            node = parent
        }
        return nil
    }

    /// [x1 y1 x2 y2] with the corners put in order.
    private func rectangle(_ object: qpdf_oh) -> [Double]? {
        guard qpdf_oh_is_array(handle, object) != 0, qpdf_oh_get_array_n_items(handle, object) == 4 else { return nil }
        var values: [Double] = []
        for item in 0..<4 {
            let number = qpdf_oh_get_array_item(handle, object, Int32(item))
            guard qpdf_oh_is_number(handle, number) != 0 else { return nil }
            values.append(qpdf_oh_get_numeric_value(handle, number))
        }
        guard values.allSatisfy(\.isFinite), abs(values[2] - values[0]) >= 1, abs(values[3] - values[1]) >= 1 else { return nil }
        return [min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]), max(values[1], values[3])]
    }

    private func check() throws {
        if qpdf_has_error(handle) != 0 { throw AnnotatingError.qpdf(lastError() ?? "qpdf failed") }
    }

    private func lastError() -> String? {
        guard qpdf_has_error(handle) != 0, let error = qpdf_get_error(handle),
              let text = qpdf_get_error_full_text(handle, error) else { return nil }
        return String(cString: text)
    }
}
