import Foundation
import TestSupport
import XCTest

/// The real `ibook compose` printing real PDFs with WeasyPrint, checked with
/// pdftotext. Renders are slow (about half a second each), so each test that
/// prints checks several things at once.
final class ComposeCommandTests: XCTestCase {
    var library: TestLibrary!
    var work: URL!

    override func setUpWithError() throws {
        library = try TestLibrary("compose")
        work = library.root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let result = try library.ibook(["compose", "--init", "invoice", path("tpl")])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    func path(_ name: String) -> String { work.appendingPathComponent(name).path }

    func writeData(_ name: String, items: [String], extra: String = "") throws -> String {
        let json = """
            {"invoice_number": "T-1", "invoice_date": "1 May 2024", "due_date": "31 May 2024",
             "currency": "EUR", "locale": "en_IE", "logo_image": "",
             "sender_info": ["Lumen Press", "Cork"], "recipient_info": "Tom & Jerry <Studios>\\n\\"Quoted\\" Lane",
             "payment_method": "Bank transfer" \(extra),
             "items": [\(items.joined(separator: ","))]}
            """
        try json.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    func pdftotext(_ pdf: String, page: Int? = nil) throws -> String {
        var arguments = ["-layout"]
        if let page { arguments += ["-f", "\(page)", "-l", "\(page)"] }
        let result = try Run.process("/usr/bin/pdftotext", arguments + [pdf, "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func pageCount(_ pdf: String) throws -> Int {
        let info = try Run.process("/usr/bin/pdfinfo", [pdf]).stdout
        let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.split(separator: " ").last ?? "") ?? 0
    }

    func testThreeItemsPrintLiterallyAndGoIntoTheLibrary() throws {
        let data = try writeData("three.json", items: [
            #"{"description": "<script>alert(1)</script>", "price": 100}"#,
            #"{"description": "Tom & Jerry \"special\" édition", "price": 20.5}"#,
            #"{"description": "季節の本 — 桜", "price": 0.25}"#,
        ])
        let output = path("three.pdf")
        let result = try library.ibook(["compose", path("tpl"), "--data", data, "-o", output,
                                        "--footer", "Thank you!", "--add"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutLines.first, "\(output): 1 page, 3 items, total €120.75")
        XCTAssertTrue(result.stdoutLines.last?.hasPrefix("Added #1 ") == true, result.stdout)
        let text = try pdftotext(output)
        for expected in ["<script>alert(1)</script>", "Tom & Jerry \"special\" édition", "季節の本 — 桜",
                         "Tom & Jerry <Studios>", "\"Quoted\" Lane", "€100.00", "€20.50", "€0.25", "€120.75",
                         "Thank you!", "Page 1 of 1"] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in:\n\(text)")
        }
        XCTAssertEqual(try library.ibook("list").status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains(".tmp-") }, [])
    }

    func testSixtyItemsSpanPagesWithHeaderFooterAndPageNumbers() throws {
        let items = (1...60).map { #"{"description": "Line item number \#($0)", "price": 10}"# }
        let data = try writeData("sixty.json", items: items, extra: #", "total": 600"#)
        let output = path("sixty.pdf")
        let result = try library.ibook(["compose", path("tpl"), "--data", data, "-o", output, "--paper", "Letter",
                                        "--margin", "20mm", "--header", "Invoice T-1", "--footer", "Thank you!"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let pages = try pageCount(output)
        XCTAssertGreaterThan(pages, 1)
        XCTAssertEqual(result.stdoutLines, ["\(output): \(pages) pages, 60 items, total €600.00"])
        var seen = Set<String>()
        for page in 1...pages {
            let text = try pdftotext(output, page: page)
            XCTAssertTrue(text.contains("Invoice T-1"), "no header on page \(page)")
            XCTAssertTrue(text.contains("Thank you!"), "no footer on page \(page)")
            XCTAssertTrue(text.contains("Page \(page) of \(pages)"), "no page number on page \(page)")
            for match in text.components(separatedBy: "Line item number ").dropFirst() {
                seen.insert(String(match.prefix { $0.isNumber }))
            }
        }
        XCTAssertEqual(seen.count, 60)
        XCTAssertTrue(try pdftotext(output, page: pages).contains("€600.00"))
        let info = try Run.process("/usr/bin/pdfinfo", [output]).stdout
        XCTAssertTrue(info.contains("612 x 792 pts"), info)
    }

    func testNetworkImageIsNotFetchedByDefault() throws {
        let listener = try Listener()
        let data = try writeData("net.json", items: [#"{"description": "One thing", "price": 5}"#],
                                 extra: #", "logo_image": "http://127.0.0.1:\#(listener.port)/logo.png""#)
        let output = path("one.pdf")
        let result = try library.ibook(["compose", path("tpl"), "--data", data, "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutLines, ["\(output): 1 page, 1 item, total €5.00"])
        XCTAssertEqual(result.stderrLines, ["Warning: http://127.0.0.1:\(listener.port)/logo.png: not fetched: network access is off (use --allow-network)"])
        XCTAssertFalse(listener.hasPendingConnection, "WeasyPrint connected to the logo URL")
        XCTAssertTrue(try pdftotext(output).contains("One thing"))
    }

    func testPreviewAndHTML() throws {
        let png = path("page.png"), html = path("filled.html")
        let result = try library.ibook(["compose", path("tpl"), "--data", path("tpl/invoice.json"), "--preview", "1",
                                        "-o", png, "--preview-size", "400", "--html", html])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutLines, ["\(png): page 1 of 1 page, 3 items, total €1,250.50"])
        let header = try XCTUnwrap(FileManager.default.contents(atPath: png)).prefix(8)
        XCTAssertEqual(Array(header), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let filled = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(filled.contains("Tom &amp; Jerry Studios<br>"))
        XCTAssertTrue(filled.contains("counter(pages)"))
        XCTAssertFalse(filled.contains("#ITEMS#"))
    }

    /// A relative -o is in the current folder, Latin-1 bytes and all (the
    /// PDF WeasyPrint wrote is opened again to count its pages).
    func testARelativeOutputIsWrittenInTheCurrentFolder() throws {
        let result = try library.ibook(["compose", path("tpl"), "--data", path("tpl/invoice.json"), "-o", "relative.pdf"], in: work)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdoutLines, ["relative.pdf: 1 page, 3 items, total €1,250.50"])
        XCTAssertEqual(try pageCount(path("relative.pdf")), 1)
        let latin1 = try Run.process("/bin/sh", ["-c", "exec '\(Run.ibookPath)' compose tpl --data tpl/invoice.json -o \"$(printf 'factur\\351.pdf')\""],
                                     environment: library.environment, currentDirectory: work)
        XCTAssertEqual(latin1.status, 0, latin1.stderr)
        XCTAssertEqual(latin1.stdoutLines, ["\"factur\\351.pdf\": 1 page, 3 items, total €1,250.50"])
        let listed = try Run.process("/bin/sh", ["-c", "ls \"$(printf 'factur\\351.pdf')\""], currentDirectory: work)
        XCTAssertEqual(listed.status, 0, "written under its name's bytes")
    }

    /// --preview PAGE draws that page of what would be printed, as compose
    /// would print it, and writes no PDF.
    func testPreviewDrawsTheChosenPage() throws {
        let items = (1...60).map { #"{"description": "Line item number \#($0)", "price": 10}"# }
        let data = try writeData("sixty.json", items: items)
        let pdf = path("sixty.pdf")
        XCTAssertEqual(try library.ibook(["compose", path("tpl"), "--data", data, "-o", pdf]).status, 0)
        let pages = try pageCount(pdf)
        XCTAssertGreaterThan(pages, 1)

        let png = path("second.png")
        let preview = try library.ibook(["compose", path("tpl"), "--data", data, "--preview", "2", "--preview-size", "300", "-o", png])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertEqual(preview.stdoutLines, ["\(png): page 2 of \(pages) pages, 60 items, total €600.00"])
        let image = try PNGDecoder.decode(file: png)
        XCTAssertEqual(max(image.width, image.height), 300)
        let second = RenderedPage.difference(image, try RenderedPage.pdftoppm(pdf, page: 2, longerSide: 300))
        let first = RenderedPage.difference(image, try RenderedPage.pdftoppm(pdf, page: 1, longerSide: 300))
        XCTAssertLessThan(second, first / 2, "the preview is page 2 (difference \(second)), not page 1 (\(first))")

        let beyond = try library.ibook(["compose", path("tpl"), "--data", data, "--preview", "\(pages + 1)", "-o", path("none.png")])
        XCTAssertEqual(beyond.status, 1)
        XCTAssertEqual(beyond.stderr, "Error: \(path("none.png")): cannot render the preview (page \(pages + 1) is out of range (1-\(pages)))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("none.png")))
        XCTAssertEqual(try library.ibook(["compose", path("tpl"), "--data", data, "--preview", "0"]).status, 64)
    }

    func testErrorsAreOneLineAndLeaveNoFile() throws {
        let good = try writeData("good.json", items: [#"{"description": "x", "price": 1}"#])
        try "{\n \"invoice_number\": \"1\",\n \"items\": [1, }".write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        try #"{"currency": "EUR", "items": []}"#.write(toFile: path("sparse.json"), atomically: true, encoding: .utf8)
        let output = path("out.pdf")
        let cases: [([String], String)] = [
            (["compose", path("nope"), "--data", good, "-o", output], "Error: \(path("nope")): template not found"),
            (["compose", path("tpl"), "--data", path("missing.json"), "-o", output], "Error: \(path("missing.json")): data file not found"),
            (["compose", path("tpl"), "--data", path("bad.json"), "-o", output], "Error: \(path("bad.json")): invalid JSON: invalid value at line 3, column 15"),
            (["compose", path("tpl"), "--data", path("sparse.json"), "-o", output],
             "Error: \(path("sparse.json")): no value for #INVOICE_NUMBER#, #LOGO_IMAGE#, #INVOICE_DATE#, #DUE_DATE#, #SENDER_INFO#, #RECIPIENT_INFO#, #PAYMENT_METHOD# (give it in the data, or use --allow-missing)"),
        ]
        for (arguments, expected) in cases {
            let result = try library.ibook(arguments)
            XCTAssertEqual(result.status, 1, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderrLines, [expected])
            XCTAssertEqual(result.stdout, "")
        }
        var environment = library.environment
        environment["PATH"] = path("empty-bin")
        let noWeasy = try Run.process(Run.ibookPath, ["compose", path("tpl"), "--data", good, "-o", output], environment: environment)
        XCTAssertEqual(noWeasy.status, 1)
        XCTAssertEqual(noWeasy.stderrLines, ["Error: WeasyPrint is not installed: install it with 'apt-get install weasyprint' (or 'make deps')"])
        let usage = try library.ibook(["compose", path("tpl"), "--data", good, "--margin", "lots"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }, [])
    }
}

/// A TCP socket listening on 127.0.0.1 that nobody should connect to.
final class Listener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            close(descriptor)
            throw RunError.failed("cannot listen")
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(descriptor) }

    var hasPendingConnection: Bool {
        let connection = accept(descriptor, nil, nil)
        if connection >= 0 { close(connection); return true }
        return false
    }
}
