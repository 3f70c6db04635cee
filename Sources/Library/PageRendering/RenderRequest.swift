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
    /// A reflowable book laid out at this size instead of its reference
    /// layout; `page` is then a page of that layout. Nil (and absent from
    /// the line sent) for PDFs and fixed-layout books.
    public var layout: RenderLayout?
    /// Answer with the layout's `PageMap` instead of a page's pixels.
    public var pageMap: Bool?
    /// The reference pages of the library's hits for `find`, one per hit:
    /// answer with where each is in `layout` instead of a page's pixels.
    public var hitPages: [Int]?
    /// A laid-out book's highlights, drawn by the worker on whichever of them lie on
    /// the page: only it knows where their letters fall in `layout`.
    public var highlights: [TextHighlight]?

    public init(path: String, password: String?, page: Int, boxWidth: Int, boxHeight: Int, find: String? = nil,
                layout: RenderLayout? = nil, pageMap: Bool? = nil) {
        self.path = path
        self.password = password
        self.page = page
        self.boxWidth = boxWidth
        self.boxHeight = boxHeight
        self.find = find
        self.layout = layout
        self.pageMap = pageMap
    }
}

/// The header line of a reply; `width * height * 4` bytes of RGBA follow it
/// when there is no error.
struct RenderReplyHeader: Codable {
    var width = 0
    var height = 0
    var matches: [PageRectangle] = []
    var error: String?
    /// The answer to a `pageMap` request; no pixels follow it.
    var pageMap: PageMap?
    /// The answer to a `hitPages` request; no pixels follow it.
    var hitPlaces: [HitPlace]?
    /// The links of a laid-out book's page drawn, in the layout it was drawn in.
    var links: [PageLink]?
}
