#ifndef IBOOK_CSHA256_H
#define IBOOK_CSHA256_H
/* SHA-256 (FIPS 180-4), the one implementation of it in ibook: on the x86 SHA extensions (SHA-NI)
   where the processor has them, which `add` uses to hash each book before handing it to a worker
   (some 1.5 GB/s where portable code makes about 0.3), in portable C elsewhere. BookLibrary's
   SHA256 and the reflow engine both hash through it. */
#include <stddef.h>
#include <stdint.h>

/* Linked into each binary and into libibook-reflow.so, which exports only its reflow_* functions. */
#pragma GCC visibility push(hidden)

/* 1 when this processor has the SHA extensions (and SSSE3 and SSE4.1, which the code also uses). */
int ibook_sha256_hardware(void);
/* A whole SHA-256: start, add bytes in any pieces, end. */
typedef struct {
    uint32_t state[8];
    uint8_t pending[64];
    size_t pending_count;
    uint64_t length;
    int hardware;
} ibook_sha256;
/* On the extensions where the processor has them. */
void ibook_sha256_start(ibook_sha256 *hash);
/* `hardware` 0: the portable code even where the extensions are (to compare the two). */
void ibook_sha256_start_with(ibook_sha256 *hash, int hardware);
void ibook_sha256_add(ibook_sha256 *hash, const uint8_t *bytes, size_t count);
void ibook_sha256_end(ibook_sha256 *hash, uint8_t digest[32]);

#pragma GCC visibility pop

#endif
