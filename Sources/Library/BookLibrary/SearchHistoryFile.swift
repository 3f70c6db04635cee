import FileNames
import FileOutput
import FoundationEssentials
import Glibc
import LeanBasics

/// The reader's searches, kept between sessions as a shell keeps its
/// history: `$XDG_STATE_HOME/ibook/search-history` (by default
/// `~/.local/state/ibook`), one search a line, the newest last, at most
/// `limit`. What was searched for is private, so the folder is made 0700
/// and the file 0600. The file is read as untrusted: a line that is not
/// UTF-8, holds a control character or is overlong is left out, and a file
/// that cannot be read is an empty history, never an error.
public struct SearchHistoryFile: Sendable {
    public static let limit = 200
    /// Longer searches are not kept: nobody types them again.
    public static let longestEntry = 1_000
    /// A history file is never this big; past it the rest is not read.
    static let largestFile = 512 * 1_024
    static let fileName = "search-history"

    /// Nil when there is no home folder to keep it in.
    public let path: String?

    public init(path: String?) {
        self.path = path
    }

    /// The file for the user running ibook, from `XDG_STATE_HOME` (when it
    /// is an absolute path, as the XDG spec asks) or `HOME`.
    public init(environment: [String: String]) {
        let folder: String?
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            folder = state
        } else if let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? PathName.homeFolder() {
            folder = home + "/.local/state"
        } else {
            folder = nil
        }
        path = folder.map { $0 + "/ibook/" + Self.fileName }
    }

    /// The searches kept, oldest first; empty when there is no file or it cannot be read.
    public func load() -> [String] {
        guard let path, let bytes = Self.contents(of: path) else { return [] }
        return Self.parse(bytes)
    }

    /// Adds a search (moved to the end when it was there), merged with what
    /// other readers saved meanwhile, and writes the file whole or not at all.
    /// Returns the history as now kept.
    @discardableResult
    public func add(_ query: String) throws -> [String] {
        guard let path else { return [] }
        var entries = load()
        guard let entry = Self.clean(query) else { return entries }
        entries.removeAll { $0 == entry }
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        let folder = PathName.folder(of: path)
        try PrivateStorage.prepare(folder)
        PrivateStorage.tightenOwnFolder(folder, holding: [Self.fileName])
        let bytes = Array((entries.joined(separator: "\n") + "\n").utf8)
        try AtomicFile.write(to: path) { temporary in
            let descriptor = FileName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, PrivateStorage.fileMode) }
            guard descriptor >= 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
            defer { close(descriptor) }
            // The umask may have taken bits off; it never adds any, but a stricter mode is still 0600 here.
            fchmod(descriptor, PrivateStorage.fileMode)
            var written = 0
            while written < bytes.count {
                let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
                written += count
            }
        }
        return entries
    }

    /// The entries of a history file's bytes, oldest first: its good lines,
    /// each once (the last time it appears), the newest `limit` of them.
    public static func parse(_ bytes: [UInt8]) -> [String] {
        var entries: [String] = []
        for line in bytes.prefix(largestFile).split(separator: UInt8(ascii: "\n")) {
            guard let text = String(validating: line, as: UTF8.self), let entry = clean(text), entry == text else { continue }
            entries.removeAll { $0 == entry }
            entries.append(entry)
        }
        return Array(entries.suffix(limit))
    }

    /// A search as it may be kept: without control characters or line
    /// separators, trimmed, not empty and not overlong; nil otherwise.
    static func clean(_ query: String) -> String? {
        let kept = String(String.UnicodeScalarView(query.unicodeScalars.filter { scalar in
            scalar.properties.generalCategory != .control && scalar != "\u{2028}" && scalar != "\u{2029}"
        }))
        let trimmed = kept.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= longestEntry else { return nil }
        return trimmed
    }

    /// The file's first `largestFile` bytes; nil for anything but a regular file of this user's.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = FileName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: largestFile)
        var filled = 0
        while filled < largestFile {
            let count = bytes[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return Array(bytes[..<filled])
    }
}
