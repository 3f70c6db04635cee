import FoundationEssentials

/// The shelf's order.
public enum ShelfSort: String, CaseIterable, Sendable {
    /// As iBooks opens: the books being read, last read first, then the rest newest added first.
    case recent

    /// `items` in this order; ties fall back on the id so the order is stable.
    public func ordered(_ items: [ShelfItem]) -> [ShelfItem] {
        items.sorted { a, b in precedes(a, b) ?? (a.id < b.id) }
    }

    private func precedes(_ a: ShelfItem, _ b: ShelfItem) -> Bool? {
        switch (a.lastRead, b.lastRead) {
        case (let x?, let y?): return x == y ? nil : x > y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return a.addedAt == b.addedAt ? nil : a.addedAt > b.addedAt
        }
    }
}
