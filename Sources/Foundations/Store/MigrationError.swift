public enum MigrationError: Error, Equatable, CustomStringConvertible {
    /// The database records migrations this build does not know, so it was
    /// written by a newer version; migrating it could only damage it.
    case newerSchema([String])

    public var description: String {
        switch self {
        case .newerSchema(let ids):
            return "The database was written by a newer version of the app: it has migrations this version does not know (\(ids.joined(separator: ", "))). Use a newer version to open it."
        }
    }
}
