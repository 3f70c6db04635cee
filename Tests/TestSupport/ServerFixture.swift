import XCTest

/// What a test class makes once for all its tests — a PostgreSQL server of its own and whatever the class puts
/// on it — kept from the class's `setUp` to its `tearDown`. Without PostgreSQL installed every test of the class
/// is skipped loudly; a server that is installed but will not start, or a setup that fails, fails them.
public final class ServerFixture<Value>: @unchecked Sendable {
    private let made = Locked<Result<Value, Error>?>(nil)

    public init() {}

    /// For `override class func setUp()`: starts a server and hands it to `prepare`.
    public func start(_ prepare: (PostgresServer) throws -> Value) {
        made.withLock { $0 = Result { try prepare(try PostgresServer()) } }
    }

    /// For `override class func tearDown()`: the server stops with the last reference to it.
    public func stop() {
        made.withLock { $0 = nil }
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
