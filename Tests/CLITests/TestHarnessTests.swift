import Foundation
import TestSupport
import XCTest

/// The harness the other tests stand on: a run of a program leaves nothing
/// open behind it, and a program that never ends fails its test instead of
/// stalling the whole run.
final class TestHarnessTests: XCTestCase {
    private func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// Thousands of runs (every tmux screen read is one) must not pile up
    /// pipes: daemons started later (PostgreSQL) would inherit them and run
    /// out of descriptors.
    func testARunLeavesNoDescriptorOpen() throws {
        _ = try Run.process("/bin/echo", ["warm-up"])
        let before = try openDescriptors()
        for index in 0..<50 {
            let result = try Run.process("/bin/sh", ["-c", "echo out \(index); echo err >&2"], stdin: "input")
            XCTAssertEqual(result.stdout, "out \(index)\n")
            XCTAssertEqual(result.stderr, "err\n")
        }
        // Foundation closes a finished run's pipes on its own threads: a few seconds for that, no more.
        let deadline = Date().addingTimeInterval(5)
        while try openDescriptors() > before + 2, Date() < deadline { usleep(20_000) }
        XCTAssertLessThanOrEqual(try openDescriptors(), before + 2, "descriptors left open by 50 runs")
    }

    func testAProgramThatNeverEndsIsKilledAndSaysSo() throws {
        let started = Date()
        let result = try Run.process("/bin/sleep", ["600"], timeout: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertEqual(result.status, -1)
        XCTAssertTrue(result.stderr.contains("killed after 1 s"), result.stderr)
    }
}
