import FileOutput
import Foundation
import XCTest

final class PrivateFileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("private-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func permissions(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testWritesIntoAFolderThatIsThereOrMakesIt() throws {
        // The folder is there (the usual case for the thumbnail cache): only the file appears.
        let beside = folder.appendingPathComponent("cover.png").path
        try PrivateFile.write([1, 2, 3], to: beside)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: beside))), [1, 2, 3])
        XCTAssertEqual(try permissions(beside), 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["cover.png"])

        // The folder is missing (a cache someone cleared): made, with every folder above it.
        let deep = folder.appendingPathComponent("cache/ibook/thumbnails/p2.png").path
        try PrivateFile.write([4, 5], to: deep)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: deep))), [4, 5])
        XCTAssertEqual(try permissions(deep), 0o600)

        // A file where the folder should be: an error naming the file, nothing written.
        let blocked = folder.appendingPathComponent("cover.png/p3.png").path
        XCTAssertThrowsError(try PrivateFile.write([6], to: blocked)) { error in
            XCTAssertTrue(String(describing: error).contains("cover.png/p3.png"), String(describing: error))
        }
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: beside))), [1, 2, 3])
    }
}
