/// A mouse report in xterm's SGR form (`CSI < b ; x ; y M`, `m` on release),
/// as a terminal sends it once `ScreenSequences.enableMouse` is written.
public struct MouseEvent: Equatable, Hashable, Sendable {
    public enum Button: Equatable, Hashable, Sendable {
        case left, middle, right
        case wheelUp, wheelDown
        /// Wheel left/right and the extra buttons: reported, bound to nothing.
        case other(Int)
    }

    public var button: Button
    /// False for the release of a button (the wheel has no release).
    public var pressed: Bool
    /// The pointer moved to another cell with the button held (reported only
    /// under button-event tracking, ?1002h): a drag, not a new press.
    public var motion = false
    /// The cell, 1-based as the terminal counts them.
    public var column: Int
    public var row: Int
    public var shift = false
    public var alt = false
    public var control = false

    public init(button: Button, pressed: Bool = true, motion: Bool = false, column: Int, row: Int,
                shift: Bool = false, alt: Bool = false, control: Bool = false) {
        self.button = button
        self.pressed = pressed
        self.motion = motion
        self.column = column
        self.row = row
        self.shift = shift
        self.alt = alt
        self.control = control
    }

    /// A press of the left button (with no motion bit): what a click is.
    public var isClick: Bool { button == .left && pressed && !motion }

    /// The event an SGR report's parameters (after `<`) and final byte stand
    /// for; nil when they are not three numbers, or the cell is not 1 or more.
    public init?(sgrParameters parameters: String, final: UInt8) {
        guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ $0.count <= 6 }),
              let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
              code >= 0, column >= 1, row >= 1 else { return nil }
        // Motion (32) comes under ?1002h with a button held; with none held
        // (low bits 3, only under ?1003h, never asked for) it is not a drag.
        let motion = code & 32 != 0
        let low = code & 3
        if motion, low == 3 || code & 64 != 0 { return nil }
        let button: Button
        if code & 64 != 0 {
            button = low == 0 ? .wheelUp : low == 1 ? .wheelDown : .other(64 + low)
        } else if code & 128 != 0 {
            button = .other(128 + low)
        } else {
            button = [Button.left, .middle, .right, .other(3)][low]
        }
        self.init(button: button, pressed: final == UInt8(ascii: "M"), motion: motion, column: column, row: row,
                  shift: code & 4 != 0, alt: code & 8 != 0, control: code & 16 != 0)
    }
}
