/// What the library tells apart in a database server's error without naming
/// the engine: the connection went away (nothing more can be written in
/// this run), or the server refused what this person may not do. A store
/// on a server has its errors conform; SQLite's never do.
public protocol ServerFailure: Error {
    var isConnectionLost: Bool { get }
    /// The server refused the statement for want of a right (a role's grant).
    var isPermissionDenied: Bool { get }
    /// The server's own words, one line.
    var message: String { get }
}
