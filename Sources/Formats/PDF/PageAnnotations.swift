import CPoppler
import Foundation

extension PDFPage {
    /// The page's annotations (links, form fields and popups left out, as
    /// they are not a reader's marks), text markup with the text it covers.
    public func annotations() -> [PDFAnnotation] {
        // Most pages have none but links: poppler-glib would make every one of them to say so.
        if let pageText, !pageText.mayHaveMarks(page: index) { return [] }
        return allAnnotations()
    }

    /// The same, every annotation poppler-glib makes looked at (AnnotationPrecheckTests compares the two).
    func allAnnotations() -> [PDFAnnotation] {
        guard let mappings = poppler_page_get_annot_mapping(page) else { return [] }
        defer { poppler_page_free_annot_mapping(mappings) }
        let geometry = AnnotationGeometry(page: self)
        var glyphCache: [Glyph]?
        var annotations: [PDFAnnotation] = []
        var node: UnsafeMutablePointer<GList>? = mappings
        while let current = node {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let mapping = raw.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee
            guard let annot = mapping.annot as OpaquePointer?,
                  let kind = Self.kindName(poppler_annot_get_annot_type(annot)) else { continue }
            let area = geometry.displayedRect(fromArea: mapping.area)
            var annotation = PDFAnnotation(kind: kind, rectangles: [area])
            annotation.contents = takeGString(poppler_annot_get_contents(annot))?.trimmingCharacters(in: .whitespacesAndNewlines)
            if annotation.contents?.isEmpty == true { annotation.contents = nil }
            annotation.color = Self.color(of: annot)
            annotation.modified = takeGString(poppler_annot_get_modified(annot)).flatMap(Self.date)
            if Self.isInstance(annot, of: poppler_annot_markup_get_type()) {
                annotation.author = takeGString(poppler_annot_markup_get_label(annot))
                if let day = poppler_annot_markup_get_date(annot) {
                    annotation.created = Self.date(day)
                    g_date_free(day)
                }
            }
            if PDFAnnotation.textMarkupKinds.contains(kind), Self.isInstance(annot, of: poppler_annot_text_markup_get_type()),
               let quads = poppler_annot_text_markup_get_quadrilaterals(annot)
            {
                defer { g_array_unref(quads) }
                let unrotated = (0..<Int(quads.pointee.len)).map { index in
                    quads.pointee.data.withMemoryRebound(to: PopplerQuadrilateral.self, capacity: index + 1) { $0[index] }
                }
                let rectangles = geometry.displayedRects(fromQuadrilaterals: unrotated, area: area)
                if !rectangles.isEmpty {
                    annotation.rectangles = rectangles
                    if glyphCache == nil { glyphCache = glyphs() }
                    let covered = CoveredText.span(of: glyphCache ?? [], inside: rectangles)
                    annotation.coveredText = covered?.text
                    annotation.coveredSpan = covered?.glyphs
                }
            }
            annotations.append(annotation)
        }
        return annotations
    }

    private static func kindName(_ type: PopplerAnnotType) -> String? {
        switch type {
        case POPPLER_ANNOT_HIGHLIGHT: return "highlight"
        case POPPLER_ANNOT_UNDERLINE: return "underline"
        case POPPLER_ANNOT_SQUIGGLY: return "squiggly"
        case POPPLER_ANNOT_STRIKE_OUT: return "strike-out"
        case POPPLER_ANNOT_TEXT: return "text"
        case POPPLER_ANNOT_FREE_TEXT: return "free-text"
        case POPPLER_ANNOT_INK: return "ink"
        case POPPLER_ANNOT_LINE: return "line"
        case POPPLER_ANNOT_SQUARE: return "square"
        case POPPLER_ANNOT_CIRCLE: return "circle"
        case POPPLER_ANNOT_POLYGON: return "polygon"
        case POPPLER_ANNOT_POLY_LINE: return "polyline"
        case POPPLER_ANNOT_STAMP: return "stamp"
        case POPPLER_ANNOT_CARET: return "caret"
        case POPPLER_ANNOT_FILE_ATTACHMENT: return "file-attachment"
        case POPPLER_ANNOT_SOUND: return "sound"
        // Links, form fields, popups (the window of another annotation) and
        // the like are the document's machinery, not marks made on it.
        // (PageText's PageMarks.cpp names the /Subtype of each kind kept here.)
        default: return nil
        }
    }

    private static func isInstance(_ annot: OpaquePointer, of type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(annot), type) != 0
    }

    private static func color(of annot: OpaquePointer) -> String? {
        guard let color = poppler_annot_get_color(annot) else { return nil }
        defer { g_free(color) }
        let components = [color.pointee.red, color.pointee.green, color.pointee.blue].map { (Int($0) + 128) / 257 }
        return "#" + components.map { String(format: "%02x", min(255, $0)) }.joined()
    }

    /// A PDF date string ("D:20240105093000+01'00'").
    private static func date(_ text: String) -> Date? {
        var time: time_t = 0
        guard poppler_date_parse(text, &time) != 0, time > 0 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(time))
    }

    private static func date(_ day: UnsafeMutablePointer<GDate>) -> Date? {
        guard g_date_valid(day) != 0 else { return nil }
        var components = DateComponents()
        components.year = Int(g_date_get_year(day))
        components.month = Int(g_date_get_month(day).rawValue)
        components.day = Int(g_date_get_day(day))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar.date(from: components)
    }
}
