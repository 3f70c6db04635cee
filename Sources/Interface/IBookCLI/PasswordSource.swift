import Arguments
import BookLibrary
import FoundationEssentials
import LeanBasics
import Glibc

/// Where a PDF's password comes from, so it need not sit in `ps` output or
/// the shell's history: `--password-file FILE` (its first line),
/// `--password -` (asked on the terminal, not echoed), `$IBOOK_PASSWORD`,
/// or `--password PW` as before.
package enum PasswordSource {
    package static func resolve(_ arguments: ParsedArguments,
                                environment: [String: String] = PasswordSource.environment()) throws -> String? {
        let flag = arguments[CommonOptions.password], file = arguments[CommonOptions.passwordFile]
        if flag != nil, file != nil { throw UsageError("Give either --password or --password-file, not both") }
        if let file { return try contents(of: file) }
        if flag == "-" { return try prompt() }
        return flag ?? environment["IBOOK_PASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// $IBOOK_PASSWORD alone: one getenv, where ProcessInfo would copy every variable.
    package static func environment() -> [String: String] {
        getenv("IBOOK_PASSWORD").map { ["IBOOK_PASSWORD": String(cString: $0)] } ?? [:]
    }

    private static func contents(of file: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: absolutePath(file)) else {
            throw LibraryError.invalidArgument("\(file): cannot read the password file")
        }
        let text = String(decoding: data, as: UTF8.self)
        // The first line, as qpdf's and gpg's password files: a trailing newline is not part of it.
        return String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            .trimming { $0 == "\r" }
    }

    /// Whether a person is there to answer a prompt: stdin and stderr are
    /// terminals. A script (stdin a pipe or a file) gets the error instead of
    /// a question it cannot answer.
    package static var canPrompt: Bool { isatty(0) == 1 && isatty(2) == 1 }

    /// Asks on the terminal itself (/dev/tty), echo off, so it works with stdin and stdout redirected.
    package static func prompt(_ question: String = "Password: ") throws -> String {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { throw LibraryError.invalidArgument("--password - asks on the terminal, and there is none") }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { throw LibraryError.invalidArgument("cannot read a password from the terminal") }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL | ICANON)
        tcsetattr(tty, TCSAFLUSH, &quiet)
        defer { tcsetattr(tty, TCSAFLUSH, &saved) }
        let question = Array(question.utf8)
        _ = question.withUnsafeBytes { write(tty, $0.baseAddress, $0.count) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }
}
