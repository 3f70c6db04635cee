import Foundation

/// A PgBouncer of the test's own in front of a `PostgresServer`, as a
/// department would put one: a temporary folder with its configuration,
/// run as the `postgres` system user (PgBouncer refuses root), listening on a
/// Unix socket in that folder only. Every database of the server is reached
/// under its own name, as the user who connects (one pool a user and
/// database), and a user is let in when listed in `users` (trust, as the
/// server's socket is).
///
/// `pool_mode` is the pooler's: `session` gives a client one server
/// connection until it leaves and then resets it (`DISCARD ALL`) for the
/// next; `transaction` hands it back after every transaction.
/// `poolSize` 1 makes every client of a user reuse the same backend, so
/// a test can see what one command leaves in it.
public final class PgBouncer: TestResource, @unchecked Sendable {
    public let directory: String
    public let port: Int
    private let stopped = Locked(false)
    private var cleanup: Cleanup.Token?

    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/sbin/pgbouncer") }

    public init(in front: PostgresServer, users: [String], poolMode: String = "session", poolSize: Int = 5) throws {
        guard Self.isInstalled else {
            throw PostgresServer.Unavailable(reason: "PgBouncer is not installed: no /usr/sbin/pgbouncer (make deps installs it)")
        }
        // Only its socket's name: PgBouncer listens on no TCP port here.
        port = try PostgresServer.freePort()
        var template = Array("\(front.directory)-bouncer.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw PostgresServer.Unavailable(reason: "mkdtemp beside \(front.directory) failed") }
        directory = String(cString: made)
        let directory = directory
        cleanup = Cleanup.register("PgBouncer in \(directory)",
                                   stillThere: { FileManager.default.fileExists(atPath: directory) },
                                   undo: { [weak self] in self?.shutdown() })
        do {
            let quoted = users.map { "\"\($0)\" \"\"" }.joined(separator: "\n") + "\n"
            try quoted.write(toFile: directory + "/users.txt", atomically: true, encoding: .utf8)
            try """
                [databases]
                * = host=\(front.directory) port=\(front.port)
                [pgbouncer]
                listen_addr =
                listen_port = \(port)
                unix_socket_dir = \(directory)
                auth_type = trust
                auth_file = \(directory)/users.txt
                pool_mode = \(poolMode)
                default_pool_size = \(poolSize)
                logfile = \(directory)/pgbouncer.log
                pidfile = \(directory)/pgbouncer.pid

                """.write(toFile: directory + "/pgbouncer.ini", atomically: true, encoding: .utf8)
            try PostgresServer.run("/bin/chown", ["-R", "postgres:postgres", directory], log: directory + "/tools.log")
            try PostgresServer.run("/usr/sbin/runuser", ["-u", "postgres", "--", "/usr/sbin/pgbouncer", "-d", directory + "/pgbouncer.ini"],
                                   log: directory + "/tools.log")
            try waitForSocket()
        } catch {
            shutdown()
            throw error
        }
    }

    deinit { shutdown() }

    /// A URL through the pooler's socket, as `user`, to `database` on the server behind it.
    public func url(user: String, database: String) -> String {
        "postgresql://\(user)@/\(database)?host=\(directory)&port=\(port)"
    }

    /// Stops PgBouncer (SIGINT: at once, its clients cut off) and removes its folder.
    public func shutdown() {
        guard stopped.withLock({ stopped in defer { stopped = true }; return !stopped }) else { return }
        if let pid = pidFromFile() {
            kill(pid, SIGINT)
            let deadline = Date().addingTimeInterval(10)
            while Spawn.isRunning(pid), Date() < deadline { usleep(20_000) }
            if Spawn.isRunning(pid) { kill(pid, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: directory)
        if let cleanup { Cleanup.done(cleanup) }
    }

    public func release() { shutdown() }

    private func pidFromFile() -> pid_t? {
        guard let text = try? String(contentsOfFile: directory + "/pgbouncer.pid", encoding: .utf8),
              let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 else { return nil }
        return pid
    }

    /// `pgbouncer -d` returns once it has forked; its socket comes a moment later.
    private func waitForSocket() throws {
        let socket = "\(directory)/.s.PGSQL.\(port)"
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline else {
                let log = (try? String(contentsOfFile: directory + "/pgbouncer.log", encoding: .utf8)) ?? ""
                throw RunError.failed("PgBouncer did not open \(socket) in 10 s: \(log.suffix(2000))")
            }
            usleep(20_000)
        }
    }
}
