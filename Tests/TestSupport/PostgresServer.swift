import Foundation

/// A PostgreSQL server of the test's own: `initdb` and `pg_ctl` in a
/// temporary folder, run as the `postgres` system user (initdb refuses root),
/// listening on a Unix socket in that folder and on 127.0.0.1 at a free port.
///
/// `shutdown()` stops it (immediately: nothing in it is worth a checkpoint)
/// and removes its folder; the class that started it calls it in its
/// `tearDown` (ServerFixture.stop does). Until then it is registered with
/// Cleanup, which shuts it down when the test process exits.
///
/// The socket trusts every local connection, as any role, which is how the
/// tests act as several people; TCP asks for a password (scram-sha-256), for
/// the tests of a wrong one. fsync is off: a test server needs no durability.
public final class PostgresServer: TestResource, @unchecked Sendable {
    public struct Unavailable: Error { public var reason: String }

    /// The folder of `initdb` and `pg_ctl`: Debian's /usr/lib/postgresql/VERSION/bin, the
    /// newest version installed (Debian 12 has 15; a later release or the PGDG packages
    /// another), or nil when there is none.
    public static let binaries: String? = newestServer(in: "/usr/lib/postgresql")

    public static func newestServer(in folder: String) -> String? {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return versions
            .filter { FileManager.default.isExecutableFile(atPath: "\(folder)/\($0)/bin/initdb") }
            .max { $0.compare($1, options: .numeric) == .orderedAscending }
            .map { "\(folder)/\($0)/bin" }
    }

    /// The superuser initdb creates; it owns every database the tests make.
    public static let admin = "ibookadmin"

    public let directory: String
    public let port: Int
    private let bin: String
    private var dataDirectory: String { directory + "/data" }
    private let stopped = Locked(false)
    private var cleanup: Cleanup.Token?

    public init() throws {
        guard let bin = Self.binaries else {
            throw Unavailable(reason: "PostgreSQL's server is not installed: no /usr/lib/postgresql/*/bin/initdb (make deps installs it)")
        }
        self.bin = bin
        // In $TMPDIR (scripts/run-tests.sh gives each run its own), unless that is too long:
        // the socket's path (this folder, "/.s.PGSQL.", the port) must fit in 107 bytes.
        var parent = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
        if parent.utf8.count + "/ibook-pg.XXXXXX/.s.PGSQL.65535".utf8.count > 107 { parent = "/tmp" }
        var template = Array("\(parent)/ibook-pg.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Unavailable(reason: "mkdtemp in \(parent) failed") }
        directory = String(cString: made)
        let directory = directory
        guard let port = try? Self.freePort() else {
            try? FileManager.default.removeItem(atPath: directory)
            throw Unavailable(reason: "no free port")
        }
        self.port = port
        cleanup = Cleanup.register("PostgreSQL server in \(directory)",
                                   stillThere: { FileManager.default.fileExists(atPath: directory) },
                                   undo: { [weak self] in self?.shutdown() })
        do {
            try Self.run("/bin/chown", ["postgres:postgres", directory], log: directory + "/tools.log")
            try asPostgres(bin + "/initdb", [
                "-D", dataDirectory, "-U", Self.admin, "--auth-local=trust", "--auth-host=scram-sha-256",
                "--no-sync", "-E", "UTF8", "--locale=C.UTF-8",
            ])
            try start()
        } catch {
            // pg_ctl may have started a server that did not answer in time: it goes too.
            shutdown()
            throw error
        }
    }

    deinit { shutdown() }

    /// Stops the server (if it runs) and removes its folder; the second call does nothing.
    public func shutdown() {
        guard stopped.withLock({ stopped in defer { stopped = true }; return !stopped }) else { return }
        if FileManager.default.fileExists(atPath: dataDirectory + "/postmaster.pid") {
            if (try? stop()) == nil { killPostmaster() }
        }
        try? FileManager.default.removeItem(atPath: directory)
        if let cleanup { Cleanup.done(cleanup) }
    }

    public func release() { shutdown() }

    /// What pg_ctl could not stop: the postmaster named in postmaster.pid, and its children, killed.
    private func killPostmaster() {
        guard let text = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8),
              let line = text.split(separator: "\n").first, let pid = pid_t(line.trimmingCharacters(in: .whitespaces)),
              pid > 1 else { return }
        // SIGQUIT: PostgreSQL's immediate shutdown, which ends the backends too; then SIGKILL.
        kill(pid, SIGQUIT)
        let deadline = Date().addingTimeInterval(10)
        while Spawn.isRunning(pid), Date() < deadline { usleep(20_000) }
        if Spawn.isRunning(pid) { kill(pid, SIGKILL) }
    }

    /// Starts the server again after `stop()` (or for the first time); waits at most 30 s.
    public func start() throws {
        let options = "-k \(directory) -p \(port) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            + "-c full_page_writes=off -c max_connections=40"
        try asPostgres(bin + "/pg_ctl", ["-D", dataDirectory, "-l", directory + "/server.log",
                                                       "-o", options, "-w", "-t", "30", "start"])
    }

    /// Stops the server at once, as a crash or a power cut would.
    public func stop() throws {
        try asPostgres(bin + "/pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "-t", "30", "stop"])
    }

    /// A URL through the Unix socket, where every role is trusted.
    public func url(user: String = PostgresServer.admin, database: String) -> String {
        "postgresql://\(user)@/\(database)?host=\(directory)&port=\(port)"
    }

    /// A URL over TCP, where the password is checked.
    public func tcpURL(user: String, password: String, database: String) -> String {
        "postgresql://\(user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// Runs SQL with psql as the superuser; returns what it prints (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let result = try Run.process("/usr/bin/psql", [
            "-h", directory, "-p", String(port), "-U", Self.admin, "-d", database,
            "-v", "ON_ERROR_STOP=1", "-qAt", "-c", sql,
        ])
        guard result.status == 0 else { throw RunError.failed("psql: \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes the socket ask `user` for a password by `method` (`scram-sha-256`, `md5`, `password`)
    /// rather than trust them: a line before the trusting ones, read again at once.
    public func askPasswordOnSocket(user: String, method: String) throws {
        let file = dataDirectory + "/pg_hba.conf"
        let lines = try String(contentsOfFile: file, encoding: .utf8)
        try ("local all \(user) \(method)\n" + lines).write(toFile: file, atomically: false, encoding: .utf8)
        try psql("SELECT pg_reload_conf()")
    }

    public func createDatabase(_ name: String) throws {
        try psql("CREATE DATABASE \(name)")
    }

    private func asPostgres(_ executable: String, _ arguments: [String]) throws {
        try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments, log: directory + "/tools.log")
    }

    /// Runs a tool with its output in `log` and waits for it with waitpid, at
    /// most a minute. Not Process: it never notices runuser end once pg_ctl has
    /// left the server behind (see Spawn), and the server would hold a pipe open.
    static func run(_ executable: String, _ arguments: [String], log: String) throws {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        Spawn.closeInheritedDescriptors(&actions)
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            throw RunError.failed("\(executable): cannot be started")
        }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(60)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw RunError.failed("\(executable) \(arguments.joined(separator: " ")): still running after a minute")
            }
            usleep(20_000)
        }
        // Exited normally with 0: the low 7 bits (the signal) and the exit code both zero.
        guard status == 0 else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw RunError.failed("\(executable) \(arguments.joined(separator: " ")): status \(status): \(said.suffix(2000))")
        }
    }

    /// A TCP port nobody listens on now: the kernel's choice for port 0.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Unavailable(reason: "socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw Unavailable(reason: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
