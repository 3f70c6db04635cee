import FoundationEssentials
import Glibc

/// One output stream. Colour only when it is a terminal and NO_COLOR is unset.
package struct Terminal {
    package enum Color: Int { case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, gray = 90 }

    package let fileDescriptor: Int32

    package init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    package var isTTY: Bool { isatty(fileDescriptor) == 1 }

    package var usesColor: Bool {
        // Checked per styled string: the environment copy costs far more than isatty.
        guard isTTY else { return false }
        let environment = ProcessInfo.processInfo.environment
        return environment["NO_COLOR"].map { $0.isEmpty } ?? true && environment["TERM"] != "dumb"
    }

    /// Columns of the terminal, or a generous default when not a terminal.
    package var width: Int {
        var size = winsize()
        if isTTY, ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 100
    }

    /// The width tables must fit: the terminal's, or none on a pipe or file,
    /// where values are never cut.
    package var tableWidth: Int? { isTTY ? width : nil }

    package func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Bytes as they are: a PNG, or an image's escape sequences.
    package func write(_ bytes: [UInt8]) {
        var remaining = bytes[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { Glibc.write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                // The reader went away (a closed pipe): stop quietly, as `head` users expect.
                exit(errno == EPIPE ? 0 : 1)
            }
            remaining = remaining.dropFirst(written)
        }
    }

    package func style(_ text: String, _ color: Color? = nil, bold: Bool = false) -> String {
        guard usesColor else { return text }
        return Self.styled(text, color, bold: bold)
    }

    /// `style` on a stream known to use colour (printers of many lines ask `usesColor` once).
    package static func styled(_ text: String, _ color: Color? = nil, bold: Bool = false) -> String {
        guard color != nil || bold else { return text }
        var codes: [String] = []
        if bold { codes.append("1") }
        if let color { codes.append(String(color.rawValue)) }
        return "\u{1B}[\(codes.joined(separator: ";"))m\(text)\u{1B}[0m"
    }
}
