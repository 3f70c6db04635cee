import Arguments
import BookLibrary
import FileNames
import FileOutput
import FoundationEssentials
import Glibc
import SplashThumbnails

/// Run by the lean binary itself: the page is drawn by libibook-reflow.so (MuPDF), or by
/// libibook-pages.so (Splash) where MuPDF cannot, each opened only when a thumbnail is not in the cache.
package enum ThumbnailCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "An id, a file path or part of the title (default: the open book).", optional: true)
    }

    enum Options {
        static let page = ValueOption<Int>("--page", value: "n", in: 1...Int(Int32.max), help: "The page (default 1).")
        static let size = ValueOption<Int>("--size", value: "px", in: 16...4096, help: "Longer side in pixels (default \(Library.coverSize)).")
        static let output = ValueOption<String>("-o", "--output", value: "file", help: "Write the PNG to this file instead of printing the cached path.")
    }

    package static let spec = CommandSpec(
        name: "thumbnail",
        abstract: "Print the path of a page's cached PNG thumbnail, rendering it on first request.",
        positionals: [Arguments.book.positional],
        options: [
            Options.page.option,
            Options.size.option,
            Options.output.option,
            CommonOptions.book.option,
            CommonOptions.password.option, CommonOptions.passwordFile.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let page = try arguments[Options.page] ?? 1
        let size = try arguments[Options.size] ?? Library.coverSize
        let book = try context.book(Arguments.book)
        let library = try context.library()
        let given = try context.password()
        let path: String
        if book.format != .pdf, !ThumbnailCache(library: library).isCached(book, page: page, size: size) {
            guard let draw = context.program.reflowThumbnail else {
                context.program.handOver?()
                throw LibraryError.invalidArgument("\(book.path) is \(book.format.withArticle): its pages are drawn by ibook-full")
            }
            path = try draw(library, book, page, size, given)
        } else {
            path = try thumbnailOfPDF(book, page: page, size: size, library: library, given: given)
        }
        guard let output = arguments[Options.output] else {
            context.stdout.write(path + "\n")
            return
        }
        let destination = absolutePath(output)
        try AtomicFile.write(to: destination) { temporary in
            try FileManager.default.copyItem(atPath: path, toPath: temporary)
        }
        context.stdout.write(destination + "\n")
    }

    /// A PDF's page, drawn by MuPDF or Splash; on a terminal a locked file asks for its password.
    private static func thumbnailOfPDF(_ book: Book, page: Int, size: Int, library: Library, given: String?) throws -> String {
        do {
            return try library.pdfThumbnail(of: book, page: page, size: size, password: given)
        } catch let error as PageImageError where error.reason == .passwordRequired && given == nil && PasswordSource.canPrompt {
            // On a terminal a locked file is not an error: the password is asked for, without echo.
            let typed = try PasswordSource.prompt("Password for \(FileName.displayed(PathName.lastComponent(of: book.path))): ")
            return try library.pdfThumbnail(of: book, page: page, size: size, password: typed)
        }
    }
}
