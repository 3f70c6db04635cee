import BookLibrary
import Foundation
import TestSupport
import XCTest

/// `ibook highlight`, `note` and `annotate`: highlights found by their text,
/// written into a copy of the PDF as real annotations that viewers draw, and
/// read back from that copy by a fresh library.
final class AnnotateCommandTests: XCTestCase {
    /// Highlights across a hyphenated line end, in the right column, across
    /// a Japanese line break and on the page turned by /Rotate 90.
    static let highlights: [(page: String, passage: String, expected: String)] = [
        ("1", "the LANTERN burning", "the lantern burning"),
        ("2", "Right column tells of fog", "Right column tells of fog"),
        ("3", "公園は人でいっぱい", "公園は人でいっぱい"),
        ("4", "holds a lighthouse", "holds a lighthouse"),
    ]

    func testHighlightAnnotateAndReadBackInAFreshLibrary() throws {
        let library = try TestLibrary("annotate")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        var made: [Annotation] = []
        for (page, passage, expected) in Self.highlights {
            let result = try library.ibook("highlight", page, passage, "--json", "--note", "on \(page)")
            XCTAssertEqual(result.status, 0, result.stderr)
            let highlight = try JSONDecoder.iso8601.decode(Annotation.self, from: Data(result.stdout.utf8))
            XCTAssertEqual(highlight.text, expected)
            XCTAssertEqual(highlight.color, "#ffff00")
            XCTAssertEqual(highlight.source, .ibook)
            made.append(highlight)
        }
        XCTAssertEqual(made[0].boxes.count, 2, "two lines, two rectangles")
        XCTAssertEqual(made[3].boxes.count, 1)
        XCTAssertGreaterThan(made[3].boxes[0].y2 - made[3].boxes[0].y1, made[3].boxes[0].x2 - made[3].boxes[0].x1,
                             "on the turned page the line runs down")
        let noted = try library.ibook("note", "5", "See also (the atlas) \\ p. 3")
        XCTAssertEqual(noted.status, 0, noted.stderr)

        let output = library.root.appendingPathComponent("out.pdf").path
        let annotate = try library.ibook("annotate", "-o", output)
        XCTAssertEqual(annotate.status, 0, annotate.stderr)
        XCTAssertEqual(annotate.stdout, "\(output): 4 highlights, 1 note\n")
        XCTAssertEqual(try Run.process("/usr/bin/qpdf", ["--check", output]).status, 0)

        // Text, outline and labels untouched.
        XCTAssertEqual(try pdftotext(output), try pdftotext(path))
        let fresh = try TestLibrary("annotate-fresh")
        XCTAssertEqual(try fresh.ibook("add", output).status, 0)
        XCTAssertEqual(try fresh.ibook("toc").stdout, try library.ibook("toc").stdout)

        // The same highlights and notes come back, beside the PDF's own.
        let back = try fresh.json(BookNotes.self, "notes", "--json").chapters.flatMap(\.annotations)
        XCTAssertEqual(back.count, 8 + 5)
        for highlight in made {
            let found = try XCTUnwrap(back.first { $0.text == highlight.text && $0.kind == .highlight && $0.page == highlight.page },
                                      "\(highlight.text ?? "") is read back")
            XCTAssertEqual(found.note, highlight.note)
            XCTAssertEqual(found.color, "#ffff00")
            XCTAssertEqual(found.label, highlight.label)
            for (a, b) in zip(found.boxes, highlight.boxes) {
                XCTAssertEqual(a.x1, b.x1, accuracy: 0.01)
                XCTAssertEqual(a.y2, b.y2, accuracy: 0.01)
            }
        }
        XCTAssertTrue(back.contains { $0.kind == .note && $0.note == "See also (the atlas) \\ p. 3" && $0.page == 5 })
        XCTAssertTrue(back.contains { $0.kind == .strikeOut && $0.text == "fog horns and foghorn" }, "existing ones kept")

        // Drawn where they are: yellow under the highlight on the page as
        // poppler renders it, and ghostscript (which draws only what the
        // appearance streams say) draws them too.
        for renderer in [Renderer.pdftoppm, .ghostscript] {
            for highlight in made {
                let image = try renderer.render(output, page: highlight.page, folder: library.root)
                let box = highlight.boxes[0]
                let pixels = image.pixels(inside: box)
                let yellow = pixels.filter { $0.red > 200 && $0.green > 200 && $0.blue < 120 }.count
                XCTAssertGreaterThan(Double(yellow) / Double(pixels.count), 0.4, "\(renderer) page \(highlight.page)")
                let plain = try renderer.render(library.root.appendingPathComponent("plain.pdf").path, page: highlight.page,
                                                folder: library.root).pixels(inside: box)
                XCTAssertLessThan(plain.filter { $0.red > 200 && $0.green > 200 && $0.blue < 120 }.count, yellow / 10)
            }
        }

        // Annotating the copy again writes nothing twice.
        let again = try fresh.ibook("annotate", "-o", output)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "Error: Annotated Harbours has no highlights or notes made in ibook to write\n")
    }

    func testInPlaceRewritesTheFileAndTheLibraryFollows() throws {
        let library = try TestLibrary("annotate-in-place")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "2", "--note", "columns").status, 0)
        XCTAssertEqual(try library.ibook("read", "3").status, 0)
        XCTAssertEqual(try library.ibook("highlight", "long winter", "--color", "green").status, 0)
        let inPlace = try library.ibook("annotate", "--in-place")
        XCTAssertEqual(inPlace.status, 0, inPlace.stderr)
        XCTAssertEqual(inPlace.stdout, "\(path): 1 highlight, 0 notes\n")
        let check = try library.ibook("check")
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        let notes = try library.json(BookNotes.self, "notes", "--json").chapters.flatMap(\.annotations)
        XCTAssertEqual(notes.count, 9)
        XCTAssertTrue(notes.allSatisfy { $0.source == .pdf }, "now the file's own")
        XCTAssertTrue(notes.contains { $0.text == "long winter" && $0.color == "#7cfc00" })
        XCTAssertEqual(try library.ibook("bookmarks").stdoutLines.count, 2, "the bookmark followed the new content")
        XCTAssertTrue(try library.ibook("history").stdout.contains("page 3 of 5"))
        XCTAssertEqual(try library.ibook("info").status, 0)
    }

    func testRefusalsAndAmbiguousPassages() throws {
        let library = try TestLibrary("highlight-refusals")
        let path = try ReadingAnnotationsTests.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        let ambiguous = try library.ibook("highlight", "harbour")
        XCTAssertEqual(ambiguous.status, 1)
        XCTAssertEqual(ambiguous.stderr, """
            Error: 'harbour' occurs 3 times; choose one with --occurrence N:
              1. p. 1 (i): …Chapter 1. [Harbour]s The keepers of the quiet…
              2. p. 1 (i): …The keepers of the quiet [harbour] kept the lan- tern burning…
              3. p. 1 (i): …nights. Nobody remembers the [harbour] master now.…

            """)
        let third = try library.ibook("highlight", "harbour", "--occurrence", "3")
        XCTAssertEqual(third.stdout, "Highlighted #9 on page 1 (i) of Annotated Harbours: “harbour”\n", third.stderr)
        XCTAssertEqual(try library.ibook("highlight", "harbour", "--occurrence", "4").stderr,
                       "Error: --occurrence 4 is out of range: the passage occurs 3 times\n")
        XCTAssertEqual(try library.ibook("highlight", "2", "harbour").stderr, "Error: 'harbour' is not on page 2\n")
        XCTAssertEqual(try library.ibook("highlight", "zeppelin").stderr, "Error: 'zeppelin' is not in the book\n")
        XCTAssertEqual(try library.ibook("highlight", "harbour", "--color", "mauve").status, 64)
        XCTAssertEqual(try library.ibook("annotate").status, 64)
        XCTAssertEqual(try library.ibook("annotate", "-o", path).stderr,
                       "Error: \(path): the output would overwrite the book (use --in-place for that)\n")
        let missingFolder = library.root.appendingPathComponent("no/such/out.pdf").path
        XCTAssertEqual(try library.ibook("annotate", "-o", missingFolder).stderr, "Error: \(missingFolder): no such folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasPrefix(".") }, [],
                       "nothing half-written")
    }

    func testEncryptedBookStaysEncryptedWithItsHighlights() throws {
        let library = try TestLibrary("annotate-encrypted")
        let plain = library.root.appendingPathComponent("plain.pdf").path
        let locked = library.root.appendingPathComponent("locked.pdf").path
        try AnnotatedBook.write(plain)
        XCTAssertEqual(try Run.process("/usr/bin/qpdf", ["--encrypt", "sesame", "owner", "256", "--", plain, locked]).status, 0)
        XCTAssertEqual(try library.ibook("add", locked, "--password", "sesame").status, 0)
        XCTAssertEqual(try library.ibook("highlight", "long winter").stderr,
                       "Error: \(locked): needs a password (use --password)\n")
        let made = try library.ibook("highlight", "long winter", "--password", "sesame")
        XCTAssertEqual(made.status, 0, made.stderr)
        let output = library.root.appendingPathComponent("out.pdf").path
        XCTAssertEqual(try library.ibook("annotate", "-o", output, "--password", "sesame").status, 0)
        XCTAssertNotEqual(try Run.process("/usr/bin/pdfinfo", [output]).status, 0, "still needs the password")
        let fresh = try TestLibrary("annotate-encrypted-fresh")
        XCTAssertEqual(try fresh.ibook("add", output, "--password", "sesame").status, 0)
        let back = try fresh.json(BookNotes.self, "notes", "--json").chapters.flatMap(\.annotations)
        XCTAssertEqual(back.map(\.text), ["long winter"])
    }

    private func pdftotext(_ path: String) throws -> String {
        try Run.process("/usr/bin/pdftotext", ["-layout", path, "-"]).stdout
    }
}

/// Pages drawn by another program, to look at what a viewer would show.
enum Renderer: CustomStringConvertible {
    case pdftoppm, ghostscript

    var description: String { self == .pdftoppm ? "pdftoppm" : "ghostscript" }

    /// The page at 72 dpi, so a pixel is a point of the displayed page.
    func render(_ pdf: String, page: Int, folder: URL) throws -> RenderedPage {
        let png = folder.appendingPathComponent("render-\(UUID().uuidString.prefix(8)).png").path
        defer { unlink(png) }
        let result: Run.Result
        switch self {
        case .pdftoppm:
            result = try Run.process("/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", "-f", "\(page)", "-l", "\(page)",
                                                           pdf, String(png.dropLast(4))])
        case .ghostscript:
            result = try Run.process("/usr/bin/gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=png16m", "-r72",
                                                     "-dFirstPage=\(page)", "-dLastPage=\(page)", "-sOutputFile=\(png)", pdf])
        }
        XCTAssertEqual(result.status, 0, result.stderr)
        return RenderedPage(image: try PNGDecoder.decode(file: png))
    }
}

struct RenderedPage {
    var image: PNGDecoder.Image

    /// The pixels well inside a rectangle given in points.
    func pixels(inside box: AnnotationBox) -> [(red: UInt8, green: UInt8, blue: UInt8)] {
        var found: [(UInt8, UInt8, UInt8)] = []
        let inset = 1.5
        for y in Int((box.y1 + inset).rounded(.up))..<Int((box.y2 - inset).rounded(.down))
        where y >= 0 && y < image.height {
            for x in Int((box.x1 + inset).rounded(.up))..<Int((box.x2 - inset).rounded(.down)) where x >= 0 && x < image.width {
                let offset = (y * image.width + x) * 4
                found.append((image.pixels[offset], image.pixels[offset + 1], image.pixels[offset + 2]))
            }
        }
        return found.map { (red: $0.0, green: $0.1, blue: $0.2) }
    }
}
