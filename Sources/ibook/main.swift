import FileNames
import FoundationEssentials
import Glibc
import IBookCLI

// `ibook` runs the commands that only use the library, without loading
// poppler, cairo and the rest (a third of a reader command's time was
// spent loading them), and `thumbnail`, which opens poppler's Splash
// renderer (libibook-pages.so) only when a page is not in the cache.
// Everything else — adding, the reader, the workbench, help — goes to
// ibook-full, which has every command.
let arguments = Array(FileName.arguments.dropFirst())
let runner = LeanDispatch.runner(for: arguments)
if runner == .here {
    var program = Program.lean
    program.handOver = { exit(LeanDispatch.handOverToFull(arguments)) }
    exit(CLI.run(arguments, program: program))
}
exit(LeanDispatch.handOverToFull(arguments))
