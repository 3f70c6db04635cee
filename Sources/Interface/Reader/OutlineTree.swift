import BookLibrary

/// The table of contents as a tree that folds: which entries show, given
/// the folded ones, and how to move within it. Entries come in document
/// order with depths, as the library stores them.
public struct OutlineTree: Equatable, Sendable {
    public var folded: Set<Int> = []

    public init(folded: Set<Int> = []) { self.folded = folded }

    /// Outlines longer than a screenful start folded to their top level,
    /// with the way to the current entry open.
    public static func initial(_ entries: [TOCEntry], current: Int) -> OutlineTree {
        guard entries.count > 40 else { return OutlineTree() }
        var tree = OutlineTree(folded: Set(entries.indices.filter { hasChildren($0, entries) }))
        tree.reveal(current, entries)
        return tree
    }

    public static func hasChildren(_ index: Int, _ entries: [TOCEntry]) -> Bool {
        index + 1 < entries.count && entries[index + 1].depth > entries[index].depth
    }

    public static func parent(of index: Int, _ entries: [TOCEntry]) -> Int? {
        guard entries.indices.contains(index) else { return nil }
        var candidate = index - 1
        while candidate >= 0 {
            if entries[candidate].depth < entries[index].depth { return candidate }
            candidate -= 1
        }
        return nil
    }

    /// The entries that show, in order.
    public func visible(_ entries: [TOCEntry]) -> [Int] {
        var shown: [Int] = []
        var hiddenBelow: Int?
        for (index, entry) in entries.enumerated() {
            if let depth = hiddenBelow {
                if entry.depth > depth { continue }
                hiddenBelow = nil
            }
            shown.append(index)
            if folded.contains(index) { hiddenBelow = entry.depth }
        }
        return shown
    }

    /// The entries that show under a filter: with one, every entry whose
    /// title holds it (ignoring case), folded or not; without, as folded.
    public func visible(_ entries: [TOCEntry], filter: String) -> [Int] {
        guard !filter.isEmpty else { return visible(entries) }
        let wanted = filter.lowercased()
        return entries.indices.filter { entries[$0].title.lowercased().contains(wanted) }
    }

    /// Unfolds every entry above `index`, so it shows.
    public mutating func reveal(_ index: Int, _ entries: [TOCEntry]) {
        var current = index
        while let parent = Self.parent(of: current, entries) {
            folded.remove(parent)
            current = parent
        }
    }
}
