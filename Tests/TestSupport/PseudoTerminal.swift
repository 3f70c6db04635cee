import Foundation

/// A program on a pseudo-terminal of a chosen size (in cells and pixels):
/// for reading exactly the bytes a full-screen command writes, escape
/// sequences and images included.
public final class PseudoTerminal {
    public let process = Process()
    private let master: Int32
    private var output: [UInt8] = []

    public init(_ executable: String, _ arguments: [String], environment: [String: String],
                columns: Int = 80, rows: Int = 24, pixelWidth: Int = 800, pixelHeight: Int = 480) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(pixelWidth), ws_ypixel: UInt16(pixelHeight))
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw RunError.failed("openpty failed") }
        self.master = master
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try? handle.close()
    }

    /// A program that does not end on SIGTERM within five seconds (one
    /// blocked writing to a terminal nobody reads, say) is killed.
    deinit {
        if process.isRunning {
            process.terminate()
            if waitForExit(timeout: 5) == nil {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        close(master)
    }

    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the program wrote so far.
    public func read() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            output.append(contentsOf: buffer[..<count])
        }
        return output
    }

    /// Waits until the output satisfies `condition`.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 5, _ condition: ([UInt8]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if condition(read()) { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// Waits for the program to end, reading meanwhile so it never blocks on a full terminal.
    public func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline {
            _ = read()
            usleep(20_000)
        }
        _ = read()
        return process.isRunning ? nil : process.terminationStatus
    }
}
