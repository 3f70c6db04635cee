import Arguments
import BookLibrary
import FileNames
import FoundationEssentials
import Glibc

package enum EditCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book).", optional: true)
    }

    enum Options {
        static let title = ValueOption<String>("--title", value: "title", help: "The title.")
        static let author = RepeatedOption<String>("--author", value: "name", help: "An author; repeat for several, in order.")
        static let year = ValueOption<String>("--year", value: "year", help: "Year of publication.")
        static let publisher = ValueOption<String>("--publisher", value: "name", help: "The publisher.")
        static let language = ValueOption<String>("--language", value: "code", help: "Language, e.g. en, de, ja.")
        static let series = ValueOption<String>("--series", value: "name", help: "The series the book belongs to.")
        static let seriesIndex = ValueOption<String>("--series-index", value: "n", help: "Its number in the series.")
        static let description = ValueOption<String>("--description", value: "text", help: "A description or summary.")
        static let isbn = ValueOption<String>("--isbn", value: "isbn", help: "ISBN-10 or ISBN-13 (its check digit is verified).")
        static let doi = ValueOption<String>("--doi", value: "doi", help: "DOI, e.g. 10.1000/xyz123 (a doi.org link is accepted).")
        static let rating = ValueOption<String>("--rating", value: "0-5", help: "Your rating, 0 to 5.")
        static let subject = ValueOption<String>("--subject", value: "text", help: "The subject (the PDF's own, unless set here).")
        static let keywords = ValueOption<String>("--keywords", value: "text", help: "Keywords (the PDF's own, unless set here).")
        static let write = Flag("--write", help: "Also write title, authors, subject and keywords into the file (a PDF's Info and XMP, an EPUB's package document), to a copy named NAME.edited.pdf (.epub) beside it unless --in-place or -o; the book then uses the new file and keeps its bookmarks and history.")
        static let inPlace = Flag("--in-place", help: "With --write: replace the original file (atomically).")
        static let output = ValueOption<String>("-o", "--output", value: "file", help: "With --write: where to write the copy.")
    }

    package static let fullOnlyFlags = [Options.write]

    package static let spec = CommandSpec(
        name: "edit",
        abstract: "Set a book's title, authors and other details in the library.",
        discussion: "Values are stored in the library and shown by info, list, export and --json; 'ibook refresh' never replaces them. An empty value clears a field (the author is then derived again by the next refresh).",
        positionals: [Arguments.book.positional],
        options: [
            Options.title.option,
            Options.author.option,
            Options.year.option,
            Options.publisher.option,
            Options.language.option,
            Options.series.option,
            Options.seriesIndex.option,
            Options.description.option,
            Options.isbn.option,
            Options.doi.option,
            Options.rating.option,
            Options.subject.option,
            Options.keywords.option,
            Options.write.option,
            Options.inPlace.option,
            Options.output.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        var edit = BookEdit()
        edit.title = arguments[Options.title]
        let authors = arguments[Options.author]
        if !authors.isEmpty { edit.authors = authors }
        edit.year = arguments[Options.year]
        edit.publisher = arguments[Options.publisher]
        edit.language = arguments[Options.language]
        edit.series = arguments[Options.series]
        edit.seriesIndex = arguments[Options.seriesIndex]
        edit.description = arguments[Options.description]
        edit.isbn = arguments[Options.isbn]
        edit.doi = arguments[Options.doi]
        edit.rating = arguments[Options.rating]
        edit.subject = arguments[Options.subject]
        edit.keywords = arguments[Options.keywords]
        let write = arguments[Options.write]
        if !write, arguments[Options.inPlace] || arguments[Options.output] != nil {
            throw UsageError("--in-place and --output go with --write")
        }
        if arguments[Options.inPlace], arguments[Options.output] != nil { throw UsageError("Give either --in-place or --output, not both") }
        // Refused before anything is stored: a shared library's file is on each machine, not the server's to rewrite.
        if write { try context.require(.ownFiles, for: "ibook edit --write") }
        let library = try context.library()
        var book = try context.book(Arguments.book)
        // Refused before anything is stored: the edit and the file are written together or not at all.
        if write, book.format != .pdf, book.format != .epub { throw LibraryError.needsPDF(book.path, format: book.format) }
        do {
            if !write || !edit.isEmpty { book = try library.edit(book, edit) }
        } catch let error as CurationError {
            // A value that cannot be stored is a mistake on the command line.
            let message = context.describe(error)
            throw UsageError(message.prefix(1).uppercased() + message.dropFirst())
        }
        var written: String?
        if write {
            guard let writer = context.program.metadataWriter else {
                throw UsageError("--write needs ibook-full, which writes PDFs and EPUBs")
            }
            let destination = try MetadataDestination.path(for: book, inPlace: arguments[Options.inPlace], output: arguments[Options.output])
            try writer(book.path, destination, try library.embeddedMetadata(book), try context.password())
            book = try library.replaceFile(of: book, with: destination)
            written = destination
        }
        let info = try library.info(book)
        if arguments[CommonOptions.json] {
            try context.printJSON(info)
            return
        }
        context.stdout.write("Edited #\(book.id) \(book.title) — \(book.author)\n")
        for (name, value) in DetailLines.lines(info.details) {
            context.stdout.write("  \(name): \(value)\n")
        }
        if let written { context.stdout.write("Wrote the metadata into \(written); the book now uses that file\n") }
    }
}

/// Where `edit --write` puts the rewritten PDF.
enum MetadataDestination {
    static func path(for book: Book, inPlace: Bool, output: String?) throws -> String {
        guard FileManager.default.fileExists(atPath: book.path) else { throw LibraryError.fileMissing(book.path) }
        if inPlace { return book.path }
        let path: String
        if let output {
            path = URL(fileURLWithPath: output).path
        } else {
            let stem = PathName.deletingExtension(of: book.path)
            let ending = "." + (PathName.extension(of: book.path).isEmpty ? book.format.rawValue : PathName.extension(of: book.path))
            path = stem.hasSuffix(".edited") ? stem + ending : stem + ".edited" + ending
        }
        if path != book.path, FileManager.default.fileExists(atPath: path) {
            throw CurationError.invalidValue("--write", "\(path) already exists: give another with -o, or --in-place")
        }
        return path
    }
}

/// The details `edit` stores, as `info` and `edit` show them.
package enum DetailLines {
    package static func lines(_ details: BookDetails) -> [(String, String)] {
        var lines: [(String, String)] = []
        if let year = details.year { lines.append(("Year", String(year))) }
        if let publisher = details.publisher { lines.append(("Publisher", publisher)) }
        if let language = details.language { lines.append(("Language", language)) }
        if let series = details.series {
            let index = details.seriesIndex.map { $0 == $0.rounded() ? " #\(Int($0))" : " #\($0)" } ?? ""
            lines.append(("Series", series + index))
        }
        if let isbn = details.isbn { lines.append(("ISBN", isbn)) }
        if let doi = details.doi { lines.append(("DOI", doi)) }
        if let rating = details.rating { lines.append(("Rating", Stars.text(rating))) }
        if let description = details.description { lines.append(("Description", description)) }
        return lines
    }
}

/// A 0–5 rating as stars.
package enum Stars {
    package static func text(_ rating: Int) -> String {
        String(repeating: "★", count: max(0, min(5, rating))) + String(repeating: "☆", count: 5 - max(0, min(5, rating)))
    }
}
