import CPoppler
import Foundation
@testable import PDF
import TestSupport
import XCTest

/// A page whose /Annots has no annotation of a kind ibook keeps is read as
/// having none without poppler-glib making its annotations (PageMarks.cpp);
/// on every page of the SampleBooks and the corpus that gives what reading
/// every annotation gives.
final class AnnotationPrecheckTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try Fixtures.temporaryDirectory("precheck") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func pdfs(under folder: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension.lowercased() == "pdf" }.sorted { $0.path < $1.path }
    }

    /// A one-page PDF whose /Annots holds these annotation dictionaries.
    private func pdf(annotations: [String]) throws -> String {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [\((0..<annotations.count).map { "\($0 + 4) 0 R" }.joined(separator: " "))] >>"]
        objects += annotations
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(format: "%010d 00000 n \n", offset) }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        let file = folder.appendingPathComponent("annots-\(UUID().uuidString.prefix(6)).pdf")
        try Data(out.utf8).write(to: file)
        return file.path
    }

    func testLinksAndPopupsAloneAreNoMarksAndANoteIs() throws {
        let link = "<< /Type /Annot /Subtype /Link /Rect [10 10 50 50] /A << /S /URI /URI (https://example.org) >> >>"
        let popup = "<< /Type /Annot /Subtype /Popup /Rect [10 10 50 50] >>"
        let note = "<< /Type /Annot /Subtype /Text /Rect [100 100 120 120] /Contents (Read again) >>"
        let noSubtype = "<< /Type /Annot /Rect [10 10 50 50] >>"
        for (annotations, marks) in [([link, popup, noSubtype], false), ([link, note], true), ([String](), false)] {
            let document = try PDFDocument(path: try pdf(annotations: annotations), mapped: true)
            let page = try XCTUnwrap(document.page(at: 0))
            XCTAssertEqual(try XCTUnwrap(document.pageText).mayHaveMarks(page: 0), marks, "\(annotations)")
            XCTAssertEqual(page.annotations().map(\.kind), marks ? ["text"] : [])
            XCTAssertEqual(page.annotations().map(\.contents), page.allAnnotations().map(\.contents))
        }
    }

    /// A copy of a SampleBook marked up through poppler-glib as Evince marks one up: a note on
    /// every third page, a highlight over the first words of every fifth.
    private func markedUpBook() throws -> URL {
        let source = Fixtures.sampleBook("lighthouses.pdf")
        let reader = try PDFDocument(path: source)
        var error: UnsafeMutablePointer<GError>?
        let uri = g_filename_to_uri(source, nil, nil)!
        defer { g_free(uri) }
        let document = try XCTUnwrap(poppler_document_new_from_file(uri, nil, &error))
        defer { g_object_unref(gpointer(document)) }
        for index in 0..<reader.pageCount where index % 3 == 0 || index % 5 == 0 {
            let page = try XCTUnwrap(poppler_document_get_page(document, Int32(index)))
            defer { g_object_unref(gpointer(page)) }
            let height = try XCTUnwrap(reader.page(at: index)).size.height
            let annot: OpaquePointer
            let words = try XCTUnwrap(reader.page(at: index)).glyphs().prefix(12).filter { $0.x2 > $0.x1 }
            if index % 5 == 0, let first = words.first, let last = words.last {
                let quads = g_array_new(0, 0, guint(MemoryLayout<PopplerQuadrilateral>.stride))!
                defer { g_array_unref(quads) }
                var quad = PopplerQuadrilateral(
                    p1: PopplerPoint(x: first.x1, y: height - first.y1), p2: PopplerPoint(x: last.x2, y: height - first.y1),
                    p3: PopplerPoint(x: first.x1, y: height - first.y2), p4: PopplerPoint(x: last.x2, y: height - first.y2))
                g_array_append_vals(quads, &quad, 1)
                var rect = PopplerRectangle(x1: first.x1, y1: height - first.y2, x2: last.x2, y2: height - first.y1)
                annot = poppler_annot_text_markup_new_highlight(document, &rect, quads)
            } else {
                var rect = PopplerRectangle(x1: 100, y1: 100, x2: 120, y2: 120)
                annot = poppler_annot_text_new(document, &rect)
                poppler_annot_set_contents(annot, "note on page \(index + 1)")
            }
            defer { g_object_unref(gpointer(annot)) }
            poppler_page_add_annot(page, annot)
        }
        let copy = folder.appendingPathComponent("marked-up.pdf")
        let output = g_filename_to_uri(copy.path, nil, nil)!
        defer { g_free(output) }
        XCTAssertNotEqual(poppler_document_save(document, output, &error), 0)
        return copy
    }

    func testEveryPageOfTheSampleBooksAndTheCorpusHasTheAnnotationsItHad() throws {
        var files = try [markedUpBook()] + pdfs(under: Fixtures.sampleBooks)
        if let corpus = Fixtures.corpus { files += pdfs(under: corpus) }
        var pages = 0, marked = 0, skipped = 0, covered = 0
        var differences: [String] = []
        for file in files {
            guard let document = try? PDFDocument(path: file.path, mapped: true) else { continue }
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                pages += 1
                let all = page.allAnnotations()
                if !all.isEmpty { marked += 1 }
                covered += all.filter { $0.coveredText != nil }.count
                if document.pageText?.mayHaveMarks(page: index) == false { skipped += 1 }
                let ours = page.annotations()
                if ours.map(\.kind) != all.map(\.kind) || ours.map(\.contents) != all.map(\.contents)
                    || ours.map(\.coveredText) != all.map(\.coveredText) {
                    differences.append("\(file.lastPathComponent) p. \(index + 1): \(ours.map(\.kind)) against \(all.map(\.kind))")
                }
            }
        }
        print("annotation precheck: \(pages) pages, \(marked) with annotations ibook keeps (\(covered) highlights), "
              + "\(skipped) not asked of poppler-glib")
        XCTAssertGreaterThan(marked, 15, "the marked-up copy's pages with notes and highlights")
        XCTAssertGreaterThan(covered, 5, "highlights with the text they cover")
        XCTAssertGreaterThan(skipped, pages / 2)
        XCTAssertTrue(differences.isEmpty, differences.prefix(20).joined(separator: "\n"))
    }
}
