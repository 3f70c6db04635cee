/// A place in a book that survives a new layout and a new process, for remembering where a
/// reader was: the chapter (high 24 bits) and how many letters of it come before the place (white
/// space not counted, since line breaks add and drop it). MuPDF's own bookmarks are pointers into
/// one open document's memory, so they are not used. A book of fixed pages keeps its page index (0-based).
public struct ReflowPosition: Codable, Equatable, Sendable {
    public var value: UInt64

    /// As ReflowEngine.c's letter_bits: the letters' share of `value`.
    static let letterBits: UInt64 = 40

    public init(value: UInt64) {
        self.value = value
    }

    public init(chapter: Int, letters: Int) {
        value = UInt64(max(0, chapter)) << Self.letterBits | min(UInt64(max(0, letters)), (1 << Self.letterBits) - 1)
    }

    public var chapter: Int { Int(value >> Self.letterBits) }
    /// The letters of the chapter before the place.
    public var letters: Int { Int(value & ((1 << Self.letterBits) - 1)) }
}
