import BookLibrary
import Postgres

/// The bounds ibook's own sessions set (`PostgresConnection`), made the
/// database's defaults, so that a session of psql or of any other client
/// gets them too: a transaction left open holds no one's add for longer
/// than five minutes, whoever left it. Only the database's owner (or a
/// superuser) may set them; anyone else running `server init` leaves them
/// to the owner and is not refused for it.
enum PostgresSessionBounds {
    static func migrate(_ db: PostgresConnection) throws {
        try db.execute("""
            DO $$
            BEGIN
                IF EXISTS (SELECT FROM pg_database d JOIN pg_roles r ON r.rolname = current_user
                           WHERE d.datname = current_database() AND (d.datdba = r.oid OR r.rolsuper)) THEN
                    EXECUTE format('ALTER DATABASE %I SET statement_timeout = %L', current_database(), '\(PostgresConnection.statementTimeoutSeconds)s');
                    EXECUTE format('ALTER DATABASE %I SET lock_timeout = %L', current_database(), '\(PostgresConnection.lockTimeoutSeconds)s');
                    EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L', current_database(), '300s');
                    EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
                END IF;
            END
            $$
            """)
    }
}
