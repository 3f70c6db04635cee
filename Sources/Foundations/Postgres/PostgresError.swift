import LeanBasics
import Store

/// A failed statement (through libpq or ibook's own protocol): the server's SQLSTATE and message, or a connection
/// that could not be made, with a one-line explanation people can act on.
public struct PostgresError: StoreFailure, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Sendable, Equatable {
        case connectionRefused
        case authenticationFailed
        case databaseMissing
        case permissionDenied
        case connectionLost
        /// A statement or a lock wait that ran past the session's bounds.
        case timedOut
        case badURL
        case server
    }

    public var kind: Kind
    /// The five-character SQLSTATE ("42501"); empty when there was no server answer.
    public var sqlState: String
    /// libpq's or the server's own message, first line.
    public var message: String
    public var sql: String?

    public var isConnectionLost: Bool { kind == .connectionLost }
    public var isPermissionDenied: Bool { kind == .permissionDenied }

    public init(kind: Kind, sqlState: String = "", message: String, sql: String? = nil) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// An error the server answered with, classified by its SQLSTATE.
    init(sqlState: String, message: String, sql: String?) {
        let kind: Kind
        switch sqlState {
        case "42501": kind = .permissionDenied
        case "28P01", "28000": kind = .authenticationFailed
        case "3D000": kind = .databaseMissing
        case "57P01", "57P02", "57P03", "08000", "08003", "08006", "25P03": kind = .connectionLost
        case "57014", "55P03": kind = .timedOut
        default: kind = .server
        }
        self.init(kind: kind, sqlState: sqlState, message: message, sql: sql)
    }

    /// A connection that could not be made. libpq gives no SQLSTATE before the
    /// session exists, so the server's FATAL message says which case it is.
    init(connectionMessage raw: String, target: String) {
        let message = raw.split(separator: "\n").map { $0.trimmingWhitespace() }
            .first { !$0.isEmpty } ?? raw
        let text = raw.lowercased()
        let kind: Kind
        if text.contains("password authentication failed") || text.contains("no password supplied")
            || text.contains("authentication failed") || text.contains("role") && text.contains("does not exist")
        {
            kind = .authenticationFailed
        } else if text.contains("database") && text.contains("does not exist") {
            kind = .databaseMissing
        } else if text.contains("connection refused") || text.contains("no such file or directory")
            || text.contains("could not translate host name") || text.contains("timeout expired")
        {
            kind = .connectionRefused
        } else if text.contains("invalid uri") || text.contains("invalid connection option") || text.contains("missing \"=\"") {
            kind = .badURL
        } else if text.contains("permission denied") {
            kind = .permissionDenied
        } else {
            kind = .server
        }
        self.init(kind: kind, message: TerminalText.line(Self.withoutSeverity(message)), sql: nil)
        self.target = target
    }

    /// Where the connection went (host, port, database), for the connection messages.
    public var target = ""

    /// The reason alone: libpq says `connection to server on socket "…" failed: FATAL:  reason`,
    /// and the target is said once already.
    private static func withoutSeverity(_ line: String) -> String {
        var reason = Substring(line)
        if let failed = reason.ranges(of: "failed: ").last { reason = reason[failed.upperBound...] }
        for prefix in ["FATAL:", "ERROR:"] where reason.hasPrefix(prefix) { reason = reason.dropFirst(prefix.count) }
        let trimmed = reason.trimmingWhitespace()
        // What connect() says of a Unix socket nobody listens on.
        return trimmed == "No such file or directory" ? "no server is listening on that socket" : trimmed
    }

    /// One line for a person.
    public var description: String {
        switch kind {
        case .connectionRefused: return "cannot reach the PostgreSQL server \(target) (\(message))"
        case .authenticationFailed: return "the PostgreSQL server \(target) refused the login: \(message)"
        case .databaseMissing: return "no such database on the PostgreSQL server \(target): \(message)"
        case .permissionDenied: return "permission denied by the PostgreSQL server: \(message)"
        case .connectionLost: return "lost the connection to the PostgreSQL server: \(message)"
        case .timedOut where sqlState == "55P03":
            return "another client has held the rows this needs for \(PostgresConnection.lockTimeoutSeconds) s (an add or edit of the same book not yet finished); try again"
        case .timedOut:
            return "the PostgreSQL server stopped the statement after \(PostgresConnection.statementTimeoutSeconds) s: \(shortMessage)"
        case .badURL: return "not a PostgreSQL URL libpq understands: \(message)"
        case .server:
            let state = sqlState.isEmpty ? "" : " (SQLSTATE \(sqlState))"
            return "PostgreSQL error\(state): \(shortMessage)"
        }
    }

    /// The server's message cut to a line's length: it may quote a whole
    /// search word or value back, and the SQL is never shown.
    private var shortMessage: String {
        message.count > 300 ? message.prefix(300) + "…" : message
    }
}
