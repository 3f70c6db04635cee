import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An OPDS feed read back with Foundation's XML parser: a feed that is not well-formed XML,
/// or not an Atom feed, fails to parse.
struct OPDSDocument {
    struct Link: Equatable {
        var rel: String
        var href: String
        var type: String
        var attributes: [String: String]
    }

    struct Entry {
        var title = ""
        var id = ""
        var authors: [String] = []
        /// The entry's text content.
        var summary: String?
        var links: [Link] = []

        func link(_ rel: String) -> Link? { links.first { $0.rel == rel } }
    }

    var title = ""
    var links: [Link] = []
    var entries: [Entry] = []

    func link(_ rel: String) -> Link? { links.first { $0.rel == rel } }

    init(_ data: Data) throws {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else {
            throw NSError(domain: "OPDSDocument", code: 1,
                          userInfo: [NSLocalizedDescriptionKey: "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?")"])
        }
        guard reader.rootIsAtomFeed else {
            throw NSError(domain: "OPDSDocument", code: 2, userInfo: [NSLocalizedDescriptionKey: "not an Atom feed"])
        }
        self = reader.document
    }

    private init() {}

    private final class Reader: NSObject, XMLParserDelegate {
        static let atom = "http://www.w3.org/2005/Atom"
        var document = OPDSDocument()
        var rootIsAtomFeed = false
        var path: [String] = []
        var text = ""
        var entry: Entry?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if path.isEmpty { rootIsAtomFeed = name == "feed" && namespaceURI == Self.atom }
            path.append(name)
            text = ""
            if name == "entry" { entry = Entry() }
            if name == "link" {
                let link = Link(rel: attributes["rel"] ?? "", href: attributes["href"] ?? "", type: attributes["type"] ?? "",
                                attributes: attributes)
                if entry != nil { entry?.links.append(link) } else { document.links.append(link) }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let parent = path.dropLast().last
            switch (name, parent) {
            case ("title", "feed"): document.title = text
            case ("title", "entry"): entry?.title = text
            case ("id", "entry"): entry?.id = text
            case ("content", "entry"): entry?.summary = text.isEmpty ? nil : text
            case ("name", "author") where path.count >= 3 && path[path.count - 3] == "entry": entry?.authors.append(text)
            case ("entry", _):
                if let entry { document.entries.append(entry) }
                entry = nil
            default: break
            }
            path.removeLast()
        }
    }
}
