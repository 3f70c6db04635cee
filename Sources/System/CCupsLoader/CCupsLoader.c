/* libcups, loaded on first use.

   Linked at start-up, libcups brings 14 libraries that nothing else in ibook-full needs (Avahi,
   D-Bus, systemd, Kerberos, libgcrypt), and every ibook-full process looked symbols up among them
   at start: an add's own process and each of its workers, the reader's render worker. Only
   printing talks to CUPS, so each function of libcups that the Printing module calls is defined
   here under its own name and forwards to the real one, looked up once in libcups.so.2 opened on
   the first call (as CPQLoader does for libpq).

   A function the Printing module starts calling needs its line below (the linker names it as
   undefined until then). */
#include <cups/cups.h>
#include <cups/ipp.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static void *cups;
static pthread_once_t cupsOnce = PTHREAD_ONCE_INIT;

static void openCups(void) {
    cups = dlopen("libcups.so.2", RTLD_LAZY | RTLD_LOCAL);
}

/* A missing libcups is a broken installation (libcups2 is a dependency): said in one line,
   without a crash. */
static void *cupsSymbol(const char *name) {
    pthread_once(&cupsOnce, openCups);
    void *symbol = cups ? dlsym(cups, name) : NULL;
    if (!symbol) {
        const char *reason = dlerror();
        fprintf(stderr, "Error: the printing library (libcups.so.2) cannot be used: %s\n", reason ? reason : name);
        exit(1);
    }
    return symbol;
}

#define CUPS_FORWARD(name, call)                                                            \
    static _Atomic(__typeof__(&name)) real;                                                 \
    __typeof__(&name) function = atomic_load_explicit(&real, memory_order_acquire);         \
    if (!function) {                                                                        \
        function = (__typeof__(&name))cupsSymbol(#name);                                    \
        atomic_store_explicit(&real, function, memory_order_release);                       \
    }                                                                                       \
    call

#define CUPS_FUNCTION(result, name, parameters, arguments) \
    result name parameters { CUPS_FORWARD(name, return function arguments;) }
#define CUPS_PROCEDURE(name, parameters, arguments) \
    void name parameters { CUPS_FORWARD(name, function arguments;) }

CUPS_FUNCTION(int, cupsAddOption, (const char *name, const char *value, int num_options, cups_option_t **options), (name, value, num_options, options))
CUPS_FUNCTION(ipp_status_t, cupsCancelJob2, (http_t *http, const char *name, int job_id, int purge), (http, name, job_id, purge))
CUPS_FUNCTION(int, cupsCopyDest, (cups_dest_t *dest, int num_dests, cups_dest_t **dests), (dest, num_dests, dests))
CUPS_FUNCTION(int, cupsCreateJob, (http_t *http, const char *name, const char *title, int num_options, cups_option_t *options), (http, name, title, num_options, options))
CUPS_FUNCTION(ipp_t *, cupsDoRequest, (http_t *http, ipp_t *request, const char *resource), (http, request, resource))
CUPS_FUNCTION(ipp_status_t, cupsFinishDocument, (http_t *http, const char *name), (http, name))
CUPS_PROCEDURE(cupsFreeDests, (int num_dests, cups_dest_t *dests), (num_dests, dests))
CUPS_PROCEDURE(cupsFreeJobs, (int num_jobs, cups_job_t *jobs), (num_jobs, jobs))
CUPS_PROCEDURE(cupsFreeOptions, (int num_options, cups_option_t *options), (num_options, options))
CUPS_FUNCTION(cups_dest_t *, cupsGetDest, (const char *name, const char *instance, int num_dests, cups_dest_t *dests), (name, instance, num_dests, dests))
CUPS_FUNCTION(int, cupsGetDests2, (http_t *http, cups_dest_t **dests), (http, dests))
CUPS_FUNCTION(int, cupsGetJobs2, (http_t *http, cups_job_t **jobs, const char *name, int myjobs, int whichjobs), (http, jobs, name, myjobs, whichjobs))
CUPS_FUNCTION(const char *, cupsGetOption, (const char *name, int num_options, cups_option_t *options), (name, num_options, options))
CUPS_FUNCTION(ipp_status_t, cupsLastError, (void), ())
CUPS_FUNCTION(const char *, cupsLastErrorString, (void), ())
CUPS_FUNCTION(const char *, cupsServer, (void), ())
CUPS_PROCEDURE(cupsSetServer, (const char *server), (server))
CUPS_FUNCTION(http_status_t, cupsStartDocument, (http_t *http, const char *name, int job_id, const char *docname, const char *format, int last_document), (http, name, job_id, docname, format, last_document))
CUPS_FUNCTION(const char *, cupsUser, (void), ())
CUPS_FUNCTION(http_status_t, cupsWriteRequestData, (http_t *http, const char *buffer, size_t length), (http, buffer, length))
CUPS_FUNCTION(http_encryption_t, cupsEncryption, (void), ())
CUPS_FUNCTION(http_uri_status_t, httpAssembleURI, (http_uri_coding_t encoding, char *uri, int urilen, const char *scheme, const char *username, const char *host, int port, const char *resource), (encoding, uri, urilen, scheme, username, host, port, resource))
CUPS_PROCEDURE(httpClose, (http_t *http), (http))
CUPS_FUNCTION(http_t *, httpConnect2, (const char *host, int port, http_addrlist_t *addrlist, int family, http_encryption_t encryption, int blocking, int msec, int *cancel), (host, port, addrlist, family, encryption, blocking, msec, cancel))
CUPS_FUNCTION(int, httpGetFd, (http_t *http), (http))
CUPS_FUNCTION(int, httpReconnect2, (http_t *http, int msec, int *cancel), (http, msec, cancel))
CUPS_FUNCTION(ipp_attribute_t *, ippAddInteger, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, int value), (ipp, group, value_tag, name, value))
CUPS_FUNCTION(ipp_attribute_t *, ippAddString, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, const char *language, const char *value), (ipp, group, value_tag, name, language, value))
CUPS_FUNCTION(ipp_attribute_t *, ippAddStrings, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, int num_values, const char *language, const char * const *values), (ipp, group, value_tag, name, num_values, language, values))
CUPS_FUNCTION(size_t, ippAttributeString, (ipp_attribute_t *attr, char *buffer, size_t bufsize), (attr, buffer, bufsize))
CUPS_PROCEDURE(ippDelete, (ipp_t *ipp), (ipp))
CUPS_FUNCTION(const char *, ippErrorString, (ipp_status_t error), (error))
CUPS_FUNCTION(ipp_attribute_t *, ippFindAttribute, (ipp_t *ipp, const char *name, ipp_tag_t value_tag), (ipp, name, value_tag))
CUPS_FUNCTION(ipp_attribute_t *, ippFirstAttribute, (ipp_t *ipp), (ipp))
CUPS_FUNCTION(int, ippGetBoolean, (ipp_attribute_t *attr, int element), (attr, element))
CUPS_FUNCTION(int, ippGetCount, (ipp_attribute_t *attr), (attr))
CUPS_FUNCTION(ipp_tag_t, ippGetGroupTag, (ipp_attribute_t *attr), (attr))
CUPS_FUNCTION(int, ippGetInteger, (ipp_attribute_t *attr, int element), (attr, element))
CUPS_FUNCTION(const char *, ippGetName, (ipp_attribute_t *attr), (attr))
CUPS_FUNCTION(const char *, ippGetString, (ipp_attribute_t *attr, int element, const char **language), (attr, element, language))
CUPS_FUNCTION(ipp_tag_t, ippGetValueTag, (ipp_attribute_t *attr), (attr))
CUPS_FUNCTION(ipp_t *, ippNewRequest, (ipp_op_t op), (op))
CUPS_FUNCTION(ipp_attribute_t *, ippNextAttribute, (ipp_t *ipp), (ipp))
CUPS_FUNCTION(int, ippPort, (void), ())
