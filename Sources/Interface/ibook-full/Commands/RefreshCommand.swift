import Arguments
import BookIndexing
import BookLibrary
import Foundation
import IBookCLI

enum RefreshCommand: Command {
    static let requires: LibraryCapabilities = [.ownFiles]

    enum Arguments {
        static let book = RepeatedArgument<String>("book", help: "An id, a file path or part of the title (default: every book).", optional: true)
    }

    enum Options {
        static let metadataOnly = Flag("--metadata-only", help: "Only titles and authors: do not read the pages' text again.")
        static let inProcess = Flag("--in-process", help: "Read the files in this process: no protection from parser crashes or hangs.")
    }

    static let spec = CommandSpec(
        name: "refresh",
        abstract: "Derive titles, authors and page text again from the books' files.",
        discussion: "Reads each book's metadata, XMP and first page again and picks the title and author a person would: a good title in the PDF's metadata is kept; a missing or junk one (the file name, 'Microsoft Word - …', '*.dvi', 'untitled') is taken from the XMP or the first page. Values set with 'ibook edit' stay. Then reads every page's text again and stores and re-indexes the pages this version of ibook reads differently (a library made by an older version gets what it now finds); text read by OCR stays, highlights keep marking the same words. Bookmarks, history, tags, notes and collections are kept.",
        positionals: [Arguments.book.positional],
        options: [
            CommonOptions.password.option, CommonOptions.passwordFile.option,
            Options.metadataOnly.option,
            Options.inProcess.option,
            CommonOptions.json.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        var options = AddOptions()
        options.password = try context.password()
        if !arguments[Options.inProcess] {
            options.isolation = .workerProcess(executable: AddCommand.currentExecutable())
        }
        let names = arguments[Arguments.book]
        let books = names.isEmpty ? try library.allBooks() : try names.map { try library.book(named: $0) }
        guard !books.isEmpty else {
            context.stderr.write("The library is empty: add a PDF with 'ibook add FILE'.\n")
            return
        }
        let json = arguments[CommonOptions.json]
        var changed = 0, failed = 0
        library.refreshMetadata(books, options: options, text: !arguments[Options.metadataOnly]) { result in
            if json { try? context.printJSON(result) }
            guard let book = result.book else { return }
            if let reason = result.reason {
                failed += 1
                context.error("\(result.path): \(reason)")
                return
            }
            if let reason = result.textNotRead { context.warning("\(result.path): text not read again: \(reason)") }
            let newText = result.pagesWithNewText ?? 0
            if result.changed || newText > 0 { changed += 1 }
            guard !json else { return }
            let sources = "(title: \(book.titleSource.rawValue), author: \(book.authorSource.rawValue))"
            let text = newText > 0 ? "    text of \(newText) page\(newText == 1 ? "" : "s") read anew, index updated\n" : ""
            if result.changed {
                let before = [result.previousTitle, result.previousAuthor].compactMap { $0 }.joined(separator: " — ")
                context.stdout.write("#\(book.id) \(before)\n    → \(book.title) — \(book.author) \(sources)\n")
                if let previous = result.previousStemming, let now = result.stemming {
                    context.stdout.write("    stemmed as \(previous.name) → \(StemmingOrigin.text(now)), index rebuilt\n")
                }
                context.stdout.write(text)
            } else if newText > 0 {
                context.stdout.write("#\(book.id) \(book.title) — \(book.author) \(sources)\n" + text)
            } else {
                context.stdout.write("#\(book.id) \(book.title) — \(book.author) \(sources), unchanged\n")
            }
        }
        context.stderr.write("\(books.count) checked, \(changed) changed, \(failed) failed\n")
        if failed > 0 { throw ExitCode(status: ExitCode.failure) }
    }
}
