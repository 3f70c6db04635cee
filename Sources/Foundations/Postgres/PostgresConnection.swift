import CPQ
import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// One session with a PostgreSQL server, through libpq.
///
/// Like SQLite's `Database`, not thread-safe: give each thread its own.
/// Parameters are always bound (PQexecParams), never written into the SQL.
public final class PostgresConnection {
    private let handle: OpaquePointer
    /// Where the session goes, for messages: "host:port/database".
    public let target: String
    public private(set) var changes = 0
    private let savepoints = Savepoints()

    /// Connects to `url`: a `postgresql://` or `postgres://` URL, or
    /// `postgresql:` alone for libpq's defaults (`PG*` variables, `~/.pgpass`);
    /// `settings` are the session's own (`ibook.roots`), set with its bounds.
    public init(url: String, settings: [(name: String, value: String)] = []) throws {
        let conninfo = PostgresURL.isBareScheme(url) ? "postgresql://" : url
        // The URL comes last so that what it says wins over these defaults.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = ["10", "ibook", conninfo]
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
        // Bounds no command of ibook's comes near, so that one stuck or
        // runaway session cannot hold the server or other people's adds:
        // a statement ends after two minutes, a lock is waited for 30 s, and
        // a transaction left idle (a client stopped with ^Z) is ended after
        // five. JIT compiles each query's folding expression anew and
        // costs more than it saves on ibook's short queries. One statement
        // with the caller's settings: each round trip at start is paid by
        // every command.
        let all = Self.sessionBounds + settings
        try execute("SELECT " + Array(repeating: "set_config(?, ?, false)", count: all.count).joined(separator: ", "),
                    all.flatMap { [$0.name, $0.value] as [SQLBindable] })
    }

    private static let sessionBounds: [(name: String, value: String)] = [
        ("client_min_messages", "warning"),
        ("statement_timeout", "\(statementTimeoutSeconds)s"),
        ("lock_timeout", "\(lockTimeoutSeconds)s"),
        ("idle_in_transaction_session_timeout", "300s"),
        ("jit", "off"),
    ]

    deinit {
        PQfinish(handle)
    }

    public static let statementTimeoutSeconds = 120
    public static let lockTimeoutSeconds = 30

    private static func describe(_ connection: OpaquePointer) -> String {
        let host = PQhost(connection).map { String(cString: $0) } ?? ""
        let port = PQport(connection).map { String(cString: $0) } ?? ""
        let database = PQdb(connection).map { String(cString: $0) } ?? ""
        return "\(host.isEmpty ? "localhost" : host):\(port)/\(database)"
    }

    /// The role the session runs as: whose bookmarks and history it sees.
    public var user: String {
        PQuser(handle).map { String(cString: $0) } ?? ""
    }

    // MARK: Statements

    /// Runs a script of statements without parameters.
    public func execute(_ script: String) throws {
        readSent()
        let result = PQexec(handle, script)
        defer { PQclear(result) }
        _ = try check(result, sql: script)
    }

    public func execute(_ sql: String, _ bindings: [SQLBindable]) throws {
        _ = try run(sql, bindings)
    }

    public func query(_ sql: String, _ bindings: [SQLBindable] = []) throws -> [Row] {
        try run(sql, bindings)
    }

    private func run(_ sql: String, _ bindings: [SQLBindable]) throws -> [Row] {
        readSent()
        let result = Self.withStatement(sql, bindings) { text, count, values, lengths, formats in
            PQexecParams(handle, text, count, nil, values, lengths, formats, 0)
        }
        defer { PQclear(result) }
        return try check(result, sql: sql)
    }

    // MARK: A query sent ahead

    /// The query `send` sent, and its rows once read.
    private var sent: (sql: String, rows: Result<[Row], Error>?)?

    /// Sends a query without waiting for its rows, which `receive` reads:
    /// the server runs it while the caller works on the rows before it
    /// (on two cores, a search's every hit took turns, client then server).
    /// One at a time; a statement run before `receive` first reads them.
    public func send(_ sql: String, _ bindings: [SQLBindable]) throws {
        readSent()
        let sentOK = Self.withStatement(sql, bindings) { text, count, values, lengths, formats in
            PQsendQueryParams(handle, text, count, nil, values, lengths, formats, 0)
        }
        guard sentOK == 1 else { throw lastError(sql: sql) }
        sent = (sql, nil)
    }

    /// Takes in what has arrived of the sent query's rows: the server stops
    /// when the socket holds a few hundred kilobytes it has not read, and
    /// goes on when they are taken. Cheap when nothing has arrived.
    public func readAhead() {
        if sent?.rows == nil { _ = PQconsumeInput(handle) }
    }

    /// The rows of the query `send` sent, waiting for the rest of them.
    public func receive() throws -> [Row] {
        readSent()
        guard let rows = sent?.rows else { return [] }
        sent = nil
        return try rows.get()
    }

    /// Reads the sent query's whole result, if it is not yet read: libpq
    /// takes one query at a time.
    private func readSent() {
        guard let query = sent, query.rows == nil else { return }
        var rows: Result<[Row], Error>?
        while let result = PQgetResult(handle) {
            if rows == nil { rows = Result { try check(result, sql: query.sql) } }
            PQclear(result)
        }
        sent = (query.sql, rows ?? .failure(lastError(sql: query.sql)))
    }

    /// The rows of a successful result, or the server's error.
    private func check(_ result: OpaquePointer?, sql: String) throws -> [Row] {
        guard let result else { throw lastError(sql: sql) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            changes = Int(String(cString: PQcmdTuples(result))) ?? 0
            return []
        case PGRES_TUPLES_OK:
            changes = 0
            return PostgresResult(result).rows
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
            let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
                ?? String(cString: PQresultErrorMessage(result)).trimmingWhitespaceAndNewlines()
            // libpq's own messages (a server gone) run over several lines; the first says it.
            let firstLine = primary.split(separator: "\n").first.map(String.init) ?? primary
            if PQstatus(handle) == CONNECTION_BAD {
                throw PostgresError(kind: .connectionLost, sqlState: state, message: firstLine, sql: sql)
            }
            throw PostgresError(sqlState: state, message: firstLine, sql: sql)
        }
    }

    private func lastError(sql: String) -> PostgresError {
        let message = String(cString: PQerrorMessage(handle)).trimmingWhitespaceAndNewlines()
        if PQstatus(handle) != CONNECTION_OK {
            return PostgresError(kind: .connectionLost, message: message, sql: sql)
        }
        return PostgresError(kind: .server, message: message, sql: sql)
    }

    // MARK: Transactions

    public var isInTransaction: Bool {
        PQtransactionStatus(handle) != PQTRANS_IDLE
    }

    /// Runs body in a transaction: COMMIT when it returns, ROLLBACK when it
    /// throws; nested, a SAVEPOINT that a throw undoes alone.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try inSavepoint(body) }
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    private func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        try savepoints.run(execute: { try execute($0) }, inTransaction: { isInTransaction }, body)
    }

    // MARK: C strings

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        pointers.append(nil)
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The statement as the server reads it (`$n` placeholders) and its values, for one of libpq's calls.
    private static func withStatement<T>(
        _ sql: String, _ bindings: [SQLBindable],
        _ body: (String, Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        let text = PlaceholderNumbering.numbered(sql)
        let parameters = bindings.map { PostgresParameter($0.sqlValue) }
        return withParameters(parameters) { values, lengths, formats in body(text, Int32(parameters.count), values, lengths, formats) }
    }

    private static func withParameters<T>(
        _ parameters: [PostgresParameter],
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
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
                    body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}

extension PostgresConnection: SQLEngine {
    public var dialect: SQLDialect { .postgres }
    /// The server decides what may be written (roles, grants); nothing is refused here.
    public var isReadOnly: Bool { false }
}
