import BookLibrary
import Foundation

// The extraction worker is this same binary in a hidden mode, so that a
// parser crash or hang costs one file and never the batch or the library.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == ExtractionWorker.modeArgument {
    exit(ExtractionWorker.runAsWorkerProcess())
}
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
