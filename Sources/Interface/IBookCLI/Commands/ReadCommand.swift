import LeanBasics
import Arguments
import BookLibrary

package enum ReadCommand: Command {
    enum Arguments {
        static let page = Argument<String>("page", help: "A page number or label, next or prev.", optional: true)
    }

    enum Options {
        static let label = ValueOption<String>("--label", value: "label", help: "Select the page by its label.")
        static let layout = Flag("--layout", help: "Keep the physical layout, so columns stay apart.")
    }

    package static let fullOnlyFlags = [Options.layout]

    package static let spec = CommandSpec(
        name: "read",
        abstract: "Print the text of a page of the open book.",
        discussion: "PAGE is a page number, a page label (iv, A-3), next or prev. With no PAGE, the page where you stopped (or the first). A plain number is always the physical page; use --label to select by label when labels are numbers too. A page of an EPUB, FB2, MOBI or plain-text book shows its headings, emphasis, quotes and lists, wrapped to the terminal (bold and italic only on a terminal without NO_COLOR).",
        positionals: [Arguments.page.positional],
        options: [
            CommonOptions.book.option,
            Options.label.option,
            Options.layout.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let request: PageRequest
        switch (arguments[Arguments.page], arguments[Options.label]) {
        case (_?, _?): throw UsageError("Give either a page or --label, not both")
        case (nil, let label?): request = .page(.label(label))
        case ("next", nil): request = .next
        case ("prev", nil), ("previous", nil): request = .previous
        case (let page?, nil): request = .page(PageReference(page))
        case (nil, nil): request = .resume
        }
        let book = try context.bookFromOption()
        let structured = book.format.isLaidOut && !arguments[CommonOptions.json] && !arguments[Options.layout]
        // Before the page is read (and the place moved on, for next): ibook-full reads it again.
        if structured, context.program.pageStructure == nil { context.program.handOver?() }
        let page: PageText
        if arguments[Options.layout] {
            guard let layoutReader = context.program.layoutReader else {
                throw LibraryError.invalidArgument("--layout needs the PDF reader (ibook-full)")
            }
            page = try layoutReader(context.library(), book, request, try context.password())
        } else {
            page = try context.library().read(book, request)
        }
        if try context.library().isReadOnly {
            context.warning("the library at \(context.location.directory) is read-only: the reading position is not recorded")
        }
        if arguments[CommonOptions.json] {
            try context.printJSON(page)
            return
        }
        let label = Formatting.labelSuffix(page.label, page: page.page, prefix: "label ")
        let header = "\(book.title) — page \(page.page) of \(page.pageCount)\(label)"
        var origin = ""
        if let ocr = page.ocr {
            origin = "  " + context.stdout.style("(OCR, \(ocr.languages), " + CFormat.string("confidence %.0f%%)", ocr.confidence), .gray)
        }
        context.stdout.write(context.stdout.style(header, bold: true) + origin + "\n\n")
        if structured, page.hasText, let structure = pageStructure(of: book, page.page, context) {
            let width = context.stdout.isTTY ? context.stdout.width : 80
            let lines = PageStructurePrinter.lines(of: structure, width: width, styled: context.stdout.usesColor)
            context.stdout.write(lines.joined(separator: "\n") + "\n")
        } else if page.hasText {
            context.stdout.write(page.text.hasSuffix("\n") ? page.text : page.text + "\n")
        } else if page.ocr != nil {
            context.stdout.write("(OCR found no text on this page)\n")
        } else {
            context.stdout.write("(this page has no text: it is probably a scanned image; 'ibook ocr' reads it)\n")
        }
    }

    /// The page's structure, or nil (with a warning) when the book's file cannot give it: the stored text is shown.
    private static func pageStructure(of book: Book, _ page: Int, _ context: CommandContext) -> PageStructure? {
        guard let reader = context.program.pageStructure else { return nil }
        do {
            return try reader(book, page)
        } catch {
            context.warning("\(context.describe(error)): showing the indexed text")
            return nil
        }
    }
}
