import Drawing
import Foundation
import TestSupport
import XCTest

/// The primitives reports do not all use, drawn together into one document.
final class DrawingPrimitivesTests: XCTestCase {
    func testEveryPrimitiveDrawsAndTablesBreakPagesWithTotals() throws {
        let folder = try Fixtures.temporaryDirectory("drawing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let logo = folder.appendingPathComponent("logo.png").path
        try ShelfFactory.write(count: 1, to: folder)
        XCTAssertEqual(try Run.process("/usr/bin/pdftoppm", ["-r", "20", "-png", "-singlefile",
                                                             folder.appendingPathComponent("book-001.pdf").path,
                                                             folder.appendingPathComponent("logo").path]).status, 0)
        let pdf = folder.appendingPathComponent("primitives.pdf").path
        let renderer = PDFRenderer(paper: .letter, orientation: .portrait,
                                   footer: PageFooter(leftText: "left footer", pageText: { "P\($0)/\($1)" }))
        let rows = (1...120).map { [DataTable.Cell.text("Row \($0)"), .badge($0 % 2 == 0 ? "Even" : "Odd", .success),
                                    .image(path: $0 == 1 ? logo : nil), .text("\($0 * 3)")] }
        let pages = try renderer.render(to: pdf) { canvas in
            Letterhead(name: "Test Org", address: "Street 1", logoPath: logo).draw(on: canvas)
            ReportTitle("Primitives", subtitle: "all of them").draw(on: canvas)
            SummaryCards([.init(label: "One", value: "1"), .init(label: "Two", value: "2")]).draw(on: canvas)
            InfoSection(heading: "Details", items: [("Owner", "Ann"), ("Period", "November")]).draw(on: canvas)
            try ImageBlock(path: logo, maxHeight: 60).draw(on: canvas)
            var table = DataTable(columns: [.init("Name", weight: 2), .init("State"), .init("Pic"), .init("Value", alignment: .trailing)],
                                  rows: rows, totals: [.text("Sum"), .empty, .empty, .text("21780")])
            table.imageHeight = 20
            table.draw(on: canvas)
        }
        XCTAssertGreaterThanOrEqual(pages, 3)
        let info = try Run.process("/usr/bin/pdfinfo", [pdf]).stdout
        XCTAssertTrue(info.contains("612 x 792"), info)
        XCTAssertTrue(info.contains("\nPages: ") && info.contains(" \(pages)\n"), info)
        for page in 1...pages {
            let text = try Run.process("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf, "-"]).stdout
            XCTAssertTrue(text.contains("P\(page)/\(pages)"), "footer on page \(page)")
            XCTAssertTrue(text.contains("Name") && text.contains("Value"), "header row on page \(page)")
        }
        let all = try Run.process("/usr/bin/pdftotext", [pdf, "-"]).stdout
        for expected in ["TEST ORG", "Street 1", "Primitives", "all of them", "ONE", "Details", "Owner:", "November",
                         "Row 1\n", "Row 120", "Even", "Odd", "Sum", "21780"] {
            XCTAssertTrue(all.contains(expected), "'\(expected)' missing")
        }
        XCTAssertThrowsError(try PDFRenderer(paper: .a4, orientation: .portrait).render(to: pdf) { canvas in
            try ImageBlock(path: folder.appendingPathComponent("nope.png").path).draw(on: canvas)
        })
    }
}
