import FileNames
import FoundationEssentials
import Glibc

/// Why an output file could not be written.
public enum AtomicFileError: Error, Equatable, CustomStringConvertible {
    case noSuchFolder(String)
    case cannotWrite(String, reason: String)
    case noSpace(String)

    public var description: String {
        switch self {
        case .noSuchFolder(let path): return "\(FileName.displayed(path)): no such folder"
        case .cannotWrite(let path, let reason): return "\(FileName.displayed(path)): cannot write (\(reason))"
        case .noSpace(let path): return "\(FileName.displayed(path)): no space left on device"
        }
    }
}

/// Every file ibook writes for the user appears whole or not at all: it is
/// written under a temporary name beside its destination (same file system,
/// so the final rename is atomic) and renamed into place only when complete.
public enum AtomicFile {
    /// Calls `write` with a temporary path beside `path`, then renames that
    /// file to `path`. On any error nothing is left behind and `path` is untouched.
    @discardableResult
    public static func write<Result>(to path: String, _ write: (_ temporaryPath: String) throws -> Result) throws -> Result {
        let folder = PathName.folder(of: path)
        guard FileName.exists(folder.isEmpty ? "." : folder, directory: true) else { throw AtomicFileError.noSuchFolder(path) }
        let temporary = temporaryPath(beside: path)
        defer { FileName.withCString(temporary) { _ = unlink($0) } }
        let result: Result
        do {
            result = try write(temporary)
        } catch {
            // Writers word a full disk in their own ways (an exception in a
            // child process, a short write): while the half-written file is
            // still there, a full file system says what happened.
            if isFull(folder) { throw AtomicFileError.noSpace(path) }
            throw error
        }
        // Some writers report success when their last writes failed (qpdf
        // with --overlay does). A file system left without a free block
        // means the file was cut short. (File systems with delayed
        // allocation reserve the blocks at write(2), so that is where they fail.)
        if isFull(folder) { throw AtomicFileError.noSpace(path) }
        guard FileName.withCString(temporary, { from in FileName.withCString(path) { rename(from, $0) } }) == 0 else {
            throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno)))
        }
        return result
    }

    /// Whether the file system holding `folder` has no block left that this
    /// process may write (root may still use the blocks reserved for it).
    public static func isFull(_ folder: String) -> Bool {
        var info = statvfs()
        guard FileName.withCString(folder.isEmpty ? "." : folder, { statvfs($0, &info) }) == 0 else { return false }
        return info.f_bavail == 0 && (geteuid() != 0 || info.f_bfree == 0)
    }

    public static func write(_ data: Data, to path: String) throws {
        try write(to: path) { temporary in try create(temporary, holding: data, for: path) }
    }

    /// Creates the file `temporary` (a name as FileName carries it) holding
    /// `data`; errors name `path`, the file the person asked for.
    public static func create(_ temporary: String, holding data: Data, for path: String) throws {
        let descriptor = FileName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        guard descriptor >= 0 else { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(errno))) }
        var failure: Int32?
        data.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { failure = errno; return }
                written += count
            }
        }
        if close(descriptor) != 0, failure == nil, errno != EINTR { failure = errno }
        if let failure { throw AtomicFileError.cannotWrite(path, reason: String(cString: strerror(failure))) }
    }

    /// What every temporary name for `path` made by this process starts with,
    /// so that an interrupted process can sweep up after itself. Always UTF-8
    /// text, even for a name that is not (a Latin-1 `caf\xe9.pdf`): writers
    /// that take a path as a String (cairo, WeasyPrint's argv) pass it on as
    /// UTF-8, so only the final rename, which goes by bytes, sees the raw name.
    public static func temporaryPrefix(for path: String) -> String {
        ".\(FileName.readable(PathName.lastComponent(of: path))).ibook-\(getpid())-"
    }

    /// A fresh temporary name beside `path`, keeping its extension for tools that look at it.
    public static func temporaryPath(beside path: String) -> String {
        let folder = PathName.folder(of: path)
        let suffix = PathName.extension(of: path).isEmpty ? "" : "." + PathName.extension(of: path)
        let name = temporaryPrefix(for: path) + String(UInt32.random(in: 0...UInt32.max), radix: 36) + suffix
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// Removes every unfinished temporary file this process left in `folder`,
    /// for interrupting a run that writes many files there.
    public static func removeLeftovers(inFolder folder: String) {
        let marker = ".ibook-\(getpid())-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where name.hasPrefix(".") && name.contains(marker) {
            unlink(folder.isEmpty ? name : folder + "/" + name)
        }
    }

    /// Removes this process's unfinished temporary files for `path` (after an interrupt).
    public static func removeLeftovers(for path: String) {
        let folder = PathName.folder(of: path)
        let prefix = temporaryPrefix(for: path)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        where name.hasPrefix(prefix) {
            unlink(folder.isEmpty ? name : folder + "/" + name)
        }
    }
}
