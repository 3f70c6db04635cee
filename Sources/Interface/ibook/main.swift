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
SharedSessionStart.begin(for: arguments)
var program = Program.lean
let parser = program.parser
switch LeanDispatch.runner(for: arguments, parser: parser, commands: program.commands) {
case .here(let outcome):
    program.handOver = { exit(LeanDispatch.handOverToFull(arguments)) }
    exit(CLI.run(arguments, parsed: outcome.mapError { $0 }, parser: parser, program: program))
case .full:
    exit(LeanDispatch.handOverToFull(arguments))
}
