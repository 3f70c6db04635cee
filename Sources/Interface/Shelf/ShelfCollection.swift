/// A collection as the shelf lists it: its name and its books, in its order.
public struct ShelfCollection: Equatable, Sendable {
    public var name: String
    public var bookIDs: [Int]

    public init(name: String, bookIDs: [Int]) {
        self.name = name
        self.bookIDs = bookIDs
    }
}
