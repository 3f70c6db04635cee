import Foundation
import TestSupport
import XCTest

/// -o/--output, --paper, --margin, --preview and --add are declared once for
/// watermark, export and compose; enumerated values (--sort, --layer,
/// --paper, --format) are typed, so help and completions list them.
final class WorkbenchOptionsTests: XCTestCase {
    func testEnumeratedValuesAreListedCheckedAndCompleted() throws {
        let library = try TestLibrary("workbench-options")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)

        let a5 = library.root.appendingPathComponent("catalog.pdf").path
        let exported = try library.ibook("export", "catalog", "--paper", "A5", "-o", a5)
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let info = try Run.process("/usr/bin/pdfinfo", [a5]).stdout
        XCTAssertTrue(info.contains("595.276 x 419.528 pts"), "A5, landscape for the catalog's many columns: \(info)")

        let refused = try library.ibook("export", "catalog", "--paper", "a3")
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(refused.stderrLines.first, "Error: Invalid value 'a3' for '--paper <size>': expected one of a4, a5, letter, legal")
        XCTAssertEqual(try library.ibook("list", "--sort", "Title").status, 0, "any case")
        XCTAssertEqual(try library.ibook("list", "--sort", "colour").stderrLines.first,
                       "Error: Invalid value 'colour' for '--sort <column>': expected one of id, title, author, pages, added, year, rating, tags, collections, publisher, series, language, source, file, size")

        for command in ["export", "compose"] {
            XCTAssertTrue(try library.ibook(command, "--help").stdout.contains("Paper size (default a4). Values: a4, a5, letter,"), command)
        }
        for command in ["watermark", "export", "compose"] {
            let help = try library.ibook(command, "--help").stdout
            XCTAssertTrue(help.contains("  -o, --output <file>  "), command)
            XCTAssertTrue(help.contains("""
                  --preview <page>        Render this page of the result to a PNG (the -o file)
                                          instead of writing the PDF.
                  --preview-size <px>     Longer side of the preview in pixels (default 1200).
                """), "--preview is spelled and described alike in \(command)'s help:\n\(help)")
        }
        let manPage = try library.ibook("manpage").stdout
        XCTAssertEqual(manPage.components(separatedBy: "\\fB\\-\\-preview\\fR \\fI<page>\\fR\nRender this page of the result to a PNG (the \\-o file) instead of writing the PDF.\n").count - 1, 3,
                       "the man page describes --preview once for each of the three commands")
        XCTAssertTrue(try library.ibook("watermark", "--help").stdout.contains("--add                   Add the watermarked PDF to the library."))
        XCTAssertTrue(try library.ibook("compose", "--help").stdout.contains("--add                   Add the PDF to the library."))

        let bash = try library.ibook("completions", "bash").stdout
        for line in ["'ibook export --paper') echo 'a4 a5 letter legal' ;;", "'ibook compose --paper') echo 'a4 a5 letter legal' ;;",
                     "'ibook watermark --layer') echo 'over under' ;;", "'ibook list --sort') echo 'id title author pages added year rating tags collections publisher series language source file size' ;;"] {
            XCTAssertTrue(bash.contains(line), line)
        }
        for command in ["watermark", "export", "compose"] {
            let line = try XCTUnwrap(bash.split(separator: "\n").first { $0.contains("'ibook \(command)')") }, command)
            XCTAssertTrue(line.contains("valued='") && line.split(separator: "valued=").last?.contains("--preview --preview-size") == true,
                          "bash completes a value after --preview in \(command)")
        }
        XCTAssertTrue(try library.ibook("completions", "fish").stdout.contains("-l 'sort' -x -a 'id title author pages added year rating tags collections publisher series language source file size'"))
    }
}
