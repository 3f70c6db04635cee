import Foundation
import TestSupport
import XCTest

/// The test servers end when their class ends, whatever still holds them.
final class ServerFixtureTests: XCTestCase {
    /// XCTest keeps every test case object, and what its properties hold, until the process exits,
    /// where no deinit runs: a class's tearDown that only dropped its reference left the server
    /// running (three `make test` runs left seventeen). `stop()` shuts it down while a test still
    /// holds it.
    func testStopShutsTheServerDownWhileATestStillHoldsIt() throws {
        let fixture = ServerFixture<PostgresServer>()
        fixture.start { $0 }
        defer { fixture.stop() }
        let held = try fixture.value()
        let pidFile = held.directory + "/data/postmaster.pid"
        let firstLine = try String(contentsOfFile: pidFile, encoding: .utf8).split(separator: "\n").first
        let postmaster = try XCTUnwrap(firstLine.flatMap { pid_t($0) }, "postmaster.pid names the server")
        XCTAssertTrue(Spawn.isRunning(postmaster), "the server runs")
        XCTAssertTrue(Cleanup.pending.contains { $0.contains(held.directory) }, "\(Cleanup.pending)")

        fixture.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: held.directory), "its folder is removed")
        let deadline = Date().addingTimeInterval(10)
        while Spawn.isRunning(postmaster), Date() < deadline { usleep(20_000) }
        XCTAssertFalse(Spawn.isRunning(postmaster), "the postmaster has ended")
        XCTAssertFalse(Cleanup.pending.contains { $0.contains(held.directory) }, "nothing left for the exit handler")
        held.shutdown()  // a second time: nothing to do
        withExtendedLifetime(held) {}
    }
}
