#include "CSHA256.h"

#include <string.h>

/* FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};


#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

static int has_extensions(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

/* Asked once: cpuid traps to the hypervisor in some virtual machines. A race only asks twice. */
int ibook_sha256_hardware(void) {
    static int known = -1;
    if (known < 0) known = has_extensions();
    return known;
}


/* The instructions work on the state as two registers, ABEF and CDGH, and take two rounds at a time
   (sha256rnds2) with the message words and constants of four rounds added in one register; the
   message schedule is made four words at a time by sha256msg1 and sha256msg2 (Intel's SHA
   extensions paper, "New Instructions Supporting the Secure Hash Algorithm on Intel Architecture
   Processors", 2013). */
__attribute__((target("sha,ssse3,sse4.1")))
static void blocks_hardware(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i order = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(cdab, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
    for (size_t block = 0; block < blocks; block++, data += 64) {
        const __m128i abef_before = abef, cdgh_before = cdgh;
        __m128i m[4];
        for (int group = 0; group < 16; group++) {
            __m128i *now = &m[group & 3], *next = &m[(group + 1) & 3], *previous = &m[(group + 3) & 3];
            if (group < 4) *now = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), order);
            __m128i message = _mm_add_epi32(*now, _mm_loadu_si128((const __m128i *)&k[4 * group]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            if (group >= 3 && group <= 14) {
                *next = _mm_add_epi32(*next, _mm_alignr_epi8(*now, *previous, 4));
                *next = _mm_sha256msg2_epu32(*next, *now);
            }
            message = _mm_shuffle_epi32(message, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, message);
            if (group >= 1 && group <= 12) *previous = _mm_sha256msg1_epu32(*previous, *now);
        }
        abef = _mm_add_epi32(abef, abef_before);
        cdgh = _mm_add_epi32(cdgh, cdgh_before);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

#else

int ibook_sha256_hardware(void) { return 0; }
static void blocks_hardware(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

#endif

static inline uint32_t rotate(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/* FIPS 180-4 §6.2.2, for processors without the extensions. */
static void blocks_portable(uint32_t state[8], const uint8_t *data, size_t blocks) {
    uint32_t w[64];
    for (size_t block = 0; block < blocks; block++, data += 64) {
        for (int i = 0; i < 16; i++) {
            w[i] = (uint32_t)data[4 * i] << 24 | (uint32_t)data[4 * i + 1] << 16 | (uint32_t)data[4 * i + 2] << 8 | data[4 * i + 3];
        }
        for (int i = 16; i < 64; i++) {
            uint32_t sigma0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3);
            uint32_t sigma1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + sigma0 + w[i - 7] + sigma1;
        }
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; i++) {
            uint32_t t1 = h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i];
            uint32_t t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            h = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

static void compress(ibook_sha256 *hash, const uint8_t *data, size_t blocks) {
    if (hash->hardware) blocks_hardware(hash->state, data, blocks); else blocks_portable(hash->state, data, blocks);
}

void ibook_sha256_start(ibook_sha256 *hash) { ibook_sha256_start_with(hash, ibook_sha256_hardware()); }

void ibook_sha256_start_with(ibook_sha256 *hash, int hardware) {
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(hash->state, initial, sizeof initial);
    hash->pending_count = 0;
    hash->length = 0;
    hash->hardware = hardware && ibook_sha256_hardware();
}

void ibook_sha256_add(ibook_sha256 *hash, const uint8_t *bytes, size_t count) {
    hash->length += count;
    if (hash->pending_count > 0) {
        size_t take = 64 - hash->pending_count < count ? 64 - hash->pending_count : count;
        memcpy(hash->pending + hash->pending_count, bytes, take);
        hash->pending_count += take;
        bytes += take;
        count -= take;
        if (hash->pending_count < 64) return;
        compress(hash, hash->pending, 1);
        hash->pending_count = 0;
    }
    if (count >= 64) {
        compress(hash, bytes, count / 64);
        bytes += count / 64 * 64;
        count %= 64;
    }
    memcpy(hash->pending, bytes, count);
    hash->pending_count = count;
}

void ibook_sha256_end(ibook_sha256 *hash, uint8_t digest[32]) {
    uint64_t bits = hash->length * 8;
    uint8_t tail[72] = {0x80};
    size_t padding = (55 - hash->pending_count % 64 + 64) % 64 + 1;
    for (int i = 0; i < 8; i++) tail[padding + i] = (uint8_t)(bits >> (56 - 8 * i));
    ibook_sha256_add(hash, tail, padding + 8);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(hash->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(hash->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(hash->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)hash->state[i];
    }
}
