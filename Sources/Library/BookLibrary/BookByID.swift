extension Library {
    /// The book with this id, nil when there is none. Unlike `book(named:)`, never a path nor a title:
    /// for callers whose names come from elsewhere (an URL) and must mean ids only.
    public func book(id: Int) throws -> Book? {
        try Catalog(database: engine).book(id: id)
    }
}
