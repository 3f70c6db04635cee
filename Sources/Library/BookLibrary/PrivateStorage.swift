import FoundationEssentials
import Glibc

/// The library holds the text of every page, password-protected books
/// included, and the cache their covers: both are kept private to their
/// owner (folders 0700, files 0600) whatever the umask.
///
/// Only what ibook made is ever changed: the folders it creates, its
/// database files, and folders that bear its own names and hold nothing
/// else. Nothing is walked: a library kept in a folder of one's own
/// documents, or a cache path that a hostile value pointed at `/`, has no
/// mode changed but ibook's own files.
package enum PrivateStorage {
    static let folderMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Makes `folder` and its missing parents, each made private; a folder
    /// that already exists is left as it is.
    package static func prepare(_ folder: String) throws {
        var info = stat()
        guard stat(folder, &info) != 0 else { return }
        var missing: [String] = []
        var path = folder
        while !path.isEmpty, path != "/", stat(path, &info) != 0 {
            missing.append(path)
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        }
        for path in missing.reversed() {
            guard mkdir(path, folderMode) == 0 || errno == EEXIST else {
                throw FolderError(path: path, reason: String(cString: strerror(errno)))
            }
            // The umask may have taken bits off what mkdir was asked for.
            tighten(path, directory: true)
        }
    }

    /// Takes the group's and others' bits off one file or folder of this
    /// user's, never following a symbolic link, and says whether it did.
    /// Read-only stays read-only; another owner's file is left alone.
    ///
    /// A file is changed by its path after lstat, never opened: closing any
    /// descriptor of a database file drops every POSIX lock this process
    /// holds on it, SQLite's included, and another process would then take
    /// the -shm for unused and rebuild it under this one's mapping (a bus error).
    @discardableResult
    package static func tighten(_ path: String, directory: Bool) -> Bool {
        guard directory else {
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  info.st_mode & 0o077 != 0
            else { return false }
            return chmod(path, info.st_mode & 0o700) == 0
        }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o077 != 0 else { return false }
        return fchmod(descriptor, info.st_mode & 0o700) == 0
    }

    /// Tightens `folder` itself when everything in it is one of `ownNames`:
    /// then it is a folder ibook made for itself. A folder that holds
    /// anything else is someone's own, and only ibook's files in it change.
    @discardableResult
    package static func tightenOwnFolder(_ folder: String, holding ownNames: Set<String>) -> Bool {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & 0o077 != 0,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
              names.allSatisfy(ownNames.contains)
        else { return false }
        return tighten(folder, directory: true)
    }

    /// A folder that could not be made, with the system's reason.
    struct FolderError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason.lowercased())" }
    }

    /// Creates an empty file readable by its owner only, so that SQLite (and
    /// its -wal and -shm files, which copy the database file's mode) start private.
    package static func createFile(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, fileMode)
        if descriptor >= 0 {
            fchmod(descriptor, fileMode)
            close(descriptor)
        }
    }
}
