/* libcups, loaded on first use.

   Linked at start-up, libcups brings 14 libraries that nothing else in ibook-full needs (Avahi,
   D-Bus, systemd, Kerberos, libgcrypt), and every ibook-full process looked symbols up among them
   at start: an add's own process and each of its workers, the reader's render worker. Only
   printing talks to CUPS, so each function of libcups that the Printing module calls is defined
   here under its own name and forwards to the real one, looked up once in libcups.so.2 opened on
   the first call (as CPQ does for libpq).

   A function the Printing module starts calling needs its line below (the linker names it as
   undefined until then). The mechanism is CLazyLibrary's. */
#include <cups/cups.h>
#include <cups/ipp.h>

#include "LazyLibrary.h"

LAZY_LIBRARY("libcups.so.2", "the printing library")

LAZY_FUNCTION(int, cupsAddOption, (const char *name, const char *value, int num_options, cups_option_t **options), (name, value, num_options, options))
LAZY_FUNCTION(ipp_status_t, cupsCancelJob2, (http_t *http, const char *name, int job_id, int purge), (http, name, job_id, purge))
LAZY_FUNCTION(int, cupsCopyDest, (cups_dest_t *dest, int num_dests, cups_dest_t **dests), (dest, num_dests, dests))
LAZY_FUNCTION(int, cupsCreateJob, (http_t *http, const char *name, const char *title, int num_options, cups_option_t *options), (http, name, title, num_options, options))
LAZY_FUNCTION(ipp_t *, cupsDoRequest, (http_t *http, ipp_t *request, const char *resource), (http, request, resource))
LAZY_FUNCTION(ipp_status_t, cupsFinishDocument, (http_t *http, const char *name), (http, name))
LAZY_PROCEDURE(cupsFreeDests, (int num_dests, cups_dest_t *dests), (num_dests, dests))
LAZY_PROCEDURE(cupsFreeJobs, (int num_jobs, cups_job_t *jobs), (num_jobs, jobs))
LAZY_PROCEDURE(cupsFreeOptions, (int num_options, cups_option_t *options), (num_options, options))
LAZY_FUNCTION(cups_dest_t *, cupsGetDest, (const char *name, const char *instance, int num_dests, cups_dest_t *dests), (name, instance, num_dests, dests))
LAZY_FUNCTION(int, cupsGetDests2, (http_t *http, cups_dest_t **dests), (http, dests))
LAZY_FUNCTION(int, cupsGetJobs2, (http_t *http, cups_job_t **jobs, const char *name, int myjobs, int whichjobs), (http, jobs, name, myjobs, whichjobs))
LAZY_FUNCTION(const char *, cupsGetOption, (const char *name, int num_options, cups_option_t *options), (name, num_options, options))
LAZY_FUNCTION(ipp_status_t, cupsLastError, (void), ())
LAZY_FUNCTION(const char *, cupsLastErrorString, (void), ())
LAZY_FUNCTION(const char *, cupsServer, (void), ())
LAZY_PROCEDURE(cupsSetServer, (const char *server), (server))
LAZY_FUNCTION(http_status_t, cupsStartDocument, (http_t *http, const char *name, int job_id, const char *docname, const char *format, int last_document), (http, name, job_id, docname, format, last_document))
LAZY_FUNCTION(const char *, cupsUser, (void), ())
LAZY_FUNCTION(http_status_t, cupsWriteRequestData, (http_t *http, const char *buffer, size_t length), (http, buffer, length))
LAZY_FUNCTION(http_encryption_t, cupsEncryption, (void), ())
LAZY_FUNCTION(http_uri_status_t, httpAssembleURI, (http_uri_coding_t encoding, char *uri, int urilen, const char *scheme, const char *username, const char *host, int port, const char *resource), (encoding, uri, urilen, scheme, username, host, port, resource))
LAZY_PROCEDURE(httpClose, (http_t *http), (http))
LAZY_FUNCTION(http_t *, httpConnect2, (const char *host, int port, http_addrlist_t *addrlist, int family, http_encryption_t encryption, int blocking, int msec, int *cancel), (host, port, addrlist, family, encryption, blocking, msec, cancel))
LAZY_FUNCTION(int, httpGetFd, (http_t *http), (http))
LAZY_FUNCTION(int, httpReconnect2, (http_t *http, int msec, int *cancel), (http, msec, cancel))
LAZY_FUNCTION(ipp_attribute_t *, ippAddInteger, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, int value), (ipp, group, value_tag, name, value))
LAZY_FUNCTION(ipp_attribute_t *, ippAddString, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, const char *language, const char *value), (ipp, group, value_tag, name, language, value))
LAZY_FUNCTION(ipp_attribute_t *, ippAddStrings, (ipp_t *ipp, ipp_tag_t group, ipp_tag_t value_tag, const char *name, int num_values, const char *language, const char * const *values), (ipp, group, value_tag, name, num_values, language, values))
LAZY_FUNCTION(size_t, ippAttributeString, (ipp_attribute_t *attr, char *buffer, size_t bufsize), (attr, buffer, bufsize))
LAZY_PROCEDURE(ippDelete, (ipp_t *ipp), (ipp))
LAZY_FUNCTION(const char *, ippErrorString, (ipp_status_t error), (error))
LAZY_FUNCTION(ipp_attribute_t *, ippFindAttribute, (ipp_t *ipp, const char *name, ipp_tag_t value_tag), (ipp, name, value_tag))
LAZY_FUNCTION(ipp_attribute_t *, ippFirstAttribute, (ipp_t *ipp), (ipp))
LAZY_FUNCTION(int, ippGetBoolean, (ipp_attribute_t *attr, int element), (attr, element))
LAZY_FUNCTION(int, ippGetCount, (ipp_attribute_t *attr), (attr))
LAZY_FUNCTION(ipp_tag_t, ippGetGroupTag, (ipp_attribute_t *attr), (attr))
LAZY_FUNCTION(int, ippGetInteger, (ipp_attribute_t *attr, int element), (attr, element))
LAZY_FUNCTION(const char *, ippGetName, (ipp_attribute_t *attr), (attr))
LAZY_FUNCTION(const char *, ippGetString, (ipp_attribute_t *attr, int element, const char **language), (attr, element, language))
LAZY_FUNCTION(ipp_tag_t, ippGetValueTag, (ipp_attribute_t *attr), (attr))
LAZY_FUNCTION(ipp_t *, ippNewRequest, (ipp_op_t op), (op))
LAZY_FUNCTION(ipp_attribute_t *, ippNextAttribute, (ipp_t *ipp), (ipp))
LAZY_FUNCTION(int, ippPort, (void), ())
