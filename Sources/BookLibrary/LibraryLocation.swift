import Foundation

/// Where a library lives: `--library DIR`, else `$IBOOK_LIBRARY`, else
/// `$XDG_DATA_HOME/ibook` (`~/.local/share/ibook`). Thumbnails are a cache,
/// so they go under `$XDG_CACHE_HOME/ibook/thumbnails`.
public struct LibraryLocation: Sendable, Equatable {
    public var directory: String
    public var thumbnailDirectory: String

    public var databasePath: String { directory + "/library.sqlite" }

    public init(directory: String, thumbnailDirectory: String) {
        self.directory = directory
        self.thumbnailDirectory = thumbnailDirectory
    }

    public static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> LibraryLocation
    {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func xdg(_ key: String, _ fallback: String) -> String {
            if let value = environment[key], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        let directory: String
        if let flag, !flag.isEmpty {
            directory = absolutePath(flag)
        } else if let variable = environment["IBOOK_LIBRARY"], !variable.isEmpty {
            directory = absolutePath(variable)
        } else {
            directory = xdg("XDG_DATA_HOME", ".local/share") + "/ibook"
        }
        let cache = xdg("XDG_CACHE_HOME", ".cache") + "/ibook/thumbnails"
        return LibraryLocation(directory: directory, thumbnailDirectory: cache)
    }
}

/// Makes a path absolute against the current directory and tidies `.`/`..`.
public func absolutePath(_ path: String) -> String {
    let expanded = (path as NSString).expandingTildeInPath
    let absolute = expanded.hasPrefix("/")
        ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
    return (absolute as NSString).standardizingPath
}
