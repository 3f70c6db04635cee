import XCTest

/// What a test class makes once for all its tests — a PostgreSQL server of its own and whatever the class puts
/// on it — kept from the class's `setUp` to its `tearDown`. Without PostgreSQL installed every test of the class
/// is skipped loudly; a server that is installed but will not start, or a setup that fails, fails them.
public final class ServerFixture<Value>: @unchecked Sendable {
    private let made = Locked<Result<Value, Error>?>(nil)
    private let server = Locked<PostgresServer?>(nil)

    public init() {}

    /// For `override class func setUp()`: starts a server and hands it to `prepare`.
    public func start(_ prepare: (PostgresServer) throws -> Value) {
        let result = Result { () throws -> Value in
            let started = try PostgresServer()
            server.withLock { $0 = started }
            return try prepare(started)
        }
        made.withLock { $0 = result }
    }

    /// For `override class func tearDown()`: shuts the server down and removes its folder now, and
    /// releases the other TestResources of the value (a TestLibrary in a tuple, say), whoever else
    /// still holds them (a test case's property does, until the process exits).
    public func stop() {
        if case .success(let value)? = made.withLock({ $0 }) { Cleanup.release(in: value) }
        server.withLock { $0 }?.shutdown()
        made.withLock { $0 = nil }
        server.withLock { $0 = nil }
    }

    /// For `setUpWithError()`: what `start` made, or the reason the test cannot run.
    public func value() throws -> Value {
        switch made.withLock({ $0 }) {
        case .success(let value)?:
            return value
        case .failure(let unavailable as PostgresServer.Unavailable)?:
            throw XCTSkip("LOUDLY SKIPPED: \(unavailable.reason)")
        case .failure(let error)?:
            throw error
        case nil:
            throw RunError.failed("the class's setUp did not start its PostgreSQL server")
        }
    }
}
