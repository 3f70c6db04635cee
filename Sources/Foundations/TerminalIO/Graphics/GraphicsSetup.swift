import Foundation

/// How pictures will be drawn on this terminal, decided once: the mode asked
/// for, else what the terminal is known or found to show; inside tmux,
/// wrapped for passthrough unless tmux is known to refuse it, then blocks;
/// and the size of a cell in pixels, so pages are rendered at the size they
/// will be shown.
public struct GraphicsSetup {
    public var mode: GraphicsMode
    public var wrapForTmux = false
    public var cellSize: (width: Int, height: Int)
    /// Something the person should know (tmux refusing images).
    public var notice: String?
    /// Keys typed while the terminal was being asked, for whoever reads keys next.
    public var pendingInput: [UInt8] = []
    /// Blocks without colour: `NO_COLOR` is set or the terminal is dumb.
    public var monochrome = false

    /// No colour escapes for this environment: `NO_COLOR` set to anything
    /// but the empty string (no-color.org), or `TERM=dumb`.
    public static func forbidsColour(_ environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    }

    /// - Parameter requested: `--graphics`' value; nil falls back to `$IBOOK_GRAPHICS`, then auto.
    public static func resolve(requested: String?, environment: [String: String], terminal: TerminalSize) throws -> GraphicsSetup {
        var answer: GraphicsQueryAnswer?
        // tmux's allow-passthrough, asked of tmux once and only if needed.
        var passthrough: Bool??
        func passthroughEnabled() -> Bool? {
            if let known = passthrough { return known }
            let value = TmuxPassthrough.isEnabled(environment: environment)
            passthrough = .some(value)
            return value
        }
        let probe = { GraphicsDetector.KittyProbe.forEnvironment(environment, passthrough: passthroughEnabled) }
        var mode = try GraphicsDetector.choose(requested: requested, environment: environment) {
            answer = askTerminal(kitty: probe())
            return answer
        }
        var notice: String?
        let inTmux = TmuxPassthrough.isInsideTmux(environment) && mode.needsPassthroughInTmux
        if inTmux, passthroughEnabled() == false {
            notice = TmuxPassthrough.enableAdvice + "; drawing with blocks meanwhile"
            mode = .blocks
        }
        let named = (requested ?? environment["IBOOK_GRAPHICS"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let forced = !named.isEmpty && named != "auto"
        // A protocol asked for by name is checked, since a terminal that does
        // not speak it shows nothing at all; unless the environment already
        // says the terminal speaks it, as kitty's TERM does, which costs a
        // terminal that never answers nothing.
        let unvouched = forced && (mode == .kitty || mode == .sixel) && GraphicsDetector.fromEnvironment(environment) != mode
        if answer == nil, terminal.pixelWidth == 0 || unvouched, mode != .blocks, mode != .text {
            // The kernel does not know the pixel size: the terminal may.
            answer = askTerminal(kitty: probe())
        }
        if forced, notice == nil, let answer, let unanswered = unanswered(mode, answer) { notice = unanswered }
        var setup = GraphicsSetup(mode: mode, cellSize: terminal.cellSize(fallback: answer?.cellSize))
        setup.wrapForTmux = inTmux && mode.needsPassthroughInTmux
        setup.notice = notice
        setup.pendingInput = answer?.otherInput ?? []
        setup.monochrome = forbidsColour(environment)
        return setup
    }

    /// The warning for a protocol asked for by name that the terminal did
    /// not answer to, when the terminal answered at all (a pipe or a bare
    /// pseudo-terminal says nothing either way).
    public static func unanswered(_ mode: GraphicsMode, _ answer: GraphicsQueryAnswer) -> String? {
        guard answer.answeredDeviceAttributes else { return nil }
        // What it does show comes early: the status line cuts a long message.
        let instead = answer.kitty ? "it speaks kitty's" : answer.sixel ? "it lists sixel" : "blocks would show"
        switch mode {
        case .kitty where !answer.kitty:
            return "No answer to kitty's graphics query (\(instead)): the pages may not show"
        case .sixel where !answer.sixel:
            return "No sixel graphics in this terminal (\(instead)): the pages may not show"
        default:
            return nil
        }
    }

    /// Asked on the terminal the pictures go to; a redirected stdin does not matter.
    private static func askTerminal(kitty: GraphicsDetector.KittyProbe) -> GraphicsQueryAnswer? {
        guard let terminal = QueryTerminal() else { return nil }
        return GraphicsDetector.queryTerminal(fileDescriptor: terminal.fileDescriptor, kitty: kitty)
    }
}
