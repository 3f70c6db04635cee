import Annotating
import BookLibrary
import BookPrinting
import Compose
import Foundation
import IBookCLI
import PDF
import PageThumbnails
import Printing
import RenderCommands
import TestSupport
import Watermark
import XCTest

/// Services state a condition; only the command line names its options. Each
/// error that used to name a flag: its own words name none, and the CLI's do.
final class ErrorWordingTests: XCTestCase {
    func testLibraryErrorsNameNoOptionAndTheCommandLineAddsIt() {
        assertWorded(LibraryError.noOpenBook, service: "no open book",
                     cli: "no open book: open one with 'ibook open BOOK' (see 'ibook list'), or pass --book BOOK")
        assertWorded(CurationError.invalidField(.seriesIndex, reason: "'x' is not a number"),
                     service: "series_index: 'x' is not a number", cli: "--series-index: 'x' is not a number")
        assertWorded(CurationError.invalidField(.isbn, reason: "'1' is not a valid ISBN (check digit)"),
                     service: "isbn: '1' is not a valid ISBN (check digit)", cli: "--isbn: '1' is not a valid ISBN (check digit)")
        assertWorded(CurationError.nothingToEdit, service: "nothing to change: no detail was given",
                     cli: "nothing to change: give at least one of --title, --author, --year, … (see 'ibook edit --help')")
        assertWorded(CurationError.savedSearchNotFound("optics"), service: "no saved search named 'optics'",
                     cli: "no saved search named 'optics' (save one with 'ibook list --save NAME QUERY')")
        assertWorded(CurationError.invalidSavedSearchName("a b"), service: "'a b' cannot name a saved search: one word without ':'",
                     cli: "--save: 'a b' cannot name a saved search: one word without ':'")
        assertWorded(CurationError.savedSearchWithoutQuery, service: "a saved search needs a query",
                     cli: "--save: give the query to save after the name")
        assertWorded(AnnotationError.notFound(3), service: "no annotation #3",
                     cli: "no annotation #3 (see 'ibook notes --json' for ids)")
        assertWorded(AnnotationError.ambiguousPassage("sea", count: 3, candidates: ["page 1: the sea", "page 2: a sea"]),
                     service: "'sea' occurs 3 times:\n  1. page 1: the sea\n  2. page 2: a sea\n  … and 1 more",
                     cli: "'sea' occurs 3 times; choose one with --occurrence N:\n  1. page 1: the sea\n  2. page 2: a sea\n  … and 1 more")
        assertWorded(AnnotationError.occurrenceOutOfRange(4, count: 1),
                     service: "occurrence 4 is out of range: the passage occurs 1 time",
                     cli: "--occurrence 4 is out of range: the passage occurs 1 time")
    }

    func testEditFieldsAreNamedByTheirOptions() {
        XCTAssertEqual(ErrorMessage.option(for: .title), "--title")
        XCTAssertEqual(ErrorMessage.option(for: .authors), "--author")
        XCTAssertEqual(ErrorMessage.option(for: .seriesIndex), "--series-index")
        // Every field's option is one `ibook edit` declares.
        let declared = Set(EditCommand.spec.options.flatMap(\.names))
        for field in BookDetails.Field.allCases {
            XCTAssertTrue(declared.contains(ErrorMessage.option(for: field)), "\(field) → \(ErrorMessage.option(for: field))")
        }
    }

    func testAPDFThatNeedsAPasswordNamesTheOptionOnlyOnTheCommandLine() {
        XCTAssertEqual(PDFError.passwordRequired.description, "needs a password")
        XCTAssertEqual(PDFErrorMessage.reason(.passwordRequired), "needs a password (use --password)")
        XCTAssertEqual(PDFErrorMessage.reason(.wrongPassword), "wrong password")
        // What an extraction worker sends back as text gets the same words.
        XCTAssertEqual(PDFErrorMessage.reason(PDFError.passwordRequired.description), "needs a password (use --password)")
        XCTAssertEqual(PDFErrorMessage.text(for: BookFile.Failure(path: "/b/x.pdf", reason: .passwordRequired)),
                       "/b/x.pdf: needs a password (use --password)")
        XCTAssertNil(PDFErrorMessage.text(for: PDFError.wrongPassword))
    }

    func testWorkbenchErrorsNameNoOption() {
        let errors: [Error] = [
            WatermarkError.wouldOverwriteInput, AnnotatingError.sameFile("/b/x.pdf"),
            ComposeError.missingValues("d.json", ["DUE_DATE"]), ComposeError.noCurrency("d.json"),
            BookPrintingError.printingForbidden, PrintingError.noPrinter,
            PrintingError.unknownPrinter("Lobby", source: .caller), PrintingError.unknownPrinter("Lobby", source: .environment("PRINTER")),
        ]
        for error in errors {
            XCTAssertNil(String(describing: error).range(of: "--[a-z]", options: .regularExpression), "\(error)")
        }
        XCTAssertEqual(String(describing: PrintingError.unknownPrinter("Lobby", source: .environment("PRINTER"))),
                       "CUPS has no printer \"Lobby\" (from $PRINTER)")
    }

    /// Kept true from now on: no string literal in a service module spells an
    /// option. Only the command-line modules may.
    func testNoServiceModuleSpellsAnOption() throws {
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        let commandLine: Set<String> = ["IBookCLI", "ibook", "ibook-full", "RenderCommands", "Arguments",
                                        "make-samplebooks", "make-scans"]
        // Not messages: arguments for qpdf, and the starter template's CSS,
        // whose comment tells its reader which options of compose set the page.
        let notMessages: Set<String> = ["Watermark/PDFOverlay.swift", "Watermark/PDFCopier.swift",
                                        "SearchablePDF/QPDFUnderlay.swift", "Compose/StarterTemplates.swift"]
        var offenders: [String] = []
        var scanned = 0
        // Sources/LAYER/MODULE/…
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().flatMap { layer in
            try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(layer).path).sorted().map { (layer, $0) }
        }
        for (layer, module) in modules where !commandLine.contains(module) {
            let folder = sources.appendingPathComponent(layer).appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let relative = module + "/" + file
                guard !notMessages.contains(relative) else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                for (line, literal) in StringLiterals.find(in: text)
                where literal.range(of: "--[a-z]", options: .regularExpression) != nil {
                    offenders.append("Sources/\(layer)/\(relative):\(line): \"\(literal)\"")
                }
            }
        }
        XCTAssertGreaterThan(scanned, 100, "the service modules were not found under \(sources.path)")
        XCTAssertEqual(offenders, [], "service modules must state conditions as data; the CLI names the options:\n"
                       + offenders.joined(separator: "\n"))
    }

    func testTheLiteralScannerSeesStringsAndNotComments() {
        let source = #"""
            /// Names --help in a comment.
            let a = "use --force" // and --here
            let b = "a \"quoted\" --b" + "c\(f("--x")) d"
            let c = """
                multi --line
                """
            """#
        let literals = StringLiterals.find(in: source)
        XCTAssertEqual(literals.map(\.text), ["use --force", #"a \"quoted\" --b"#, "c… d", "    multi --line\n    "])
        XCTAssertEqual(literals.map(\.line), [2, 3, 3, 4])
    }

    private func assertWorded(_ error: Error, service: String, cli: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(String(describing: error), service, file: file, line: line)
        XCTAssertEqual(CLI.describe(error), cli, file: file, line: line)
    }
}

/// The string literals of a Swift source, with the line each starts on;
/// comments are skipped. Enough of Swift's lexing for a check, not a compiler.
enum StringLiterals {
    static func find(in source: String) -> [(line: Int, text: String)] {
        let characters = Array(source)
        var found: [(line: Int, text: String)] = []
        var index = 0
        var line = 1
        func peek(_ text: String, at position: Int) -> Bool {
            let wanted = Array(text)
            return position + wanted.count <= characters.count && Array(characters[position..<(position + wanted.count)]) == wanted
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if peek("//", at: index) {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if peek("/*", at: index) {
                index += 2
                while index < characters.count, !peek("*/", at: index) {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
            } else if peek("\"\"\"", at: index) {
                let start = line
                index += 3
                while index < characters.count, characters[index] != "\n" { index += 1 }
                index += 1
                line += 1
                var text = ""
                while index < characters.count, !peek("\"\"\"", at: index) {
                    if characters[index] == "\n" { line += 1 }
                    text.append(characters[index])
                    index += 1
                }
                index += 3
                found.append((start, text))
            } else if character == "\"" {
                index += 1
                var text = ""
                while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                    if peek("\\(", at: index) {
                        // An interpolation is code, whose own literals are skipped with it.
                        index += 2
                        var depth = 1
                        while index < characters.count, depth > 0, characters[index] != "\n" {
                            if characters[index] == "(" { depth += 1 }
                            if characters[index] == ")" { depth -= 1 }
                            if characters[index] == "\"" {
                                index += 1
                                while index < characters.count, characters[index] != "\"", characters[index] != "\n" { index += 1 }
                            }
                            index += 1
                        }
                        text.append("…")
                        continue
                    }
                    if characters[index] == "\\", index + 1 < characters.count {
                        text.append(characters[index])
                        index += 1
                    }
                    text.append(characters[index])
                    index += 1
                }
                index += 1
                found.append((line, text))
            } else {
                index += 1
            }
        }
        return found
    }
}
