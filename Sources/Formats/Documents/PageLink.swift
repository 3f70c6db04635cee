/// A link on a page: where it is and where it leads. Only what a reader can
/// follow is kept: a place in the same document, or an address. Codable:
/// the render worker sends the reader those of a laid-out book's pages.
public struct PageLink: Codable, Equatable, Sendable {
    public enum Target: Codable, Equatable, Sendable {
        /// A 1-based page, and the destination's top as a fraction of the
        /// page's height from its top when the destination names one.
        case page(Int, top: Double?)
        case uri(String)
    }

    /// Where the link is, as fractions of the displayed page from its top-left.
    public var area: PageRectangle
    public var target: Target
    /// The text under the link, to find it in the page's text.
    public var text: String

    public init(area: PageRectangle, target: Target, text: String = "") {
        self.area = area
        self.target = target
        self.text = text
    }
}
