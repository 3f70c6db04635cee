import Foundation

/// A real xterm, with DEC sixel graphics (`-ti vt340`), on a private Xvfb
/// display: what a person sees is read back with `xwd -root`. Xvfb picks a
/// free display itself (`-displayfd`) and says so once it accepts
/// connections, so there is no display number to guess and no polling for a
/// socket. `stop()` (also run by deinit) ends xterm, the program in it and
/// Xvfb on every path.
///
/// Until `stop()` it is registered with Cleanup, which stops it when the test
/// process exits: a test that fails half-way leaves no X server behind.
public final class XtermSession: TestResource, @unchecked Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case missing(String), xvfb(String), xterm(String)
        public var description: String {
            switch self {
            case .missing(let command): "\(command) is not installed (make deps installs it)"
            case .xvfb(let reason): "Xvfb: \(reason)"
            case .xterm(let reason): "xterm: \(reason)"
            }
        }
    }

    public static let screenSize = (width: 1280, height: 1024)
    /// The terminal's own background; neither the reader's grey surround
    /// (64,64,64), nor a page's white, nor the root window's black.
    public static let background: (red: UInt8, green: UInt8, blue: UInt8) = (0x20, 0x20, 0x60)

    public let directory: URL
    public private(set) var display = ""
    private var xvfb: Process?
    private var xterm: Process?
    private var cleanup: Cleanup.Token?

    /// Starts Xvfb, then an xterm of `columns × rows` at the top left of the
    /// screen running `script` with sh, in `environment` (DISPLAY added).
    public init(script: String, columns: Int = 100, rows: Int = 40, environment: [String: String]) throws {
        for command in ["Xvfb", "xterm", "xwd"] where Self.which(command) == nil { throw Failure.missing(command) }
        directory = try Fixtures.temporaryDirectory("xterm")
        cleanup = Cleanup.register("Xvfb and xterm in \(directory.path)") { [weak self] in self?.stop() }
        do {
            try startXvfb()
            try startXterm(script: script, columns: columns, rows: rows, environment: environment)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    private static func which(_ command: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(command)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private func startXvfb() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which("Xvfb")!)
        // -displayfd: Xvfb takes the first free display and writes its
        // number on stdout once it is ready for clients.
        // -fp built-ins: the server's compiled-in fixed and cursor fonts are
        // all it needs (xterm draws with Xft), so xfonts-base, which apt
        // only recommends, may be absent.
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(Self.screenSize.width)x\(Self.screenSize.height)x24",
                             "-nolisten", "tcp", "-noreset", "-fp", "built-ins"]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        process.standardInput = FileHandle.nullDevice
        try process.run()
        xvfb = process
        let number = LineReader(output.fileHandleForReading).firstLine(timeout: 20)
        guard let number, !number.isEmpty, Int(number) != nil else {
            throw Failure.xvfb("no display number within 20 s (got \(number ?? "nothing"))")
        }
        display = ":" + number
    }

    private func startXterm(script: String, columns: Int, rows: Int, environment: [String: String]) throws {
        var env = environment
        // Hints of the terminal the tests run in must not leak into this one.
        for key in ["TMUX", "TMUX_PANE", "KITTY_WINDOW_ID", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "LC_TERMINAL",
                    "LC_TERMINAL_VERSION", "WT_SESSION", "KONSOLE_VERSION", "COLUMNS", "LINES"] {
            env.removeValue(forKey: key)
        }
        env["DISPLAY"] = display
        env["XAUTHORITY"] = directory.appendingPathComponent("no-xauthority").path
        let colour = String(format: "rgb:%02x/%02x/%02x", Self.background.red, Self.background.green, Self.background.blue)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which("xterm")!)
        // Plain `xterm -ti vt340` as a person starts it: its default colour
        // registers draw this page exactly as 256 would (checked by hand).
        process.arguments = ["-ti", "vt340", "-tn", "xterm",
                             "-geometry", "\(columns)x\(rows)+0+0", "-fa", "DejaVu Sans Mono", "-fs", "10",
                             "-bg", colour, "-fg", "white", "+sb", "-bw", "0",
                             "-e", "/bin/sh", "-c", script]
        process.environment = env
        process.currentDirectoryURL = directory
        let log = directory.appendingPathComponent("xterm.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        xterm = process
    }

    /// Whether xterm is still up (it closes when its shell ends).
    public var isRunning: Bool { xterm?.isRunning ?? false }

    /// What xterm wrote on its stderr (font and resource complaints).
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("xterm.log"), encoding: .utf8)) ?? ""
    }

    private var screenPath: String { directory.appendingPathComponent("screen.xwd").path }

    /// The whole screen, as RGBA.
    public func screenshot() throws -> PNGDecoder.Image {
        let result = try Run.process(Self.which("xwd")!, ["-root", "-silent", "-display", display, "-out", screenPath])
        guard result.status == 0 else { throw Failure.xvfb("xwd: \(result.stderr)") }
        return try XWDDecoder.decode(file: screenPath)
    }

    /// Copies the last screenshot to `$IBOOK_XTERM_SCREENSHOTS/name` when
    /// that variable names a folder: for looking at what a test saw.
    public func keepLastScreenshot(as name: String) {
        guard let keep = ProcessInfo.processInfo.environment["IBOOK_XTERM_SCREENSHOTS"], !keep.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
        let target = URL(fileURLWithPath: keep).appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: target)
        try? FileManager.default.copyItem(atPath: screenPath, toPath: target)
    }

    /// Screenshots until one satisfies `condition` (returned) or `timeout` passes (nil).
    public func waitForScreen<T>(timeout: TimeInterval = 20, _ condition: (PNGDecoder.Image) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let image = try? screenshot(), let found = condition(image) { return found }
            usleep(200_000)
        } while Date() < deadline
        return nil
    }

    /// A file the script wrote in `directory`, as it is now.
    public func file(_ name: String) -> String? {
        try? String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)
    }

    /// Waits up to `timeout` for a file in `directory` to hold a line.
    public func waitForFile(_ name: String, timeout: TimeInterval = 20) -> String? {
        let path = directory.appendingPathComponent(name).path
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(100_000)
        } while Date() < deadline
        return nil
    }

    /// Ends xterm (which hangs up on the program in it) and Xvfb, waiting
    /// for each: nothing is left running.
    public func stop() {
        for process in [xterm, xvfb].compactMap({ $0 }) where process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        xterm = nil
        xvfb = nil
        try? FileManager.default.removeItem(at: directory)
        if let cleanup {
            self.cleanup = nil
            Cleanup.done(cleanup)
        }
    }

    public func release() { stop() }
}

/// The first line a pipe delivers, read on another thread so the wait is bounded.
private final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var text = ""
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) { self.handle = handle }

    func firstLine(timeout: TimeInterval) -> String? {
        Thread {
            var seen = Data()
            while true {
                let chunk = self.handle.availableData
                if chunk.isEmpty { break }
                seen.append(chunk)
                if seen.contains(UInt8(ascii: "\n")) { break }
            }
            self.lock.withLock { self.text = String(decoding: seen, as: UTF8.self) }
            self.done.signal()
        }.start()
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return lock.withLock { text.split(separator: "\n").first.map(String.init) }
    }
}
