import FileNames
import BookIndexing
import BookLibrary
import BookOpening
import Foundation
import IBookCLI
import MetadataWriting
import PageRendering
import PDF
import RenderCommands

// The extraction worker is this same binary in a hidden mode, so that a
// parser crash or hang costs one file and never the batch or the library.
if FileName.arguments.count > 1, FileName.arguments[1] == ExtractionWorker.modeArgument {
    guard let status = ExtractionWorker.runAsWorkerProcess() else {
        Terminal(fileDescriptor: 2).write("Error: '\(ExtractionWorker.modeArgument)' is internal to 'ibook add'\n")
        exit(ExitCode.usage)
    }
    exit(status)
}

if FileName.arguments.count > 1, FileName.arguments[1] == OCRWorker.modeArgument {
    guard let status = OCRWorker.runAsWorkerProcess() else {
        Terminal(fileDescriptor: 2).write("Error: '\(OCRWorker.modeArgument)' is internal to 'ibook ocr'\n")
        exit(ExitCode.usage)
    }
    exit(status)
}

if FileName.arguments.count > 1, FileName.arguments[1] == RenderWorker.modeArgument {
    guard let status = RenderWorker.run() else {
        Terminal(fileDescriptor: 2).write("Error: '\(RenderWorker.modeArgument)' is internal to 'ibook view'\n")
        exit(ExitCode.usage)
    }
    exit(status)
}

var program = Program(
    commands: [
        AddCommand.self, ListCommand.self, InfoCommand.self, OpenCommand.self, RemoveCommand.self, ThumbnailCommand.self,
        ThumbnailsCommand.self, ShowCommand.self, TocCommand.self, ReadCommand.self, ViewCommand.self, ShelfCommand.self, SearchCommand.self,
        OCRCommand.self, BookmarkCommand.self, BookmarksCommand.self, NotesRescanCommand.self, NoteCommand.self,
        HighlightCommand.self, AnnotateCommand.self, HistoryCommand.self, CheckCommand.self,
        RelocateCommand.self, EditCommand.self, TagCommand.self, UntagCommand.self, TagsCommand.self,
        CollectionCommand.self, RefreshCommand.self, WatermarkCommand.self, PrintCommand.self, PrintersCommand.self,
        ExportCommand.self,
        ComposeCommand.self, CompletionsCommand.self, ManPageCommand.self, RootsCommand.self, MigrateCommand.self,
        ServerCommand.self, ServeCommand.self, TokenCommand.self,
    ],
    drainDiagnostics: PopplerDiagnostics.drain,
    layoutReader: { library, book, request, password in
        try library.readLayout(book, request, password: password)
    },
    metadataWriter: { source, destination, metadata, password in
        // An EPUB's metadata is its package document's; a PDF's its Info dictionary and XMP.
        if try BookOpener.format(of: source) == .epub {
            try EPUBMetadataWriter(source: source).write(metadata, to: destination)
        } else {
            try MetadataWriter(source: source, password: password).write(metadata, to: destination)
        }
    },
    explain: WorkbenchErrorMessage.text(for:))
program.home = ShelfCommand.self
program.pageStructure = { book, page in
    try PageStructureReading.structure(of: book, page: page)
}
program.pageStart = { book, page in
    try PageStartReading.start(of: book, page: page)
}
program.reflowThumbnail = { library, book, page, size, password in
    try library.thumbnail(of: book, page: page, size: size, password: password)
}
exit(CLI.run(Array(FileName.arguments.dropFirst()), program: program))
