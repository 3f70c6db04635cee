/* libpq, loaded on first use.

   Linked at start-up, libpq brings about forty libraries (OpenSSL, GnuTLS,
   Kerberos, LDAP, NSS...) whose loading and symbol binding cost every ibook
   process about 10 ms of CPU: as much as a whole search of a small library,
   and most of what separated a thumbnail from pdftoppm. Only a library shared
   on a PostgreSQL server needs libpq, so each function libpq offers that the
   Postgres module calls is defined here under its own name and forwards to the
   real one, looked up once in libpq.so.5 opened on the first call.

   A function the Postgres module starts calling needs its line in
   PQ_FUNCTIONS (the linker names it as undefined until then). */
#include <dlfcn.h>
#include <postgresql/libpq-fe.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static void *libpq;
static pthread_once_t libpqOnce = PTHREAD_ONCE_INIT;

/* Bound lazily: of the thousands of functions the forty libraries offer one
   another, a session calls a few dozen, and binding them all up front cost
   1.5 of the 4.5 ms that loading libpq takes. */
static void openLibpq(void) {
    libpq = dlopen("libpq.so.5", RTLD_LAZY | RTLD_LOCAL);
}

/* A missing libpq is a broken installation (libpq5 is a dependency): said in
   one line, without a crash, as any failure to run is. */
static void *libpqSymbol(const char *name) {
    pthread_once(&libpqOnce, openLibpq);
    void *symbol = libpq ? dlsym(libpq, name) : NULL;
    if (!symbol) {
        const char *reason = dlerror();
        fprintf(stderr, "Error: the PostgreSQL client library (libpq.so.5) cannot be used: %s\n",
                reason ? reason : name);
        exit(1);
    }
    return symbol;
}

#define PQ_FORWARD(name, call)                                                              \
    static _Atomic(__typeof__(&name)) real;                                                 \
    __typeof__(&name) function = atomic_load_explicit(&real, memory_order_acquire);         \
    if (!function) {                                                                        \
        function = (__typeof__(&name))libpqSymbol(#name);                                   \
        atomic_store_explicit(&real, function, memory_order_release);                       \
    }                                                                                       \
    call

#define PQ_FUNCTION(result, name, parameters, arguments) \
    result name parameters { PQ_FORWARD(name, return function arguments;) }
#define PQ_PROCEDURE(name, parameters, arguments) \
    void name parameters { PQ_FORWARD(name, function arguments;) }

/* Connections. */
PQ_FUNCTION(PGconn *, PQconnectdbParams,
            (const char *const *keywords, const char *const *values, int expand_dbname),
            (keywords, values, expand_dbname))
PQ_FUNCTION(PGconn *, PQconnectdb, (const char *conninfo), (conninfo))
PQ_PROCEDURE(PQfinish, (PGconn *conn), (conn))
PQ_FUNCTION(ConnStatusType, PQstatus, (const PGconn *conn), (conn))
PQ_FUNCTION(PGTransactionStatusType, PQtransactionStatus, (const PGconn *conn), (conn))
PQ_FUNCTION(char *, PQerrorMessage, (const PGconn *conn), (conn))
PQ_FUNCTION(char *, PQdb, (const PGconn *conn), (conn))
PQ_FUNCTION(char *, PQuser, (const PGconn *conn), (conn))
PQ_FUNCTION(char *, PQhost, (const PGconn *conn), (conn))
PQ_FUNCTION(char *, PQport, (const PGconn *conn), (conn))
PQ_FUNCTION(const char *, PQparameterStatus, (const PGconn *conn, const char *paramName), (conn, paramName))
PQ_FUNCTION(int, PQserverVersion, (const PGconn *conn), (conn))
PQ_FUNCTION(int, PQbackendPID, (const PGconn *conn), (conn))
PQ_FUNCTION(int, PQsocket, (const PGconn *conn), (conn))
PQ_FUNCTION(int, PQsetClientEncoding, (PGconn *conn, const char *encoding), (conn, encoding))
PQ_FUNCTION(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg),
            (conn, proc, arg))
PQ_FUNCTION(int, PQlibVersion, (void), ())

/* Commands and their results. */
PQ_FUNCTION(PGresult *, PQexec, (PGconn *conn, const char *query), (conn, query))
PQ_FUNCTION(PGresult *, PQexecParams,
            (PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
             const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat),
            (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
PQ_FUNCTION(PGresult *, PQprepare,
            (PGconn *conn, const char *stmtName, const char *query, int nParams, const Oid *paramTypes),
            (conn, stmtName, query, nParams, paramTypes))
PQ_FUNCTION(PGresult *, PQexecPrepared,
            (PGconn *conn, const char *stmtName, int nParams, const char *const *paramValues,
             const int *paramLengths, const int *paramFormats, int resultFormat),
            (conn, stmtName, nParams, paramValues, paramLengths, paramFormats, resultFormat))
PQ_FUNCTION(PGresult *, PQgetResult, (PGconn *conn), (conn))
PQ_FUNCTION(int, PQputCopyData, (PGconn *conn, const char *buffer, int nbytes), (conn, buffer, nbytes))
PQ_FUNCTION(int, PQputCopyEnd, (PGconn *conn, const char *errormsg), (conn, errormsg))
PQ_PROCEDURE(PQclear, (PGresult *res), (res))
PQ_FUNCTION(ExecStatusType, PQresultStatus, (const PGresult *res), (res))
PQ_FUNCTION(char *, PQresStatus, (ExecStatusType status), (status))
PQ_FUNCTION(char *, PQresultErrorMessage, (const PGresult *res), (res))
PQ_FUNCTION(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
PQ_FUNCTION(int, PQntuples, (const PGresult *res), (res))
PQ_FUNCTION(int, PQnfields, (const PGresult *res), (res))
PQ_FUNCTION(char *, PQfname, (const PGresult *res, int field_num), (res, field_num))
PQ_FUNCTION(int, PQfnumber, (const PGresult *res, const char *field_name), (res, field_name))
PQ_FUNCTION(Oid, PQftype, (const PGresult *res, int field_num), (res, field_num))
PQ_FUNCTION(char *, PQcmdTuples, (PGresult *res), (res))
PQ_FUNCTION(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PQ_FUNCTION(int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PQ_FUNCTION(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))

/* Quoting and memory. */
PQ_FUNCTION(char *, PQescapeLiteral, (PGconn *conn, const char *str, size_t len), (conn, str, len))
PQ_FUNCTION(char *, PQescapeIdentifier, (PGconn *conn, const char *str, size_t len), (conn, str, len))
PQ_PROCEDURE(PQfreemem, (void *ptr), (ptr))
