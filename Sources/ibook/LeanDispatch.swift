import FileNames
import Foundation
import IBookCLI

/// Decides which binary runs a command line, and hands it over.
enum LeanDispatch {
    /// The library command named, with no help asked and nothing that needs the PDF.
    static func runsHere(_ arguments: [String]) -> Bool {
        if arguments == ["--version"] { return true }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--library" {
                index += 2
            } else if argument.hasPrefix("--library=") || argument == "-v" || argument == "--verbose" {
                index += 1
            } else {
                break
            }
        }
        guard index < arguments.count,
              let command = CLI.libraryCommands.first(where: { $0.spec.name == arguments[index] })
        else { return false }
        let options = arguments[(index + 1)...].prefix { $0 != "--" }
        if options.contains(where: { $0 == "-h" || $0 == "--help" }) { return false }
        if command == ReadCommand.self, options.contains("--layout") { return false }
        if command == EditCommand.self, options.contains("--write") { return false }
        if command == NotesCommand.self, options.contains("--rescan") { return false }
        return true
    }

    /// Replaces this process with ibook-full; returns only if that fails.
    static func handOver(_ arguments: [String]) -> Int32 {
        let candidates = fullExecutableCandidates()
        for path in candidates where access(path, X_OK) == 0 {
            var argv: [UnsafeMutablePointer<CChar>?] = (["ibook"] + arguments).map { FileName.withCString($0) { strdup($0) } }
            argv.append(nil)
            execv(path, &argv)
        }
        Terminal(fileDescriptor: 2).write(
            "Error: ibook-full, which runs this command, is missing (looked in \(candidates.joined(separator: ", ")))\n")
        return ExitCode.failure
    }

    /// Beside this binary (a build folder), or in ../libexec/ibook (an install).
    private static func fullExecutableCandidates() -> [String] {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = (me as NSString).deletingLastPathComponent
        return [folder + "/ibook-full", ((folder as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("libexec/ibook/ibook-full")]
    }
}
