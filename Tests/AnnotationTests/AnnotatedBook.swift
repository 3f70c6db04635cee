import CPangoCairo
import Foundation
import TestSupport
import XCTest

/// The book the annotation tests mark up, drawn line by line with cairo so
/// that every line break is known: a hyphenated word, two columns, Japanese
/// text, a page turned by /Rotate 90, an outline two levels deep and page
/// labels (i, then 1, 2, …).
enum AnnotatedBook {
    static let title = "Annotated Harbours"

    struct Line {
        var x: Double, y: Double
        var text: String
        var font = "Serif 12"
    }

    static let pages: [[Line]] = [
        [Line(x: 40, y: 40, text: "Chapter 1. Harbours", font: "Sans Bold 16"),
         Line(x: 40, y: 80, text: "The keepers of the quiet harbour kept the lan-"),
         Line(x: 40, y: 98, text: "tern burning through the long winter nights."),
         Line(x: 40, y: 116, text: "Nobody remembers the harbour master now.")],
        [Line(x: 40, y: 40, text: "Chapter 2. Columns", font: "Sans Bold 16"),
         Line(x: 40, y: 80, text: "Left column begins with"), Line(x: 230, y: 80, text: "Right column tells of"),
         Line(x: 40, y: 98, text: "gulls over the breakwater"), Line(x: 230, y: 98, text: "fog horns and foghorn"),
         Line(x: 40, y: 116, text: "and ends on the pier."), Line(x: 230, y: 116, text: "signals at dawn.")],
        [Line(x: 40, y: 40, text: "第三章 東京", font: "Noto Sans CJK JP Bold 16"),
         Line(x: 40, y: 80, text: "春には桜が咲きます。公園は", font: "Noto Sans CJK JP 12"),
         Line(x: 40, y: 98, text: "人でいっぱいになります。", font: "Noto Sans CJK JP 12")],
        [Line(x: 40, y: 40, text: "Chapter 4. Turned", font: "Sans Bold 16"),
         Line(x: 40, y: 80, text: "The rotated page holds a lighthouse passage."),
         Line(x: 40, y: 98, text: "It is read sideways on the shelf.")],
        [Line(x: 40, y: 40, text: "Notes page", font: "Sans Bold 16"),
         Line(x: 40, y: 80, text: "A sticky note sits in the margin here.")],
    ]

    /// Outline entries: (title, depth, page).
    static let outline: [(String, Int, Int)] = [
        ("Part One", 0, 1), ("Chapter 1. Harbours", 1, 1), ("Chapter 2. Columns", 1, 2),
        ("Chapter 3. Tokyo", 1, 3), ("Chapter 4. Turned", 0, 4), ("Notes", 0, 5),
    ]

    static func label(_ page: Int) -> String { page == 1 ? "i" : String(page - 1) }

    /// Writes the book, without annotations, with page 4 turned by /Rotate 90.
    static func write(_ path: String) throws {
        let drawn = path + ".cairo.pdf"
        defer { unlink(drawn) }
        let surface = cairo_pdf_surface_create(drawn, 420, 300)!
        let context = cairo_create(surface)!
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        let layout = pango_cairo_create_layout(context)!
        pango_cairo_context_set_resolution(pango_layout_get_context(layout), 72)
        pango_layout_context_changed(layout)
        var parents: [Int32] = []
        for (index, lines) in pages.enumerated() {
            let page = index + 1
            cairo_pdf_surface_set_page_label(surface, label(page))
            for (title, depth, target) in outline where target == page {
                let parent = depth == 0 ? CAIRO_PDF_OUTLINE_ROOT : (parents.last ?? CAIRO_PDF_OUTLINE_ROOT)
                let id = cairo_pdf_surface_add_outline(surface, parent, title, "page=\(page)", CAIRO_PDF_OUTLINE_FLAG_OPEN)
                if depth == 0 { parents.append(id) }
            }
            for line in lines {
                let font = pango_font_description_from_string(line.font)
                pango_layout_set_font_description(layout, font)
                pango_font_description_free(font)
                pango_layout_set_text(layout, line.text, -1)
                cairo_move_to(context, line.x, line.y)
                pango_cairo_show_layout(context, layout)
            }
            cairo_show_page(context)
        }
        g_object_unref(gpointer(layout))
        cairo_destroy(context)
        cairo_surface_finish(surface)
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        let result = try Run.process("/usr/bin/qpdf", [drawn, "--rotate=+90:4", path])
        XCTAssertTrue(result.status == 0 || result.status == 3, result.stderr)
    }
}
