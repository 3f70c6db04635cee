import FileNames
import Arguments
import BookIndexing
import BookLibrary
import Compose
import Foundation
import IBookCLI

enum ComposeCommand: Command {
    enum Arguments {
        static let template = Argument<String>("template", help: "A template folder or its main HTML file (with --init: the folder to create).", optional: true)
    }

    enum Options {
        static let data = ValueOption<String>("--data", value: "file", help: "The JSON data to fill the template with.")
        static let html = ValueOption<String>("--html", value: "file", help: "Also write the filled HTML (alone: write only the HTML).")
        static let currency = ValueOption<String>("--currency", value: "code", help: "ISO 4217 currency code (default: the data's \"currency\").")
        static let locale = ValueOption<String>("--locale", value: "id", help: "How amounts are written, e.g. de_DE (default: the data's \"locale\", else en_US).")
        static let header = ValueOption<String>("--header", value: "text", help: "Text at the top of every page.")
        static let footer = ValueOption<String>("--footer", value: "text", help: "Text at the bottom of every page, under a rule.")
        static let noPageNumbers = Flag("--no-page-numbers", help: "Leave out \"Page N of M\".")
        static let allowMissing = Flag("--allow-missing", help: "Fill placeholders that have no value with nothing instead of failing.")
        static let allowNetwork = Flag("--allow-network", help: "Let WeasyPrint fetch http(s) URLs.")
        static let `init` = ValueOption<String>("--init", value: "kind", help: "Write a starter template set (invoice) into the folder and stop.")
        static let output = WorkbenchOptions.output("The PDF to write (with --preview: the PNG). Default: invoice-<number>.pdf here.")
        static let add = WorkbenchOptions.add("the PDF")
    }

    static let spec = CommandSpec(
        name: "compose",
        abstract: "Fill an HTML template with JSON data and print it to a paginated PDF.",
        discussion: """
            A template is a folder with invoice.html (placeholders like #INVOICE_NUMBER# and one #ITEMS# block), \
            item.html (a row: #ITEM_DESC#, #PRICE#) and optionally last-item.html (the last row). Data keys fill the \
            placeholders of the same name (invoice_number -> #INVOICE_NUMBER#); "items" holds the rows; amounts are \
            formatted for the currency; the total is the sum of the items. Every value is HTML-escaped. \
            WeasyPrint lays the pages out offline: http(s) URLs are not fetched unless --allow-network. \
            Start from a complete invoice with 'ibook compose --init invoice DIR'.
            """,
        positionals: [Arguments.template.positional],
        options: [
            Options.data.option,
            Options.output.option,
            Options.html.option,
            WorkbenchOptions.preview.option,
            WorkbenchOptions.previewSize.option,
            Options.currency.option,
            Options.locale.option,
            WorkbenchOptions.paper.option,
            WorkbenchOptions.margin.option,
            Options.header.option,
            Options.footer.option,
            Options.noPageNumbers.option,
            Options.allowMissing.option,
            Options.allowNetwork.option,
            Options.add.option,
            Options.`init`.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        if let kind = arguments[Options.`init`] {
            guard let directory = arguments[Arguments.template] else { throw UsageError("--init needs the folder to write into") }
            guard StarterTemplates.kinds.contains(kind) else {
                throw UsageError("Unknown starter template '\(kind)' (available: \(StarterTemplates.kinds.joined(separator: ", ")))")
            }
            for path in try StarterTemplates.write(kind, to: directory) { context.stdout.write(path + "\n") }
            return
        }
        guard let templatePath = arguments[Arguments.template] else { throw UsageError("Missing the template folder or HTML file") }
        guard let dataPath = arguments[Options.data] else { throw UsageError("Missing '--data <file>'") }
        let options = try composeOptions(arguments)
        let previewPage = try WorkbenchOptions.previewPage(arguments)
        let preview = previewPage != nil
        let previewSize = try WorkbenchOptions.previewPixels(arguments)

        // Refused before anything is written, not after.
        if arguments[Options.add], !preview { try context.library().requireWritable() }
        let template = try TemplateSet.load(templatePath)
        let data = try InvoiceData.load(path: dataPath)
        let document = try Composer.compose(template: template, data: data, options: options)
        for warning in document.warnings { context.warning(warning) }

        if let html = arguments[Options.html] {
            try Composer.writeHTML(document, to: html)
            if arguments[Options.output] == nil, !preview, !arguments[Options.add] {
                context.stdout.write(html + "\n")
                return
            }
        }
        let output = outputPath(arguments[Options.output]
            ?? (preview ? WorkbenchOptions.previewName(for: document.suggestedFileName) : document.suggestedFileName))
        let printed = try previewPage.map { try Composer.writePreview(document, page: $0, to: output, maxPixels: previewSize) }
            ?? Composer.writePDF(document, to: output)
        for url in printed.refusedURLs {
            context.warning("\(url): not fetched: network access is off (use --allow-network)")
        }
        let pages = "\(printed.pageCount) page\(printed.pageCount == 1 ? "" : "s")"
        let items = "\(document.itemCount) item\(document.itemCount == 1 ? "" : "s")"
        context.stdout.write("\(FileName.displayed(output)): \(previewPage.map { "page \($0) of \(pages)" } ?? pages), \(items), total \(document.formattedTotal)\n")

        if arguments[Options.add], !preview {
            var addOptions = AddOptions()
            addOptions.workers = 1
            var failure: String?
            _ = try context.library().add(paths: [output], options: addOptions, onResult: { result in
                switch result.status {
                case .added: result.book.map { context.stdout.write("Added #\($0.id) \($0.title)\n") }
                case .alreadyPresent: result.book.map { context.stdout.write("\(FileName.displayed(output)): already in library as #\($0.id)\n") }
                case .failed: failure = result.reason ?? "failed"
                }
            })
            if let failure { throw LibraryError.invalidArgument("\(output): \(failure)") }
        }
    }

    static func composeOptions(_ arguments: ParsedArguments) throws -> ComposeOptions {
        var options = ComposeOptions()
        options.currency = arguments[Options.currency]
        options.locale = arguments[Options.locale]
        options.allowMissing = arguments[Options.allowMissing]
        options.allowNetwork = arguments[Options.allowNetwork]
        if let name = arguments[WorkbenchOptions.paper]?.rawValue {
            guard let paper = PageSetup.Paper(name: name) else { throw UsageError("Invalid value '\(name)' for '--paper <size>' (A4, A5, Letter, Legal)") }
            options.page.paper = paper
        }
        if let margin = arguments[WorkbenchOptions.margin] {
            guard PageSetup.validMargin(margin) else { throw UsageError("Invalid value '\(margin)' for '--margin <length>' (e.g. 20mm, 2cm, 0.75in)") }
            options.page.margin = margin
        }
        options.page.header = arguments[Options.header]
        options.page.footer = arguments[Options.footer]
        options.page.pageNumbers = !arguments[Options.noPageNumbers]
        return options
    }

    /// The folder as given, the file name made safe.
    static func outputPath(_ path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let name = Composer.sanitizedFileName((path as NSString).lastPathComponent)
        return directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
    }
}
