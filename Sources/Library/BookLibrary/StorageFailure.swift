import Store

/// A database error that escaped a library operation, in the library's
/// words: callers never need to know SQLite (or import Store) to tell a
/// full disk from a damaged file or a busy library.
public enum StorageFailure {
    public static func libraryError(for error: Error, at location: LibraryLocation?) -> Error {
        guard let error = error as? any StoreFailure else { return error }
        if error.isPermissionDenied { return LibraryError.sharedLibraryDenied(error.message) }
        let place = location?.directory ?? "the library"
        if error.isDiskFull { return LibraryError.noSpace(place) }
        if error.isReadOnly { return LibraryError.readOnly(place) }
        if error.isDamaged { return LibraryError.damagedDatabase(reason: error.message) }
        if error.isBusy { return LibraryError.busy }
        return error
    }
}
