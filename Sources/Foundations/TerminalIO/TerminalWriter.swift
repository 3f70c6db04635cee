#if canImport(Glibc)
import Glibc
#endif

/// Writes all of a frame to a terminal, through interrupted and partial
/// writes (a slow terminal, a signal mid-write): what the reader and the
/// shelf send every frame.
public enum TerminalWriter {
    /// False when the terminal is gone (closed, hung up): the caller stops drawing.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
