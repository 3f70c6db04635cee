import BookPrinting
import Foundation
import TestSupport
import Watermark
import XCTest

/// The temporary copies a job may need: private, plain, and gone afterwards.
final class TemporaryCopyTests: XCTestCase {
    func testDecryptedCopyIsPlainPrivateAndHoldsThePagesAsked() throws {
        let folder = try Fixtures.temporaryDirectory("copier")
        defer { try? FileManager.default.removeItem(at: folder) }
        let encrypted = folder.appendingPathComponent("secret.pdf").path
        let made = try Run.process("/usr/bin/qpdf", ["--encrypt", "pw", "owner", "256", "--",
                                                      Fixtures.sampleBook("long-history.pdf"), encrypted])
        XCTAssertEqual(made.status, 0, made.stderr)
        let plain = folder.appendingPathComponent("plain.pdf").path
        try PDFCopier.writeDecrypted(input: encrypted, password: "pw", pages: [3, 4, 5, 12], to: plain)
        var info = stat()
        XCTAssertEqual(stat(plain, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        let pdfinfo = try Run.process("/usr/bin/pdfinfo", [plain])
        let fields = Dictionary(pdfinfo.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(fields["Encrypted"], "no")
        XCTAssertEqual(fields["Pages"], "4")
        let page4 = try Run.process("/usr/bin/pdftotext", ["-f", "4", "-l", "4", plain, "-"]).stdout
        let original12 = try Run.process("/usr/bin/pdftotext", ["-f", "12", "-l", "12", Fixtures.sampleBook("long-history.pdf"), "-"]).stdout
        XCTAssertEqual(page4, original12)

        XCTAssertThrowsError(try PDFCopier.writeDecrypted(input: encrypted, password: "wrong", to: plain + "2")) { error in
            XCTAssertTrue("\(error)".hasPrefix("could not make a decrypted copy ("), "\(error)")
        }
    }
}
