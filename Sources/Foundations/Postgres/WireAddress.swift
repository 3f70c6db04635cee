import FoundationEssentials
import Glibc
import Store

/// Where and as whom a session on a server's local socket logs in, resolved
/// from a URL as libpq resolves it (the URL, then `PG*` variables, then the
/// built-in defaults), or nil when libpq must make the connection: a host name
/// (TCP, where TLS and Kerberos come in), several hosts, a service, or any
/// setting or variable whose meaning ibook does not carry out itself.
struct WireAddress: Equatable {
    /// The folder of the server's socket (`.s.PGSQL.<port>` in it).
    var socketFolder: String
    var port: Int
    var user: String
    var database: String
    /// From the URL, `PGPASSWORD` or the password file; sent only when the server asks.
    var password: String?
    var applicationName: String
    /// The server's command-line options for the session (`options`, `PGOPTIONS`).
    var options: String?
    /// Seconds; 0 waits as long as it takes.
    var connectTimeout: Int

    var socketPath: String { "\(socketFolder)/.s.PGSQL.\(port)" }
    var target: String { "\(socketFolder):\(port)/\(database)" }

    /// Debian's libpq looks for a server's socket here when no host is given.
    static let defaultSocketFolder = "/var/run/postgresql"

    /// The URL's settings ibook carries out itself; any other makes it libpq's connection.
    private static let settings: Set<String> = [
        "host", "port", "dbname", "user", "password", "application_name", "connect_timeout", "options",
        "fallback_application_name", "sslmode", "passfile",
    ]
    /// libpq's variables that change a connection (service files, TLS, Kerberos, the session's settings…);
    /// ibook reads the others itself (`PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGPASSWORD`, `PGPASSFILE`,
    /// `PGOPTIONS`, `PGAPPNAME`, `PGCONNECT_TIMEOUT`, `PGSSLMODE`).
    private static let libpqVariables: Set<String> = [
        "PGSERVICE", "PGSERVICEFILE", "PGSYSCONFDIR", "PGHOSTADDR", "PGCLIENTENCODING", "PGCHANNELBINDING",
        "PGSSLCOMPRESSION", "PGSSLCERT", "PGSSLKEY", "PGSSLROOTCERT", "PGSSLCRL", "PGSSLCRLDIR", "PGSSLSNI",
        "PGREQUIREPEER", "PGSSLMINPROTOCOLVERSION", "PGSSLMAXPROTOCOLVERSION", "PGGSSENCMODE", "PGKRBSRVNAME",
        "PGGSSLIB", "PGTARGETSESSIONATTRS", "PGLOADBALANCEHOSTS", "PGREQUIREAUTH", "PGDATESTYLE", "PGTZ", "PGGEQO",
        "PGSSLPASSWORD",
    ]
    /// TLS is never used on a local socket; a mode that insists on it is libpq's to refuse or allow.
    private static let socketSSLModes: Set<String> = ["disable", "allow", "prefer"]

    /// `defaults` are ibook's own (`application_name`, `connect_timeout`), which the URL's values override.
    init?(url: String, defaults: [(key: String, value: String)], environment: [String: String]) {
        guard !environment.keys.contains(where: Self.libpqVariables.contains),
              var settings = Self.settings(of: url) else { return nil }
        for (key, value) in defaults where settings[key] == nil { settings[key] = value }
        func setting(_ key: String, _ variable: String? = nil) -> String? {
            if let value = settings[key], !value.isEmpty { return value }
            return variable.flatMap { environment[$0] }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let mode = setting("sslmode", "PGSSLMODE") ?? "prefer"
        var folder = setting("host", "PGHOST") ?? Self.defaultSocketFolder
        guard Self.socketSSLModes.contains(mode), folder.hasPrefix("/"), !folder.contains(","),
              let port = Int(setting("port", "PGPORT") ?? "5432"), (1...65535).contains(port),
              let user = setting("user", "PGUSER") ?? Self.systemUser(),
              let timeout = Int(setting("connect_timeout", "PGCONNECT_TIMEOUT") ?? "0")
        else { return nil }
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        socketFolder = folder
        self.port = port
        self.user = user
        database = setting("dbname", "PGDATABASE") ?? user
        applicationName = setting("application_name", "PGAPPNAME") ?? setting("fallback_application_name") ?? ""
        options = setting("options", "PGOPTIONS")
        // libpq waits at least 2 s when a timeout is set at all.
        connectTimeout = timeout <= 0 ? 0 : max(timeout, 2)
        password = nil
        guard socketPath.utf8.count <= 107 else { return nil }
        // As libpq, the file is read before connecting, whether the server will ask or not.
        password = setting("password", "PGPASSWORD")
            ?? (setting("passfile", "PGPASSFILE") ?? Self.homeFolder().map { $0 + "/.pgpass" }).flatMap(passwordFromFile)
        // SCRAM prepares a password with SASLprep, which changes only what is not plain ASCII: such a password is libpq's.
        if let password, !password.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }
    }

    /// The password file's line for this server, database and user (`host:port:database:user:password`,
    /// `*` for any, `\` escaping `:` and itself), as libpq reads it: a file others may read is ignored.
    func passwordFromFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 == 0,
              status.st_size <= 1 << 20, let data = FileManager.default.contents(atPath: path)
        else { return nil }
        // A socket in the default folder is `localhost` to the file, as a server reached with no host is.
        let host = socketFolder == Self.defaultSocketFolder ? "localhost" : socketFolder
        let wanted = [host, String(port), database, user].map { Array($0.utf8) }
        for line in data.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            var fields: [[UInt8]] = []
            var field: [UInt8] = []
            var escaped = false
            for byte in line where byte != UInt8(ascii: "\r") || escaped {
                if escaped {
                    field.append(byte)
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: ":") {
                    // The password ends at the next colon, as libpq reads it.
                    if fields.count == 4 { break }
                    fields.append(field)
                    field = []
                } else {
                    field.append(byte)
                }
            }
            guard fields.count == 4, zip(fields, wanted).allSatisfy({ $0 == [UInt8(ascii: "*")] || $0 == $1 }) else { continue }
            return String(decoding: field, as: UTF8.self)
        }
        return nil
    }

    private static func homeFolder() -> String? {
        guard let entry = getpwuid(geteuid()), let folder = entry.pointee.pw_dir else { return nil }
        return String(cString: folder)
    }

    /// The login name of the process's user, which libpq takes when none is given.
    private static func systemUser() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    /// The URL's settings, percent-decoded, or nil for what only libpq reads:
    /// a TCP host, several hosts, a setting ibook does not carry out.
    private static func settings(of url: String) -> [String: String]? {
        guard let parts = PostgresURL.Parts(url) else { return nil }
        var settings: [String: String] = [:]
        for pair in parts.parameters {
            guard let equals = pair.firstIndex(of: "="),
                  let key = PostgresURL.percentDecoded(pair[..<equals]),
                  let value = PostgresURL.percentDecoded(pair[pair.index(after: equals)...]),
                  Self.settings.contains(key)
            else { return nil }
            settings[key] = value
        }
        // A setting in the query wins over the same one in the URL's other parts, as in libpq.
        func take(_ key: String, _ text: Substring?) -> Bool {
            guard let text, settings[key] == nil else { return true }
            guard let value = PostgresURL.percentDecoded(text) else { return false }
            settings[key] = value
            return true
        }
        var hostAndPort = parts.hostsAndPath
        var database: Substring?
        if let slash = hostAndPort.firstIndex(of: "/") {
            database = hostAndPort[hostAndPort.index(after: slash)...]
            hostAndPort = hostAndPort[..<slash]
        }
        // A host written in the URL's authority is a name or an address (TCP), or a
        // percent-encoded socket folder; a port alone (`:5433`) keeps the default host.
        guard !hostAndPort.contains(","), !hostAndPort.hasPrefix("[") else { return nil }
        let host = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if let name = host.first, !name.isEmpty, PostgresURL.percentDecoded(name)?.hasPrefix("/") != true { return nil }
        guard take("user", parts.user), take("password", parts.password),
              take("dbname", database.flatMap { $0.isEmpty ? nil : $0 }),
              take("host", host.first.flatMap { $0.isEmpty ? nil : $0 }),
              take("port", host.count == 2 && !host[1].isEmpty ? host[1] : nil),
              !settings.values.contains(where: { $0.utf8.contains(0) })
        else { return nil }
        return settings
    }
}
