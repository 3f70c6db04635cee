/// One line of a document's outline (bookmarks panel), flattened in document
/// order; `depth` 0 is the top level and `page` the 1-based target page.
public struct OutlineEntry: Codable, Equatable, Sendable {
    public var title: String
    public var depth: Int
    public var page: Int?
    /// Where on the page the destination's top edge is, as a fraction of the
    /// page's height from its top; nil when the destination names the page only.
    public var top: Double?

    public init(title: String, depth: Int, page: Int?, top: Double? = nil) {
        self.title = title
        self.depth = depth
        self.page = page
        self.top = top
    }
}
