#ifndef IBOOK_CSHA256_H
#define IBOOK_CSHA256_H
/* SHA-256's compression function on the x86 SHA extensions (SHA-NI), which `add` uses to hash each
   book before handing it to a worker: some 1.5 GB/s where BookLibrary's portable Swift makes about
   0.25. BookLibrary's SHA256 asks first whether the processor has them, and hashes in Swift when not. */
#include <stddef.h>
#include <stdint.h>

/* 1 when this processor has the SHA extensions (and SSSE3 and SSE4.1, which the code also uses). */
int ibook_sha256_hardware(void);
/* `blocks` 64-byte blocks at `data` compressed into `state` (the eight words, A to H). Only when
   ibook_sha256_hardware() said 1. */
void ibook_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
