import Foundation
import LeanBasics

/// An OPDS 1.2 catalog document: an Atom feed of navigation or acquisition entries.
public struct AtomFeed {
    public enum Kind: String { case navigation, acquisition }

    public struct Link {
        public var rel: String
        public var href: String
        public var type: String
        public var title: String? = nil
        /// Further attributes (`length`, `pse:count`), written in this order.
        public var attributes: [(String, String)] = []
    }

    public struct Entry {
        public var id: String
        public var title: String
        public var updated: Date
        public var authors: [String] = []
        public var language: String? = nil
        public var issued: String? = nil
        public var publisher: String? = nil
        public var summary: String? = nil
        public var categories: [String] = []
        public var links: [Link] = []
    }

    public var id: String
    public var title: String
    public var updated: Date
    public var kind: Kind
    public var links: [Link] = []
    public var entries: [Entry] = []
    /// OpenSearch's counts, for paged results.
    public var totalResults: Int? = nil
    public var itemsPerPage: Int? = nil
    public var startIndex: Int? = nil

    public var contentType: String { Self.contentType(kind) }

    public static func contentType(_ kind: Kind) -> String {
        "application/atom+xml;profile=opds-catalog;kind=\(kind.rawValue)"
    }

    public func xml() -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/terms/" \
            xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" \
            xmlns:pse="http://vaemendis.net/opds-pse/ns">

            """
        out += "  <id>\(MarkupEscaping.text(id))</id>\n"
        out += "  <title>\(MarkupEscaping.text(title))</title>\n"
        out += "  <updated>\(Self.timestamp(updated))</updated>\n"
        out += "  <author><name>ibook</name></author>\n"
        if let totalResults { out += "  <opensearch:totalResults>\(totalResults)</opensearch:totalResults>\n" }
        if let itemsPerPage { out += "  <opensearch:itemsPerPage>\(itemsPerPage)</opensearch:itemsPerPage>\n" }
        if let startIndex { out += "  <opensearch:startIndex>\(startIndex)</opensearch:startIndex>\n" }
        for link in links { out += "  " + Self.element(link) + "\n" }
        for entry in entries {
            out += "  <entry>\n"
            out += "    <title>\(MarkupEscaping.text(entry.title))</title>\n"
            out += "    <id>\(MarkupEscaping.text(entry.id))</id>\n"
            out += "    <updated>\(Self.timestamp(entry.updated))</updated>\n"
            for author in entry.authors { out += "    <author><name>\(MarkupEscaping.text(author))</name></author>\n" }
            if let language = entry.language { out += "    <dc:language>\(MarkupEscaping.text(language))</dc:language>\n" }
            if let issued = entry.issued { out += "    <dc:issued>\(MarkupEscaping.text(issued))</dc:issued>\n" }
            if let publisher = entry.publisher { out += "    <dc:publisher>\(MarkupEscaping.text(publisher))</dc:publisher>\n" }
            for category in entry.categories {
                out += "    <category term=\"\(MarkupEscaping.text(category))\" label=\"\(MarkupEscaping.text(category))\"/>\n"
            }
            // Atom wants content (or an alternate link) in every entry; empty when there is nothing to say.
            out += "    <content type=\"text\">\(MarkupEscaping.text(entry.summary ?? ""))</content>\n"
            for link in entry.links { out += "    " + Self.element(link) + "\n" }
            out += "  </entry>\n"
        }
        out += "</feed>\n"
        return out
    }

    private static func element(_ link: Link) -> String {
        var text = "<link rel=\"\(MarkupEscaping.text(link.rel))\" href=\"\(MarkupEscaping.text(link.href))\" type=\"\(MarkupEscaping.text(link.type))\""
        if let title = link.title { text += " title=\"\(MarkupEscaping.text(title))\"" }
        for (name, value) in link.attributes { text += " \(name)=\"\(MarkupEscaping.text(value))\"" }
        return text + "/>"
    }

    /// RFC 3339 in UTC, as Atom wants it.
    static func timestamp(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
