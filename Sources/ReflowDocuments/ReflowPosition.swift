/// A place in a book that survives a new layout (MuPDF's bookmark: a chapter and an
/// offset into it), for remembering where a reader was.
public struct ReflowPosition: Codable, Equatable, Sendable {
    public var value: UInt64

    public init(value: UInt64) {
        self.value = value
    }
}
