import Foundation
import TestSupport
import XCTest

/// A full disk under the library or under an output: one line saying so,
/// nothing half-written, and the library intact and usable afterwards. The
/// disk is a small tmpfs the test mounts.
final class FullDiskTests: XCTestCase {
    private var scratch: TestLibrary!

    override func setUpWithError() throws {
        scratch = try TestLibrary("full-disk")
    }

    override func tearDown() {
        scratch?.remove()
        scratch = nil
    }

    private func mount(size: String) throws -> ScratchMount {
        do {
            return try ScratchMount("full-disk", size: size)
        } catch let unavailable as ScratchMount.Unavailable {
            throw XCTSkip(unavailable.reason)
        }
    }

    /// Fills the file system at `folder` until `leaving` bytes are free.
    private func fill(_ folder: URL, leaving: Int) throws {
        var info = statvfs()
        XCTAssertEqual(statvfs(folder.path, &info), 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let filler = folder.appendingPathComponent("filler")
        XCTAssertTrue(FileManager.default.createFile(atPath: filler.path, contents: Data(count: max(0, free - leaving))))
    }

    private func names(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    func testAddToAFullLibraryFailsThatBookAndLeavesTheLibraryUsable() throws {
        let disk = try mount(size: "4m")
        var environment = scratch.environment
        let directory = disk.path.appendingPathComponent("library").path
        environment["IBOOK_LIBRARY"] = directory
        func ibook(_ arguments: String...) throws -> Run.Result {
            try Run.process(Run.ibookPath, arguments, environment: environment)
        }
        XCTAssertEqual(try ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        // What is left is far too little for a 320-page book.
        try fill(disk.path, leaving: 96 * 1024)

        let added = try ibook("add", Fixtures.sampleBook("long-history.pdf"))
        XCTAssertEqual(added.status, 1)
        XCTAssertEqual(added.stderrLines.first,
                       "Error: \(Fixtures.sampleBook("long-history.pdf")): not added: the library at \(directory): no space left on device")
        XCTAssertEqual(added.stderrLines.last, "0 added, 0 already present, 1 failed")

        // Reading goes on on the full disk (search records no history there).
        let listed = try ibook("list", "--json")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("Café Culture"))
        XCTAssertFalse(listed.stdout.contains("Long History"), "nothing of the book that did not fit")
        let searched = try ibook("search", "naïve")
        XCTAssertEqual(searched.status, 0, searched.stderr)
        XCTAssertTrue(searched.stdout.contains("naïve"), searched.stdout)
        XCTAssertEqual(try ibook("check", "--index").status, 0)
        let bookmarked = try ibook("bookmark", "4")
        XCTAssertTrue(bookmarked.status == 0 || bookmarked.stderr == "Error: the library at \(directory): no space left on device\n",
                      "a write on the full disk works or says why in one line: \(bookmarked.stderr)")

        // With room again, the library is whole and takes writes.
        try FileManager.default.removeItem(at: disk.path.appendingPathComponent("filler"))
        let integrity = try Run.process("/usr/bin/sqlite3", [directory + "/library.sqlite", "PRAGMA integrity_check"])
        XCTAssertEqual(integrity.stdout, "ok\n")
        let noted = try ibook("bookmark", "4", "--note", "still works")
        XCTAssertEqual(noted.status, 0, noted.stderr)
        XCTAssertTrue(try ibook("bookmarks").stdout.contains("still works"))
        XCTAssertEqual(try ibook("add", Fixtures.sampleBook("untitled-notes.pdf")).status, 0)
        XCTAssertEqual(try ibook("check", "--index").stderr, "2 checked, 0 with problems; index: 15 pages, in step\n")
    }

    func testWatermarkExportAndComposeSayTheDiskIsFullAndLeaveNothing() throws {
        XCTAssertEqual(try scratch.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
        let disk = try mount(size: "512k")
        let out = disk.path
        try "old,report\n".write(to: out.appendingPathComponent("report.csv"), atomically: false, encoding: .utf8)

        // Room for part of the output: qpdf starts writing and runs out midway.
        try fill(out, leaving: 64 * 1024)
        let watermarked = out.appendingPathComponent("marked.pdf").path
        let watermark = try scratch.ibook("watermark", Fixtures.sampleBook("long-history.pdf"), "--text", "DRAFT", "-o", watermarked)
        XCTAssertEqual(watermark.status, 1)
        XCTAssertEqual(watermark.stderr, "Error: \(watermarked): no space left on device\n")
        XCTAssertEqual(watermark.stdout, "")
        XCTAssertEqual(try names(out), ["filler", "report.csv"], "no half-written output, no temporary file")

        try FileManager.default.removeItem(at: out.appendingPathComponent("filler"))
        try fill(out, leaving: 0)
        for (format, name) in [("pdf", "catalog.pdf"), ("csv", "report.csv"), ("json", "catalog.json")] {
            let path = out.appendingPathComponent(name).path
            let exported = try scratch.ibook("export", "catalog", "--format", format, "-o", path)
            XCTAssertEqual(exported.status, 1, format)
            XCTAssertEqual(exported.stderr, "Error: \(path): no space left on device\n", format)
        }
        XCTAssertEqual(try String(contentsOf: out.appendingPathComponent("report.csv"), encoding: .utf8), "old,report\n",
                       "the file it would have replaced is untouched")

        let template = scratch.root.appendingPathComponent("tpl").path
        XCTAssertEqual(try scratch.ibook("compose", "--init", "invoice", template).status, 0)
        let data = scratch.root.appendingPathComponent("invoice.json")
        try """
            {"invoice_number": "F-1", "invoice_date": "1 May 2024", "due_date": "31 May 2024", "currency": "EUR",
             "locale": "en_IE", "logo_image": "", "sender_info": ["Lumen Press"], "recipient_info": "A reader",
             "payment_method": "Bank transfer", "items": [{"description": "A field guide", "price": 12}]}
            """.write(to: data, atomically: true, encoding: .utf8)
        let invoice = out.appendingPathComponent("invoice.pdf").path
        let composed = try scratch.ibook("compose", template, "--data", data.path, "-o", invoice, "--add")
        XCTAssertEqual(composed.status, 1)
        XCTAssertEqual(composed.stderr, "Error: \(invoice): no space left on device\n")
        XCTAssertEqual(try names(out), ["filler", "report.csv"])
        XCTAssertEqual(try scratch.ibook("list").stdoutLines.count, 2, "nothing added: the header and the one book")

        try FileManager.default.removeItem(at: out.appendingPathComponent("filler"))
        XCTAssertEqual(try scratch.ibook("watermark", Fixtures.sampleBook("cafe-culture.pdf"), "--text", "DRAFT",
                                         "-o", watermarked).status, 0, "with room again, it writes")
        XCTAssertEqual(try Run.process("/usr/bin/qpdf", ["--check", watermarked]).status, 0)
    }
}
