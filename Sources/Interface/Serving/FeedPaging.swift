/// Which part of a long list one page of a feed holds, and the links to the others.
public struct FeedPaging: Equatable, Sendable {
    public let total: Int
    public let size: Int
    /// 1-based, within 1...pages (a page past the end shows the last one).
    public let page: Int
    public let pages: Int

    public init(total: Int, size: Int, page: Int) {
        self.total = total
        self.size = max(1, size)
        pages = max(1, (total + self.size - 1) / self.size)
        self.page = min(max(page, 1), pages)
    }

    /// The indices of the items on this page.
    public var items: Range<Int> { min(total, (page - 1) * size)..<min(total, page * size) }

    /// `self` (this page), `first`, `previous` and `next` where there is one, and `last`, with their addresses.
    public func links(path: String) -> [(rel: String, href: String)] {
        let separator = path.contains("?") ? "&" : "?"
        func href(_ number: Int) -> String { path + separator + "page=\(number)" }
        var links: [(rel: String, href: String)] = [("self", page == 1 ? path : href(page)), ("first", href(1))]
        if page > 1 { links.append(("previous", href(page - 1))) }
        if page < pages { links.append(("next", href(page + 1))) }
        links.append(("last", href(pages)))
        return links
    }
}
