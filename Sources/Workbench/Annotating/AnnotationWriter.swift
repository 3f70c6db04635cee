import CQPDF
import QPDF
import Foundation

/// Adds annotations to a PDF with qpdf and writes the result: everything
/// else in the file (outline, links, labels, text, existing annotations,
/// encryption) is carried over as qpdf reads it.
///
/// Each annotation gets its own appearance stream, so that viewers which do
/// not draw annotations themselves (or draw them differently) show what ibook
/// means; poppler-glib's save writes none for text markup.
struct AnnotationWriter {
    private let document: QPDFDocument
    private var handle: qpdf_data? { document.handle }

    init(path: String, password: String?) throws {
        do {
            document = try QPDFDocument(path: path, password: password)
        } catch let error as QPDFError {
            throw AnnotatingError.qpdf(error.message)
        }
    }

    var pageCount: Int { document.pageCount }

    /// Adds the marks to their pages; returns how many were added (a mark
    /// whose /NM the page already has is skipped).
    func add(_ marks: [AnnotationMark]) throws -> Int {
        do {
            return try addMarks(marks)
        } catch let error as QPDFError {
            throw AnnotatingError.qpdf(error.message)
        }
    }

    func write(to path: String) throws {
        do {
            try document.write(to: path, preservingEncryption: true, preservingObjectStreams: true)
        } catch let error as QPDFError {
            throw AnnotatingError.qpdf(error.message)
        }
    }

    private func addMarks(_ marks: [AnnotationMark]) throws -> Int {
        var added = 0
        for (pageIndex, pageMarks) in Dictionary(grouping: marks, by: \.pageIndex).sorted(by: { $0.key < $1.key }) {
            guard pageIndex >= 0, pageIndex < pageCount else { throw AnnotatingError.pageMissing(pageIndex + 1) }
            let page = try document.page(at: pageIndex)
            let frame = self.frame(of: page)
            let annotations = qpdf_oh_new_array(handle)
            var names: Set<String> = []
            if let existing = document.direct(page, "/Annots"), qpdf_oh_is_array(handle, existing) != 0 {
                for index in 0..<qpdf_oh_get_array_n_items(handle, existing) {
                    let item = qpdf_oh_get_array_item(handle, existing, index)
                    qpdf_oh_append_item(handle, annotations, item)
                    if let name = document.direct(item, "/NM").flatMap(document.text) { names.insert(name) }
                }
            }
            for mark in pageMarks where !names.contains(mark.name) && (mark.kind == .note || !mark.boxes.isEmpty) {
                qpdf_oh_append_item(handle, annotations, try annotation(mark, on: page, frame: frame))
                added += 1
            }
            // A new array, not the old one grown: pages may share an /Annots array.
            qpdf_oh_replace_key(handle, page, "/Annots", annotations)
            try document.check()
        }
        document.releaseObjects()
        return added
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
        try document.check()

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
        try document.check()
        return qpdf_make_indirect_object(handle, annotation)
    }

    private func frame(of page: qpdf_oh) -> PageFrame {
        let crop = document.cropBox(of: page)
        return PageFrame(x: crop.x1, y: crop.y1, width: crop.width, height: crop.height, rotation: document.rotation(of: page))
    }
}
