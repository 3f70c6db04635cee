import LeanBasics
import Store

/// What carries a `PostgresConnection`'s statements to the server: libpq, or
/// ibook's own speaking of PostgreSQL's protocol on a server's local socket,
/// where libpq's forty libraries (TLS, Kerberos, LDAP) have nothing to do and
/// loading them was a fifth of a shared search's time.
protocol PostgresSession: AnyObject {
    /// "host:port/database", for messages.
    var target: String { get }
    /// The role the session logged in as.
    var user: String { get }
    /// In a transaction, or unsure (a statement still running, the connection gone).
    var isInTransaction: Bool { get }

    /// Finishes a login that was left to the first statement, or throws why it failed (every time).
    func finishLogin() throws
    /// A script of statements without parameters (libpq's PQexec): the last one's outcome, or the first failure.
    func run(script: String) -> PostgresOutcome
    /// A script (settings, then maybe a query; no transaction left open) whose outcome may be
    /// read with the next statement's, sharing its round trip: `takeScriptOutcome` gives it once
    /// read, `finishScript` reads it now. Nil, or why it could not be sent.
    func runBeforeNext(script: String) -> PostgresFailure?
    /// The outcome of the script `runBeforeNext` wrote, once read; nil before, and after it is taken.
    func takeScriptOutcome() -> PostgresOutcome?
    /// Reads the script's outcome now, if it is not read yet.
    func finishScript()
    /// One statement with its parameters bound, its rows read whole.
    func run(_ statement: PostgresStatement) -> PostgresOutcome
    /// Sends a statement without waiting; `finishSent` reads its outcome. Nil, or why it could not be sent.
    func send(_ statement: PostgresStatement) -> PostgresFailure?
    /// Whether a statement may be run while one sent is unread: written behind it, both outcomes
    /// read then, the sent one kept for `finishSent`. Otherwise the sent one must be read first.
    var pipelines: Bool { get }
    /// Takes in what has arrived of the sent statement's rows, without waiting.
    func readAhead()
    /// The sent statement's outcome, read whole.
    func finishSent() -> PostgresOutcome
}

/// A statement as the server reads it: `$n` placeholders, each value in its wire form.
struct PostgresStatement {
    var text: String
    var parameters: [PostgresParameter]

    init(_ sql: String, _ bindings: [SQLBindable]) {
        text = PlaceholderNumbering.numbered(sql)
        parameters = bindings.map { PostgresParameter($0.sqlValue) }
    }
}

enum PostgresOutcome {
    case rows([Row])
    /// A statement without rows, and how many it changed (an UPDATE's count).
    case command(changes: Int)
    case failure(PostgresFailure)
}

/// The server's error, or the transport's when there was no answer.
struct PostgresFailure: Error {
    /// Empty when the server gave none.
    var sqlState: String
    /// The first line, without control characters: the server's messages quote what they were
    /// given (a name, a value), and a person's terminal prints them.
    var message: String
    /// The connection is gone: nothing more can be sent on it.
    var connectionBroken: Bool

    init(sqlState: String = "", message: String, connectionBroken: Bool) {
        self.sqlState = sqlState
        self.message = TerminalText.line(message.split(separator: "\n").first.map(String.init) ?? message)
        self.connectionBroken = connectionBroken
    }

    func error(sql: String) -> PostgresError {
        connectionBroken
            ? PostgresError(kind: .connectionLost, sqlState: sqlState, message: message, sql: sql)
            : PostgresError(sqlState: sqlState, message: message, sql: sql)
    }
}
