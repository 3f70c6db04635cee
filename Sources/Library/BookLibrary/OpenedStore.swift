/// What a local library's opener (`LocalStoreOpener`) gives `Library.init`.
package struct OpenedStore {
    package var store: any LibraryStore
    /// The library's folder or file cannot be written: it was opened read-only.
    package var isReadOnly: Bool
    /// What opening did that the person should hear of (a library made private).
    package var notices: [String]

    package init(store: any LibraryStore, isReadOnly: Bool, notices: [String]) {
        self.store = store
        self.isReadOnly = isReadOnly
        self.notices = notices
    }
}
