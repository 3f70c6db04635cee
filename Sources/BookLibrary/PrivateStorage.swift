import FoundationEssentials
import Glibc

/// The library holds the text of every page, password-protected books
/// included, and the cache their covers: both are kept private to their
/// owner (folders 0700, files 0600) whatever the umask. Folders made before
/// this rule are tightened when the library is opened.
enum PrivateStorage {
    static let folderMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Makes `folder` (and missing parents) and returns whether an existing
    /// folder had to be tightened, for a one-line notice.
    @discardableResult
    static func prepare(_ folder: String) throws -> Bool {
        var info = stat()
        if stat(folder, &info) != 0 {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: Int(folderMode)])
            chmod(folder, folderMode)  // the umask may have taken bits off
            return false
        }
        guard info.st_mode & 0o077 != 0 else { return false }
        // Only bits for others go: a folder or file made read-only stays read-only.
        // Not ours to change (a read-only medium, another owner): leave it, it stays readable.
        guard chmod(folder, info.st_mode & folderMode) == 0 else { return false }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            var entry = stat()
            guard lstat(path, &entry) == 0 else { continue }
            switch entry.st_mode & S_IFMT {
            case S_IFREG: chmod(path, entry.st_mode & 0o700)
            case S_IFDIR: _ = try? prepare(path)
            default: break
            }
        }
        return true
    }

    /// Creates an empty file readable by its owner only, so that SQLite (and
    /// its -wal and -shm files, which copy the database file's mode) start private.
    static func createFile(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
        if descriptor >= 0 {
            fchmod(descriptor, fileMode)
            close(descriptor)
        }
    }
}
