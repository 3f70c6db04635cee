import FileOutput
import Foundation
import XCTest

final class AtomicFileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }

    func testWritesTheWholeFileUnderItsNameAndNothingElse() throws {
        let path = folder.appendingPathComponent("report.pdf").path
        try AtomicFile.write(Data("complete".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "complete")
        XCTAssertEqual(contents, ["report.pdf"])
    }

    func testAFailureLeavesTheOldFileAndNoTemporaryFile() throws {
        let path = folder.appendingPathComponent("report.pdf").path
        try AtomicFile.write(Data("old".utf8), to: path)
        struct Boom: Error {}
        XCTAssertThrowsError(try AtomicFile.write(to: path) { temporary in
            XCTAssertTrue(temporary.hasSuffix(".pdf"), "the extension is kept for tools that look at it")
            try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
            throw Boom()
        })
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        XCTAssertEqual(contents, ["report.pdf"])
    }

    func testAMissingFolderIsNamed() {
        let path = folder.appendingPathComponent("nowhere/report.pdf").path
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: path)) { error in
            XCTAssertEqual(error as? AtomicFileError, .noSuchFolder(path))
            XCTAssertEqual("\(error)", "\(path): no such folder")
        }
    }

    func testLeftoversOfThisProcessAreSweptUp() throws {
        let path = folder.appendingPathComponent("out.pdf").path
        _ = FileManager.default.createFile(atPath: AtomicFile.temporaryPath(beside: path), contents: Data("partial".utf8))
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("other.pdf").path, contents: Data())
        AtomicFile.removeLeftovers(for: path)
        XCTAssertEqual(contents, ["other.pdf"])
    }
}
