import Foundation
import TestSupport
import XCTest

/// libtesseract and libcups are opened when OCR or printing first needs them
/// (CTesseract, CCups), not when ibook-full starts: with them went
/// 38 libraries (leptonica's codecs, libarchive, libcurl, Avahi, D-Bus, systemd,
/// Kerberos and what stands behind them) that every `add`, worker and reader
/// paid to look symbols up among. OCRCommandTests, OrientationTests and the
/// printing tests show that both are still found; the dynamic loader's own log
/// shows what a run loaded.
final class OnDemandLibrariesTests: XCTestCase {
    func testAnAddWithoutScansLoadsNeitherOCRNorPrintingLibraries() throws {
        let library = try TestLibrary("libtesseract")
        defer { library.remove() }
        let result = try Run.process(Run.ibookPath, ["add", "--ocr", "never", Fixtures.sampleBook("lighthouses.pdf")],
                                     environment: library.environment.merging(["LD_DEBUG": "files"]) { $1 }, timeout: 120)
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(2000)))
        let files = Set(result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" })
        })
        XCTAssertTrue(files.contains("libpoppler-glib.so.8"), "the loader's log of ibook-full is read: \(files.sorted())")
        for library in ["libtesseract.so.5", "liblept.so.5", "libarchive.so.13", "libcurl.so.4",
                        "libcups.so.2", "libavahi-client.so.3", "libsystemd.so.0", "libkrb5.so.3"] {
            XCTAssertFalse(files.contains(library), "\(library) loaded by an add that neither reads a scan nor prints")
        }
    }
}
