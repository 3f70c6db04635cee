import Foundation
import TestSupport
import XCTest

/// `ibook show` as a user runs it: PNG into a pipe or a file, errors on one
/// line, and on a pseudo-terminal the kitty image of the page.
final class ShowCommandTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("show")
        let added = try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("long-history.pdf"))
        XCTAssertEqual(added.status, 0, added.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    /// Runs ibook with its output kept as bytes (a PNG is not text).
    private func ibookBytes(_ arguments: [String], environment extra: [String: String] = [:]) throws
        -> (status: Int32, stdout: [UInt8], stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Run.ibookPath)
        process.arguments = arguments
        process.environment = library.environment.merging(extra) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes at once, so a chatty stderr never blocks the PNG.
        let stderrReader = StderrReader(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](data), stderrReader.text())
    }

    /// Reads a pipe to its end on another thread.
    private final class StderrReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread {
                self.data = handle.readDataToEndOfFile()
                self.done.signal()
            }.start()
        }

        func text() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// poppler's own render of a page at `width` pixels, for its height and content.
    private func pdftoppm(_ book: String, page: Int, width: Int) throws -> PNGDecoder.Image {
        let directory = try Fixtures.temporaryDirectory("pdftoppm")
        defer { try? FileManager.default.removeItem(at: directory) }
        let prefix = directory.appendingPathComponent("page").path
        let result = try Run.process("/usr/bin/pdftoppm", ["-png", "-f", String(page), "-l", String(page), "-scale-to-x", String(width),
                                                           "-scale-to-y", "-1", "-singlefile", Fixtures.sampleBook(book), prefix])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGDecoder.decode(file: prefix + ".png")
    }

    /// Compared at a quarter of the size, where glyph edges (cairo against splash) no longer count.
    private func assertLooksLike(_ image: PNGDecoder.Image, _ reference: PNGDecoder.Image, file: StaticString = #filePath, line: UInt = #line) {
        let width = min(image.width, reference.width) / 4, height = min(image.height, reference.height) / 4
        func coarse(_ picture: PNGDecoder.Image) -> [UInt8] {
            var pixels: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    var sums = [0, 0, 0]
                    for dy in 0..<4 {
                        for dx in 0..<4 {
                            let offset = ((y * 4 + dy) * picture.width + x * 4 + dx) * 4
                            for channel in 0..<3 { sums[channel] += Int(picture.pixels[offset + channel]) }
                        }
                    }
                    pixels += sums.map { UInt8($0 / 16) } + [255]
                }
            }
            return pixels
        }
        let difference = PNGDecoder.meanDifference(coarse(image), coarse(reference))
        XCTAssertLessThan(difference, 6, "mean difference per channel against pdftoppm", file: file, line: line)
    }

    func testPipedOutputIsThePageAsPNG() throws {
        let result = try ibookBytes(["show", "lighthouses", "3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.stdout.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertFalse(result.stdout.contains(0x1B) && String(decoding: result.stdout, as: UTF8.self).contains("\u{1B}_G"))
        let image = try PNGDecoder.decode(result.stdout)
        // 80 columns of 10 pixels, the height following the page.
        let reference = try pdftoppm("lighthouses.pdf", page: 3, width: 800)
        XCTAssertEqual(image.width, 800)
        XCTAssertLessThanOrEqual(abs(image.height - reference.height), 1)
        assertLooksLike(image, reference)
        XCTAssertEqual(result.stderr, "")
    }

    func testOutputFileIsWrittenWholeAtTheWidthAsked() throws {
        let destination = library.root.appendingPathComponent("page.png").path
        let result = try ibookBytes(["show", "lighthouses", "5", "--width", "40", "-o", destination])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), destination + "\n")
        let image = try PNGDecoder.decode(file: destination)
        let reference = try pdftoppm("lighthouses.pdf", page: 5, width: 400)
        XCTAssertEqual(image.width, 400)
        XCTAssertLessThanOrEqual(abs(image.height - reference.height), 1)
        assertLooksLike(image, reference)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.contains("page.png.") }
        XCTAssertEqual(leftovers, [], "no temporary file left behind")

        // A height limit wins when the page is taller than the width allows; --dark inverts.
        let dark = try ibookBytes(["show", "lighthouses", "5", "--width", "40", "--height", "10", "--dark"])
        let darkImage = try PNGDecoder.decode(dark.stdout)
        XCTAssertEqual(darkImage.height, 200)
        XCTAssertLessThan(darkImage.width, 400)
        XCTAssertEqual(Array(darkImage.pixels.prefix(3)), [0, 0, 0], "the white margin turns black")
    }

    func testPageLabelsNameTheSamePageAsItsNumber() throws {
        // long-history.pdf numbers its front matter i, ii, iii…: iii is the third page.
        let byLabel = try ibookBytes(["show", "long-history", "iii", "--width", "30"])
        let byNumber = try ibookBytes(["show", "long-history", "3", "--width", "30"])
        let other = try ibookBytes(["show", "long-history", "4", "--width", "30"])
        XCTAssertEqual(byLabel.status, 0, byLabel.stderr)
        XCTAssertEqual(byLabel.stdout, byNumber.stdout)
        XCTAssertNotEqual(byLabel.stdout, other.stdout)
        let text = try library.ibook("show", "long-history", "iii", "--graphics", "text")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertEqual(text.stdout, try library.ibook("read", "--book", "long-history", "3").stdout
            .components(separatedBy: "\n").dropFirst(2).joined(separator: "\n"))
        XCTAssertFalse(text.stdout.contains("\u{1B}"))
    }

    /// --book names the book as it does for read and toc; a lone argument is then the page.
    func testBookOptionNamesTheBookAndALoneArgumentThePage() throws {
        let positional = try ibookBytes(["show", "long-history", "3", "--width", "30"])
        let option = try ibookBytes(["show", "--book", "long-history", "3", "--width", "30"])
        XCTAssertEqual(option.status, 0, option.stderr)
        XCTAssertEqual(option.stdout, positional.stdout)
        let firstPage = try ibookBytes(["show", "--book", "long-history", "--width", "30"])
        XCTAssertEqual(firstPage.stdout, try ibookBytes(["show", "long-history", "1", "--width", "30"]).stdout)
        XCTAssertNotEqual(firstPage.stdout, positional.stdout)
        let twice = try library.ibook("show", "lighthouses", "3", "--book", "long-history")
        XCTAssertEqual(twice.status, 64)
        XCTAssertTrue(twice.stderr.hasPrefix("Error: Give the book once: as BOOK or with --book, not both\n"), twice.stderr)
    }

    func testBadPagesAndModesAreOneLineErrors() throws {
        let missing = try library.ibook("show", "lighthouses", "99")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderrLines, ["Error: page 99 is out of range: the book has 40 pages"])
        XCTAssertEqual(missing.stdout, "")
        let label = try library.ibook("show", "long-history", "xlii")
        XCTAssertEqual(label.status, 1)
        XCTAssertEqual(label.stderrLines.count, 1, label.stderr)
        XCTAssertTrue(label.stderr.contains("no page is labelled 'xlii'"), label.stderr)

        let bogus = try library.ibook("show", "lighthouses", "3", "--graphics", "bogus")
        XCTAssertEqual(bogus.status, 64)
        XCTAssertTrue(bogus.stderr.hasPrefix("Error: unknown graphics mode 'bogus' (choose one of: auto, kitty, iterm, sixel, blocks, text)"),
                      bogus.stderr)
        XCTAssertEqual(bogus.stdout, "")
        let fromEnvironment = try ibookBytes(["show", "lighthouses", "3"], environment: ["IBOOK_GRAPHICS": "png"])
        XCTAssertEqual(fromEnvironment.status, 64)
        XCTAssertTrue(fromEnvironment.stderr.contains("$IBOOK_GRAPHICS: unknown graphics mode 'png'"), fromEnvironment.stderr)
        let width = try library.ibook("show", "lighthouses", "3", "--width", "0")
        XCTAssertEqual(width.status, 64)
        // An encrypted book needs its password again: it is never stored.
        let locked = try BadFiles.encrypted(Fixtures.sampleBook("cafe-culture.pdf"), userPassword: "s3cret",
                                            in: library.root, name: "locked.pdf")
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)
        let noPassword = try library.ibook("show", locked.path, "3")
        XCTAssertEqual(noPassword.status, 1)
        XCTAssertEqual(noPassword.stderr, "Error: \(locked.path): needs a password (use --password)\n")
        let unlocked = try ibookBytes(["show", locked.path, "3", "--width", "20", "--password", "s3cret"])
        XCTAssertEqual(unlocked.status, 0, unlocked.stderr)
        XCTAssertEqual(try PNGDecoder.decode(unlocked.stdout).width, 200)
        let book = try library.ibook("show", "no-such-book")
        XCTAssertEqual(book.status, 1)
        XCTAssertEqual(book.stderrLines.count, 1, book.stderr)
    }

    // MARK: on a terminal

    /// Runs ibook on a pseudo-terminal of `columns × rows` cells of 10×20
    /// pixels and returns everything it wrote there.
    private func onTerminal(_ arguments: [String], columns: UInt16 = 100, rows: UInt16 = 40,
                            environment extra: [String: String] = [:], term: String = "xterm-256color") throws -> (status: Int32, output: [UInt8]) {
        // The test library's NO_COLOR would draw blocks without colour: the test that wants that says so.
        var environment = library.environment.filter { $0.key != "NO_COLOR" }.merging(extra) { $1 }
        environment["TERM"] = term
        for hint in ["TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL", "KONSOLE_VERSION", "WT_SESSION", "IBOOK_GRAPHICS"] {
            environment.removeValue(forKey: hint)
        }
        let terminal = try PseudoTerminal(Run.ibookPath, arguments, environment: environment, columns: Int(columns), rows: Int(rows),
                                          pixelWidth: Int(columns) * 10, pixelHeight: Int(rows) * 20)
        let status = terminal.waitForExit(timeout: 30)
        return (status ?? -1, terminal.read())
    }

    func testKittyOnATerminalIsThePageItself() throws {
        let result = try onTerminal(["show", "lighthouses", "3", "--graphics", "kitty"])
        XCTAssertEqual(result.status, 0, String(decoding: result.output.prefix(300), as: UTF8.self))
        var text = String(decoding: result.output, as: UTF8.self)
        // A protocol named is checked first: the terminal is asked (this one does not answer).
        let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c"
        XCTAssertTrue(text.hasPrefix(query), String(text.prefix(60)))
        text = String(text.dropFirst(query.count))
        // Room is made (39 rows: the screen less a line), the image drawn at its top, the cursor put below it.
        let rows = 39
        XCTAssertTrue(text.hasPrefix(String(repeating: "\r\n", count: rows) + "\u{1B}[\(rows)A\u{1B}_G"), String(text.prefix(120)))
        XCTAssertTrue(text.hasSuffix("\u{1B}\\\u{1B}[\(rows)B\r"), String(text.suffix(40)))
        let image = try XCTUnwrap(try KittyStream.images(in: text).first)
        let firstKeys = image.keys
        XCTAssertTrue(firstKeys.hasPrefix("a=T,f=100,"), firstKeys)
        XCTAssertTrue(firstKeys.contains(",r=\(rows),"), firstKeys)
        let decoded = image.png

        // The same page, in the same box of 10×20-pixel cells, written as PNG.
        let png = try PNGDecoder.decode(try ibookBytes(["show", "lighthouses", "3", "--width", "100", "--height", "39"]).stdout)
        XCTAssertEqual(decoded.height, png.height)
        XCTAssertEqual(decoded.width, (png.width + 9) / 10 * 10, "padded to whole cells")
        for y in 0..<png.height {
            let row = Array(decoded.pixels[(y * decoded.width * 4)..<((y * decoded.width + png.width) * 4)])
            if row != Array(png.pixels[(y * png.width * 4)..<((y + 1) * png.width * 4)]) { return XCTFail("row \(y) differs") }
        }
    }

    func testBlocksOnATerminalUseColouredCells() throws {
        let result = try onTerminal(["show", "lighthouses", "3", "--width", "40", "--height", "20"],
                                    environment: ["IBOOK_GRAPHICS": "blocks"])
        XCTAssertEqual(result.status, 0)
        // No graphics mode asked for: the terminal the page goes to is asked
        // what it can show (it does not answer), then the page is drawn.
        let output = String(decoding: result.output, as: UTF8.self)
        let deviceAttributesQuery = try XCTUnwrap(output.range(of: "\u{1B}[c"), "the terminal is asked: \(output.prefix(80))")
        XCTAssertTrue(output.hasPrefix("\u{1B}_Gi="), "a kitty graphics query comes first")
        let lines = output[deviceAttributesQuery.upperBound...].components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(lines.count, 20, "the page is as tall as the box")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("\u{1B}[") && $0.hasSuffix("\u{1B}[0m") }, lines.first ?? "")
        XCTAssertTrue(lines.contains { $0.contains("38;2;") }, "coloured symbols")
        XCTAssertTrue(lines.contains { $0.contains("48;2;255;255;255") }, "a white page")
    }

    /// NO_COLOR: the page in block symbols alone, no colour escape (the
    /// terminal is still asked what it shows: a question, not colour).
    func testNoColorDrawsBlocksWithoutColour() throws {
        let result = try onTerminal(["show", "lighthouses", "3", "--width", "40", "--height", "20"], environment: ["NO_COLOR": "1"])
        XCTAssertEqual(result.status, 0)
        let output = String(decoding: result.output, as: UTF8.self)
        XCTAssertFalse(output.contains("38;2;") || output.contains("48;2;"), "no 24-bit colour: \(output.suffix(200))")
        XCTAssertFalse(output.contains("\u{1B}[0m"), "nor any other style")
        let page = try XCTUnwrap(output.range(of: "\u{1B}[c"), "the terminal is asked: \(output.prefix(80))")
        let lines = output[page.upperBound...].components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(lines.count, 20, "the page is as tall as the box")
        XCTAssertTrue(lines.allSatisfy { !$0.contains("\u{1B}") }, lines.first ?? "")
        XCTAssertTrue(lines.joined().contains { "▀▄▌▐▖▗▘▙▚▛▜▝▞▟█".contains($0) }, "the page's ink in block symbols")
    }

    /// TERM=dumb: no question to the terminal, no escape at all: the page's text.
    func testADumbTerminalGetsThePageText() throws {
        let result = try onTerminal(["show", "lighthouses", "3"], term: "dumb")
        XCTAssertEqual(result.status, 0)
        XCTAssertFalse(result.output.contains(0x1B), String(decoding: result.output.prefix(200), as: UTF8.self))
        let shown = String(decoding: result.output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let text = try library.ibook("read", "3", "--book", "lighthouses")
        XCTAssertTrue(shown.count > 200 && text.stdout.hasSuffix(shown), "the page's text as read has it: \(shown.prefix(200))")
        // Blocks asked for by name are drawn, without colour.
        let blocks = try onTerminal(["show", "lighthouses", "3", "--graphics", "blocks", "--width", "40"], term: "dumb")
        XCTAssertEqual(blocks.status, 0)
        XCTAssertFalse(blocks.output.contains(0x1B))
        XCTAssertTrue(String(decoding: blocks.output, as: UTF8.self).contains { "▀▄▌▐▖▗▘▙▚▛▜▝▞▟█".contains($0) })
    }

    /// A page drawn from a background job (`&` in a shell with job control)
    /// is drawn without asking the terminal: asking sets terminal modes, and
    /// the kernel stops a background job that does (SIGTTOU) until someone
    /// brings it back. The terminal here is the shell's controlling one, as
    /// in a terminal window, and nobody answers the stopped job.
    func testABackgroundJobDrawsWithoutBeingStopped() throws {
        var environment = library.environment.filter { $0.key != "NO_COLOR" }
        environment["TERM"] = "xterm-256color"
        for hint in ["TMUX", "KITTY_WINDOW_ID", "TERM_PROGRAM", "LC_TERMINAL", "KONSOLE_VERSION", "WT_SESSION", "IBOOK_GRAPHICS"] {
            environment.removeValue(forKey: hint)
        }
        let script = "set -m; '\(Run.ibookPath)' show lighthouses 3 --width 30 --height 8 & wait $!; echo \"exit=$?\""
        let terminal = try PseudoTerminal("/usr/bin/setsid", ["--ctty", "/bin/bash", "-c", script], environment: environment)
        let finished = terminal.waitFor(timeout: 20) { String(decoding: $0, as: UTF8.self).contains("exit=") }
        let output = String(decoding: terminal.read(), as: UTF8.self)
        XCTAssertTrue(finished, "the job did not finish: \(output.suffix(200))")
        XCTAssertTrue(output.contains("exit=0"), String(output.suffix(200)))
        XCTAssertTrue(output.contains("▀") || output.contains("▄"), "drawn in blocks")
        XCTAssertFalse(output.contains("\u{1B}[c"), "a background job does not ask the terminal")
    }
}
