import FoundationEssentials
import Glibc
import LeanBasics
import Store

/// One session with a PostgreSQL server: spoken by ibook itself on a
/// server's local socket, through libpq otherwise (`WireAddress` decides).
///
/// Like SQLite's `Database`, not thread-safe: give each thread its own.
/// Parameters are always bound, never written into the SQL.
public final class PostgresConnection {
    private let session: any PostgresSession
    /// Where the session goes, for messages: "host:port/database".
    public var target: String { session.target }
    public private(set) var changes = 0
    private let savepoints = Savepoints()
    /// What judges the outcome of the script run with the settings, until it is read.
    private var scriptCheck: ((Result<[Row], Error>) throws -> Void)?
    private var script = ""
    /// What the check threw: every later statement throws it too.
    private var scriptFailure: Error?

    /// Connects to `url`: a `postgresql://` or `postgres://` URL, or
    /// `postgresql:` alone for libpq's defaults (`PG*` variables, `~/.pgpass`);
    /// `settings` are the session's own (`ibook.roots`), set with its bounds.
    /// `firstQuery` runs with them, before any other statement, and `check`
    /// judges its rows or its error (a library's schema): on ibook's own
    /// protocol its outcome is read with the first statement's, and what
    /// `check` throws is thrown by that statement and every later one. A
    /// statement that does not begin with SELECT waits for the check.
    ///
    /// `finishingLoginLater`, a login on ibook's own protocol is finished by
    /// the first statement, and a failed one is thrown by it: the server
    /// starts the session's backend while the caller goes on with its work.
    public init(url: String, settings: [(name: String, value: String)] = [], firstQuery: String? = nil,
                finishingLoginLater: Bool = false, check: ((Result<[Row], Error>) throws -> Void)? = nil) throws {
        let conninfo = Self.conninfo(url)
        if let begun = PostgresSessionStart.take(url: url) {
            session = begun
            if !finishingLoginLater { try begun.finishLogin() }
        } else if let address = WireAddress(url: conninfo, defaults: Self.defaults, environment: ProcessInfo.processInfo.environment) {
            session = try WireSession(address, finishingLoginLater: finishingLoginLater)
        } else {
            session = try LibpqSession(conninfo: conninfo, defaults: Self.defaults)
        }
        // Bounds no command of ibook's comes near, so that one stuck or
        // runaway session cannot hold the server or other people's adds:
        // a statement ends after two minutes, a lock is waited for 30 s, and
        // a transaction left idle (a client stopped with ^Z) is ended after
        // five. JIT compiles each query's folding expression anew and
        // costs more than it saves on ibook's short queries. One script
        // with the caller's settings, its outcome read with the first
        // statement's (ibook's own protocol): each round trip at start is
        // paid by every command. SET rather than set_config: a new backend
        // plans no statement for it (0.33 ms there, a tenth of a small search).
        let all = Self.sessionBounds + settings
        script = (all.map { "SET \(PostgresQuoting.settingName($0.name)) TO \(PostgresQuoting.escapedLiteral($0.value))" }
            + [firstQuery].compactMap { $0 }).joined(separator: "; ")
        // Without a check, a setting the server refuses is thrown as it is.
        scriptCheck = check ?? { result in _ = try result.get() }
        if let failure = session.runBeforeNext(script: script) { throw failure.error(sql: script) }
        try judgeScript()
    }

    /// Judges the script's outcome if the session has read it: throws what the check throws,
    /// now and on every later statement.
    private func judgeScript() throws {
        if let scriptFailure { throw scriptFailure }
        guard let check = scriptCheck, let outcome = session.takeScriptOutcome() else { return }
        scriptCheck = nil
        let result: Result<[Row], Error>
        switch outcome {
        case .rows(let rows): result = .success(rows)
        case .command: result = .success([])
        case .failure(let failure): result = .failure(failure.error(sql: script))
        }
        do {
            try check(result)
        } catch {
            scriptFailure = error
            throw error
        }
    }

    /// Reads and judges the script's outcome before `sql` is written, unless `sql` only reads.
    private func judgeScriptBefore(_ sql: String) throws {
        try session.finishLogin()
        if scriptCheck != nil, !sql.hasPrefix("SELECT ") { session.finishScript() }
        try judgeScript()
    }

    /// What a URL does not say: the URL's own values win over these.
    static let defaults: [(key: String, value: String)] = [("connect_timeout", "10"), ("application_name", "ibook")]

    /// What libpq and `WireAddress` read for `url`: `postgresql:` alone is libpq's defaults.
    static func conninfo(_ url: String) -> String {
        PostgresURL.isBareScheme(url) ? "postgresql://" : url
    }

    private static let sessionBounds: [(name: String, value: String)] = [
        ("client_min_messages", "warning"),
        ("statement_timeout", "\(statementTimeoutSeconds)s"),
        ("lock_timeout", "\(lockTimeoutSeconds)s"),
        ("idle_in_transaction_session_timeout", "300s"),
        ("jit", "off"),
    ]

    public static let statementTimeoutSeconds = 120
    public static let lockTimeoutSeconds = 30

    /// Whether ibook speaks to the server itself (a local socket) rather than through libpq.
    var isSpokenByIbook: Bool { session is WireSession }

    /// The role the session runs as: whose bookmarks and history it sees.
    public var user: String { session.user }

    // MARK: Statements

    /// Runs a script of statements without parameters.
    public func execute(_ script: String) throws {
        try judgeScriptBefore(script)
        readSent()
        let outcome = session.run(script: script)
        try judgeScript()
        _ = try check(outcome, sql: script)
    }

    public func execute(_ sql: String, _ bindings: [SQLBindable]) throws {
        _ = try run(sql, bindings)
    }

    public func query(_ sql: String, _ bindings: [SQLBindable] = []) throws -> [Row] {
        try run(sql, bindings)
    }

    private func run(_ sql: String, _ bindings: [SQLBindable]) throws -> [Row] {
        try judgeScriptBefore(sql)
        // On ibook's own protocol the statement is written behind the sent one: one round trip for both.
        if !session.pipelines { readSent() }
        let outcome = session.run(PostgresStatement(sql, bindings))
        try judgeScript()
        return try check(outcome, sql: sql)
    }

    // MARK: A query sent ahead

    /// The query `send` sent, and its rows once read.
    private var sent: (sql: String, rows: Result<[Row], Error>?)?

    /// Sends a query without waiting for its rows, which `receive` reads:
    /// the server runs it while the caller works on the rows before it
    /// (on two cores, a search's every hit took turns, client then server).
    /// One at a time. A statement run before `receive` is written behind it on
    /// ibook's own protocol (both outcomes come in one round trip); through
    /// libpq the sent one is read first.
    public func send(_ sql: String, _ bindings: [SQLBindable]) throws {
        try judgeScriptBefore(sql)
        readSent()
        let failure = session.send(PostgresStatement(sql, bindings))
        try judgeScript()
        if let failure { throw failure.error(sql: sql) }
        sent = (sql, nil)
    }

    /// Takes in what has arrived of the sent query's rows: the server stops
    /// when the socket holds a few hundred kilobytes it has not read, and
    /// goes on when they are taken. Cheap when nothing has arrived.
    public func readAhead() {
        if let sent, sent.rows == nil { session.readAhead() }
    }

    /// The rows of the query `send` sent, waiting for the rest of them.
    public func receive() throws -> [Row] {
        readSent()
        guard let rows = sent?.rows else { return [] }
        sent = nil
        return try rows.get()
    }

    /// Reads the sent query's whole result, if it is not yet read: one query at a time.
    private func readSent() {
        guard let query = sent, query.rows == nil else { return }
        let outcome = session.finishSent()
        sent = (query.sql, Result { try check(outcome, sql: query.sql) })
    }

    /// The rows of a successful outcome, or the server's error.
    private func check(_ outcome: PostgresOutcome, sql: String) throws -> [Row] {
        switch outcome {
        case .command(let count):
            changes = count
            return []
        case .rows(let rows):
            changes = 0
            return rows
        case .failure(let failure):
            throw failure.error(sql: sql)
        }
    }

    // MARK: Transactions

    public var isInTransaction: Bool { session.isInTransaction }

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
}

extension PostgresConnection: SQLEngine {
    public var dialect: SQLDialect { .postgres }
    /// The server decides what may be written (roles, grants); nothing is refused here.
    public var isReadOnly: Bool { false }
}
