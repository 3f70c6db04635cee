/// A chapter of a book (the deepest outline entry at or before its pages)
/// with the annotations in it; annotations before the first entry, or in a
/// book without an outline, have no chapter.
public struct AnnotatedChapter: Codable, Equatable, Sendable {
    /// The titles of the outline entries it sits under, outermost first.
    public var parents: [String]
    public var title: String?
    public var page: Int?
    public var label: String?
    public var depth: Int
    public var annotations: [Annotation]
}

/// One book's annotations by chapter, as `ibook notes` exports them.
public struct BookNotes: Codable, Equatable, Sendable {
    public var bookID: Int
    public var bookTitle: String
    public var author: String
    public var chapters: [AnnotatedChapter]

    public var annotationCount: Int { chapters.reduce(0) { $0 + $1.annotations.count } }
}
