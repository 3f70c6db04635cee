/// A heading found in a plain-text book.
public struct PlainTextChapter: Codable, Equatable, Sendable {
    public var title: String
    /// 0 = part or book, 1 = chapter, 2 = section.
    public var level: Int
    /// UTF-8 byte offset in `PlainTextBook.text` of the heading's first visible character.
    public var offset: Int

    public init(title: String, level: Int, offset: Int) {
        self.title = title
        self.level = level
        self.offset = offset
    }
}
