import Foundation

/// Puts the terminal back when the process is about to die from a signal
/// (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE): restores the saved
/// termios and writes the bytes that leave the alternate screen (and turn mouse reports off), then lets
/// the signal take its course. Everything a handler touches is prepared
/// beforehand in plain memory, because only async-signal-safe calls
/// (`tcsetattr`, `write`) are allowed there.
public enum EmergencyRestore {
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var settings = termios()
    nonisolated(unsafe) private static var hasSettings = false
    nonisolated(unsafe) private static var resetBytes: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var resetCount = 0
    /// Set while the terminal sends mouse reports (see `RawMode.reportsMouse`).
    nonisolated(unsafe) static var mouseReporting = false

    static func remember(fileDescriptor: Int32, settings saved: termios) {
        descriptor = fileDescriptor
        settings = saved
        hasSettings = true
    }

    /// The bytes that undo what the program did to the screen.
    public static func setResetSequence(_ bytes: [UInt8]) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        let old = resetBytes
        resetCount = 0
        resetBytes = buffer
        resetCount = bytes.count
        old?.deallocate()
    }

    public static func installCrashHandlers() {
        for signalNumber in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            signal(signalNumber) { received in
                EmergencyRestore.restoreNow()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Restores without allocating; callable from a signal handler.
    public static func restoreNow() {
        if let resetBytes, resetCount > 0, descriptor >= 0 {
            _ = write(1, resetBytes, resetCount)
        }
        if mouseReporting {
            // ScreenSequences.disableMouse, on the stack: nothing to allocate here.
            var off: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x30, 0x36, 0x6C, 0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x30, 0x32, 0x6C,
                 0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x30, 0x30, 0x6C)
            _ = withUnsafeBytes(of: &off) { write(1, $0.baseAddress, $0.count) }
            mouseReporting = false
        }
        if hasSettings, descriptor >= 0 {
            tcsetattr(descriptor, TCSAFLUSH, &settings)
        }
    }
}
