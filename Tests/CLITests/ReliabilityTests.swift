import Foundation
import TestSupport
import XCTest

/// Kills, interrupts and concurrent processes never leave the library
/// inconsistent or lose a write.
final class ReliabilityTests: XCTestCase {
    /// A folder of distinct multi-page PDFs so that `add` takes a while.
    private func makeWorkload(in folder: URL, files: Int = 24, pages: Int = 40) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in 0..<files {
            var pdf = RawPDF()
            pdf.set(1, "<< /Type /Catalog /Pages 2 0 R >>")
            let kids = (0..<pages).map { "\(10 + 2 * $0) 0 R" }.joined(separator: " ")
            pdf.set(2, "<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
            pdf.set(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
            for page in 0..<pages {
                let number = 10 + 2 * page
                pdf.set(number, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(number + 1) 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
                var lines = ""
                for line in 0..<30 {
                    lines += "BT /F1 11 Tf 72 \(740 - line * 22) Td (file \(file) page \(page) line \(line) lighthouse keeper harbour) Tj ET\n"
                }
                pdf.setStream(number + 1, data: Array(lines.utf8))
            }
            try pdf.write(to: folder.appendingPathComponent(String(format: "book-%02d.pdf", file)))
        }
    }

    private func consistency(_ library: TestLibrary) throws -> String {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            problems = []
            if db.execute("pragma integrity_check").fetchone()[0] != "ok": problems.append("integrity")
            for book_id, count in db.execute("select id, page_count from books"):
                pages = db.execute("select count(*) from pages where book_id = ?", (book_id,)).fetchone()[0]
                if pages != count: problems.append(f"book {book_id} has {pages}/{count} pages")
            if db.execute("select count(*) from pages where book_id not in (select id from books)").fetchone()[0]:
                problems.append("orphan pages")
            if db.execute("select count(*) from pages").fetchone()[0] != db.execute("select count(*) from page_index_docsize").fetchone()[0]:
                problems.append("index out of step")
            if db.execute("select count(*) from outline where book_id not in (select id from books)").fetchone()[0]:
                problems.append("orphan outline")
            db.execute("insert into page_index(page_index) values('integrity-check')")
            print("ok" if not problems else "; ".join(problems))
            """
        let path = library.directory.appendingPathComponent("library.sqlite").path
        guard FileManager.default.fileExists(atPath: path) else { return "ok" }
        let result = try Run.process("/usr/bin/env", ["python3", "-c", script, path])
        return (result.stdout + result.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testKillingAddAtRandomMomentsLeavesTheLibraryConsistentAndRerunCompletes() throws {
        let library = try TestLibrary("kill")
        let folder = library.root.appendingPathComponent("workload")
        try makeWorkload(in: folder)
        // A killed ibook cannot remove its scratch folder (ibook-add-…): it is made here, in
        // the library's folder, and goes with it.
        let scratch = library.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var environment = library.environment
        environment["TMPDIR"] = scratch.path
        var generator = SeededGenerator(seed: 42)
        for round in 0..<10 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Run.ibookPath)
            process.arguments = ["add", folder.path]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 20_000...900_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            XCTAssertEqual(try consistency(library), "ok", "after kill \(round)")
        }
        let final = try library.ibook("add", folder.path)
        XCTAssertEqual(final.status, 0, final.stderr)
        XCTAssertEqual(try consistency(library), "ok")
        let listed = try library.ibook("list", "--json")
        XCTAssertEqual(listed.stdout.components(separatedBy: "\"sha256\"").count - 1, 24)
    }

    func testCtrlCStopsCleanlyAndSaysHowManyWereAdded() throws {
        let library = try TestLibrary("sigint")
        let folder = library.root.appendingPathComponent("workload")
        try makeWorkload(in: folder, files: 40)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.ibookPath)
        process.arguments = ["add", folder.path]
        process.environment = library.environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Ctrl-C once the first book is in: by then ibook is listening for it
        // (on a loaded machine a fixed delay can land before it starts to).
        let database = library.directory.appendingPathComponent("library.sqlite").path
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            let count = try? Run.process("/usr/bin/sqlite3", ["-readonly", database, "SELECT count(*) FROM books"], timeout: 10)
            if let count, count.status == 0, (Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0 { break }
            usleep(50_000)
        }
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130, stderr)
        let summary = try XCTUnwrap(stderr.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(summary.hasPrefix("interrupted, "), summary)
        let added = Int(summary.split(separator: " ")[1]) ?? -1
        let listed = try library.ibook("list", "--json")
        XCTAssertEqual(listed.stdout.components(separatedBy: "\"sha256\"").count - 1, added)
        XCTAssertEqual(try consistency(library), "ok")
        XCTAssertLessThan(added, 40)
    }

    func testParallelProcessesNeverSeeALockedDatabaseNorLoseAWrite() throws {
        let library = try TestLibrary("parallel")
        let folderA = library.root.appendingPathComponent("a"), folderB = library.root.appendingPathComponent("b")
        try makeWorkload(in: folderA, files: 8, pages: 20)
        try FileManager.default.createDirectory(at: folderB, withIntermediateDirectories: true)
        for name in ["lighthouses.pdf", "cafe-culture.pdf", "long-history.pdf", "cjk-seasons.pdf"] {
            try FileManager.default.copyItem(atPath: Fixtures.sampleBook(name), toPath: folderB.appendingPathComponent(name).path)
        }
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("atlas-landscape.pdf")).status, 0)

        var jobs: [[String]] = [["add", folderA.path], ["add", folderB.path]]
        for page in 1...8 { jobs.append(["bookmark", String(page), "--note", "note \(page)"]) }
        for _ in 0..<4 { jobs.append(["search", "--all", "harbour"]) }
        for _ in 0..<4 { jobs.append(["history"]) }
        for page in 1...4 { jobs.append(["read", String(page)]) }
        let collected = Locked<[(job: [String], result: Run.Result)]>([])
        let allJobs = jobs
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            let result = try? library.ibook(allJobs[index])
            if let result { collected.withLock { $0.append((allJobs[index], result)) } }
        }
        let results = collected.withLock { $0 }
        XCTAssertEqual(results.count, jobs.count)
        for (job, result) in results {
            XCTAssertEqual(result.status, 0, "\(job): \(result.stderr)")
            XCTAssertFalse(result.stderr.lowercased().contains("locked"), "\(job): \(result.stderr)")
        }
        let bookmarks = try library.ibook("bookmarks", "--book", "atlas", "--json")
        XCTAssertEqual(bookmarks.stdout.components(separatedBy: "\"note\"").count - 1, 8, bookmarks.stdout)
        XCTAssertEqual(try consistency(library), "ok")
        let listed = try library.ibook("list", "--json")
        XCTAssertEqual(listed.stdout.components(separatedBy: "\"sha256\"").count - 1, 1 + 8 + 4)
    }

    func testForeignOrNewerLibrariesAreRefusedAndLeftUntouched() throws {
        let library = try TestLibrary("foreign")
        try FileManager.default.createDirectory(at: library.directory, withIntermediateDirectories: true)
        let path = library.directory.appendingPathComponent("library.sqlite").path
        _ = try Run.process("/usr/bin/env", ["python3", "-c",
            "import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); db.execute('create table contacts(name)'); db.commit()", path])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let foreign = try library.ibook("list")
        XCTAssertEqual(foreign.status, 1)
        XCTAssertTrue(foreign.stderr.contains("not an ibook library (an SQLite database of another program)"), foreign.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)

        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("untitled-notes.pdf")).status, 0)
        _ = try Run.process("/usr/bin/env", ["python3", "-c",
            "import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); db.execute(\"insert into schema_migrations values('99-future', 0)\"); db.commit()", path])
        let newer = try library.ibook("list")
        XCTAssertEqual(newer.status, 1)
        XCTAssertTrue(newer.stderr.contains("made by a newer version of ibook"), newer.stderr)

        // Damage in the middle of the file: a clear error, never a silent repair.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        _ = try Run.process("/usr/bin/env", ["python3", "-c",
            "import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); db.execute('pragma wal_checkpoint(truncate)')", path])
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for index in stride(from: 4096, to: min(bytes.count, 4096 * 6), by: 1) { bytes[index] = 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let damaged = try library.ibook("list")
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stderr.hasPrefix("Error: "), damaged.stderr)
        XCTAssertEqual(damaged.stderrLines.count, 1, damaged.stderr)
    }

    func testCheckAndRelocateKeepBookmarksAndHistory() throws {
        let library = try TestLibrary("check")
        let file = library.root.appendingPathComponent("cafe.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("cafe-culture.pdf"), toPath: file.path)
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "3", "--note", "keep me").status, 0)
        XCTAssertEqual(try library.ibook("read", "4").status, 0)
        XCTAssertEqual(try library.ibook("check").status, 0)

        let moved = library.root.appendingPathComponent("moved.pdf")
        try FileManager.default.moveItem(at: file, to: moved)
        let missing = try library.ibook("check")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("missing  #1"), missing.stdout)

        let wrong = try library.ibook("relocate", "1", Fixtures.sampleBook("lighthouses.pdf"))
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("hash mismatch"), wrong.stderr)
        let relocated = try library.ibook("relocate", "1", moved.path)
        XCTAssertEqual(relocated.status, 0, relocated.stderr)
        XCTAssertEqual(try library.ibook("check").status, 0)
        XCTAssertTrue(try library.ibook("bookmarks").stdout.contains("keep me"))
        XCTAssertTrue(try library.ibook("history").stdout.contains("page 4 of"))

        // Changed content is reported too.
        let handle = try FileHandle(forWritingTo: moved)
        try handle.seekToEnd()
        handle.write(Data("% appended\n".utf8))
        try handle.close()
        let changed = try library.ibook("check")
        XCTAssertEqual(changed.status, 1)
        XCTAssertTrue(changed.stdout.contains("changed  #1"), changed.stdout)
    }
}
