import FileOutput
import Foundation
import XCTest

/// Where a run keeps its temporary files: private, and gone afterwards.
final class ScratchFolderTests: XCTestCase {
    func testScratchFolderIsPrivateAndRemovedOnce() throws {
        let scratch = try ScratchFolder(purpose: "test")
        var info = stat()
        XCTAssertEqual(stat(scratch.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.file("a.pdf")))
        scratch.remove()
        scratch.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path))
    }

    func testScratchFolderGoesWithItsOwner() throws {
        var path = ""
        do {
            let scratch = try ScratchFolder(purpose: "test")
            path = scratch.path
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testTheFolderIsNamedForItsPurpose() throws {
        let scratch = try ScratchFolder(purpose: "add")
        XCTAssertTrue((scratch.path as NSString).lastPathComponent.hasPrefix("ibook-add-"), scratch.path)
    }
}
