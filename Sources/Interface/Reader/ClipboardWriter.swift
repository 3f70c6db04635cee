import Foundation
import TerminalIO

/// Where copied text goes: to the terminal's clipboard through OSC 52
/// (which reaches the desktop over ssh and through tmux), and on a desktop
/// session also to `wl-copy` (Wayland) or `xclip` (X11), for the terminals
/// that ignore OSC 52. The programs get the text on their standard input,
/// started with an argument vector, never a shell.
final class ClipboardWriter {
    /// What a copy did, for the status line.
    struct Outcome: Equatable {
        /// The bytes to write to the terminal; nil when the text was too long for it.
        var terminalBytes: [UInt8]?
        /// The desktop program that took the text, if one did.
        var program: String?
        /// Nothing took the text: tmux drops programs' OSC 52 and passes nothing through.
        var droppedByTmux = false
    }

    /// Linux's F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module does not carry.
    private static let setPipeSize: Int32 = 1_031

    private let environment: [String: String]
    private let insideTmux: Bool
    /// Whether tmux passes escape sequences through, asked of tmux on the first copy.
    private var passthrough: Bool?
    /// Whether tmux keeps programs' OSC 52 (`set-clipboard on`), asked on the first copy.
    private var tmuxTakesCopies: Bool?

    init(environment: [String: String]) {
        self.environment = environment
        insideTmux = TmuxPassthrough.isInsideTmux(environment)
    }

    /// Nil when the text is over `ClipboardSequence.maximumTextBytes`: nothing is copied then.
    func copy(_ text: String) -> Outcome? {
        guard text.utf8.count <= ClipboardSequence.maximumTextBytes else { return nil }
        if insideTmux, passthrough == nil {
            passthrough = TmuxPassthrough.isEnabled(environment: environment) ?? false
            // Unknown (an old tmux) counts as taking them: better no advice than a wrong one.
            tmuxTakesCopies = ClipboardSequence.tmuxTakesCopies(environment: environment) ?? true
        }
        let bytes = ClipboardSequence.bytes(for: text, insideTmux: insideTmux, passthrough: passthrough ?? false)
        let program = desktopCopy(text)
        let dropped = insideTmux && tmuxTakesCopies == false && passthrough == false && program == nil
        return Outcome(terminalBytes: bytes, program: program, droppedByTmux: dropped)
    }

    /// The desktop's own clipboard program for this session, when its display
    /// variable is set and the program is on the PATH.
    static func desktopProgram(environment: [String: String]) -> [String]? {
        let candidates: [(variable: String, command: [String])] = [
            ("WAYLAND_DISPLAY", ["wl-copy"]),
            ("DISPLAY", ["xclip", "-selection", "clipboard"]),
        ]
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for candidate in candidates where !(environment[candidate.variable] ?? "").isEmpty {
            if let path = folders.map({ "\($0)/\(candidate.command[0])" }).first(where: FileManager.default.isExecutableFile(atPath:)) {
                return [path] + candidate.command.dropFirst()
            }
        }
        return nil
    }

    /// Hands the text to the desktop program; its name when it was started
    /// and took the whole text. The reader never waits for it: both programs
    /// stay behind to serve the clipboard.
    private func desktopCopy(_ text: String) -> String? {
        guard let command = Self.desktopProgram(environment: environment) else { return nil }
        let input = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let descriptor = input.fileHandleForWriting.fileDescriptor
        // Room for the whole text in the pipe, so a program that never reads cannot stall the reader.
        _ = fcntl(descriptor, Self.setPipeSize, 1 << 18)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        try? input.fileHandleForWriting.close()
        return written == bytes.count ? URL(fileURLWithPath: command[0]).lastPathComponent : nil
    }
}
