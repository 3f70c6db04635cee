/// A transaction opened inside another, as SQL savepoints, the same on both
/// engines: a throw undoes only the inner body's changes and the outer
/// transaction goes on.
public final class Savepoints {
    private var depth = 0

    public init() {}

    /// - Parameters:
    ///   - execute: runs one statement on the connection that owns these savepoints.
    ///   - inTransaction: whether the outer transaction is still open (an
    ///     engine may have rolled it back on its own after the error).
    public func run<T>(execute: (String) throws -> Void, inTransaction: () -> Bool, _ body: () throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        let name = "ibook_savepoint_\(depth)"
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            if inTransaction() {
                // ROLLBACK TO keeps the savepoint open; RELEASE pops it.
                try? execute("ROLLBACK TO SAVEPOINT \(name)")
                try? execute("RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
    }
}
