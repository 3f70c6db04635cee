import Arguments
import BookLibrary

/// What one binary brings to the shared command line: its commands, and the
/// abilities only a binary that links poppler has. Passed in by each `main`,
/// so that nothing is set in a global before the first command runs.
package struct Program {
    /// The commands of this binary, in the order help lists them.
    package var commands: [Command.Type]
    /// What poppler said while this process read PDFs itself.
    package var drainDiagnostics: () -> [String]
    /// Reads a page laid out from the PDF (`read --layout`).
    package var layoutReader: ((Library, Book, PageRequest, String?) throws -> PageText)?
    /// Writes metadata into a copy of a PDF: source, destination, values, password (`edit --write`).
    package var metadataWriter: ((String, String, EmbeddedMetadata, String?) throws -> Void)?
    /// The message for an error of a module only this binary links (a PDF that
    /// needs a password, an output that would overwrite its input), naming the
    /// option that changes the outcome; nil leaves the error's own words.
    package var explain: (Error) -> String?
    /// What `ibook` alone runs when a person is at a terminal (the shelf); nil, or
    /// not on a terminal, prints the usage.
    package var home: Command.Type?
    /// Draws a page of a book that is not a PDF (the reflow engine, which only
    /// ibook-full links): library, book, page, size, password → the cached PNG.
    package var reflowThumbnail: ((Library, Book, Int, Int, String?) throws -> String)?
    /// A laid-out book's page (its reference layout's) with its headings, emphasis, quotes
    /// and lists, from the reflow engine, which only ibook-full links (`read`).
    package var pageStructure: ((Book, Int) throws -> PageStructure)?
    /// Where a laid-out book's page (its reference layout's) starts in its text: the chapter and the
    /// letters of it before the page, from the reflow engine, which only ibook-full links (`note`).
    package var pageStart: ((Book, Int) throws -> ChapterRange)?
    /// Runs this command line in ibook-full instead, when this binary learns
    /// only late that it cannot (the lean ibook, on a book that is not a PDF).
    package var handOver: (() -> Never)?

    package init(commands: [Command.Type], drainDiagnostics: @escaping () -> [String] = { [] },
                 layoutReader: ((Library, Book, PageRequest, String?) throws -> PageText)? = nil,
                 metadataWriter: ((String, String, EmbeddedMetadata, String?) throws -> Void)? = nil,
                 explain: @escaping (Error) -> String? = { _ in nil }) {
        self.commands = commands
        self.drainDiagnostics = drainDiagnostics
        self.layoutReader = layoutReader
        self.metadataWriter = metadataWriter
        self.explain = explain
    }

    /// The lean binary: the commands that only read and write the library.
    package static var lean: Program { Program(commands: CLI.libraryCommands) }

    package var parser: ArgumentParser {
        ArgumentParser(root: CommandSpec(
            name: "ibook",
            abstract: "A library manager and reader of PDFs, EPUBs and other books for the terminal.",
            discussion: "Add books (PDF, EPUB, FB2, CBZ, MOBI, plain text) to a library, then read their table of contents, read and search pages, bookmark pages and come back to where you stopped.",
            subcommands: commands.map { $0.spec },
            globalOptions: CLI.globalOptions))
    }
}
