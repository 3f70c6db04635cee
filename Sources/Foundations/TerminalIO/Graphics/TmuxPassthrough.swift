import Foundation

/// tmux keeps image escape sequences from the terminal around it unless each
/// is wrapped in its passthrough sequence and passthrough is switched on.
public enum TmuxPassthrough {
    /// What to tell someone whose tmux swallows the images.
    public static let enableAdvice = "tmux does not pass images through: add 'set -g allow-passthrough on' to ~/.tmux.conf (tmux 3.3 or later) and run 'tmux source ~/.tmux.conf'"

    /// `ESC P tmux; <sequence with every ESC doubled> ESC \`.
    public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
        var wrapped: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        wrapped.reserveCapacity(sequence.count + 16)
        for byte in sequence {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        wrapped.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
        return wrapped
    }

    public static func isInsideTmux(_ environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// Whether tmux's `allow-passthrough` is on ("on" or "all"), or nil when
    /// tmux cannot be asked (no tmux, no server, older than 3.3).
    public static func isEnabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool? {
        guard let value = ShortCommand.output(of: ["tmux", "show-options", "-gv", "allow-passthrough"],
                                              environment: environment) else { return nil }
        switch value.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "on", "all": return true
        case "off": return false
        default: return nil
        }
    }

    /// The terminal tmux's client runs in, as tmux knows it; nil when tmux
    /// cannot be asked.
    public static func clientTerminal(environment: [String: String]) -> (termName: String, termType: String)? {
        guard let value = ShortCommand.output(
            of: ["tmux", "display-message", "-p", "#{client_termname}\t#{client_termtype}"], environment: environment)
        else { return nil }
        let fields = value.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
        return (fields.first.map(String.init) ?? "", fields.count > 1 ? String(fields[1]) : "")
    }
}
