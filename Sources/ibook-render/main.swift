import Foundation
import IBookCLI
import PDF
import RenderCommands

// `ibook thumbnail` runs here: the library and poppler, without the
// workbench's libraries (pango, qpdf, cups, chafa and the rest of
// ibook-full), whose loading cost as much as rendering a cover did.
let program = Program(commands: [ThumbnailCommand.self], drainDiagnostics: PopplerDiagnostics.drain,
                      explain: PDFErrorMessage.text(for:))
exit(CLI.run(Array(CommandLine.arguments.dropFirst()), program: program))
