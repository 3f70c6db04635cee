import PDF

/// One page to render, as the reader sends it to the render worker.
public struct RenderRequest: Codable, Equatable, Hashable, Sendable {
    public var path: String
    public var password: String?
    /// 1-based.
    public var page: Int
    /// The page is fitted into this box, proportions kept.
    public var boxWidth: Int
    public var boxHeight: Int
    /// Text whose occurrences on the page are wanted as rectangles.
    public var find: String?

    public init(path: String, password: String?, page: Int, boxWidth: Int, boxHeight: Int, find: String? = nil) {
        self.path = path
        self.password = password
        self.page = page
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.find = find
    }
}

/// The header line of a reply; `width * height * 4` bytes of RGBA follow it
/// when there is no error.
struct RenderReplyHeader: Codable {
    var width = 0
    var height = 0
    var matches: [PageRectangle] = []
    var error: String?
}
