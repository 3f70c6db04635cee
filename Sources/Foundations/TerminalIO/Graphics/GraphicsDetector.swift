import Foundation

/// Which graphics mode this terminal can show, from what it is asked to use,
/// what its environment says and, failing both, what it answers when asked.
public enum GraphicsDetector {
    public typealias QueryAnswer = GraphicsQueryAnswer

    /// The hints terminals leave in the environment of the programs they run:
    ///
    ///     KITTY_WINDOW_ID set, TERM=xterm-kitty       kitty
    ///     TERM=xterm-ghostty, TERM_PROGRAM=ghostty    kitty   (ghostty speaks kitty's protocol)
    ///     TERM_PROGRAM=WezTerm                        kitty   (WezTerm also speaks iTerm2's; kitty is exact)
    ///     KONSOLE_VERSION set                         kitty   (Konsole ≥ 22.04)
    ///     TERM_PROGRAM=iTerm.app, LC_TERMINAL=iTerm2  iterm   (LC_TERMINAL survives ssh and tmux)
    ///     TERM=foot*, mlterm*, *-sixel                sixel
    ///     WT_SESSION set (Windows Terminal ≥ 1.22)    sixel
    ///     anything else                               nil: ask the terminal
    ///
    /// Inside tmux TERM and TERM_PROGRAM describe tmux, not the terminal
    /// around it, so only the variables inherited from that terminal count;
    /// `fromTmuxClient` asks tmux for the rest.
    public static func fromEnvironment(_ environment: [String: String]) -> GraphicsMode? {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty" { return .kitty }
        if program == "ghostty" || program == "WezTerm" || environment["KONSOLE_VERSION"] != nil { return .kitty }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term.hasSuffix("-sixel") { return .sixel }
        if environment["WT_SESSION"] != nil { return .sixel }
        return nil
    }

    /// What tmux knows of the terminal its client runs in: `client_termname`
    /// (that terminal's TERM) and, from tmux 3.3, `client_termtype` (its own
    /// name and version, e.g. "kitty(0.26.5)" or "WezTerm 20230712").
    public static func fromTmuxClient(termName: String, termType: String) -> GraphicsMode? {
        let type = termType.lowercased()
        if type.hasPrefix("kitty") || type.hasPrefix("ghostty") || type.hasPrefix("wezterm") || type.hasPrefix("konsole") {
            return .kitty
        }
        if type.hasPrefix("iterm2") { return .iterm }
        if type.hasPrefix("foot") || type.hasPrefix("mlterm") { return .sixel }
        return fromEnvironment(["TERM": termName])
    }

    /// The mode to use. `requested` (`--graphics`), else `$IBOOK_GRAPHICS`,
    /// names a mode or `auto`; auto trusts the environment's hints, then
    /// tmux's idea of its client, then the terminal's answers to `query`
    /// (nil when it cannot be asked), and settles for blocks, which every
    /// colour terminal shows. A dumb terminal (`TERM=dumb`) is not asked:
    /// it shows neither pictures nor cursor movement, so auto is text.
    public static func choose(requested: String?, environment: [String: String],
                              query: () -> QueryAnswer?) throws -> GraphicsMode {
        let value = (requested ?? environment["IBOOK_GRAPHICS"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        if !value.isEmpty, value != "auto" {
            guard let mode = GraphicsMode(rawValue: value) else { throw GraphicsChoiceError(value: value) }
            return mode
        }
        if environment["TERM"] == "dumb" { return .text }
        if let hinted = fromEnvironment(environment) { return hinted }
        if TmuxPassthrough.isInsideTmux(environment), let client = TmuxPassthrough.clientTerminal(environment: environment),
           let hinted = fromTmuxClient(termName: client.termName, termType: client.termType) {
            return hinted
        }
        if let answer = query() {
            if answer.kitty { return .kitty }
            if answer.sixel { return .sixel }
        }
        return .blocks
    }
}
