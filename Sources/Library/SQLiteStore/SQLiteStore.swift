import BookLibrary
import FileNames
import FoundationEssentials
import LeanBasics
import Store

/// A library kept in an SQLite file of this machine, as BookLibrary's
/// `Library` opens it: what opens a folder's library hands `open` to
/// `Library.init` (the command line, beside `PostgresStore.open`).
package enum SQLiteStore {
    /// Opens the library in `location`'s folder, creating it on first use
    /// (see `Library.init`). A file that is not an ibook library, or one
    /// written by a newer ibook, is refused untouched; one made by an older
    /// ibook is upgraded in place, reporting how far it has got to
    /// `onUpgrade`, unless it cannot be written, when it is opened read-only.
    package static func open(_ location: LibraryLocation, onUpgrade: ((UpgradeProgress) -> Void)?) throws -> OpenedStore {
        let path = location.databasePath
        let fileExists = FileManager.default.fileExists(atPath: path)
        if !fileExists {
            do {
                try PrivateStorage.prepare(location.directory)
            } catch {
                throw LibraryError.notALibrary(location.directory, reason: "cannot create folder: \(ErrorText.describe(error))")
            }
            PrivateStorage.createFile(path)
        }
        let isReadOnly = fileExists && !ReadOnlyMedium.isWritable(location)
        let database: Database
        do {
            if isReadOnly {
                let probe = try ReadOnlyMedium.open(path)
                try Self.refuseForeign(probe)
                let pending = try Schema.migrator(onProgress: onUpgrade).pendingMigrations(probe)
                guard pending.isEmpty else {
                    throw LibraryError.readOnlyNeedsUpgrade(location.directory, pendingMigrations: pending)
                }
                database = probe
            } else if fileExists {
                // One connection, which writes nothing (not even the switch to
                // WAL) until the file is known to be an ibook library: a second,
                // read-only one to look first cost every command a schema read.
                var options = Database.Options()
                options.create = false
                options.switchesToWAL = false
                database = try Database(path: path, options: options)
                try Self.refuseForeign(database)
                let pending = try Schema.migrator(onProgress: onUpgrade).pendingMigrations(database)
                try database.useWAL()
                if !pending.isEmpty { try Schema.migrator(onProgress: onUpgrade).migrate(database) }
            } else {
                database = try Database(path: path)
                try Schema.migrator(onProgress: onUpgrade).migrate(database)
            }
        } catch MigrationError.newerSchema(let ids) {
            throw LibraryError.newerLibrary(path, unknownMigrations: ids)
        } catch let error as DatabaseError {
            throw LibraryError.notALibrary(path, reason: Self.reason(error))
        }
        try database.defineTextFunction(QuerySQL.foldFunction, QuerySQL.folded)
        var notices: [String] = []
        // Only once the folder is known to be an ibook library are its files
        // ours to tighten, and only where they can be changed: a read-only
        // library is left exactly as it is.
        if !isReadOnly, Self.tightenLibraryFiles(in: location.directory) {
            notices.append("\(location.directory): made private to you (it was readable by other users)")
        }
        try? PrivateStorage.prepare(location.thumbnailDirectory)
        let cache = PathName.folder(of: location.thumbnailDirectory)
        if PrivateStorage.tighten(cache, directory: true) {
            notices.append("\(cache): made private to you (it was readable by other users)")
        }
        PrivateStorage.tighten(location.thumbnailDirectory, directory: true)
        return OpenedStore(store: LocalStore(database: database), isReadOnly: isReadOnly, notices: notices)
    }

    /// The files a local library's folder holds; a folder with nothing else is ibook's own.
    static let libraryFileNames: Set<String> = ["library.sqlite", "library.sqlite-wal", "library.sqlite-shm", "library.sqlite-journal"]

    /// Makes the database and its companions private, and the folder too
    /// when it holds nothing else; says whether anything was readable by others.
    private static func tightenLibraryFiles(in folder: String) -> Bool {
        var tightened = false
        for name in libraryFileNames where PrivateStorage.tighten(folder + "/" + name, directory: false) {
            tightened = true
        }
        return PrivateStorage.tightenOwnFolder(folder, holding: libraryFileNames) || tightened
    }

    /// Refuses a database of another program, looked at read-only, so that
    /// it is refused before anything (even the WAL switch) writes to it.
    private static func refuseForeign(_ probe: Database) throws {
        let hasTables = try probe.scalar("SELECT count(*) FROM sqlite_master") != .integer(0)
        if hasTables, try !probe.tableExists(Schema.migrationTable) {
            throw LibraryError.notALibrary(probe.path, reason: "an SQLite database of another program")
        }
    }

    private static func reason(_ error: DatabaseError) -> String {
        if error.isNotADatabase { return "not an SQLite database" }
        if error.isCorrupt { return "the database file is damaged" }
        return error.message
    }
}

extension Library {
    /// A local library (see `SQLiteStore.open`); a shared one needs the
    /// PostgreSQL store's opener too, which the command line hands in.
    public convenience init(location: LibraryLocation, onUpgrade: ((UpgradeProgress) -> Void)? = nil) throws {
        try self.init(location: location, localStore: SQLiteStore.open, sharedStore: nil, onUpgrade: onUpgrade)
    }
}
