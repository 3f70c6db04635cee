import Foundation
import TestSupport
import XCTest

/// Titles and authors of Debian's own manuals (the `-doc` packages `make
/// deps` installs), against what a person reads on their title pages,
/// written down by hand: running headers, section headings, addresses glued
/// to names, LaTeX's and groff's separators, a generator's prefix.
final class ManualTitlesTests: XCTestCase {
    private struct Listed: Decodable {
        var title: String
        var author: String
        var path: String
    }

    /// File (gzip-compressed where Debian ships it so) → (title, author); nil author: none is printed.
    private static let truth: [(String, String, String?)] = [
        ("/usr/share/R/doc/manual/R-FAQ.pdf", "R FAQ", "Kurt Hornik"),
        ("/usr/share/R/doc/manual/R-intro.pdf", "An Introduction to R", "W. N. Venables, D. M. Smith"),
        ("/usr/share/R/doc/manual/refman.pdf", "R: A Language and Environment for Statistical Computing", "The R Core Team"),
        ("/usr/share/doc/ada-reference-manual-2012/arm2012.pdf.gz", "Ada Reference Manual − Language and Standard Libraries", nil),
        ("/usr/share/doc/groff-base/pdf/automake.pdf.gz", "Using Automake in the Groff project", "Bertrand Garrigues"),
        ("/usr/share/doc/groff-base/pdf/pdfmark.pdf.gz", "Portable Document Format Publishing with GNU Troff", "Keith Marshall"),
        ("/usr/share/doc/groff-base/pdf/mom-pdf.pdf.gz", "Producing PDFs with groff and mom", "Deri James, Peter Schaffter"),
        ("/usr/share/doc/groff-base/examples/mom/mon_premier_doc.pdf.gz", "Mon Premier Document", "Cicéron"),
        ("/usr/share/doc/groff-base/examples/mom/sample_docs.pdf.gz", "Sample mom documents", "Peter Schaffter"),
        ("/usr/share/doc/groff-base/examples/mom/slide-demo.pdf.gz", "Creating slide presentations with gropdf/mom", nil),
        ("/usr/share/doc/groff-base/examples/mom/typesetting.pdf.gz",
         "Example 1: Tasting notes using padding, string tabs and multi-columns", nil),
        ("/usr/share/developers-reference/developers-reference.pdf", "Debian Developer's Reference", "Developer's Reference Team"),
        ("/usr/share/doc/debian-policy/policy.pdf.gz", "Debian Policy Manual", "The Debian Policy Mailing List"),
        ("/usr/share/doc/debian-policy/fhs/fhs-3.0.pdf.gz", "Filesystem Hierarchy Standard", "LSB Workgroup, The Linux Foundation"),
        ("/usr/share/doc/live-manual/pdf/live-manual.landscape.en.a4.pdf", "Live Systems Manual", "Live Systems Project"),
        ("/usr/share/doc/live-manual/pdf/live-manual.landscape.pl.a4.pdf", "Podręcznik Systemów Live", "Projekt Systemów Live"),
        ("/usr/share/doc/packaging-tutorial/packaging-tutorial.pdf", "Debian Packaging Tutorial", "Lucas Nussbaum"),
        ("/usr/share/doc/packaging-tutorial/packaging-tutorial.ja.pdf", "Debian パッケージングチュートリアル", "Lucas Nussbaum"),
        ("/usr/share/doc/zsh-common/zsh.pdf", "The Z Shell Manual", "Paul Falstad"),
    ]

    func testTitlesAndAuthorsOfDebiansManualsAreTheOnesTheirTitlePagesGive() throws {
        let missing = Self.truth.map(\.0).filter { !FileManager.default.fileExists(atPath: $0) }
        if !missing.isEmpty {
            throw XCTSkip("needs Debian's manuals (make deps installs them): \(missing.joined(separator: ", "))")
        }
        let library = try TestLibrary("manual-titles")
        let folder = library.root.appendingPathComponent("manuals")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, _, _) in Self.truth {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let target = folder.appendingPathComponent(name.hasSuffix(".gz") ? String(name.dropLast(3)) : name)
            if name.hasSuffix(".gz") {
                let unzipped = try Run.process("/bin/sh", ["-c", "gzip -dc \"$0\" > \"$1\"", path, target.path])
                XCTAssertEqual(unzipped.status, 0, unzipped.stderr)
            } else {
                try FileManager.default.copyItem(atPath: path, toPath: target.path)
            }
        }
        XCTAssertEqual(try library.ibook("add", "--ocr", "never", folder.path).status, 0)
        let books = Dictionary(uniqueKeysWithValues: try library.json([Listed].self, "list", "--json").map {
            (URL(fileURLWithPath: $0.path).lastPathComponent, $0)
        })
        var titlesRight = 0, authorsGiven = 0, authorsRight = 0, authorsKnown = 0
        var misses: [String] = []
        for (path, title, author) in Self.truth {
            let name = URL(fileURLWithPath: path).lastPathComponent.replacingOccurrences(of: ".gz", with: "")
            guard let book = books[name] else { XCTFail("\(name) was not added"); continue }
            if book.title == title { titlesRight += 1 } else { misses.append("\(name): title '\(book.title)', not '\(title)'") }
            if author != nil { authorsKnown += 1 }
            guard book.author != "Unknown" else {
                if let author { misses.append("\(name): no author, not '\(author)'") }
                continue
            }
            authorsGiven += 1
            if book.author == author { authorsRight += 1 } else { misses.append("\(name): author '\(book.author)', not '\(author ?? "none")'") }
        }
        // What the README reports; a change that loses one fails here.
        XCTAssertGreaterThanOrEqual(titlesRight, 18, misses.joined(separator: "\n"))
        XCTAssertGreaterThanOrEqual(authorsRight, 15, misses.joined(separator: "\n"))
        XCTAssertLessThanOrEqual(authorsGiven - authorsRight, 2, "wrong authors:\n" + misses.joined(separator: "\n"))
        print("manual titles: \(titlesRight)/\(Self.truth.count) titles, \(authorsRight)/\(authorsGiven) authors given right, "
              + "\(authorsRight)/\(authorsKnown) of those printed found")
    }
}
