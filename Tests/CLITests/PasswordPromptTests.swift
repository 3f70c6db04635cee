import Foundation
import TestSupport
import XCTest

/// On a terminal, a PDF that needs a password and was given none is asked
/// for, without echo, instead of failing; a script gets the error at once.
final class PasswordPromptTests: XCTestCase {
    private var library: TestLibrary!
    private var locked: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("prompt")
        locked = try BadFiles.encrypted(Fixtures.sampleBook("cafe-culture.pdf"), userPassword: "s3cret",
                                        in: library.root, name: "locked.pdf")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func session(_ command: String) throws -> TmuxSession {
        try TmuxSession("cd '\(library.root.path)' && '\(Run.ibookPath)' \(command); echo \"exit=$?\"; sleep 30",
                        environment: library.environment)
    }

    func testAddAsksForTheLockedFileAfterTheBatch() throws {
        let add = try session("add '\(locked.path)' '\(Fixtures.sampleBook("lighthouses.pdf"))'")
        XCTAssertTrue(add.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, add.screen())
        XCTAssertTrue(add.screen().contains("Added #1 A Field Guide to Lighthouses"), "the rest of the batch went first")
        try add.sendLiteral("s3cret")
        try add.send("Enter")
        XCTAssertTrue(add.waitFor(timeout: 20) { $0.contains("exit=0") }, add.screen())
        XCTAssertTrue(add.screen().contains("Added #2 Résumé of Café Culture (12 pages)"), add.screen())
        XCTAssertTrue(add.screen().contains("2 added, 0 already present, 0 failed"), add.screen())
        XCTAssertFalse(add.screen().contains("s3cret"), "the password is not echoed")
        XCTAssertTrue(try library.ibook("search", "--book", "Café", "naïve").stdout.contains("naïve"), "indexed with it")
    }

    func testShowAsksAgainAfterAWrongAnswerAndStopsAfterThree() throws {
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)
        let output = library.root.appendingPathComponent("page.png").path
        let wrong = try session("show 1 2 -o '\(output)'")
        XCTAssertTrue(wrong.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, wrong.screen())
        for attempt in 1...3 {
            if attempt > 1 {
                XCTAssertTrue(wrong.waitFor(timeout: 20) { $0.components(separatedBy: "Wrong password, try again.").count == attempt },
                              "asked again: \(wrong.screen())")
            }
            try wrong.sendLiteral("guess\(attempt)")
            try wrong.send("Enter")
        }
        XCTAssertTrue(wrong.waitFor(timeout: 20) { $0.contains("exit=1") }, wrong.screen())
        XCTAssertTrue(wrong.screen().contains("wrong password"), wrong.screen())
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))

        let second = try session("show 1 2 -o '\(output)'")
        XCTAssertTrue(second.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, second.screen())
        try second.sendLiteral("guess")
        try second.send("Enter")
        XCTAssertTrue(second.waitFor(timeout: 20) { $0.contains("Wrong password, try again. Password for locked.pdf:") }, second.screen())
        try second.sendLiteral("s3cret")
        try second.send("Enter")
        XCTAssertTrue(second.waitFor(timeout: 20) { $0.contains("exit=0") }, second.screen())
        XCTAssertGreaterThan(try PNGDecoder.decode(file: output).width, 100)
        try FileManager.default.removeItem(atPath: output)

        let right = try session("show 1 2 -o '\(output)'")
        XCTAssertTrue(right.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, right.screen())
        try right.sendLiteral("s3cret")
        try right.send("Enter")
        XCTAssertTrue(right.waitFor(timeout: 20) { $0.contains("exit=0") }, right.screen())
        XCTAssertGreaterThan(try PNGDecoder.decode(file: output).width, 100)

        let marked = library.root.appendingPathComponent("marked.pdf").path
        let watermark = try session("watermark --text DRAFT -o '\(marked)'")
        XCTAssertTrue(watermark.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, watermark.screen())
        try watermark.sendLiteral("s3cret")
        try watermark.send("Enter")
        XCTAssertTrue(watermark.waitFor(timeout: 20) { $0.contains("exit=0") }, watermark.screen())
        XCTAssertTrue(FileManager.default.fileExists(atPath: marked))
    }

    /// `thumbnail`, which the lean binary renders itself, asks as the PDF commands do.
    func testThumbnailAsksForANewPageOfALockedBook() throws {
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)
        let wrong = try session("thumbnail 1 --page 4")
        XCTAssertTrue(wrong.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, wrong.screen())
        try wrong.sendLiteral("guess")
        try wrong.send("Enter")
        XCTAssertTrue(wrong.waitFor(timeout: 20) { $0.contains("exit=1") }, wrong.screen())
        XCTAssertTrue(wrong.screen().contains("locked.pdf: wrong password"), wrong.screen())

        let right = try session("thumbnail 1 --page 4")
        XCTAssertTrue(right.waitFor(timeout: 20) { $0.contains("Password for locked.pdf:") }, right.screen())
        try right.sendLiteral("s3cret")
        try right.send("Enter")
        XCTAssertTrue(right.waitFor(timeout: 20) { $0.contains("exit=0") }, right.screen())
        XCTAssertFalse(right.screen().contains("s3cret"), "the password is not echoed")
        let path = library.cache.appendingPathComponent("ibook/thumbnails").path
        let rendered = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix("-p4-256.png") }
        XCTAssertEqual(rendered.count, 1, "\(rendered)")
        XCTAssertGreaterThan(try PNGDecoder.decode(file: path + "/" + rendered[0]).width, 100)

        let script = try library.ibook("thumbnail", "1", "--page", "5")
        XCTAssertEqual(script.status, 1)
        XCTAssertEqual(script.stderr, "Error: \(locked.path): needs a password (use --password)\n")
    }

    func testAScriptIsNotAskedButToldAtOnce() throws {
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)
        let shown = try library.ibook("show", "1", "2", "-o", library.root.appendingPathComponent("page.png").path)
        XCTAssertEqual(shown.status, 1)
        XCTAssertTrue(shown.stderr.contains("needs a password"), shown.stderr)
        XCTAssertFalse(shown.stderr.contains("Password for"), "no question where stdin is not a terminal")
    }
}
