import FileOutput
import Foundation
import PDF

/// Fills a template set with data, and prints the result to PDF, PNG or HTML.
/// Every output is written to a temporary file beside its destination and
/// renamed into place, so a failure never leaves a partial file.
public enum Composer {
    /// Placeholders filled by the composer rather than straight from the data.
    static let computedNames: Set<String> = ["ITEMS", "TOTAL_AMOUNT", "TOTAL", "CURRENCY", "ITEM_COUNT"]
    static let rowNames: Set<String> = ["PRICE", "ITEM_NUMBER", "ROW_CLASS"]

    public static func compose(template: TemplateSet, data: InvoiceData, options: ComposeOptions = ComposeOptions()) throws -> ComposedDocument {
        guard let code = options.currency ?? data.currency else { throw ComposeError.noCurrency(data.path) }
        let money = try CurrencyFormatter(code: code, localeIdentifier: options.locale ?? data.locale ?? "en_US")

        let computed = data.items.reduce(Decimal(0)) { $0 + $1.price }
        if let given = data.total, money.rounded(given) != money.rounded(computed) {
            throw ComposeError.totalMismatch(data.path, given: money.string(given), computed: money.string(computed))
        }
        let total = data.total ?? computed

        var documentValues: [String: String] = [:]
        for (name, text) in data.fields {
            documentValues[name] = name.hasSuffix("_IMAGE")
                ? HTMLEscaping.escape(try imageURL(text, data: data))
                : HTMLEscaping.escapeKeepingLines(text)
        }
        documentValues["TOTAL_AMOUNT"] = HTMLEscaping.escape(money.string(total))
        documentValues["TOTAL"] = documentValues["TOTAL_AMOUNT"]
        documentValues["CURRENCY"] = money.code
        documentValues["ITEM_COUNT"] = String(data.items.count)

        var missing: [String] = []
        func note(_ names: [String]) {
            for name in names where !missing.contains(name) { missing.append(name) }
        }
        let fallback = options.allowMissing ? "" : nil

        var rows = ""
        for (index, item) in data.items.enumerated() {
            let isLast = index == data.items.count - 1
            let rowTemplate = isLast ? (template.lastItem ?? template.item) : template.item
            let filled = TemplateFiller.fill(rowTemplate) { name in
                if let text = item.fields[name] { return HTMLEscaping.escapeKeepingLines(text) }
                switch name {
                case "PRICE", "ITEM_PRICE": return HTMLEscaping.escape(money.string(item.price))
                case "ITEM_NUMBER": return String(index + 1)
                case "ROW_CLASS": return isLast ? "item last" : "item"
                default: return documentValues[name] ?? fallback
                }
            }
            note(filled.missing)
            rows += filled.html
            if !rows.hasSuffix("\n") { rows += "\n" }
        }
        let page = TemplateFiller.fill(template.main) { name in
            name == TemplateSet.itemsPlaceholder ? rows : (documentValues[name] ?? fallback)
        }
        note(page.missing)
        if !missing.isEmpty { throw ComposeError.missingValues(data.path, missing) }

        return ComposedDocument(
            html: injectPageSetup(into: page.html, setup: options.page, baseDirectory: template.directory),
            baseDirectory: template.directory,
            itemCount: data.items.count,
            total: total,
            formattedTotal: money.string(total),
            warnings: unusedKeyWarnings(template: template, data: data),
            suggestedFileName: sanitizedFileName(data.fields["INVOICE_NUMBER"].map { "invoice-\($0)" }
                ?? ((template.mainPath as NSString).lastPathComponent as NSString).deletingPathExtension) + ".pdf",
            allowNetwork: options.allowNetwork)
    }

    /// Data keys that fill nothing: probably a typo, worth a warning.
    static func unusedKeyWarnings(template: TemplateSet, data: InvoiceData) -> [String] {
        let mainNames = Set(TemplateFiller.placeholders(in: template.main))
        let rowNames = Set(TemplateFiller.placeholders(in: template.item))
            .union(TemplateFiller.placeholders(in: template.lastItem ?? ""))
        let used = mainNames.union(rowNames)
        var warnings: [String] = []
        for name in data.fields.keys.sorted() where !used.contains(name) {
            warnings.append("\(data.path): unknown key \"\(data.keys[name] ?? name)\" (the template has no #\(name)#)")
        }
        var itemNames = Set<String>()
        for item in data.items { itemNames.formUnion(item.fields.keys) }
        for name in itemNames.sorted() where !rowNames.contains(name) {
            warnings.append("\(data.path): unknown item key for #\(name)# (the item template does not use it)")
        }
        return warnings
    }

    /// An image reference from the data: a data URI or URL as given, a local path made
    /// absolute (relative to the data file) and checked to exist.
    static func imageURL(_ text: String, data: InvoiceData) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "" }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("data:") || lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("file:") {
            return trimmed
        }
        let base = URL(fileURLWithPath: data.path).deletingLastPathComponent()
        let url = trimmed.hasPrefix("/") ? URL(fileURLWithPath: trimmed) : base.appendingPathComponent(trimmed)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ComposeError.imageNotFound(data.path, trimmed)
        }
        return url.standardizedFileURL.absoluteString
    }

    /// Adds the page rules after the template's own styles (later rules win) and a
    /// `<base>` so the HTML written with `--html` still finds its stylesheet.
    static func injectPageSetup(into html: String, setup: PageSetup, baseDirectory: String) -> String {
        var head = "<style>/* ibook compose: page setup */\n\(setup.css)</style>\n"
        if html.range(of: "<base", options: .caseInsensitive) == nil {
            let href = URL(fileURLWithPath: baseDirectory, isDirectory: true).absoluteString
            head = "<base href=\"\(HTMLEscaping.escape(href))\">\n" + head
        }
        if let range = html.range(of: "</head>", options: .caseInsensitive) {
            return html.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: head)
        }
        if let range = html.range(of: "<body", options: .caseInsensitive) {
            return html.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: "<head>\(head)</head>\n")
        }
        return "<head>\(head)</head>\n" + html
    }

    /// A file name that is safe on any file system and in a shell: no separators,
    /// control characters or reserved punctuation, no leading dot, not too long.
    public static func sanitizedFileName(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.properties.isWhitespace {
                result += " "
            } else if scalar.properties.generalCategory == .control || "/\\:*?\"<>|".unicodeScalars.contains(scalar) {
                result += "-"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        while result.contains("  ") { result = result.replacingOccurrences(of: "  ", with: " ") }
        result = result.trimmingCharacters(in: CharacterSet(charactersIn: " .-"))
        if result.count > 120 { result = String(result.prefix(120)) }
        return result.isEmpty ? "document" : result
    }

    // MARK: - Output

    public struct PrintResult {
        public var path: String
        public var pageCount: Int
        public var refusedURLs: [String]
    }

    public static func writePDF(_ document: ComposedDocument, to path: String) throws -> PrintResult {
        try AtomicFile.write(to: path) { temporary in
            let printer = WeasyPrinter(allowNetwork: document.allowNetwork)
            let report = try printer.print(html: document.html, baseDirectory: document.baseDirectory, to: temporary)
            let pageCount: Int
            do {
                pageCount = try PDFDocument(path: temporary).pageCount
            } catch {
                throw ComposeError.weasyPrintFailed("it wrote an unreadable PDF (\(error))")
            }
            return PrintResult(path: path, pageCount: pageCount, refusedURLs: report.refusedURLs)
        }
    }

    /// Prints to a scratch PDF and renders one of its pages (1-based).
    public static func writePreview(_ document: ComposedDocument, page number: Int = 1, to path: String,
                                    maxPixels: Int = 1200) throws -> PrintResult {
        let folder = try ScratchFolder(purpose: "preview")
        // Referenced here so that it lives, and the folder stays, until the end of the scope.
        defer { folder.remove() }
        let scratch = folder.file("preview.pdf")
        let printed = try writePDF(document, to: scratch)
        do {
            let printedDocument = try PDFDocument(path: scratch)
            guard let page = printedDocument.page(at: number - 1) else {
                throw ComposeError.previewFailed(path, PDFError.pageOutOfRange(number, count: printedDocument.pageCount).description)
            }
            try page.writePNG(to: path, maxPixels: maxPixels)
        } catch let error as ComposeError {
            throw error
        } catch {
            throw ComposeError.previewFailed(path, "\(error)")
        }
        return PrintResult(path: path, pageCount: printed.pageCount, refusedURLs: printed.refusedURLs)
    }

    public static func writeHTML(_ document: ComposedDocument, to path: String) throws {
        try AtomicFile.write(Data(document.html.utf8), to: path)
    }
}
