import FileNames
import Foundation
import IBookCLI

// `ibook` runs the commands that only use the library, without loading
// poppler, cairo and the rest (a third of a reader command's time was
// spent loading them). `thumbnail` goes to ibook-render, which links
// poppler and the library only; everything else — adding, the reader, the
// workbench, help — to ibook-full, which has every command.
let arguments = Array(FileName.arguments.dropFirst())
let runner = LeanDispatch.runner(for: arguments)
if runner == .here {
    exit(CLI.run(arguments, program: .lean))
}
exit(LeanDispatch.handOver(arguments, to: runner))
