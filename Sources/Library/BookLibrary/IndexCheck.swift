/// One way a page and the full-text index disagree.
public struct IndexProblem: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// The page's stored text cannot be decoded: only adding the book again brings it back.
        case undecodableText
        /// The page has text but the index does not know the page.
        case notIndexed
        /// The index holds other words for the page than its stored text.
        case outOfStep
        /// The index holds a row for a page that is gone.
        case orphaned
    }

    public var kind: Kind
    /// The row of `pages` (and of the index) concerned.
    public var rowID: Int64?
    public var bookID: Int?
    public var bookTitle: String?
    public var page: Int?
    public var detail: String

    package init(kind: Kind, rowID: Int64?, bookID: Int?, bookTitle: String?, page: Int?, detail: String) {
        self.kind = kind
        self.rowID = rowID
        self.bookID = bookID
        self.bookTitle = bookTitle
        self.page = page
        self.detail = detail
    }

    /// Whether rebuilding the index from the stored text fixes it.
    public var isRepairable: Bool { kind != .undecodableText }
}

/// What `Library.checkIndex` found: the index against the stored text.
public struct IndexCheck: Codable, Sendable {
    public var pagesChecked = 0
    /// What FTS5's own 'integrity-check' said, when it found the index damaged.
    public var structureProblem: String?
    public var problems: [IndexProblem] = []
    /// Pages indexed again by a repair; nil when nothing was repaired.
    public var pagesReindexed: Int?

    package init() {}

    public var isInStep: Bool { structureProblem == nil && problems.allSatisfy { !$0.isRepairable } }
}

extension Library {
    /// Verifies the full-text index against the pages' stored text.
    public func checkIndex() throws -> IndexCheck {
        try localStore.verifyIndex()
    }

    /// Verifies the index and, when it is out of step, rebuilds it from the
    /// stored text; returns what was found, with the pages indexed again.
    public func repairIndex() throws -> IndexCheck {
        let store = try localStore
        var check = try store.verifyIndex()
        guard !check.isInStep else { return check }
        try requireWritable()
        check.pagesReindexed = try store.rebuildIndex()
        return check
    }
}
