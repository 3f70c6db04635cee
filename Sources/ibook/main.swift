import FileNames
import Foundation
import IBookCLI

// `ibook` runs the commands that only use the library, without loading
// poppler, cairo and the rest (a third of a reader command's time was
// spent loading them). Everything else — adding, rendering, the workbench,
// help — is handed to ibook-full, which has every command.
let arguments = Array(FileName.arguments.dropFirst())
if LeanDispatch.runsHere(arguments) {
    exit(CLI.run(arguments, program: .lean))
}
exit(LeanDispatch.handOver(arguments))
