import Reports
import XCTest

final class TOMLSubsetTests: XCTestCase {
    func testReadsSectionsStringsEscapesAndComments() throws {
        let text = """
            # settings for ibook
            top = "level"

            [letterhead]
            name = "Bibliothèque \\"Phare\\""   # trailing comment
            address = 'C:\\raw\\path'
            phone = "+33\\t1 23\\u00A045"
            email = "info@example.org"
            [other.part]
            name = "図書館"\r
            """
        let tables = try TOMLSubset.parse(text)
        XCTAssertEqual(tables[""]?["top"], "level")
        XCTAssertEqual(tables["letterhead"]?["name"], "Bibliothèque \"Phare\"")
        XCTAssertEqual(tables["letterhead"]?["address"], "C:\\raw\\path")
        XCTAssertEqual(tables["letterhead"]?["phone"], "+33\t1 23\u{00A0}45")
        XCTAssertEqual(tables["letterhead"]?["email"], "info@example.org")
        XCTAssertEqual(tables["other.part"]?["name"], "図書館")
    }

    func testMalformedLinesAreErrorsNamingTheLine() {
        let cases: [(String, Int, String)] = [
            ("[letterhead\nname = \"x\"", 1, "closing ']'"),
            ("[letterhead]\nname = x", 2, "quoted string"),
            ("[letterhead]\n\nname = \"open", 3, "unterminated"),
            ("just words", 1, "expected key"),
            ("a = \"1\"\na = \"2\"", 2, "set twice"),
            ("a = \"1\" extra", 1, "unexpected"),
            ("a = \"\\q\"", 1, "invalid escape"),
            ("[bad name]", 1, "not a section"),
        ]
        for (text, line, reason) in cases {
            XCTAssertThrowsError(try TOMLSubset.parse(text), text) { error in
                guard let error = error as? TOMLSubset.SyntaxError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, line, text)
                XCTAssertTrue(error.reason.contains(reason), "\(text): \(error.reason)")
            }
        }
    }

    func testLetterheadSettingsLoadAndFlagsOverride() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toml-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "[letterhead]\nname = \"Harbour Library\"\nlogo = \"logo.png\"\nphone = \"555\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = try LetterheadSettings.load(from: path)
        XCTAssertEqual(loaded.name, "Harbour Library")
        XCTAssertEqual(loaded.logo, folder.path + "/logo.png")
        let merged = LetterheadSettings(name: "Flag Name").overriding(loaded)
        XCTAssertEqual(merged.name, "Flag Name")
        XCTAssertEqual(merged.phone, "555")
        XCTAssertTrue(try LetterheadSettings.load(from: folder.path + "/missing.toml").isEmpty)
        try "[letterhead]\nname = 3\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try LetterheadSettings.load(from: path)) { error in
            XCTAssertEqual("\(error)", "\(path): line 2: the value of 'name' must be a quoted string")
        }
    }
}
