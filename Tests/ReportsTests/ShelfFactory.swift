import CPangoCairo
import Foundation

/// Writes many tiny one-page PDFs with cairo, each with its own title and
/// author in the document properties and a line of text to search for.
enum ShelfFactory {
    static let longWord = "Pneumonoultramicroscopicsilicovolcanoconiosisandfriendsforeverandever"

    /// The title of book `index`: plain, CJK, accented, right-to-left, or very long.
    static func title(_ index: Int) -> String {
        let number = String(format: "%03d", index)
        switch index % 10 {
        case 3: return "灯塔守望者 第\(number)卷 春夏秋冬"
        case 5: return "Volume \(number) of the exceedingly long and meandering chronicle concerning the patient keeping of lighthouses along remote and stormy northern coastlines through three whole centuries of change, war, peace and automation \(longWord)\(number)"
        case 7: return "Café Überraschung \(number) à la carte"
        case 9: return "مكتبة المنارة \(number)"
        default: return "Harbour Notes \(number)"
        }
    }

    static func write(count: Int, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 1...count {
            let path = folder.appendingPathComponent(String(format: "book-%03d.pdf", index)).path
            let surface = cairo_pdf_surface_create(path, 200, 260)!
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title(index))
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, "Keeper \(index % 17)")
            let cairo = cairo_create(surface)!
            cairo_set_source_rgb(cairo, Double(index % 7) / 7, 0.4, Double(index % 5) / 5)
            cairo_rectangle(cairo, 20, 20, 160, 80)
            cairo_fill(cairo)
            let layout = pango_cairo_create_layout(cairo)!
            let font = pango_font_description_from_string("DejaVu Sans 9")
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            pango_layout_set_width(layout, 160 * PANGO_SCALE)
            pango_layout_set_text(layout, "Logbook entry \(index): the lamp was lit at dusk and the fog horn sounded.", -1)
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_move_to(cairo, 20, 120)
            pango_cairo_show_layout(cairo, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
            cairo_show_page(cairo)
            cairo_destroy(cairo)
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS else { throw CocoaError(.fileWriteUnknown) }
        }
    }
}
