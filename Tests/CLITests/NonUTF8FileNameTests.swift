import Foundation
import TestSupport
import XCTest

/// Linux file names are bytes: a Latin-1 `café.pdf` from an old archive is
/// added, read, shown, watermarked and relocated; the library keeps its name
/// without loss; people see it escaped as git does ("caf\351.pdf"), and JSON
/// gives that same lossless form. FileManager cannot make such names, so
/// the files are renamed to raw bytes with rename(2), and ibook is given
/// them on its command line by the shell (printf), as a person would type them.
final class NonUTF8FileNameTests: XCTestCase {
    private var library: TestLibrary!
    private var folder: URL { library.root.appendingPathComponent("archive") }

    override func setUpWithError() throws {
        library = try TestLibrary("non-utf8")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    /// Copies `source` into the archive folder under a name given as bytes.
    private func place(_ source: String, named name: [UInt8]) throws {
        let staging = folder.appendingPathComponent("staging.pdf")
        try FileManager.default.copyItem(atPath: source, toPath: staging.path)
        let target = (Array(folder.path.utf8) + [0x2F] + name).map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(rename(staging.path, target), 0, String(cString: strerror(errno)))
    }

    private func exists(_ name: [UInt8]) -> Bool {
        var info = stat()
        let path = (Array(folder.path.utf8) + [0x2F] + name).map { CChar(bitPattern: $0) } + [0]
        return stat(path, &info) == 0
    }

    /// Runs ibook with `arguments`, where `printf` escapes (\351) in an
    /// argument written %(...) become raw bytes, through the shell.
    private func ibook(_ arguments: String...) throws -> Run.Result {
        let quoted = arguments.map { argument -> String in
            if argument.hasPrefix("%") { return "\"$(printf '\(argument.dropFirst())')\"" }
            return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return try Run.process("/bin/sh", ["-c", "exec '\(Run.ibookPath)' " + quoted.joined(separator: " ")],
                               environment: library.environment)
    }

    func testALatin1NameIsAddedReadShownWatermarkedAndRelocated() throws {
        let cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".pdf".utf8)
        try place(Fixtures.sampleBook("untitled-notes.pdf"), named: cafe)
        let shown = "\"\(folder.path)/caf\\351.pdf\""

        let added = try ibook("add", folder.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdout, "Added #1 café (3 pages)\n", "titled from the name read as Latin-1")
        let again = try ibook("add", "%\(folder.path)/caf\\351.pdf")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "\(shown): already in library as #1\n")

        XCTAssertTrue(try ibook("info").stdout.contains("File         \(shown)\n"))
        let json = try ibook("list", "--json")
        let books = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(books.first?["path"] as? String, shown, "JSON has the lossless escaped form")
        XCTAssertEqual(try ibook("check").stderr, "1 checked, 0 with problems\n", "the stored name opens the file")

        let read = try ibook("read", "2")
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertTrue(read.stdout.contains("scribbles"), read.stdout)
        let image = try ibook("show", "%\(folder.path)/caf\\351.pdf", "1", "--width", "20")
        XCTAssertEqual(image.status, 0, image.stderr)
        XCTAssertTrue(image.stdout.dropFirst().hasPrefix("PNG"))

        let marked: [UInt8] = Array("marqu".utf8) + [0xE9] + Array(".pdf".utf8)
        let watermark = try ibook("watermark", "%\(folder.path)/caf\\351.pdf", "--text", "BROUILLON",
                                  "-o", "%\(folder.path)/marqu\\351.pdf", "--add")
        XCTAssertEqual(watermark.status, 0, watermark.stderr)
        XCTAssertEqual(watermark.stdoutLines.first, "\"\(folder.path)/marqu\\351.pdf\"")
        XCTAssertTrue(watermark.stdoutLines.last?.hasPrefix("Added #2 ") ?? false, watermark.stdout)
        XCTAssertTrue(exists(marked), "written under its name's bytes")
        let checked = try Run.process("/bin/sh", ["-c", "qpdf --check \"$(printf '\(folder.path)/marqu\\351.pdf')\""])
        XCTAssertEqual(checked.status, 0, checked.stdout)
        XCTAssertTrue(checked.stdout.contains("No syntax or stream encoding errors"), checked.stdout)

        let exported = try ibook("export", "catalog", "--format", "csv", "-o", "%\(folder.path)/r\\351sum\\351.csv")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdout, "\"\(folder.path)/r\\351sum\\351.csv\"\n")
        XCTAssertTrue(exists(Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".csv".utf8)))

        let moved: [UInt8] = Array("d".utf8) + [0xE9, 0xE0, 0xFF] + Array(".pdf".utf8)
        let from = (Array(folder.path.utf8) + [0x2F] + cafe).map { CChar(bitPattern: $0) } + [0]
        let to = (Array(folder.path.utf8) + [0x2F] + moved).map { CChar(bitPattern: $0) } + [0]
        XCTAssertEqual(rename(from, to), 0)
        let missing = try ibook("check")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stdout, "missing  #1 café: \(shown)\n")
        let relocated = try ibook("relocate", "1", "%\(folder.path)/d\\351\\340\\377.pdf")
        XCTAssertEqual(relocated.status, 0, relocated.stderr)
        XCTAssertEqual(relocated.stdout, "Relocated #1 café to \"\(folder.path)/d\\351\\340\\377.pdf\"\n")
        XCTAssertEqual(try ibook("check").status, 0)
        XCTAssertEqual(try ibook("read", "--book", "%\(folder.path)/d\\351\\340\\377.pdf", "3").status, 0,
                       "a book is named by its raw path too")
    }

    /// cairo (export) and WeasyPrint (compose, through its argv) take the
    /// output as text: they write a UTF-8 temporary name, renamed to the bytes.
    func testExportAndComposeWriteUnderTheNamesBytes() throws {
        try place(Fixtures.sampleBook("untitled-notes.pdf"), named: Array("notes.pdf".utf8))
        let added = try ibook("add", "\(folder.path)/notes.pdf")
        XCTAssertEqual(added.status, 0, added.stderr)

        let report: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".pdf".utf8)
        let exported = try ibook("export", "catalog", "--format", "pdf", "-o", "%\(folder.path)/caf\\351.pdf")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(exported.stdout, "\"\(folder.path)/caf\\351.pdf\"\n")
        XCTAssertTrue(exists(report), "written under its name's bytes")
        let reportText = try Run.process("/bin/sh", ["-c", "pdftotext \"$(printf '\(folder.path)/caf\\351.pdf')\" -"])
        XCTAssertEqual(reportText.status, 0, reportText.stderr)
        XCTAssertFalse(reportText.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "a readable PDF")

        let template = library.root.appendingPathComponent("invoice").path
        XCTAssertEqual(try ibook("compose", "--init", "invoice", template).status, 0)
        let invoice: [UInt8] = Array("factur".utf8) + [0xE9] + Array(".pdf".utf8)
        let composed = try ibook("compose", template, "--data", template + "/invoice.json",
                                 "-o", "%\(folder.path)/factur\\351.pdf")
        XCTAssertEqual(composed.status, 0, composed.stderr)
        XCTAssertTrue(composed.stdout.hasPrefix("\"\(folder.path)/factur\\351.pdf\": 1 page"), composed.stdout)
        XCTAssertTrue(exists(invoice), "written under its name's bytes")
        let checked = try Run.process("/bin/sh", ["-c", "qpdf --check \"$(printf '\(folder.path)/factur\\351.pdf')\""])
        XCTAssertEqual(checked.status, 0, checked.stdout)

        // Nothing else: no temporary file left under another name.
        let listed = try Run.process("/bin/sh", ["-c", "ls -A '\(folder.path)' | wc -l"])
        XCTAssertEqual(listed.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "3", "the two outputs and the book")
    }

    func testNamesThatLookLikeTheEscapesStayDistinct() throws {
        // A UTF-8 name holding the private-use characters ibook carries raw
        // bytes in, beside the raw name they would stand for: two files.
        let raw: [UInt8] = Array("x".utf8) + [0xE9] + Array(".pdf".utf8)
        let lookalike: [UInt8] = Array("x".utf8) + Array("\u{10FFE9}".utf8) + Array(".pdf".utf8)
        try place(Fixtures.sampleBook("untitled-notes.pdf"), named: raw)
        try place(Fixtures.sampleBook("cafe-culture.pdf"), named: lookalike)
        let added = try ibook("add", folder.path)
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertEqual(added.stdoutLines.count, 2, added.stdout)
        XCTAssertEqual(try ibook("check").stderr, "2 checked, 0 with problems\n", "each stored name opens its own file")
    }
}
