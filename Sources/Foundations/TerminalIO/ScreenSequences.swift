/// The control sequences the full-screen reader writes (ECMA-48 / xterm).
public enum ScreenSequences {
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    public static let clearScreen = "\u{1B}[2J"
    public static let clearLine = "\u{1B}[2K"
    public static let resetStyle = "\u{1B}[0m"
    public static let reverse = "\u{1B}[7m"
    public static let bold = "\u{1B}[1m"
    /// Stops long lines wrapping onto the next row, so a frame never scrolls.
    public static let disableWrap = "\u{1B}[?7l"
    public static let enableWrap = "\u{1B}[?7h"

    /// Mouse reports of presses, releases and the wheel (1000), in the SGR
    /// form that has no limit on the column (1006). No motion (1002/1003).
    public static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
    /// As `enableMouse`, and motion while a button is held (1002), for
    /// dragging over text; a terminal keeps one of 1000/1002, the last asked for.
    public static let enableMouseDrags = "\u{1B}[?1002h\u{1B}[?1006h"
    /// Off whichever of the two was on: resetting a mode that is not set is harmless.
    public static let disableMouse = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    /// Moves the cursor; row and column are 1-based.
    public static func moveTo(row: Int, column: Int) -> String { "\u{1B}[\(row);\(column)H" }
}
