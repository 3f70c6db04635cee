/// How pictures reach the terminal, best first: a protocol that carries the
/// exact pixels (kitty, iTerm2), palette pixels (sixel), coloured block
/// characters any truecolour terminal shows, or the page's text alone.
public enum GraphicsMode: String, CaseIterable, Sendable {
    case kitty, iterm, sixel, blocks, text

    /// Whether the mode draws pixels with an escape sequence that tmux must
    /// be told to pass through to the outer terminal.
    public var needsPassthroughInTmux: Bool {
        switch self {
        case .kitty, .iterm, .sixel: return true
        case .blocks, .text: return false
        }
    }
}
