import Foundation

/// Text put on the clipboard by the terminal itself (xterm's OSC 52), which
/// works over ssh and needs no program on this machine: `ESC ] 52 ; c ;
/// BASE64 BEL`. Terminals cap what they take (many at about 100 KB of
/// base64, some far less), so longer text is refused here rather than cut
/// short by the terminal without a word.
public enum ClipboardSequence {
    /// The most text, in UTF-8 bytes, sent in one sequence: 74,988 bytes are
    /// 99,984 of base64, under the 100,000 that xterm and others accept.
    public static let maximumTextBytes = 74_988

    /// The sequence for `text`, or nil when it is longer than `maximumTextBytes`.
    public static func osc52(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumTextBytes else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(bytes).base64EncodedString().utf8) + [0x07]
    }

    /// What to tell someone whose tmux drops programs' OSC 52.
    public static let tmuxAdvice = "add 'set -g set-clipboard on' to ~/.tmux.conf for tmux to pass copies on"

    /// Whether tmux takes programs' OSC 52 (`set-clipboard on`); its default,
    /// `external`, and `off` drop it. Nil when tmux cannot be asked.
    public static func tmuxTakesCopies(environment: [String: String]) -> Bool? {
        guard let value = ShortCommand.output(of: ["tmux", "show-options", "-gv", "set-clipboard"], environment: environment)
        else { return nil }
        switch value.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "on": return true
        case "off", "external": return false
        default: return nil
        }
    }

    /// What to write for `text` on this terminal. Inside tmux the plain
    /// sequence goes first: tmux with `set-clipboard on` keeps it as a paste
    /// buffer and hands it to the terminal around it. When tmux passes escape
    /// sequences through, the sequence goes wrapped too, so the terminal gets it
    /// even where tmux's own `set-clipboard` is off (its default, `external`,
    /// ignores programs' OSC 52). The two carry the same text.
    public static func bytes(for text: String, insideTmux: Bool, passthrough: Bool) -> [UInt8]? {
        guard let sequence = osc52(text) else { return nil }
        guard insideTmux, passthrough else { return sequence }
        return sequence + TmuxPassthrough.wrap(sequence)
    }
}
