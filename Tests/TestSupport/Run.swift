import Foundation

public enum RunError: Error { case failed(String) }

/// Runs programs the way a user would, capturing what they print.
public enum Run {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
        public var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        public var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// The `ibook` built beside the test bundle.
    public static var ibookPath: String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleDirectory, Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("ibook").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return Fixtures.repositoryRoot.appendingPathComponent(".build/debug/ibook").path
    }

    /// Runs `executable` to its end. A program still running after `timeout`
    /// seconds is killed and its result says so, so that a hung child fails
    /// its test instead of stalling the whole run.
    public static func process(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                               currentDirectory: URL? = nil, stdin: String? = nil,
                               timeout: TimeInterval = 300) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // Both pipes at once, so a chatty child never blocks on a full pipe.
        let outputReader = PipeReader(out.fileHandleForReading)
        let errorReader = PipeReader(err.fileHandleForReading)
        if let stdin {
            // A program may end without reading its input: a failed write, not a SIGPIPE that kills the tests.
            signal(SIGPIPE, SIG_IGN)
            try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        }
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        // Also what lets Foundation let go of the process and its pipes: a
        // terminationHandler or polling alone leaves two descriptors open a run.
        process.waitUntilExit()
        // A daemon the child left behind may hold the pipes open: what came before is enough.
        let output = outputReader.wait(timeout: killed ? 1 : 30)
        let errors = errorReader.wait(timeout: killed ? 1 : 30)
        var stderr = String(decoding: errors.data, as: UTF8.self)
        if killed {
            stderr += "\n[test harness: \(executable) \(arguments.joined(separator: " ")) killed after \(Int(timeout)) s]"
        } else if !output.complete || !errors.complete {
            stderr += "\n[test harness: \(executable) exited but a process it started still holds its output open]"
        }
        return Result(status: killed ? -1 : process.terminationStatus,
                      stdout: String(decoding: output.data, as: UTF8.self),
                      stderr: stderr)
    }
}

/// A library in a temporary folder and the `ibook` binary run against it. `remove()` removes the
/// folder (a class that keeps one in a property calls it in its tearDown); so does the end of a
/// local one's life, and, for whatever is left, the end of the test process (Cleanup).
public final class TestLibrary: TestResource, Sendable {
    public let root: URL
    public var directory: URL { root.appendingPathComponent("library") }
    public var cache: URL { root.appendingPathComponent("cache") }

    public init(_ name: String = "library") throws {
        root = try Fixtures.temporaryDirectory(name)
    }

    deinit { remove() }

    /// Removes the library's folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: root) }

    public func release() { remove() }

    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["IBOOK_LIBRARY"] = directory.path
        environment["XDG_CACHE_HOME"] = cache.path
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
        // Settings of the test's own (a shared library's roots): never the account's.
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        // The reader's search history too.
        environment["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        environment["NO_COLOR"] = "1"
        return environment
    }

    @discardableResult
    public func ibook(_ arguments: String..., in directory: URL? = nil) throws -> Run.Result {
        try ibook(arguments, in: directory)
    }

    @discardableResult
    public func ibook(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil) throws -> Run.Result {
        try Run.process(Run.ibookPath, arguments, environment: environment, currentDirectory: directory, stdin: stdin)
    }

    public func json<T: Decodable>(_ type: T.Type, _ arguments: String...) throws -> T {
        let result = try ibook(arguments)
        guard result.status == 0 else { throw RunError.failed(result.stderr) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(result.stdout.utf8))
    }

    /// Runs an SQL script on the library's SQLite file with the sqlite3 shell, as another program
    /// (or damage) would; its output, trimmed. A failing script throws with what sqlite3 said.
    @discardableResult
    public func sql(_ script: String) throws -> String {
        let result = try Run.process("/usr/bin/sqlite3", [directory.appendingPathComponent("library.sqlite").path, script])
        guard result.status == 0 else { throw RunError.failed("sqlite3: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
