import Foundation

/// The terminal in raw mode for as long as this object lives: no echo, no
/// line buffering, no signals from Ctrl-C/Ctrl-Z (the reader handles those
/// keys itself), no output post-processing. The saved settings are also
/// kept where a crash handler can reach them (see `EmergencyRestore`).
public final class RawMode {
    public let fileDescriptor: Int32
    private let saved: termios
    private(set) public var isActive = false
    /// Whether `enter` also turns on mouse reports (clicks and the wheel, SGR
    /// form); `leave`, and a crash through `EmergencyRestore`, turn them off
    /// again, so a terminal is never left sending them to the shell.
    public var reportsMouse = false
    /// With `reportsMouse`, also the pointer's moves while a button is held (drags).
    public var reportsDrags = false
    private var mouseOn = false

    public enum Failure: Error, CustomStringConvertible {
        case notATerminal
        case settings(String)
        public var description: String {
            switch self {
            case .notATerminal: return "standard input is not a terminal"
            case .settings(let reason): return "cannot change the terminal's settings (\(reason))"
            }
        }
    }

    public init(fileDescriptor: Int32) throws {
        guard isatty(fileDescriptor) == 1 else { throw Failure.notATerminal }
        var settings = termios()
        guard tcgetattr(fileDescriptor, &settings) == 0 else { throw Failure.settings(String(cString: strerror(errno))) }
        self.fileDescriptor = fileDescriptor
        saved = settings
        EmergencyRestore.remember(fileDescriptor: fileDescriptor, settings: settings)
    }

    deinit { leave() }

    public func enter() throws {
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        // Reads return whatever is there, even nothing: input is polled.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(fileDescriptor, TCSAFLUSH, &raw) == 0 else {
            throw Failure.settings(String(cString: strerror(errno)))
        }
        isActive = true
        if reportsMouse, MouseReporting.allowed(environment: ProcessInfo.processInfo.environment), isatty(STDOUT_FILENO) == 1 {
            // Marked on before it is written: a crash in between still turns it off.
            EmergencyRestore.mouseReporting = true
            mouseOn = true
            MouseReporting.write(reportsDrags ? ScreenSequences.enableMouseDrags : ScreenSequences.enableMouse)
        }
    }

    /// Puts back the settings found at start; safe to call more than once.
    public func leave() {
        guard isActive else { return }
        if mouseOn {
            MouseReporting.write(ScreenSequences.disableMouse)
            mouseOn = false
            EmergencyRestore.mouseReporting = false
        }
        var settings = saved
        tcsetattr(fileDescriptor, TCSAFLUSH, &settings)
        isActive = false
    }
}

/// When mouse reports are asked of the terminal, and how.
enum MouseReporting {
    /// Not on a dumb terminal (the full-screen commands refuse one anyway).
    static func allowed(environment: [String: String]) -> Bool {
        environment["TERM"] != "dumb"
    }

    static func write(_ text: String) {
        _ = TerminalWriter.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }
}
