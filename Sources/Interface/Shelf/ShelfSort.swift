import FoundationEssentials

/// The shelf's orders, cycled with `s`.
public enum ShelfSort: String, CaseIterable, Sendable {
    /// As iBooks opens: the books being read, last read first, then the rest newest added first.
    case recent
    case title
    case author
    /// Newest added first.
    case added
    /// The most stars first; books without a rating last, newest added first among equals.
    case rating

    public var next: ShelfSort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// `items` in this order; ties fall back on the id so the order is stable.
    public func ordered(_ items: [ShelfItem]) -> [ShelfItem] {
        items.sorted { a, b in precedes(a, b) ?? (a.id < b.id) }
    }

    private func precedes(_ a: ShelfItem, _ b: ShelfItem) -> Bool? {
        switch self {
        case .recent:
            switch (a.lastRead, b.lastRead) {
            case (let x?, let y?): return x == y ? nil : x > y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.addedAt == b.addedAt ? nil : a.addedAt > b.addedAt
            }
        case .title: return text(a.title, b.title)
        case .author: return text(a.author, b.author) ?? text(a.title, b.title)
        case .added: return a.addedAt == b.addedAt ? nil : a.addedAt > b.addedAt
        case .rating:
            switch (a.rating, b.rating) {
            case (let x?, let y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.addedAt == b.addedAt ? nil : a.addedAt > b.addedAt
            }
        }
    }

    /// Caseless, and an empty value (a book with no author) last.
    private func text(_ x: String, _ y: String) -> Bool? {
        switch (x.isEmpty, y.isEmpty) {
        case (true, true): return nil
        case (true, false): return false
        case (false, true): return true
        case (false, false):
            let (x, y) = (x.lowercased(), y.lowercased())
            return x == y ? nil : x < y
        }
    }
}
