import BookLibrary
import Foundation
import TestSupport
import XCTest

/// The reader draws a page's highlights, and `a` highlights the search hit
/// on screen; seen through the kitty image stream on a pseudo-terminal.
final class ReaderHighlightTests: XCTestCase {
    func testReaderDrawsHighlightsAndMakesOne() throws {
        let library = try TestLibrary("reader-highlight")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        var environment = library.environment
        environment["TERM"] = "xterm-kitty"
        let terminal = try PseudoTerminal(Run.ibookPath, ["view", "1", "1", "--graphics", "kitty"],
                                          environment: environment, columns: 80, rows: 25, pixelWidth: 800, pixelHeight: 500)
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("page 1 of 5") })
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("m=0") })
        terminal.send("/the harbour master\r")
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("1/1") })
        terminal.send("a")
        XCTAssertTrue(terminal.waitFor { String(decoding: $0, as: UTF8.self).contains("Highlighted “the harbour master”") },
                      String(String(decoding: terminal.read(), as: UTF8.self).suffix(300)).debugDescription)

        // The 420×300-point page fitted into 800×480 pixels: ×1.6, centred.
        func yellowShare(_ image: PNGDecoder.Image, _ annotation: Annotation) -> Double {
            let box = annotation.boxes[0]
            var yellow = 0, all = 0
            for y in Int(box.y1 * 1.6 + 3)..<Int(box.y2 * 1.6 - 3) {
                for x in Int(64 + box.x1 * 1.6 + 3)..<Int(64 + box.x2 * 1.6 - 3) where x < image.width && y < image.height {
                    let offset = (y * image.width + x) * 4
                    all += 1
                    if image.pixels[offset] > 200, image.pixels[offset + 1] > 200, image.pixels[offset + 2] < 100 { yellow += 1 }
                }
            }
            return Double(yellow) / Double(max(1, all))
        }
        // The highlight is stored when the reader says so; the page is drawn again with it
        // (before, a fixed half second was given for that): quit once it has been.
        let stored = try library.json(BookNotes.self, "notes", "--json").chapters.flatMap(\.annotations)
        let highlighted = try XCTUnwrap(stored.first { $0.source == .ibook })
        XCTAssertTrue(terminal.waitFor(timeout: 20) { output in
            let drawn = (try? KittyStream.images(in: String(decoding: output, as: UTF8.self))) ?? []
            return drawn.count >= 2 && yellowShare(drawn[drawn.count - 1].png, highlighted) > 0.4
        }, "the page was not drawn again with the new highlight")
        terminal.send("q")
        XCTAssertEqual(terminal.waitForExit(), 0)
        let images = try KittyStream.images(in: String(decoding: terminal.read(), as: UTF8.self)).map(\.png)
        XCTAssertGreaterThanOrEqual(images.count, 2)

        let annotations = try library.json(BookNotes.self, "notes", "--json").chapters.flatMap(\.annotations)
        let made = try XCTUnwrap(annotations.first { $0.source == .ibook })
        XCTAssertEqual(made.text, "the harbour master")
        XCTAssertEqual(made.page, 1)
        let fromPDF = try XCTUnwrap(annotations.first { $0.text == "kept the lantern burning" })

        XCTAssertGreaterThan(yellowShare(images[0], fromPDF), 0.4, "the PDF's own highlight is drawn from the start")
        XCTAssertLessThan(yellowShare(images[0], made), 0.05)
        XCTAssertGreaterThan(yellowShare(images.last!, made), 0.4, "the new one after a")
    }
}
