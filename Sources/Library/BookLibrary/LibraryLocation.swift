import FileNames
import FoundationEssentials
import Glibc
import Store

/// Where a library lives: `--library DIR`, else `$IBOOK_LIBRARY`, else
/// `$XDG_DATA_HOME/ibook` (`~/.local/share/ibook`). Thumbnails are a cache,
/// so they go under `$XDG_CACHE_HOME/ibook/thumbnails`.
public struct LibraryLocation: Sendable, Equatable {
    /// The folder, or for a shared library its URL without the password (for messages).
    public var directory: String
    public var thumbnailDirectory: String
    /// A `postgresql://` URL (or `postgresql:` for libpq's defaults): a library shared on a server.
    public var sharedURL: String?

    public var isShared: Bool { sharedURL != nil }

    /// What the library here can do: known before it is opened.
    public var capabilities: LibraryCapabilities { isShared ? .shared : .local }

    public var databasePath: String { directory + "/library.sqlite" }

    public init(directory: String, thumbnailDirectory: String) {
        self.directory = directory
        self.thumbnailDirectory = thumbnailDirectory
    }

    public static func resolve(flag: String?, environment: [String: String] = LibraryLocation.environment())
        -> LibraryLocation
    {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? PathName.homeFolder() ?? "/"
        func xdg(_ key: String, _ fallback: String) -> String {
            if let value = environment[key], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        let cache = xdg("XDG_CACHE_HOME", ".cache") + "/ibook/thumbnails"
        let named = [flag, environment["IBOOK_LIBRARY"]].compactMap { $0 }.first { !$0.isEmpty }
        if let named, PostgresURL.isURL(named) {
            var location = LibraryLocation(directory: withoutPassword(named), thumbnailDirectory: cache)
            location.sharedURL = named
            return location
        }
        let directory: String
        if let flag, !flag.isEmpty {
            directory = absolutePath(flag)
        } else if let variable = environment["IBOOK_LIBRARY"], !variable.isEmpty {
            directory = absolutePath(variable)
        } else {
            directory = xdg("XDG_DATA_HOME", ".local/share") + "/ibook"
        }
        return LibraryLocation(directory: directory, thumbnailDirectory: cache)
    }
}

extension LibraryLocation {
    /// The variables `resolve` reads, from this process's environment: four
    /// getenv calls rather than ProcessInfo's dictionary of every variable,
    /// which costs each lean command (a thumbnail, a listing) a few tenths of a millisecond.
    public static func environment() -> [String: String] {
        var found: [String: String] = [:]
        for name in ["HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "IBOOK_LIBRARY"] {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}

/// Makes a path absolute against the current directory and tidies `.`/`..`.
public func absolutePath(_ path: String) -> String {
    let expanded = PathName.expandingTilde(path)
    let absolute = expanded.hasPrefix("/")
        ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
    return PathName.standardized(absolute)
}

/// A URL as it may be shown: `user:secret@host` becomes `user@host`, and `?password=` goes.
package func withoutPassword(_ url: String) -> String {
    PostgresURL.redacted(url)
}

extension LibraryLocation {
    /// Whether `text` names a shared library on PostgreSQL rather than a folder.
    public static func isSharedURL(_ text: String) -> Bool {
        PostgresURL.isURL(text)
    }

    /// Whether a shared library's URL carries a password (`user:pw@`, `?password=`).
    public static func urlHasPassword(_ text: String) -> Bool {
        PostgresURL.hasPassword(text)
    }
}
