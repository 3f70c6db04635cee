import CPQ
import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// A session through libpq: every connection ibook's own protocol does not
/// speak (TCP, TLS, Kerberos, services, several hosts).
final class LibpqSession: PostgresSession {
    private let handle: OpaquePointer
    let target: String

    /// Connects to `conninfo`, a URL libpq reads; `defaults` come first, so that what the URL says wins.
    init(conninfo: String, defaults: [(key: String, value: String)]) throws {
        let keywords = defaults.map(\.key) + ["dbname"]
        let values = defaults.map(\.value) + [conninfo]
        let connection = Self.withCStrings(keywords) { keys in
            Self.withCStrings(values) { vals in PQconnectdbParams(keys, vals, 1) }
        }
        guard let connection else { throw PostgresError(kind: .server, message: "libpq could not allocate a connection") }
        target = Self.describe(connection)
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(connectionMessage: message, target: target)
        }
        handle = connection
        // libpq prints the server's notices ("already exists, skipping") on
        // stderr by default; they are not for the person at the terminal.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit {
        PQfinish(handle)
    }

    private static func describe(_ connection: OpaquePointer) -> String {
        let host = PQhost(connection).map { String(cString: $0) } ?? ""
        let port = PQport(connection).map { String(cString: $0) } ?? ""
        let database = PQdb(connection).map { String(cString: $0) } ?? ""
        return "\(host.isEmpty ? "localhost" : host):\(port)/\(database)"
    }

    var user: String {
        PQuser(handle).map { String(cString: $0) } ?? ""
    }

    var isInTransaction: Bool {
        PQtransactionStatus(handle) != PQTRANS_IDLE
    }

    func run(script: String) -> PostgresOutcome {
        let result = PQexec(handle, script)
        defer { PQclear(result) }
        return outcome(of: result)
    }

    var pipelines: Bool { false }

    private var scriptOutcome: PostgresOutcome?

    func runBeforeNext(script: String) -> PostgresFailure? {
        scriptOutcome = run(script: script)
        return nil
    }

    func finishLogin() {}

    func takeScriptOutcome() -> PostgresOutcome? {
        defer { scriptOutcome = nil }
        return scriptOutcome
    }

    func finishScript() {}

    func run(_ statement: PostgresStatement) -> PostgresOutcome {
        let result = Self.withParameters(statement) { text, count, values, lengths, formats in
            PQexecParams(handle, text, count, nil, values, lengths, formats, 0)
        }
        defer { PQclear(result) }
        return outcome(of: result)
    }

    func send(_ statement: PostgresStatement) -> PostgresFailure? {
        let sent = Self.withParameters(statement) { text, count, values, lengths, formats in
            PQsendQueryParams(handle, text, count, nil, values, lengths, formats, 0)
        }
        return sent == 1 ? nil : lastFailure()
    }

    func readAhead() {
        _ = PQconsumeInput(handle)
    }

    func finishSent() -> PostgresOutcome {
        var first: PostgresOutcome?
        while let result = PQgetResult(handle) {
            if first == nil { first = outcome(of: result) }
            PQclear(result)
        }
        return first ?? .failure(lastFailure())
    }

    private func outcome(of result: OpaquePointer?) -> PostgresOutcome {
        guard let result else { return .failure(lastFailure()) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return .command(changes: Int(String(cString: PQcmdTuples(result))) ?? 0)
        case PGRES_TUPLES_OK:
            return .rows(PostgresResult(result).rows)
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? String(cString: PQresultErrorMessage(result)).trimmingWhitespaceAndNewlines()
            return .failure(PostgresFailure(sqlState: state, message: message,
                                            connectionBroken: PQstatus(handle) == CONNECTION_BAD))
        }
    }

    private func lastFailure() -> PostgresFailure {
        PostgresFailure(message: String(cString: PQerrorMessage(handle)).trimmingWhitespaceAndNewlines(),
                        connectionBroken: PQstatus(handle) != CONNECTION_OK)
    }

    // MARK: C strings

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        pointers.append(nil)
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The statement and its values as libpq's calls take them.
    private static func withParameters<T>(
        _ statement: PostgresStatement,
        _ body: (String, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        let parameters = statement.parameters
        let buffers: [UnsafeMutablePointer<CChar>?] = parameters.map { parameter in
            guard let bytes = parameter.bytes else { return nil }
            // Text parameters are read up to a NUL (their lengths are ignored), binary ones by length.
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { buffer.update(from: $0.baseAddress!, count: bytes.count) }
            }
            buffer[bytes.count] = 0
            return buffer
        }
        defer { buffers.forEach { $0?.deallocate() } }
        let values: [UnsafePointer<CChar>?] = buffers.map { buffer in buffer.map { UnsafePointer($0) } }
        let lengths = parameters.map { Int32($0.bytes?.count ?? 0) }
        let formats = parameters.map { $0.isBinary ? Int32(1) : Int32(0) }
        return values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(statement.text, Int32(parameters.count), values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
