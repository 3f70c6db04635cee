/// Where a highlight of a laid-out book (EPUB, FB2, MOBI, plain text) lies in its text, whatever
/// size it is laid out at: the chapter (0-based, in reading order) and its first and last letter
/// there, counted from the chapter's start as the reflow engine's positions count them (every
/// character but white space, which line breaks add and drop). A page number says where it was
/// at the reference layout; this says where it is at any other.
public struct ChapterRange: Codable, Equatable, Hashable, Sendable {
    public var chapter: Int
    public var firstLetter: Int
    public var lastLetter: Int

    public init(chapter: Int, firstLetter: Int, lastLetter: Int) {
        self.chapter = chapter
        self.firstLetter = firstLetter
        self.lastLetter = lastLetter
    }
}
