import BookLibrary
import FoundationEssentials
import Glibc
import Store

/// A library on a medium this process cannot write: a read-only mount, a
/// `chmod -w` folder, a backup. SQLite keeps a WAL database's readers in
/// step through a -shm file beside it, which cannot be made there, so such a
/// database is opened `immutable` when there is no -shm to use.
enum ReadOnlyMedium {
    /// Whether both the folder (where SQLite puts -wal and -shm) and the
    /// database file can be written. access(2) answers EROFS on a read-only
    /// mount even for root, who ignores permission bits.
    static func isWritable(_ location: LibraryLocation) -> Bool {
        access(location.directory, W_OK) == 0 && access(location.databasePath, W_OK) == 0
    }

    /// Opens the database read-only; where SQLite cannot (no -shm beside a
    /// WAL database on a read-only medium), opens it immutable. A -wal that
    /// still holds commits cannot be read that way, so that one is refused.
    static func open(_ path: String) throws -> Database {
        var options = Database.Options()
        options.readOnly = true
        options.create = false
        do {
            return try Database(path: path, options: options)
        } catch let error as DatabaseError where error.isCannotOpen || error.isReadOnly {
            var info = stat()
            if stat(path + "-wal", &info) == 0, info.st_size > 0 {
                throw LibraryError.invalidArgument(
                    "\(path): its last changes are still in its -wal file, which cannot be read while the folder is read-only")
            }
            options.immutable = true
            return try Database(path: path, options: options)
        }
    }
}
