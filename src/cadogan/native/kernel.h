/* What every native kernel shares: the C library, a 64-bit mixer and a pile hash.
   A kernel file includes this first, defines its game (see beam.h for what the beam
   needs of it), then includes beam.h. */

#ifndef CADOGAN_KERNEL_H
#define CADOGAN_KERNEL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { ONGOING = 0, WON = 1, LOST = 2 };

#define PACK_MAX 128 /* room for a deal's pack */

/* The novelty's facts of one pile (core/facts.code_facts): each of its `size` cards,
   bottom first, as `at + 64 x code + code under` (0 under a bottom card), `at` being
   4096 x the pile's place; written into out from n on, the new count returned. */
static int pile_code_facts(uint32_t *out, int n, uint32_t at, const uint8_t *cards, int size) {
    uint32_t under = at;
    for (int k = 0; k < size; k++) {
        out[n++] = under + 64u * cards[k];
        under = at + cards[k];
    }
    return n;
}

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

/* Sorts `moves` by `ranks` (lower first), stably: an insertion sort, since a
   position's moves are few. */
static void sort_by_rank(int *moves, int *ranks, int n) {
    for (int k = 1; k < n; k++) {
        int m = moves[k], r = ranks[k], j = k - 1;
        while (j >= 0 && ranks[j] > r) {
            moves[j + 1] = moves[j];
            ranks[j + 1] = ranks[j];
            j--;
        }
        moves[j + 1] = m;
        ranks[j + 1] = r;
    }
}

/* A suit's two foundation heights (the lower first) after a card of building index
   `index` goes onto the lower of the two that it fits (core/fast.py's raised). */
static void raise_pair(uint8_t *pair, int index) {
    uint8_t lo = pair[0], hi = pair[1];
    if (lo == index - 1)
        lo = (uint8_t)index;
    else
        hi = (uint8_t)index;
    pair[0] = lo < hi ? lo : hi;
    pair[1] = lo < hi ? hi : lo;
}

/* Twelve piles of at most `room` cards each, from their lengths and their cards
   (`room` bytes a pile), into `piles` and `lens`; -1 when one does not fit.  The
   caller has zeroed them: piles keep zeros past their tops (hash_words). */
static int load_piles(uint8_t *piles, uint8_t *lens, int room, const uint8_t *from_lens,
                      const uint8_t *from_cards) {
    for (int i = 0; i < 12; i++) {
        if (from_lens[i] > room) return -1;
        lens[i] = from_lens[i];
        memcpy(piles + room * i, from_cards + room * i, from_lens[i]);
    }
    return 0;
}

/* For a key written out in full (exhaust.h's spot_bytes): piles first..first+count-1
   (each `room` bytes, zero past its top, `lens` their lengths) in sorted order, each
   closed by a 0, written at out + n; the new length.  No card's code is 0, so the
   zeros say where each pile ends and sorted piles are a multiset's one form. */
static int put_sorted_piles(const uint8_t *piles, const uint8_t *lens, int room, int first,
                            int count, uint8_t *out, int n) {
    int order[12];
    for (int k = 0; k < count; k++) {
        int j = k;
        while (j > 0 && memcmp(piles + room * order[j - 1], piles + room * (first + k), room) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = first + k;
    }
    for (int k = 0; k < count; k++) {
        memcpy(out + n, piles + room * order[k], lens[order[k]]);
        n += lens[order[k]];
        out[n++] = 0;
    }
    return n;
}

/* The heights (8 bytes) and the talon closed by a 0, written at out + n (for
   spot_bytes); the new length. */
static int put_heights_talon(const uint8_t *heights, const uint8_t *talon, int tlen,
                             uint8_t *out, int n) {
    memcpy(out + n, heights, 8);
    memcpy(out + n + 8, talon, tlen);
    out[n + 8 + tlen] = 0;
    return n + 9 + tlen;
}

#endif
