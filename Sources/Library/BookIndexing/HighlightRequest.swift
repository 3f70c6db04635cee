import BookLibrary

/// What to highlight: a passage typed as it reads, on a page or anywhere in the book.
public struct HighlightRequest: Sendable {
    public var passage: String
    public var page: PageReference?
    /// 1-based, among the passage's occurrences (on the page, or in the book).
    public var occurrence: Int?
    public var note: String?
    /// "#rrggbb"
    public var color: String
    /// Of several occurrences, the one nearest this point of the page (in
    /// fractions of its displayed width and height): the one a reader shows.
    public var near: (x: Double, y: Double)?

    public init(passage: String, page: PageReference?, occurrence: Int?, note: String?, color: String,
                near: (x: Double, y: Double)? = nil) {
        self.passage = passage
        self.page = page
        self.occurrence = occurrence
        self.note = note
        self.color = color
        self.near = near
    }
}
