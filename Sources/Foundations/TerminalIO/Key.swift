/// One key press, as the reader sees it.
public enum Key: Equatable, Hashable, Sendable {
    case character(Character)
    /// Ctrl with a letter: `.control("c")` for Ctrl-C.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete, insert
    case function(Int)
    /// Told apart from space only by terminals that report modifiers
    /// (kitty's keyboard protocol, xterm's modifyOtherKeys).
    case shiftSpace
    /// A click or the wheel, where the screen asked for mouse reports.
    case mouse(MouseEvent)
}
