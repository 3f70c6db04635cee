import BookLibrary
import Foundation

// The extraction worker is this same binary in a hidden mode, so that a
// parser crash or hang costs one file and never the batch or the library.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == ExtractionWorker.modeArgument {
    guard let status = ExtractionWorker.runAsWorkerProcess() else {
        Terminal(fileDescriptor: 2).write("Error: '\(ExtractionWorker.modeArgument)' is internal to 'ibook add'\n")
        exit(ExitCode.usage)
    }
    exit(status)
}
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
