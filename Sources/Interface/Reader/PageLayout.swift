import PDF

/// The page on screen as the session laid it out: the size of its image
/// once zoomed and turned, and the search hits poppler found on it. The
/// update needs it to scroll by screens and to bring a hit or a destination
/// into view, since how far down something is depends on the zoom.
public struct PageLayout: Sendable {
    public var page: Int
    /// Pixels of the page image as shown (after rotation).
    public var width: Int
    public var height: Int
    /// The search hits on the page, as fractions of the upright page, in the order poppler found them.
    public var matches: [PageRectangle]

    public init(page: Int, width: Int, height: Int, matches: [PageRectangle] = []) {
        self.page = page
        self.width = width
        self.height = height
        self.matches = matches
    }
}
