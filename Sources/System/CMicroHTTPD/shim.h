#ifndef IBOOK_CMICROHTTPD_SHIM_H
#define IBOOK_CMICROHTTPD_SHIM_H
// microhttpd.h expects the types of these headers to be declared before it.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which Swift
// cannot call: these fixed signatures pass each option with the C type MHD reads it as.

typedef size_t (*ibook_mhd_unescape)(void *cls, struct MHD_Connection *connection, char *text);

// The options every daemon gets, TLS or not.
#define IBOOK_MHD_OPTIONS \
    MHD_OPTION_SOCK_ADDR, address, \
    MHD_OPTION_CONNECTION_LIMIT, connections, \
    MHD_OPTION_PER_IP_CONNECTION_LIMIT, connections_per_client, \
    MHD_OPTION_CONNECTION_TIMEOUT, idle_seconds, \
    MHD_OPTION_CONNECTION_MEMORY_LIMIT, request_bytes, \
    MHD_OPTION_THREAD_POOL_SIZE, threads, \
    MHD_OPTION_UNESCAPE_CALLBACK, unescape, (void *) NULL, \
    MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context

/// Starts the daemon; with `tls_key` and `tls_certificate` (PEM text, both or neither) it speaks
/// HTTPS through GnuTLS. `completed` is told of every request's end, answered or not.
static inline struct MHD_Daemon *ibook_mhd_start(unsigned int flags, const struct sockaddr *address,
                                                 unsigned int connections, unsigned int connections_per_client,
                                                 unsigned int idle_seconds, size_t request_bytes, unsigned int threads,
                                                 MHD_AccessHandlerCallback handler, void *handler_context,
                                                 ibook_mhd_unescape unescape, MHD_RequestCompletedCallback completed,
                                                 const char *tls_key, const char *tls_certificate) {
    if (tls_key && tls_certificate) {
        return MHD_start_daemon(flags | MHD_USE_TLS, 0, NULL, NULL, handler, handler_context, IBOOK_MHD_OPTIONS,
                                MHD_OPTION_HTTPS_MEM_KEY, tls_key,
                                MHD_OPTION_HTTPS_MEM_CERT, tls_certificate,
                                MHD_OPTION_END);
    }
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context, IBOOK_MHD_OPTIONS, MHD_OPTION_END);
}

static inline int ibook_mhd_has_tls(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES;
}

/// The port the daemon listens on; 0 when MHD cannot say.
static inline uint16_t ibook_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

static inline const struct sockaddr *ibook_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}
#endif
