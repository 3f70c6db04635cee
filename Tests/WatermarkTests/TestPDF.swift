import CPangoCairo
import Foundation
import PDF
import TestSupport
import XCTest

/// PDFs the watermark tests need, drawn with cairo: every page carries its
/// own searchable text, a black square in the middle, an outline entry, a
/// roman or arabic page label and a link; the document has a title.
enum TestPDF {
    static let title = "Watermark Test Document"

    /// `pageCount` pages of `width` x `height` points. The first two pages are
    /// labelled i, ii, the rest 1, 2, …
    static func make(_ path: String, pageCount: Int = 4, width: Double = 600, height: Double = 800) throws {
        let drawn = path + ".cairo.pdf"
        defer { unlink(drawn) }
        try draw(drawn, pageCount: pageCount, width: width, height: height)
        // Cairo 1.16 leaves a dangling object reference when a page has
        // links; qpdf rewrites the file clean, as any producer's would be.
        let result = try Run.process("/usr/bin/qpdf", [drawn, path])
        XCTAssertTrue(result.status == 0 || result.status == 3, result.stderr)
        XCTAssertEqual(try Run.process("/usr/bin/qpdf", ["--check", path]).status, 0)
    }

    private static func draw(_ path: String, pageCount: Int, width: Double, height: Double) throws {
        let surface = cairo_pdf_surface_create(path, width, height)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        let layout = pango_cairo_create_layout(context)!
        defer { g_object_unref(gpointer(layout)) }
        pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72)
        pango_layout_context_changed(layout)
        let font = pango_font_description_from_string("Serif 14")
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        for page in 1...pageCount {
            cairo_pdf_surface_set_page_label(surface, label(page))
            cairo_pdf_surface_add_outline(surface, CAIRO_PDF_OUTLINE_ROOT, "Chapter \(page)", "page=\(page)", CAIRO_PDF_OUTLINE_FLAG_OPEN)
            cairo_set_source_rgb(context, 0, 0, 0)
            cairo_move_to(context, 40, 30)
            pango_layout_set_text(layout, "Searchable body text on page \(page) quokka\(page)", -1)
            pango_cairo_show_layout(context, layout)
            cairo_rectangle(context, width / 2 - 50, height / 2 - 50, 100, 100)
            cairo_fill(context)
            cairo_tag_begin(context, CAIRO_TAG_LINK, "uri='https://example.org/page\(page)'")
            cairo_move_to(context, 40, height - 40)
            pango_layout_set_text(layout, "a link", -1)
            pango_cairo_show_layout(context, layout)
            cairo_tag_end(context, CAIRO_TAG_LINK)
            cairo_show_page(context)
        }
        cairo_surface_finish(surface)
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
    }

    static func label(_ page: Int) -> String {
        page <= 2 ? ["i", "ii"][page - 1] : String(page - 2)
    }

    /// A copy with pages turned by qpdf, e.g. ["+90:2", "+180:3"].
    static func rotated(_ source: String, _ rotations: [String], to path: String) throws {
        let result = try Run.process("/usr/bin/qpdf", [source] + rotations.map { "--rotate=\($0)" } + [path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// A one-page PDF whose CropBox shows only part of its MediaBox; written
    /// by hand and then given a proper cross-reference table by qpdf.
    static func cropped(_ path: String, media: [Double], crop: [Double], rotate: Int = 0) throws {
        let content = "0 0 0 rg \((crop[0] + crop[2]) / 2 - 20) \((crop[1] + crop[3]) / 2 - 20) 40 40 re f"
        func box(_ values: [Double]) -> String { "[" + values.map { String($0) }.joined(separator: " ") + "]" }
        let raw = """
        %PDF-1.7
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
        3 0 obj << /Type /Page /Parent 2 0 R /MediaBox \(box(media)) /CropBox \(box(crop)) /Rotate \(rotate) /Contents 4 0 R /Resources << >> >> endobj
        4 0 obj << /Length \(content.utf8.count) >> stream
        \(content)
        endstream endobj
        trailer << /Root 1 0 R >>
        %%EOF

        """
        let rough = path + ".rough.pdf"
        try raw.write(toFile: rough, atomically: true, encoding: .utf8)
        defer { unlink(rough) }
        let result = try Run.process("/usr/bin/qpdf", [rough, path])
        XCTAssertTrue(result.status == 0 || result.status == 3, result.stderr)
    }
}

/// A rendered page, for looking at pixels.
struct Bitmap {
    let width: Int, height: Int
    private let pixels: [UInt32]

    /// Renders `page` (1-based) with poppler to a PNG `pixelsLong` on its
    /// longer side and reads it back.
    init(pdf path: String, page: Int, pixelsLong: Int = 400, password: String? = nil) throws {
        let document = try PDFDocument(path: path, password: password)
        let png = NSTemporaryDirectory() + "wm-bitmap-\(UUID().uuidString).png"
        defer { unlink(png) }
        guard let pdfPage = document.page(at: page - 1) else { throw RunError.failed("no page \(page)") }
        try pdfPage.writePNG(to: png, maxPixels: pixelsLong)
        try self.init(png: png)
    }

    init(png: String) throws {
        guard let surface = cairo_image_surface_create_from_png(png), cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RunError.failed("cannot read \(png)")
        }
        defer { cairo_surface_destroy(surface) }
        let converted = cairo_image_surface_create(CAIRO_FORMAT_RGB24, cairo_image_surface_get_width(surface),
                                                   cairo_image_surface_get_height(surface))!
        defer { cairo_surface_destroy(converted) }
        let context = cairo_create(converted)!
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(converted)
        width = Int(cairo_image_surface_get_width(converted))
        height = Int(cairo_image_surface_get_height(converted))
        let stride = Int(cairo_image_surface_get_stride(converted)) / 4
        let data = cairo_image_surface_get_data(converted)!.withMemoryRebound(to: UInt32.self, capacity: stride * height) { $0 }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { pixels[y * width + x] = data[y * stride + x] }
        }
        self.pixels = pixels
    }

    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let value = pixels[y * width + x]
        return (Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF))
    }

    /// Pixel at a fraction of the width and height.
    func rgb(fx: Double, fy: Double) -> (r: Int, g: Int, b: Int) {
        rgb(min(width - 1, Int(fx * Double(width))), min(height - 1, Int(fy * Double(height))))
    }

    /// How many pixels in the region (fractions of the page) look red.
    func redCount(x: ClosedRange<Double> = 0...1, y: ClosedRange<Double> = 0...1) -> Int {
        var count = 0
        let xs = Int(x.lowerBound * Double(width - 1))...Int(x.upperBound * Double(width - 1))
        let ys = Int(y.lowerBound * Double(height - 1))...Int(y.upperBound * Double(height - 1))
        for py in ys {
            for px in xs {
                let (r, g, b) = rgb(px, py)
                if r > 150, r - g > 60, r - b > 60 { count += 1 }
            }
        }
        return count
    }
}
