@testable import BookLibrary
import FoundationEssentials
import XCTest

/// The roots go to a shared library's session as JSON that the server's
/// `book_file` reads: every folder name must come back as it is on disk.
final class MachineRootsJSONTests: XCTestCase {
    func testEveryFolderNameComesBackFromTheJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = [
            "b.2": "/srv/books/\"quoted\" \\ back/slash",
            "a_1": "/home/zoë/Bücher/書籍",
            "c-3": "/odd/\u{1}\u{1F}\u{7F}/folder",
            "d": "/",
        ]
        let file = folder.appendingPathComponent("roots").path
        try paths.map { "\($0.key)\t\($0.value)" }.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let roots = try MachineRoots(file: file)
        XCTAssertEqual(roots.roots.count, 4)
        let json = roots.json
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: Data(json.utf8)), paths, json)
        XCTAssertTrue(json.hasPrefix("{\"a_1\":"), "names in order: \(json)")
        XCTAssertFalse(json.unicodeScalars.contains { $0.value < 0x20 }, "no control character left raw: \(json)")
        XCTAssertEqual(try MachineRoots(file: folder.appendingPathComponent("none").path).json, "{}")
    }
}
