import Foundation

public enum RunError: Error { case failed(String) }

/// Runs programs the way a user would, capturing what they print.
public enum Run {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
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

    public static func process(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                               currentDirectory: URL? = nil, stdin: String? = nil) throws -> Result {
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
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let errorReader = PipeReader(err.fileHandleForReading)
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        let errorData = errorReader.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorData, as: UTF8.self))
    }
}

/// A library in a temporary folder and the `ibook` binary run against it.
public final class TestLibrary: Sendable {
    public let root: URL
    public var directory: URL { root.appendingPathComponent("library") }
    public var cache: URL { root.appendingPathComponent("cache") }

    public init(_ name: String = "library") throws {
        root = try Fixtures.temporaryDirectory(name)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["IBOOK_LIBRARY"] = directory.path
        environment["XDG_CACHE_HOME"] = cache.path
        environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
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
}
