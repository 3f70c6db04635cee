import CPoppler
import Foundation

extension PDFDocument {
    /// The links on a page (1-based) that lead somewhere a reader can go:
    /// pages of this document (named destinations resolved) and URIs.
    /// Links to other files, launches and scripts are left out.
    public func links(onPage number: Int) -> [PageLink] {
        guard number >= 1, number <= pageCount, let page = page(at: number - 1) else { return [] }
        guard let mappings = poppler_page_get_link_mapping(page.page) else { return [] }
        defer { poppler_page_free_link_mapping(mappings) }
        let geometry = AnnotationGeometry(page: page)
        let (width, height) = page.saneSize
        var links: [PageLink] = []
        var glyphs: [Glyph]?
        var node: UnsafeMutablePointer<GList>? = mappings
        while let current = node {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let mapping = raw.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
            guard let action = mapping.action, let target = target(of: action) else { continue }
            let area = geometry.displayedRect(fromArea: mapping.area)
            // The glyphs whose centres the link covers, as a highlight's text is found.
            if glyphs == nil { glyphs = page.glyphs() }
            let text = CoveredText.span(of: glyphs ?? [], inside: [area])?.text ?? ""
            links.append(PageLink(area: PageRectangle(x: area.x1 / width, y: area.y1 / height,
                                                     width: area.width / width, height: area.height / height),
                                 target: target,
                                 text: text.split(whereSeparator: \.isWhitespace).joined(separator: " ")))
        }
        // poppler lists a page's links last first.
        return links.sorted { ($0.area.y, $0.area.x) < ($1.area.y, $1.area.x) }
    }

    private func target(of action: UnsafeMutablePointer<PopplerAction>) -> PageLink.Target? {
        switch action.pointee.type {
        case POPPLER_ACTION_URI:
            guard let uri = action.pointee.uri.uri else { return nil }
            let text = String(cString: uri).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : .uri(text)
        case POPPLER_ACTION_GOTO_DEST:
            guard let dest = action.pointee.goto_dest.dest else { return nil }
            let place = destination(dest)
            return place.page.map { .page($0, top: place.top) }
        default:
            return nil
        }
    }
}
