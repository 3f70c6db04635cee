import BookLibrary

/// A shared library kept on a PostgreSQL server, as BookLibrary's `Library`
/// opens it: what links this module hands `open` to `Library.init`.
package enum PostgresStore {
    package static func open(_ url: String, location: LibraryLocation, roots: MachineRoots) throws -> any LibraryStore {
        PostgresLibraryStore(connection: try PostgresSchema.open(url, shownAs: location.directory, roots: roots), roots: roots)
    }
}
