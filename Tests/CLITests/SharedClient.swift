import Foundation
import TestSupport

/// One person on one machine using a shared library: their role, their own
/// settings (roots) and thumbnail cache, running the real ibook binary.
final class SharedClient: Sendable {
    let url: String
    /// XDG_CONFIG_HOME and XDG_CACHE_HOME of this machine.
    let home: URL

    convenience init(server: PostgresServer, database: String, user: String = PostgresServer.admin) throws {
        try self.init(url: server.url(user: user, database: database))
    }

    /// A person reaching the library at `url`: through a pooler, say.
    init(url: String) throws {
        self.url = url
        home = try Fixtures.temporaryDirectory("shared-client")
    }

    deinit { try? FileManager.default.removeItem(at: home) }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["IBOOK_LIBRARY"] = url
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["NO_COLOR"] = "1"
        return environment
    }

    @discardableResult
    func ibook(_ arguments: String..., timeout: TimeInterval = 300) throws -> Run.Result {
        try ibook(arguments, timeout: timeout)
    }

    @discardableResult
    func ibook(_ arguments: [String], timeout: TimeInterval = 300) throws -> Run.Result {
        try Run.process(Run.ibookPath, arguments, environment: environment, timeout: timeout)
    }

    /// Starts ibook without waiting: its output goes to files read by `finish`.
    func start(_ arguments: [String]) throws -> Background {
        try Background(arguments: arguments, environment: environment, directory: home)
    }

    /// A run of ibook in the background.
    final class Background {
        let process = Process()
        private let stdoutPath: String
        private let stderrPath: String

        init(arguments: [String], environment: [String: String], directory: URL) throws {
            let name = UUID().uuidString.prefix(8)
            stdoutPath = directory.appendingPathComponent("out-\(name)").path
            stderrPath = directory.appendingPathComponent("err-\(name)").path
            _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
            process.executableURL = URL(fileURLWithPath: Run.ibookPath)
            process.arguments = arguments
            process.environment = environment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
            try process.run()
        }

        /// Waits at most `timeout` for the end (then kills it); what it printed and its status.
        func finish(timeout: TimeInterval = 120) -> Run.Result {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                let killedDeadline = Date().addingTimeInterval(10)
                while process.isRunning, Date() < killedDeadline { usleep(20_000) }
            }
            let stdout = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            return Run.Result(status: process.isRunning ? -1 : process.terminationStatus, stdout: stdout, stderr: stderr)
        }
    }
}

extension PostgresServer {
    /// A new, empty database made a shared library by `ibook server init`; its name.
    func sharedLibrary() throws -> String {
        let name = "lib" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12)
        try createDatabase(String(name))
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let result = try Run.process(Run.ibookPath, ["server", "init", url(database: String(name))], environment: environment)
        guard result.status == 0 else { throw RunError.failed("server init: \(result.stderr)") }
        return String(name)
    }

    /// The number psql prints for `sql` (a count).
    func number(_ sql: String, database: String) throws -> Int {
        Int(try psql(sql, database: database)) ?? -1
    }
}
