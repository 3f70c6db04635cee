import FoundationEssentials
import Glibc

/// A session begun at a command's start, before the command has parsed its
/// line and opened its library: the server starts the session's backend
/// (1.2-1.3 ms from the startup message to its answer) while ibook does its
/// own work, and the first `PostgresConnection` to the same URL takes it.
///
/// Only on ibook's own protocol (a server's local socket), and only the
/// startup message is written: the login, and any password it needs, waits
/// for the connection's first statement. A session nobody takes (a mistake
/// on the command line, a command handed over to ibook-full) is ended with
/// the process or before the handover (`end`).
public enum PostgresSessionStart {
    /// Set and taken on the main thread, before any other thread runs ibook's work.
    nonisolated(unsafe) private static var begun: (url: String, session: WireSession)?

    /// Opens a session to `url` if ibook speaks to it itself; does nothing otherwise, or when
    /// it cannot connect (the connection made later says why).
    public static func begin(url: String) {
        guard begun == nil,
              let address = WireAddress(url: PostgresConnection.conninfo(url), defaults: PostgresConnection.defaults,
                                        environment: ProcessInfo.processInfo.environment),
              let session = try? WireSession(address, finishingLoginLater: true)
        else { return }
        begun = (url, session)
        atexit { PostgresSessionStart.end() }
    }

    /// Ends the session begun and not taken, logged in and closed with a word: a backend whose
    /// client goes while it answers the login logs a lost connection. Nothing if none is left.
    public static func end() {
        guard let session = begun?.session else { return }
        begun = nil
        session.endUnused()
    }

    /// The session begun for `url`, once.
    static func take(url: String) -> WireSession? {
        guard let session = begun, session.url == url else { return nil }
        begun = nil
        return session.session
    }
}
