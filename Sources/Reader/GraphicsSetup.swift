import Foundation
import TerminalIO

/// The graphics mode the reader starts with, decided once: what was asked
/// for, else what the terminal is known or found to show; inside tmux,
/// images pass through only when tmux lets them, else blocks.
public struct GraphicsSetup {
    public var mode: GraphicsMode
    public var wrapForTmux = false
    public var cellSize: (width: Int, height: Int)?
    /// Something the person should know, shown once on the status line.
    public var notice: String?
    /// Keys typed while the terminal was being asked.
    public var pendingInput: [UInt8] = []

    public static func resolve(requested: String?, environment: [String: String], terminal: Int32) throws -> GraphicsSetup {
        var answer: GraphicsQueryAnswer?
        let mode = try GraphicsDetector.choose(requested: requested, environment: environment) {
            answer = GraphicsDetector.queryTerminal(fileDescriptor: terminal)
            return answer
        }
        var setup = GraphicsSetup(mode: mode)
        if answer == nil, mode != .text, mode != .blocks || TerminalSize.of(fileDescriptor: terminal)?.pixelWidth == 0 {
            // Only the cell size is still unknown: ask for that alone (bounded).
            if TerminalSize.of(fileDescriptor: terminal)?.pixelWidth ?? 0 == 0 {
                answer = GraphicsDetector.queryTerminal(fileDescriptor: terminal)
            }
        }
        setup.cellSize = answer?.cellSize
        setup.pendingInput = answer?.otherInput ?? []
        if TmuxPassthrough.isInsideTmux(environment), [.kitty, .iterm, .sixel].contains(mode) {
            if TmuxPassthrough.isEnabled(environment: environment) == true {
                setup.wrapForTmux = true
            } else {
                setup.mode = .blocks
                setup.notice = TmuxPassthrough.enableAdvice
            }
        }
        return setup
    }
}
