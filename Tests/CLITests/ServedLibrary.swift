import Foundation
import TestSupport
import XCTest

/// `ibook serve` on a loopback port the system chose, run as its own process on a test
/// library, and a plain HTTP/1.1 client that sends paths exactly as written (no client
/// library tidies `..` or escapes away before the server sees them).
final class ServedLibrary: TestResource, @unchecked Sendable {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    let process = Process()
    let port: Int
    let firstLine: String
    private let errors = Pipe()
    private var token: Cleanup.Token?

    /// `expectedHost`: the address it says it listens on, which `--bind` among `arguments` may change.
    init(_ library: TestLibrary, arguments: [String] = [], environment: [String: String] = [:],
         expectedHost: String = "127.0.0.1") throws {
        process.executableURL = URL(fileURLWithPath: Run.ibookPath)
        process.arguments = arguments.contains("--bind") ? ["serve"] + arguments : ["serve", "--bind", "127.0.0.1:0"] + arguments
        process.environment = library.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        token = Cleanup.register("ibook serve (pid \(pid))", stillThere: { Spawn.isRunning(pid) }) {
            kill(pid, SIGKILL)
        }
        // The line that names the port, read with a deadline: a server that never says cannot hang the run.
        var line = Data()
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(30)
        while !line.contains(UInt8(ascii: "\n")), Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { break }
            line.append(byte)
        }
        firstLine = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
        let host = NSRegularExpression.escapedPattern(for: expectedHost)
        guard let match = firstLine.range(of: host + #":[0-9]+/opds$"#, options: .regularExpression),
              let port = Int(firstLine[match].dropFirst(expectedHost.count + 1).dropLast("/opds".count)) else {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            throw RunError.failed("ibook serve said '\(firstLine)': \(String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self))")
        }
        self.port = port
    }

    /// Sends SIGTERM and waits for the exit: its status, and what it wrote on stderr.
    func stop(signal: Int32 = SIGTERM) -> (status: Int32, stderr: String) {
        guard process.isRunning else { return (process.terminationStatus, "") }
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        if let token { Cleanup.done(token) }
        token = nil
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func release() { _ = stop() }

    func get(_ path: String, headers: [String: String] = [:]) throws -> Response {
        try request("GET", path, headers: headers)
    }

    /// One request on a connection of its own; the path goes out byte for byte.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String = "") throws -> Response {
        let socket = try Self.connect(port: port)
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
        let bytes = Array((head + "\r\n" + body).utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer and close before reading all of a request it refuses.
            if count <= 0 { break }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try Self.parse(received, head: method == "HEAD")
    }

    static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw RunError.failed("cannot connect to 127.0.0.1:\(port): \(reason)")
        }
        return socket
    }

    private static func parse(_ data: Data, head: Bool) throws -> Response {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw RunError.failed("no HTTP response: \(String(decoding: data, as: UTF8.self).prefix(200))")
        }
        let lines = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return Response(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }
}
