#ifndef IBOOK_CSHA256_H
#define IBOOK_CSHA256_H
/* SHA-256's compression function on the x86 SHA extensions (SHA-NI), which `add` uses to hash each
   book before handing it to a worker: some 1.5 GB/s where BookLibrary's portable Swift makes about
   0.25. BookLibrary's SHA256 asks first whether the processor has them, and hashes in Swift when not. */
#include <stddef.h>
#include <stdint.h>

/* Linked into each binary and into libibook-reflow.so, which exports only its reflow_* functions. */
#pragma GCC visibility push(hidden)

/* 1 when this processor has the SHA extensions (and SSSE3 and SSE4.1, which the code also uses). */
int ibook_sha256_hardware(void);
/* `blocks` 64-byte blocks at `data` compressed into `state` (the eight words, A to H). Only when
   ibook_sha256_hardware() said 1. */
void ibook_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/* A whole SHA-256 on those blocks: start, add bytes in any pieces, end. Only when
   ibook_sha256_hardware() said 1 (the reflow engine hashes a book with MuPDF's otherwise). */
typedef struct {
    uint32_t state[8];
    uint8_t pending[64];
    size_t pending_count;
    uint64_t length;
} ibook_sha256;
void ibook_sha256_start(ibook_sha256 *hash);
void ibook_sha256_add(ibook_sha256 *hash, const uint8_t *bytes, size_t count);
void ibook_sha256_end(ibook_sha256 *hash, uint8_t digest[32]);

#pragma GCC visibility pop

#endif
