import Foundation
import TestSupport
import XCTest

/// What poppler says is collected per document: with files read at once on
/// several threads (`add --in-process --jobs 2`), each file's complaints are
/// reported with that file, never with another.
final class PopplerDiagnosticsTests: XCTestCase {
    func testEachFileKeepsItsOwnDiagnosticsWhenReadInParallel() throws {
        let library = try TestLibrary("diagnostics")
        let folder = library.root.appendingPathComponent("mixed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var damaged: [String] = []
        for index in 0..<4 {
            var cycle = RawPDF.simple(text: "Damaged file \(index)")
            cycle.set(2, "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>")
            cycle.set(6, "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>")
            let url = folder.appendingPathComponent("b-damaged-\(index).pdf")
            try cycle.write(to: url)
            damaged.append(url.path)
            let clean = folder.appendingPathComponent("a-clean-\(index).pdf")
            try RawPDF.simple(text: "Clean file \(index)").write(to: clean)
        }
        let added = try library.ibook("add", "--in-process", "--jobs", "2", "--verbose", folder.path)
        let poppler = added.stderrLines.filter { $0.hasPrefix("poppler: ") }
        XCTAssertFalse(poppler.isEmpty, added.stderr)
        for line in poppler {
            XCTAssertTrue(damaged.contains { line.hasPrefix("poppler: \($0): ") }, "only damaged files have diagnostics: \(line)")
        }
        for path in damaged {
            XCTAssertTrue(poppler.contains { $0.hasPrefix("poppler: \(path): ") }, "\(path) keeps its own: \(added.stderr)")
        }
    }
}
