/* What every native kernel shares: the C library, a 64-bit mixer and a pile hash.
   A kernel file includes this first, defines its game (see beam.h for what the beam
   needs of it), then includes beam.h. */

#ifndef CADOGAN_KERNEL_H
#define CADOGAN_KERNEL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { ONGOING = 0, WON = 1, LOST = 2 };

/* SplitMix64's finaliser: every bit of x reaches every bit of the result. */
static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* A hash of n zero-padded bytes read as 64-bit words (n a multiple of 8): every pile
   of a kernel's positions keeps zeros past its top card, and no card's code is 0, so
   the words alone say where a pile ends. */
static uint64_t hash_words(const uint8_t *p, int n, uint64_t seed) {
    uint64_t h = seed;
    for (int k = 0; k < n; k += 8) {
        uint64_t w;
        memcpy(&w, p + k, 8);
        h = mix(h ^ w);
    }
    return h;
}

#endif
