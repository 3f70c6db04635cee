/// One line of a document's outline (bookmarks panel), flattened in document
/// order; `depth` 0 is the top level and `page` the 1-based target page.
public struct OutlineEntry: Codable, Equatable, Sendable {
    public var title: String
    public var depth: Int
    public var page: Int?

    public init(title: String, depth: Int, page: Int?) {
        self.title = title
        self.depth = depth
        self.page = page
    }
}
