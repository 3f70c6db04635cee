import Compose
import Foundation
import XCTest

/// Filling templates, without printing: escaping, money, totals, the row
/// templates and the errors that stop a run before WeasyPrint starts.
final class FillingTests: XCTestCase {
    let template = TemplateSet(
        main: "<html><head></head><body><h1>#TITLE#</h1><p>#NOTE#</p><table>#ITEMS#</table><b>#TOTAL_AMOUNT#</b></body></html>",
        item: "<tr class=\"row\"><td>#ITEM_DESC#</td><td>#PRICE#</td></tr>",
        lastItem: "<tr class=\"row final\"><td>#ITEM_DESC#</td><td>#PRICE#</td></tr>",
        directory: "/tmp")

    func data(_ json: String) throws -> InvoiceData {
        try InvoiceData.parse(Data(json.utf8), path: "data.json")
    }

    func testEscapesEveryValueAndKeepsLineBreaks() throws {
        let document = try Composer.compose(template: template, data: data("""
            {"title": "<script>alert('x')</script>", "note": "Tom & Jerry\\n\\"quoted\\"",
             "currency": "EUR", "items": [{"description": "a < b & c", "price": 1}]}
            """))
        XCTAssertTrue(document.html.contains("<h1>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</h1>"))
        XCTAssertTrue(document.html.contains("<p>Tom &amp; Jerry<br>\n&quot;quoted&quot;</p>"))
        XCTAssertTrue(document.html.contains("<td>a &lt; b &amp; c</td>"))
        XCTAssertFalse(document.html.contains("<script>"))
    }

    func testValuesAreNotSearchedForPlaceholders() throws {
        let document = try Composer.compose(template: template, data: data("""
            {"title": "#NOTE#", "note": "n", "currency": "EUR", "items": []}
            """))
        XCTAssertTrue(document.html.contains("<h1>#NOTE#</h1>"))
        XCTAssertEqual(TemplateFiller.placeholders(in: "color: #fff; #A1# #a# ##B_2# #1X#"), ["A1", "B_2"])
    }

    func testLastRowTemplateIsUsedExactlyOnce() throws {
        for count in [1, 3, 60] {
            let items = (1...count).map { "{\"description\": \"thing \($0)\", \"price\": 2.5}" }.joined(separator: ",")
            let document = try Composer.compose(template: template, data: data("""
                {"title": "t", "note": "n", "currency": "USD", "locale": "en_US", "items": [\(items)]}
                """))
            XCTAssertEqual(document.html.components(separatedBy: "class=\"row final\"").count - 1, 1, "\(count) items")
            XCTAssertEqual(document.html.components(separatedBy: "class=\"row\"").count - 1, count - 1, "\(count) items")
            XCTAssertTrue(document.html.contains("<tr class=\"row final\"><td>thing \(count)</td>"))
        }
    }

    func testCurrencyFormatting() throws {
        XCTAssertEqual(try CurrencyFormatter(code: "EUR", localeIdentifier: "en_IE").string(Decimal(string: "1234.5")!), "€1,234.50")
        XCTAssertEqual(try CurrencyFormatter(code: "EUR", localeIdentifier: "de_DE").string(Decimal(string: "1234.5")!), "1.234,50\u{a0}€")
        XCTAssertEqual(try CurrencyFormatter(code: "usd", localeIdentifier: "en_US").string(Decimal(string: "0.1")!), "$0.10")
        let yen = try CurrencyFormatter(code: "JPY", localeIdentifier: "ja_JP")
        XCTAssertEqual(yen.fractionDigits, 0)
        XCTAssertEqual(yen.string(Decimal(string: "1234.5")!), "¥1,235")
        XCTAssertThrowsError(try CurrencyFormatter(code: "XYZ", localeIdentifier: "en_US")) { error in
            XCTAssertEqual("\(error)", "unknown currency code 'XYZ' (use an ISO 4217 code such as EUR, USD, JPY)")
        }
    }

    func testTotalIsComputedAndCheckedExactly() throws {
        // 0.1 + 0.2 in binary floating point is not 0.3; in the invoice it must be.
        let document = try Composer.compose(template: template, data: data("""
            {"title": "t", "note": "n", "currency": "USD", "locale": "en_US", "total": 0.3,
             "items": [{"description": "a", "price": 0.1}, {"description": "b", "price": "0.20"}]}
            """))
        XCTAssertEqual(document.formattedTotal, "$0.30")
        XCTAssertTrue(document.html.contains("<b>$0.30</b>"))

        XCTAssertThrowsError(try Composer.compose(template: template, data: data("""
            {"title": "t", "note": "n", "currency": "USD", "locale": "en_US", "total": 10,
             "items": [{"description": "a", "price": 9.99}]}
            """))) { error in
            XCTAssertEqual("\(error)", "data.json: total $10.00 disagrees with the sum of the items, $9.99")
        }
        var options = ComposeOptions()
        options.currency = "JPY"
        options.locale = "en_US"
        let yen = try Composer.compose(template: template, data: data("""
            {"title": "t", "note": "n", "currency": "EUR", "items": [{"description": "a", "price": 1500}, {"description": "b", "price": 250}]}
            """), options: options)
        XCTAssertEqual(yen.formattedTotal, "¥1,750")
        XCTAssertTrue(yen.html.contains("<td>¥1,500</td>"))
    }

    func testMissingPlaceholderIsNamedUnlessAllowed() throws {
        let json = #"{"title": "t", "currency": "EUR", "items": [{"price": 1}]}"#
        XCTAssertThrowsError(try Composer.compose(template: template, data: data(json))) { error in
            XCTAssertEqual("\(error)", "data.json: no value for #ITEM_DESC#, #NOTE# (give it in the data)")
        }
        var options = ComposeOptions()
        options.allowMissing = true
        let document = try Composer.compose(template: template, data: data(json), options: options)
        XCTAssertTrue(document.html.contains("<p></p>"))
    }

    func testInvalidJSONSaysWhere() {
        XCTAssertThrowsError(try data("{\n  \"title\": \"t\",\n  \"note\": tru\n}")) { error in
            XCTAssertEqual("\(error)", "data.json: invalid JSON: invalid value at line 3, column 14")
        }
        XCTAssertThrowsError(try data("[1, 2]")) { error in
            XCTAssertEqual("\(error)", "data.json: invalid JSON: the top level must be an object {...}")
        }
        XCTAssertThrowsError(try data(#"{"items": [{"description": "x", "price": "ten"}]}"#)) { error in
            XCTAssertEqual("\(error)", "data.json: item 1: \"price\" must be an amount")
        }
    }

    func testKeysMapToPlaceholdersAndUnknownKeysAreWarned() throws {
        XCTAssertEqual(InvoiceData.placeholderName(for: "invoiceNumber"), "INVOICE_NUMBER")
        XCTAssertEqual(InvoiceData.placeholderName(for: "invoice-number"), "INVOICE_NUMBER")
        XCTAssertEqual(InvoiceData.placeholderName(for: "Due Date"), "DUE_DATE")
        let document = try Composer.compose(template: template, data: data("""
            {"title": "t", "note": ["line 1", "line 2"], "currency": "EUR", "colour": "red",
             "items": [{"description": "a", "price": 1, "sku": "X1"}]}
            """))
        XCTAssertTrue(document.html.contains("<p>line 1<br>\nline 2</p>"))
        XCTAssertEqual(document.warnings, [
            "data.json: unknown key \"colour\" (the template has no #COLOUR#)",
            "data.json: unknown item key for #ITEM_SKU# (the item template does not use it)",
        ])
    }

    func testTemplateFolderNeedsAnItemsBlock() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "<p>#TITLE#</p>".write(toFile: directory + "/invoice.html", atomically: true, encoding: .utf8)
        try "<tr><td>#ITEM_DESC#</td></tr>".write(toFile: directory + "/item.html", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try TemplateSet.load(directory)) { error in
            XCTAssertEqual("\(error)", "\(directory)/invoice.html: template has no #ITEMS# placeholder for the line items")
        }
        XCTAssertThrowsError(try TemplateSet.load(directory + "/nope")) { error in
            XCTAssertEqual("\(error)", "\(directory)/nope: template not found")
        }
    }

    func testStarterTemplatesLoadAndFill() throws {
        let directory = try makeDirectory() + "/invoice"
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        let written = try StarterTemplates.write("invoice", to: directory)
        XCTAssertEqual(written.map { ($0 as NSString).lastPathComponent },
                       ["invoice.html", "item.html", "last-item.html", "invoice.css", "invoice.json"])
        let document = try Composer.compose(template: TemplateSet.load(directory),
                                            data: InvoiceData.load(path: directory + "/invoice.json"))
        XCTAssertEqual(document.warnings, [])
        XCTAssertEqual(document.formattedTotal, "€1,250.50")
        XCTAssertEqual(document.suggestedFileName, "invoice-2024-0042.pdf")
        XCTAssertThrowsError(try StarterTemplates.write("invoice", to: directory)) { error in
            XCTAssertEqual("\(error)", "\(directory)/invoice.html: already exists; not overwriting a template")
        }
    }

    func testFileNamesAreSanitised() {
        XCTAssertEqual(Composer.sanitizedFileName("invoice-INV/2024:07?.pdf"), "invoice-INV-2024-07-.pdf")
        XCTAssertEqual(Composer.sanitizedFileName("..\n"), "document")
        XCTAssertEqual(Composer.sanitizedFileName(".hidden\tname.pdf"), "hidden name.pdf")
    }

    private func makeDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ibook-fill-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
