import Foundation
import TestSupport

/// A shared library's roles are its own (ibook_<database>_reader and _editor):
/// tests give them out as a database's owner would, with `ibook server grant`.
extension PostgresServer {
    /// A login role of that name, made unless the server has one already.
    func createRole(_ name: String) throws {
        try psql("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '\(name)') THEN CREATE ROLE \(name) LOGIN; END IF; END $$")
    }

    /// `ibook server grant USER ACCESS` on `database`, run by the superuser; what it printed.
    @discardableResult
    func grant(_ user: String, _ access: String, database: String) throws -> Run.Result {
        let result = try ibookServer(["grant", user, access], database: database)
        guard result.status == 0 else { throw RunError.failed("server grant \(user) \(access): \(result.stderr)") }
        return result
    }

    /// `ibook server SUBCOMMAND …` with the library `database` as `user`.
    func ibookServer(_ arguments: [String], user: String = PostgresServer.admin, database: String) throws -> Run.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["IBOOK_LIBRARY"] = url(user: user, database: database)
        return try Run.process(Run.ibookPath, ["server"] + arguments, environment: environment)
    }

    /// Raw SQL through psql as `user` (the socket trusts every role): an
    /// attacker who skips ibook. Its status, what it printed and the server's error.
    func psql(as user: String, _ sql: String, database: String) throws -> Run.Result {
        try Run.process("/usr/bin/psql", [
            "-h", directory, "-p", String(port), "-U", user, "-d", database,
            "-v", "ON_ERROR_STOP=1", "-qAt", "-X", "-c", sql,
        ])
    }
}
