/// What the library tells apart in a storage engine's error without naming
/// the engine: a server's connection went away (nothing more can be written
/// in this run) or refused what this person may not do; a file's disk is
/// full, it cannot be written, it is damaged, or another process holds it.
/// Each engine's error conforms, answering what applies to it (the rest are false).
public protocol StoreFailure: Error {
    /// The engine's own words, one line.
    var message: String { get }
    var isConnectionLost: Bool { get }
    /// The server refused the statement for want of a right (a role's grant).
    var isPermissionDenied: Bool { get }
    var isDiskFull: Bool { get }
    var isReadOnly: Bool { get }
    /// Not a database of this engine, or one whose file is corrupt.
    var isDamaged: Bool { get }
    var isBusy: Bool { get }
}

extension StoreFailure {
    public var isConnectionLost: Bool { false }
    public var isPermissionDenied: Bool { false }
    public var isDiskFull: Bool { false }
    public var isReadOnly: Bool { false }
    public var isDamaged: Bool { false }
    public var isBusy: Bool { false }
}
