import BookLibrary
import Postgres

/// A shared library kept on a PostgreSQL server, as BookLibrary's `Library`
/// opens it: what links this module hands `open` to `Library.init`.
package enum PostgresStore {
    package static func open(_ url: String, location: LibraryLocation, roots: MachineRoots) throws -> any LibraryStore {
        PostgresLibraryStore(connection: try PostgresSchema.open(url, shownAs: location.directory, roots: roots), roots: roots)
    }

    /// Begins the session a command on the shared library at `location` will open
    /// (`PostgresSessionStart`); nothing for a local library, or a URL with a password.
    package static func beginSession(for location: LibraryLocation) {
        guard let url = location.sharedURL, !LibraryLocation.urlHasPassword(url) else { return }
        PostgresSessionStart.begin(url: url)
    }

    /// Ends the session `beginSession` began if no command took it (before a handover to another binary).
    package static func endBegunSession() {
        PostgresSessionStart.end()
    }
}
