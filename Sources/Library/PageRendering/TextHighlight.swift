import ReflowDocuments

/// A highlight of a laid-out book as the render worker draws it on a page of any layout: the
/// places (`ReflowPosition` values, one chapter's) of its first and last letter, and its colour.
public struct TextHighlight: Codable, Equatable, Hashable, Sendable {
    public var first: UInt64
    public var last: UInt64
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(first: UInt64, last: UInt64, red: UInt8, green: UInt8, blue: UInt8) {
        self.first = first
        self.last = last
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The letters `firstLetter` through `lastLetter` of the chapter (0-based, white space not counted).
    public init(chapter: Int, firstLetter: Int, lastLetter: Int, red: UInt8, green: UInt8, blue: UInt8) {
        self.init(first: ReflowPosition(chapter: chapter, letters: firstLetter).value,
                  last: ReflowPosition(chapter: chapter, letters: lastLetter).value, red: red, green: green, blue: blue)
    }
}
