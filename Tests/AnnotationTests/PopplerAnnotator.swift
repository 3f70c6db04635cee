import CPoppler
import Foundation
import XCTest

/// Marks up a PDF the way Evince and other poppler-based viewers do, through
/// poppler-glib's own annotation API (independent of ibook's writer), and
/// saves it.
enum PopplerAnnotator {
    enum Mark {
        case highlight, underline, squiggly, strikeOut
        case note(x: Double, y: Double)
    }

    struct Spec {
        var page: Int
        /// The text to mark exactly as poppler extracts it (line breaks as "\n").
        var passage: String
        var mark: Mark
        var contents: String?
        var author: String?
        var color: (UInt16, UInt16, UInt16) = (65535, 60000, 0)
    }

    static func annotate(_ source: String, _ specs: [Spec], to destination: String) throws {
        var error: UnsafeMutablePointer<GError>?
        let uri = g_filename_to_uri(source, nil, nil)!
        defer { g_free(uri) }
        let document = try XCTUnwrap(poppler_document_new_from_file(uri, nil, &error))
        defer { g_object_unref(gpointer(document)) }
        for spec in specs {
            let page = try XCTUnwrap(poppler_document_get_page(document, Int32(spec.page - 1)))
            defer { g_object_unref(gpointer(page)) }
            var height = 0.0, width = 0.0
            poppler_page_get_size(page, &width, &height)
            let annot: OpaquePointer
            switch spec.mark {
            case .note(let x, let y):
                var rect = PopplerRectangle(x1: x, y1: height - y - 20, x2: x + 20, y2: height - y)
                annot = poppler_annot_text_new(document, &rect)
            default:
                let lines = try lineBoxes(page, spec.passage)
                let quads = g_array_new(0, 0, guint(MemoryLayout<PopplerQuadrilateral>.stride))!
                defer { g_array_unref(quads) }
                for box in lines {
                    var quad = PopplerQuadrilateral(
                        p1: PopplerPoint(x: box.x1, y: height - box.y1), p2: PopplerPoint(x: box.x2, y: height - box.y1),
                        p3: PopplerPoint(x: box.x1, y: height - box.y2), p4: PopplerPoint(x: box.x2, y: height - box.y2))
                    g_array_append_vals(quads, &quad, 1)
                }
                var rect = PopplerRectangle(x1: lines.map(\.x1).min()!, y1: height - lines.map(\.y2).max()!,
                                            x2: lines.map(\.x2).max()!, y2: height - lines.map(\.y1).min()!)
                switch spec.mark {
                case .highlight: annot = poppler_annot_text_markup_new_highlight(document, &rect, quads)
                case .underline: annot = poppler_annot_text_markup_new_underline(document, &rect, quads)
                case .squiggly: annot = poppler_annot_text_markup_new_squiggly(document, &rect, quads)
                default: annot = poppler_annot_text_markup_new_strikeout(document, &rect, quads)
                }
            }
            defer { g_object_unref(gpointer(annot)) }
            var color = PopplerColor(red: spec.color.0, green: spec.color.1, blue: spec.color.2)
            poppler_annot_set_color(annot, &color)
            if let contents = spec.contents { poppler_annot_set_contents(annot, contents) }
            if let author = spec.author { poppler_annot_markup_set_label(annot, author) }
            poppler_page_add_annot(page, annot)
        }
        let output = g_filename_to_uri(destination, nil, nil)!
        defer { g_free(output) }
        XCTAssertNotEqual(poppler_document_save(document, output, &error), 0)
    }

    /// One box per line of the passage, from poppler's own glyph boxes
    /// (displayed page, top-left origin).
    static func lineBoxes(_ page: OpaquePointer, _ passage: String) throws -> [(x1: Double, y1: Double, x2: Double, y2: Double)] {
        let raw = try XCTUnwrap(poppler_page_get_text(page))
        defer { g_free(raw) }
        let scalars = Array(String(cString: raw).unicodeScalars)
        let wanted = Array(passage.unicodeScalars)
        let start = try XCTUnwrap((0...(scalars.count - wanted.count)).first { Array(scalars[$0..<($0 + wanted.count)]) == wanted },
                                  "'\(passage)' is not in the page text")
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        XCTAssertNotEqual(poppler_page_get_text_layout(page, &rectangles, &count), 0)
        defer { g_free(rectangles) }
        var lines: [(x1: Double, y1: Double, x2: Double, y2: Double)] = []
        var newLine = true
        for index in start..<(start + wanted.count) {
            if scalars[index] == "\n" { newLine = true; continue }
            if scalars[index] == " " { continue }
            let box = rectangles![index]
            if newLine || lines.isEmpty {
                lines.append((box.x1, box.y1, box.x2, box.y2))
                newLine = false
            } else {
                let last = lines.removeLast()
                lines.append((min(last.x1, box.x1), min(last.y1, box.y1), max(last.x2, box.x2), max(last.y2, box.y2)))
            }
        }
        return lines
    }
}
