import Foundation
import TestSupport
import XCTest

/// The test servers end when their class ends, whatever still holds them, and the tests find
/// whichever PostgreSQL server Debian installed.
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

    func testTheNewestInstalledServerIsChosen() throws {
        let root = try Fixtures.temporaryDirectory("pg-versions")
        defer { Cleanup.remove(root) }
        XCTAssertNil(PostgresServer.newestServer(in: root.path), "none installed")
        for (version, complete) in [("9.6", true), ("15", true), ("16", true), ("17", false)] {
            let bin = root.appendingPathComponent("\(version)/bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            // 17 is a client-only install: no initdb.
            guard complete else { continue }
            XCTAssertTrue(FileManager.default.createFile(atPath: bin.appendingPathComponent("initdb").path,
                                                         contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        XCTAssertEqual(PostgresServer.newestServer(in: root.path), root.path + "/16/bin")
    }
}
