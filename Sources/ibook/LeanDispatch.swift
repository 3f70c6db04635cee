import FileNames
import FoundationEssentials
import Glibc
import IBookCLI

/// Decides which binary runs a command line, and hands it over.
enum LeanDispatch {
    /// The binaries a command line can run in.
    enum Runner: Equatable {
        /// This one: the library commands, which need no PDF, and `thumbnail`,
        /// whose renderer it opens on first use.
        case here
        /// ibook-full: every command, and every --help.
        case full
    }

    static func runner(for arguments: [String]) -> Runner {
        if arguments == ["--version"] { return .here }
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
        guard index < arguments.count else { return .full }
        let name = arguments[index]
        let options = arguments[(index + 1)...].prefix { $0 != "--" }
        if options.contains(where: { $0 == "-h" || $0 == "--help" }) { return .full }
        guard let command = CLI.libraryCommands.first(where: { $0.spec.name == name }) else { return .full }
        if command == ReadCommand.self, options.contains("--layout") { return .full }
        if command == EditCommand.self, options.contains("--write") { return .full }
        if command == NotesCommand.self, options.contains("--rescan") { return .full }
        return .here
    }

    /// Replaces this process with ibook-full; returns only if that fails.
    static func handOverToFull(_ arguments: [String]) -> Int32 {
        let candidates = executableCandidates("ibook-full")
        for path in candidates where access(path, X_OK) == 0 {
            // argv[0] names the binary, for where /proc/self/exe cannot be read.
            var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { FileName.withCString($0) { strdup($0) } }
            argv.append(nil)
            execv(path, &argv)
        }
        Terminal(fileDescriptor: 2).write(
            "Error: ibook-full, which runs this command, is missing (looked in \(candidates.joined(separator: ", ")))\n")
        return ExitCode.failure
    }

    /// Beside this binary (a build folder), or in ../libexec/ibook (an install).
    private static func executableCandidates(_ name: String) -> [String] {
        PathName.besideRunningBinary(name)
    }
}
