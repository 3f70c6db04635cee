/// A place in a book that survives a new layout and a new process, for remembering where a
/// reader was: the chapter (high 24 bits) and how many letters of it come before the place (white
/// space not counted, since line breaks add and drop it). MuPDF's own bookmarks are pointers into
/// one open document's memory, so they are not used. A book of fixed pages keeps its page index (0-based).
public struct ReflowPosition: Codable, Equatable, Sendable {
    public var value: UInt64

    public init(value: UInt64) {
        self.value = value
    }
}
