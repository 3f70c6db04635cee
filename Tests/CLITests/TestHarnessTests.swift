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

/// scripts/run-tests.sh, run here on small commands: a run that leaves a process or an ibook-*
/// folder behind fails, naming each, and leaves nothing; a clean run passes; both say their wall time.
final class RunScriptTests: XCTestCase {
    private var script: String { Fixtures.repositoryRoot.appendingPathComponent("scripts/run-tests.sh").path }

    private func run(_ shell: String) throws -> Run.Result {
        try Run.process(script, ["/bin/sh", "-c", shell], timeout: 120)
    }

    /// The processes whose command line is `words`, by /proc (pgrep would find itself).
    private func processes(_ words: [String]) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return data.split(separator: 0, omittingEmptySubsequences: false).dropLast()
                .map { String(decoding: $0, as: UTF8.self) } == words
        }
    }

    func testARunThatLeavesAProcessOrAFolderFailsNamingThemAndLeavesNothing() throws {
        let marker = "ibook-left-\(UUID().uuidString.prefix(8))"
        // Seconds no other sleep on the machine is likely to have.
        let daemon = String(Int.random(in: 400_000...499_999)), hidden = String(Int.random(in: 500_000...599_999))
        // A daemon in a session of its own (it carries the run's tag), one with an empty
        // environment that only names the run's folder, and a folder.
        let result = try run("""
            mkdir "$TMPDIR/\(marker)"
            setsid sleep \(daemon) </dev/null >/dev/null 2>&1 &
            env -i setsid sh -c 'sleep \(hidden); :' "$TMPDIR/named" </dev/null >/dev/null 2>&1 &
            echo started
            """)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let said = result.stdout
        XCTAssertTrue(said.contains("started\n"), said)
        XCTAssertTrue(said.contains("run-tests: FAILED: the run left behind:"), said)
        XCTAssertTrue(said.contains("sleep \(daemon)"), said)
        XCTAssertTrue(said.contains("sleep \(hidden)"), said)
        let folderLine = try XCTUnwrap(said.split(separator: "\n").first { $0.hasPrefix("  folder ") && $0.hasSuffix(marker) }, said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: String(folderLine.dropFirst("  folder ".count))), "the folder is removed")
        XCTAssertTrue(said.contains("run-tests: wall time "), said)
        XCTAssertEqual(processes(["sleep", daemon]), [], "the daemon is stopped")
        XCTAssertEqual(processes(["sleep", hidden]), [], "the process that only named the run's folder is stopped")
    }

    func testACleanRunPassesAndSaysItsWallTime() throws {
        let result = try run("""
            mkdir "$TMPDIR/ibook-tidy" && rmdir "$TMPDIR/ibook-tidy"
            sleep 1 &
            wait
            echo tidy
            """)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("tidy\n"), result.stdout)
        XCTAssertFalse(result.stdout.contains("left behind"), result.stdout)
        XCTAssertTrue(result.stdout.contains("run-tests: wall time 0 min "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("; passed\n"), result.stdout)
    }

    func testAFailingCommandFailsTheRun() throws {
        let result = try run("echo failing; exit 3")
        XCTAssertEqual(result.status, 3, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("FAILED (status 3)"), result.stdout)
    }
}
