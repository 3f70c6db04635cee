import LeanBasics
import FileNames
import TextCells
import Arguments
import BookLibrary

package enum InfoCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book).", optional: true)
    }

    package static let spec = CommandSpec(
        name: "info",
        abstract: "Show everything stored about a book.",
        positionals: [Arguments.book.positional],
        options: [CommonOptions.book.option, CommonOptions.json.option])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        let info = try library.info(context.book(Arguments.book))
        if arguments[CommonOptions.json] {
            try context.printJSON(info)
            return
        }
        let book = info.book
        var fields: [(String, String?)] = [
            ("ID", "\(book.id)"),
            ("Title", "\(book.title)  (\(book.titleSource.rawValue))"),
            ("Author", "\(book.author)  (\(book.authorSource.rawValue))"),
            ("Subject", book.subject),
            ("Keywords", book.keywords),
            ("Creator", book.creator),
            ("Producer", book.producer),
            ("Created", book.created.map(Formatting.date)),
            ("Modified", book.modified.map(Formatting.date)),
        ]
        fields += DetailLines.lines(info.details).map { ($0.0, Optional($0.1)) }
        fields += [
            ("Tags", info.tags.isEmpty ? nil : info.tags.joined(separator: ", ")),
            ("Collections", info.collections.isEmpty ? nil : info.collections.joined(separator: ", ")),
            ("Stemmed as", info.stemming.map { StemmingOrigin.text($0) }),
            ("Format", book.format == .pdf ? nil : book.format.displayName),
            ("Pages", book.format.isLaidOut ? "\(book.pageCount) (as laid out at the reference page size)" : "\(book.pageCount)"),
            ("Page labels", info.labelledPages.map(Formatting.labelRuns)),
            ("Outline", info.outlineEntries == 0 ? "none" : "\(info.outlineEntries) entries"),
            ("File", FileName.displayed(book.path) + (info.fileExists ? "" : "  (missing)")),
            ("Size", Formatting.bytes(book.size)),
            ("SHA-256", book.sha256),
            ("Added", Formatting.date(book.addedAt)),
            ("Thumbnail", info.thumbnail),
            ("OCR", info.ocr.map(ocrText)),
        ]
        if info.isOpen { fields.append(("Open", "yes (the open book)")) }
        let width = fields.map { $0.0.count }.max() ?? 0
        for (name, value) in fields {
            guard let value else { continue }
            context.stdout.write(context.stdout.style(TextWidth.pad(name, to: width), bold: true) + "  " + value + "\n")
        }
    }

    /// "3 pages (eng), mean confidence 91%".
    static func ocrText(_ summary: OCRSummary) -> String {
        var text = "\(summary.pages) page\(summary.pages == 1 ? "" : "s")"
        if !summary.languages.isEmpty { text += " (\(summary.languages.joined(separator: "+")))" }
        if let confidence = summary.meanConfidence { text += CFormat.string(", mean confidence %.0f%%", confidence) }
        return text
    }
}
