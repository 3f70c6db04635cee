/// An EPUB 3 navigation document's lists: the table of contents (`<nav epub:type="toc">`,
/// nested `<ol><li><a href>`) and the print edition's page list (`<nav epub:type="page-list">`),
/// each target an archive path with its fragment, for MuPDF to resolve to a page.
struct EPUBNavigation {
    struct Target {
        var title: String
        var depth: Int
        /// nil for a heading without a link (a `<span>`).
        var path: String?
    }

    var contents: [Target] = []
    var pageList: [Target] = []

    /// More entries than any table of contents has: the rest would only cost time.
    static let mostEntries = 20_000

    init() {}

    /// An EPUB 2 NCX's `<pageList>`: `<pageTarget><navLabel><text>12</text></navLabel><content src="…"/>`.
    static func pageTargets(ncx: XMLNode, path: String) -> [Target] {
        guard let list = ncx.descendants("pageList").first else { return [] }
        return list.descendants("pageTarget").prefix(mostEntries).compactMap { target in
            guard let title = target.child("navLabel")?.child("text")?.text.cleanedBookText(limit: 300) else { return nil }
            let source = target.child("content")?.attribute("src").flatMap { ArchivePath.resolve($0, from: path) }
            return Target(title: title, depth: 0, path: source)
        }
    }

    init(tree: XMLNode, path: String) {
        for nav in tree.descendants("nav") {
            let types = (nav.attribute("type") ?? "").split(separator: " ")
            guard let list = nav.descendants("ol").first else { continue }
            var targets: [Target] = []
            Self.collect(list, depth: 0, base: path, into: &targets)
            if types.contains("toc"), contents.isEmpty { contents = targets }
            if types.contains("page-list"), pageList.isEmpty { pageList = targets }
        }
    }

    private static func collect(_ list: XMLNode, depth: Int, base: String, into targets: inout [Target]) {
        for item in list.children("li") where targets.count < mostEntries {
            let label = item.child("a") ?? item.child("span")
            if let label, let title = label.text.cleanedBookText(limit: 300) {
                let path = label.localName == "a" ? label.attribute("href").flatMap { ArchivePath.resolve($0, from: base) } : nil
                targets.append(Target(title: title, depth: depth, path: path))
            }
            if let nested = item.child("ol") { collect(nested, depth: depth + 1, base: base, into: &targets) }
        }
    }
}
