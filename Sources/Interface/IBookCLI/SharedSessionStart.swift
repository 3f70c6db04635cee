import BookLibrary
import PostgresStore

/// Begins a shared library's session before the command line is parsed, when
/// the line names a command that opens the library: on a server's local
/// socket the server starts the session's backend (1.2-1.3 ms) while ibook
/// parses the line and opens the library (0.4-0.5 ms of its own work that a
/// search on a shared library otherwise did before connecting).
package enum SharedSessionStart {
    /// The lean commands that open the library they are given; `migrate` and `server`
    /// take their URLs as arguments, `roots` opens none.
    static let libraryCommandNames: Set<String> = [
        "list", "info", "open", "remove", "thumbnail", "toc", "read", "search", "bookmark", "bookmarks", "history",
        "check", "relocate", "edit", "tag", "untag", "tags", "collection", "notes", "note",
    ]

    /// Reads only what decides it: `--library` (or $IBOOK_LIBRARY) and the first word
    /// that is not an option. A line it misreads costs the server a session nobody uses.
    package static func begin(for arguments: [String]) {
        // Help is written by ibook-full, which opens no library.
        guard !arguments.contains(where: { $0 == "-h" || $0 == "--help" }) else { return }
        var library: String?
        var command: String?
        var words = arguments[...]
        while let word = words.popFirst(), word != "--" {
            if word == "--library" {
                library = words.popFirst()
            } else if word.hasPrefix("--library=") {
                library = String(word.dropFirst("--library=".count))
            } else if command == nil, !word.hasPrefix("-") {
                command = word
            }
        }
        guard let command, libraryCommandNames.contains(command) else { return }
        PostgresStore.beginSession(for: LibraryLocation.resolve(flag: library))
    }

    /// Ends a session `begin` began and no command took: before the line is handed over to ibook-full,
    /// whose command opens its own.
    package static func end() {
        PostgresStore.endBegunSession()
    }
}
