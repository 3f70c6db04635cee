/* libpq, loaded on first use.

   Linked at start-up, libpq brings about forty libraries (OpenSSL, GnuTLS,
   Kerberos, LDAP, NSS...) whose loading and symbol binding cost every ibook
   process about 10 ms of CPU: as much as a whole search of a small library,
   and most of what separated a thumbnail from pdftoppm. Only a library shared
   on a PostgreSQL server reached over the network needs libpq (on a server's
   local socket the Postgres module speaks the protocol itself: WireSession),
   so each function libpq offers that the Postgres module calls is defined here
   under its own name and forwards to the real one, looked up once in
   libpq.so.5 opened on the first call.

   A function the Postgres module starts calling needs its line below (the
   linker names it as undefined until then). The mechanism is CLazyLibrary's. */
#include <postgresql/libpq-fe.h>
#include <stdlib.h>

#include "LazyLibrary.h"

LAZY_LIBRARY("libpq.so.5", "the PostgreSQL client library")

/* GnuTLS comes with libldap (libpq's LDAP lookups of services), and its constructor initialises it
   (CPU detection, ASN.1 tables: 0.85 ms of CPU, a tenth of a shared search's client) though libpq
   never calls it, and libldap calls gnutls_global_init itself before any TLS of its own. GnuTLS's
   documented GNUTLS_NO_IMPLICIT_INIT skips the constructor: set only while libpq is opened, by the
   first connection (before any thread of a command's own), never over the user's value. */
static void open_libpq(void) {
    if (atomic_load_explicit(&lazyLibrary.handle, memory_order_acquire)) return;
    static const char variable[] = "GNUTLS_NO_IMPLICIT_INIT";
    int set = getenv(variable) == NULL && setenv(variable, "1", 0) == 0;
    (void)lazy_library_symbol(&lazyLibrary, "PQconnectdbParams");
    if (set) unsetenv(variable);
}

/* Connections: the first call of a process is one of these two. */
PGconn *PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    open_libpq();
    LAZY_FORWARD(PQconnectdbParams, return function(keywords, values, expand_dbname);)
}
PGconn *PQconnectdb(const char *conninfo) {
    open_libpq();
    LAZY_FORWARD(PQconnectdb, return function(conninfo);)
}
LAZY_PROCEDURE(PQfinish, (PGconn *conn), (conn))
LAZY_FUNCTION(ConnStatusType, PQstatus, (const PGconn *conn), (conn))
LAZY_FUNCTION(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))
LAZY_FUNCTION(char *, PQerrorMessage, (const PGconn *conn), (conn))
LAZY_FUNCTION(char *, PQdb, (const PGconn *conn), (conn))
LAZY_FUNCTION(char *, PQuser, (const PGconn *conn), (conn))
LAZY_FUNCTION(char *, PQhost, (const PGconn *conn), (conn))
LAZY_FUNCTION(char *, PQport, (const PGconn *conn), (conn))
LAZY_FUNCTION(const char *, PQparameterStatus, (const PGconn *conn, const char *paramName), (conn, paramName))
LAZY_FUNCTION(int, PQserverVersion, (const PGconn *conn), (conn))
LAZY_FUNCTION(int, PQbackendPID, (const PGconn *conn), (conn))
LAZY_FUNCTION(int, PQsocket, (const PGconn *conn), (conn))
LAZY_FUNCTION(int, PQsetClientEncoding, (PGconn *conn, const char *encoding), (conn, encoding))
LAZY_FUNCTION(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg),
            (conn, proc, arg))
LAZY_FUNCTION(int, PQlibVersion, (void), ())

/* Commands and their results. */
LAZY_FUNCTION(PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
LAZY_FUNCTION(PGresult *, PQexecParams,
            (PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
             const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat),
            (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
LAZY_FUNCTION(PGresult *, PQprepare,
            (PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes),
            (conn, stmtName, query, nParams, paramTypes))
LAZY_FUNCTION(PGresult *, PQexecPrepared,
            (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
             const int *paramLengths, const int *paramFormats, int resultFormat),
            (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))
LAZY_FUNCTION(int, PQsendQueryParams,
            (PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
             const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat),
            (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
LAZY_FUNCTION(int, PQconsumeInput, (PGconn *conn), (conn))
LAZY_FUNCTION(PGresult *, PQgetResult, (PGconn *conn), (conn))
LAZY_FUNCTION(int, PQputCopyData, (PGconn *conn, const char *buffer, int nbytes), (conn, buffer, nbytes))
LAZY_FUNCTION(int, PQputCopyEnd, (PGconn *conn, const char *errormsg), (conn, errormsg))
LAZY_PROCEDURE(PQclear, (PGresult *res), (res))
LAZY_FUNCTION(ExecStatusType, PQresultStatus, (const PGresult *res), (res))
LAZY_FUNCTION(char *, PQresStatus, (ExecStatusType status), (status))
LAZY_FUNCTION(char *, PQresultErrorMessage, (const PGresult *res), (res))
LAZY_FUNCTION(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
LAZY_FUNCTION(int, PQntuples, (const PGresult *res), (res))
LAZY_FUNCTION(int, PQnfields, (const PGresult *res), (res))
LAZY_FUNCTION(char *, PQfname, (const PGresult *res, int field_num), (res, field_num))
LAZY_FUNCTION(int, PQfnumber, (const PGresult *res, const char *field_name), (res, field_name))
LAZY_FUNCTION(Oid, PQftype, (const PGresult *res, int field_num), (res, field_num))
LAZY_FUNCTION(char *, PQcmdTuples, (PGresult *res), (res))
LAZY_FUNCTION(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
LAZY_FUNCTION(int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
LAZY_FUNCTION(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))

/* Quoting and memory. */
LAZY_FUNCTION(char *, PQescapeLiteral, (PGconn *conn, const char *str, size_t len), (conn, str, len))
LAZY_FUNCTION(char *, PQescapeIdentifier, (PGconn *conn, const char *str, size_t len), (conn, str, len))
LAZY_PROCEDURE(PQfreemem, (void *ptr), (ptr))
