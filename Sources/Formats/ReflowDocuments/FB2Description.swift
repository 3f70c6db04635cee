import Foundation

/// An FB2's `<description>`: `<title-info>` (title, authors, language, genres, series,
/// annotation, cover) and `<publish-info>` (publisher, year, ISBN), and its cover's bytes
/// from the `<binary>` the coverpage points to.
struct FB2Description {
    var metadata = ReflowMetadata()
    var cover: [UInt8]?

    /// FB2 files embed their images in base64; larger than this is no book.
    static let largestFile = 128 << 20

    init(tree: XMLNode) {
        guard let book = tree.child("FictionBook"), let description = book.child("description") else { return }
        let titleInfo = description.child("title-info")
        let publishInfo = description.child("publish-info")
        metadata.title = titleInfo?.child("book-title").flatMap { $0.text.cleanedBookText(limit: 500) }
        var creators: [ReflowCreator] = []
        for (element, role) in [("author", "aut"), ("translator", "trl")] {
            for person in titleInfo?.children(element) ?? [] {
                if let creator = Self.person(person, role: role) { creators.append(creator) }
            }
        }
        metadata.creators = ReflowMetadata.ordered(creators)
        metadata.language = titleInfo?.child("lang").flatMap { $0.text.cleanedBookText(limit: 35) }
        metadata.subjects = (titleInfo?.children("genre") ?? []).prefix(100).compactMap { $0.text.cleanedBookText(limit: 200) }
        metadata.description = titleInfo?.child("annotation").flatMap { $0.text.cleanedBookText(limit: 5000) }
        if let sequence = (titleInfo?.child("sequence") ?? publishInfo?.child("sequence")),
           let name = sequence.attribute("name")?.cleanedBookText(limit: 200) {
            metadata.series = name
            metadata.seriesIndex = sequence.attribute("number").flatMap(EPUBMetadataReader.number)
        }
        metadata.publisher = publishInfo?.child("publisher").flatMap { $0.text.cleanedBookText(limit: 200) }
        metadata.date = publishInfo?.child("year").flatMap { $0.text.cleanedBookText(limit: 40) }
            ?? titleInfo?.child("date").flatMap { $0.attribute("value") ?? $0.text }.flatMap { $0.cleanedBookText(limit: 40) }
        if let isbn = publishInfo?.child("isbn").flatMap({ $0.text.cleanedBookText(limit: 40) }) {
            metadata.identifiers["isbn"] = isbn
            metadata.isbn = isbn.filter { $0 != "-" && $0 != " " }
        }
        if let id = description.child("document-info")?.child("id").flatMap({ $0.text.cleanedBookText(limit: 200) }) {
            metadata.identifiers["fb2"] = id
        }
        if let image = titleInfo?.child("coverpage")?.child("image"),
           let href = image.attribute("href"), href.hasPrefix("#") {
            let id = String(href.dropFirst())
            if let binary = book.children("binary").first(where: { $0.attribute("id") == id }) {
                cover = Data(base64Encoded: binary.text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
            }
        }
    }

    /// "First Middle Last", filed as "Last, First Middle"; a nickname when that is all there is.
    private static func person(_ node: XMLNode, role: String) -> ReflowCreator? {
        func part(_ name: String) -> String? { node.child(name).flatMap { $0.text.cleanedBookText(limit: 100) } }
        let given = [part("first-name"), part("middle-name")].compactMap { $0 }
        let last = part("last-name")
        let name = (given + [last].compactMap { $0 }).joined(separator: " ")
        if name.isEmpty {
            return part("nickname").map { ReflowCreator(name: $0, role: role) }
        }
        let fileAs = last.map { given.isEmpty ? $0 : "\($0), \(given.joined(separator: " "))" }
        return ReflowCreator(name: name, role: role, fileAs: fileAs)
    }
}
