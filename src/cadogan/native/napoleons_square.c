/* Napoleon's Square (book rules, play phase): the rules for the native beam (beam.h).

   The same rules as the game's plain-value form (games/_napoleons_square_fast.py): the
   same spots, moves in the same order, safe moves, move order, score and kings' test
   (the tests compare them on random lines of play), some twenty times as fast.

   A position (a spot): twelve packets of card codes, bottom first (code = 16 x suit +
   rank, rank 1..13, so the card one higher in suit is code + 1); each suit's two
   foundation heights, the lower first; the talon's codes, bottom first; and the cards
   left in the pack, whose order (next card first) the beam holds.  A move is 32 x
   source + target, the source a packet (0..11) or the talon (12), the target a packet
   or 16 (a foundation of the card's suit); 32 x 31 turns the pack. */

#include "kernel.h"

#define NP 12
#define PKMAX 16 /* four dealt cards and a run of twelve married onto them at most */
#define TMAX 96
#define TALON_AT 12
#define HOME 16
#define DEAL_MOVE (32 * 31)
#define MAXMOVES 192
#define SEGMAX 120 /* moves from one layer position to a candidate, at most */
#define MAX_ROOTS 16
#define LOCK 3
#define SPACE 3
#define BURIED 1

#define FACTS_PER_SPOT (NP * PKMAX + TMAX)
#define FACT_WORDS (13 * 4096 / 64) /* 4096 x place + 64 x code + code under */
#define HOME_MAX 104

/* Nothing of the pack's: the kings' test reads the square alone. */
typedef struct {
    int unused;
} Context;

static void context_init(Context *c, const uint8_t *pack, int npack) {
    (void)pack;
    (void)npack;
    c->unused = 0;
}

typedef struct {
    uint8_t len[NP];
    uint8_t heights[8];
    uint8_t tlen;
    uint8_t left;
    uint8_t pad[2];
    uint8_t pk[NP][PKMAX];
    uint8_t talon[TMAX];
} Spot;

/* ------------------------------------------------------------------ the rules */

static int fits(const Spot *s, int code) {
    int below = (code & 15) - 1, at = 2 * (code >> 4);
    return s->heights[at] == below || s->heights[at + 1] == below;
}

static int top_of(const Spot *s, int i) { return s->len[i] ? s->pk[i][s->len[i] - 1] : -1; }

/* The legal moves, in the order of the plain-value form's `moves`; `pack_out_rule`
   aside (see settle), exactly its list. */
static int list_moves(const Spot *s, int *out) {
    int tops[NP], n = 0;
    uint16_t at[64] = {0}; /* per code, the packets it tops (a bit each) */
    uint16_t spaces = 0;
    for (int i = 0; i < NP; i++) {
        tops[i] = top_of(s, i);
        if (tops[i] < 0) {
            spaces |= (uint16_t)(1 << i);
            continue;
        }
        at[tops[i]] |= (uint16_t)(1 << i);
        if (fits(s, tops[i])) out[n++] = 32 * i + HOME;
    }
    int ttop = s->tlen ? s->talon[s->tlen - 1] : -1;
    if (ttop >= 0 && fits(s, ttop)) out[n++] = 32 * TALON_AT + HOME;
    for (int i = 0; i < NP; i++) {
        if (tops[i] < 0) continue;
        for (unsigned m = at[tops[i] + 1]; m; m &= m - 1) out[n++] = 32 * i + __builtin_ctz(m);
    }
    if (ttop >= 0) {
        for (unsigned m = at[ttop + 1] | spaces; m; m &= m - 1)
            out[n++] = 32 * TALON_AT + __builtin_ctz(m);
    }
    if (s->left) out[n++] = DEAL_MOVE;
    return n;
}

static void play(const Spot *s, int move, const uint8_t *pack, int npack, Spot *out) {
    *out = *s;
    if (move == DEAL_MOVE) {
        out->talon[out->tlen++] = pack[npack - s->left];
        out->left--;
        return;
    }
    int src = move >> 5, dst = move & 31, code;
    if (src == TALON_AT) {
        code = out->talon[--out->tlen];
        out->talon[out->tlen] = 0; /* piles keep zeros past their top (hash_words) */
    } else {
        code = out->pk[src][--out->len[src]];
        out->pk[src][out->len[src]] = 0;
    }
    if (dst == HOME) {
        raise_pair(&out->heights[2 * (code >> 4)], code & 15);
    } else {
        out->pk[dst][out->len[dst]++] = (uint8_t)code;
    }
}

static int won(const Spot *s) {
    if (s->left || s->tlen) return 0;
    for (int i = 0; i < NP; i++)
        if (s->len[i]) return 0;
    return 1;
}

static int may_leave(int code, uint64_t square, uint64_t tops) {
    int lower = code - 1;
    if (((tops | square) >> lower) & 1) return 1;
    return (code & 15) < 13 && ((square >> (code + 1)) & 1);
}

/* The talon's top can be neither played, nor married, nor put into a space before
   the next deal (the proof is _napoleons_square_solve._talon_idle's). */
static int talon_idle(const Spot *s) {
    if (!s->tlen) return 1;
    int top = s->talon[s->tlen - 1];
    if ((top & 15) == 1) return 0;
    uint64_t square = 0, tops = 0;
    for (int i = 0; i < NP; i++)
        for (int k = 0; k < s->len[i]; k++) square |= (uint64_t)1 << s->pk[i][k];
    for (int k = 0; k < 8; k++)
        if (s->heights[k]) tops |= (uint64_t)1 << (16 * (k >> 1) + s->heights[k]);
    if (may_leave(top, square, tops)) return 0;
    for (int i = 0; i < NP; i++) {
        if (!s->len[i]) return 0;
        int bottom = s->pk[i][0];
        if ((bottom & 15) == 1 || may_leave(bottom, square, tops)) return 0;
    }
    return 1;
}

/* The game's safe move, or -1 (the proofs are in _napoleons_square_solve). */
static int safe_move(const Spot *s, const int *legal, int n) {
    for (int k = 0; k < n; k++) {
        int move = legal[k];
        if ((move & 31) != HOME) break;
        int src = move >> 5;
        int code = src == TALON_AT ? s->talon[s->tlen - 1] : s->pk[src][s->len[src] - 1];
        int suit = code >> 4, rank = code & 15;
        int low = s->heights[2 * suit] < s->heights[2 * suit + 1] ? s->heights[2 * suit]
                                                                  : s->heights[2 * suit + 1];
        if (rank == 1 || low >= rank - 1) return move;
    }
    if (n && legal[n - 1] == DEAL_MOVE && talon_idle(s)) return DEAL_MOVE;
    return -1;
}

static int order_rank(const Spot *s, int move) {
    if (move == DEAL_MOVE) return 6;
    int src = move >> 5, dst = move & 31;
    if (dst == HOME) return 0;
    if (src == TALON_AT) return s->len[dst] ? 2 : 4;
    int n = s->len[src];
    if (n == 1) return 1;
    if (s->pk[src][n - 2] == s->pk[src][n - 1] + 1) return 7;
    return 3;
}

/* The game's move order, stably (an insertion sort: the lists are short). */
static void order_moves(const Spot *s, int *moves, int n) {
    int ranks[MAXMOVES];
    for (int k = 0; k < n; k++) ranks[k] = order_rank(s, moves[k]);
    sort_by_rank(moves, ranks, n);
}

static int count_locks(const uint8_t *cards, int n) {
    int lowest[4] = {99, 99, 99, 99}, count = 0;
    for (int k = 0; k < n; k++) {
        int suit = cards[k] >> 4, rank = cards[k] & 15;
        if (rank > lowest[suit])
            count++;
        else if (rank < lowest[suit])
            lowest[suit] = rank;
    }
    return count;
}

/* The game's score (_napoleons_square_solve.score). */
static int score(const Spot *s) {
    int home = 0, spaces = 0, buried = 0;
    for (int k = 0; k < 8; k++) home += s->heights[k];
    for (int i = 0; i < NP; i++) {
        if (s->len[i])
            buried += count_locks(s->pk[i], s->len[i]);
        else
            spaces++;
    }
    if (!s->left) spaces = 0;
    return 4 * home - 2 * s->tlen - LOCK * count_locks(s->talon, s->tlen) + SPACE * spaces -
           BURIED * buried;
}

/* The kings' test, the beam's cheap proof of loss (_napoleons_square_dead.kings_dead; the proofs are there): two
   blocking kings of one suit; a blocking king whose twin is home; or a blocking king
   with both copies of some card of its suit beneath it. */
static int doomed(const Spot *s, const Context *context) {
    (void)context;
    int suits[2 * NP], nfound = 0;
    int doubled = 0;
    for (int i = 0; i < NP; i++) {
        for (int at = 0; at < s->len[i]; at++) {
            int code = s->pk[i][at];
            if ((code & 15) != 13) continue;
            int suit = code >> 4, seen[14] = {0}, lower = 0;
            for (int k = 0; k < at; k++) {
                int c = s->pk[i][k];
                if (c >> 4 == suit && (c & 15) != 13) {
                    lower = 1;
                    if (++seen[c & 15] == 2) doubled = 1;
                }
            }
            if (lower) {
                if (doubled) return 1;
                if (s->heights[2 * suit] == 13 || s->heights[2 * suit + 1] == 13) return 1;
                suits[nfound++] = suit;
            }
        }
    }
    for (int a = 0; a < nfound; a++)
        for (int b = a + 1; b < nfound; b++)
            if (suits[a] == suits[b]) return 1;
    return 0;
}

/* The game's key, hashed: packets as a multiset (a sum of their hashes), the talon,
   the foundations' heights and the cards left. */
static uint64_t spot_key(const Spot *s) {
    uint64_t h = 0;
    for (int i = 0; i < NP; i++) h += hash_words(s->pk[i], PKMAX, 0x51);
    uint64_t f = 0;
    for (int k = 0; k < 8; k++) f = (f << 8) | s->heights[k];
    h ^= mix(f ^ ((uint64_t)s->left << 60));
    h = mix(h) ^ hash_words(s->talon, (s->tlen + 7) & ~7, 0x7a);
    return h ? h : 1;
}

/* The game's key in full (the fast form's `key`, for the exhaustive search): the
   cards left and the heights, then the talon and the packets in sorted order, each
   closed by a 0 (no card's code is 0).  At most 1 + 8 + 104 + 13 bytes. */
static int spot_bytes(const Spot *s, uint8_t *out) {
    int n = 0;
    out[n++] = s->left;
    n = put_heights_talon(s->heights, s->talon, s->tlen, out, n);
    return put_sorted_piles(&s->pk[0][0], s->len, PKMAX, 0, NP, out, n);
}

/* The game's facts (_napoleons_square_fast.Spots.facts): each card of the packets
   and the talon with its pile and the card under it (0 under a bottom card). */
static int facts(const Spot *s, uint32_t *out) {
    int n = 0;
    for (int place = 0; place < NP; place++)
        n = pile_code_facts(out, n, 4096u * (uint32_t)place, s->pk[place], s->len[place]);
    return pile_code_facts(out, n, 4096u * NP, s->talon, s->tlen);
}

static int home_of(const Spot *s) {
    int sum = 0;
    for (int k = 0; k < 8; k++) sum += s->heights[k];
    return sum;
}

/* Whether a lone legal move is played without a choice.  Once the pack is out a lone
   square-to-square move is not: shifting a card between twins could go on for ever
   (the game lists no move there when no line of them leads anywhere). */
static int forced_ok(const Spot *s, int move) {
    return s->left || (move >> 5) == TALON_AT || (move & 31) == HOME;
}

/* Whether a byte is one of this game's card codes. */
static int valid_code(int code) {
    return code >= 1 && code < 64 && (code & 15) >= 1 && (code & 15) <= 13;
}

/* Whether a loaded position holds only card codes and heights of this game. */
static int valid_spot(const Spot *s) {
    for (int i = 0; i < NP; i++)
        for (int k = 0; k < s->len[i]; k++)
            if (!valid_code(s->pk[i][k])) return 0;
    for (int k = 0; k < s->tlen; k++)
        if (!valid_code(s->talon[k])) return 0;
    for (int k = 0; k < 8; k++)
        if (s->heights[k] > 13) return 0;
    return 1;
}

/* A position from the packets (12 x PKMAX codes with their lengths), the heights and
   the talon; -1 when it does not fit. */
static int load_spot(Spot *s, const uint8_t *lens, const uint8_t *cards,
                     const uint8_t *heights, const uint8_t *talon, int tlen, int left,
                     int extra) {
    (void)extra;
    /* Every card dealt from here on may land on the talon: keep room for them all. */
    if (tlen < 0 || left < 0 || tlen + left > TMAX) return -1;
    memset(s, 0, sizeof(Spot));
    if (load_piles(&s->pk[0][0], s->len, PKMAX, lens, cards) < 0) return -1;
    memcpy(s->heights, heights, 8);
    memcpy(s->talon, talon, tlen);
    s->tlen = (uint8_t)tlen;
    s->left = (uint8_t)left;
    return valid_spot(s) ? 0 : -1;
}


/* ------------------------------------------------- the talon's test (exhaust.h) */

/* The talon's test, which counts spaces (_napoleons_square_space.space_dead_codes;
   the proof is there): a world of what can ever happen while some cards never move,
   continued as the talon's cards, from the top down, and then the pack's are let go.
   The exhaustive search runs it once at most LATE cards are left in the pack, as the
   game's `dead` does. */
#define LATE 12
#define WCARDS 104
enum { W_SQUARE = 0, W_TALON = 1, W_PACK = 2 };

typedef struct {
    int n, talon_at, pack_at; /* the talon's cards from talon_at, the pack's from pack_at */
    uint8_t codes[WCARDS], where[WCARDS];
    int8_t below[WCARDS], stack_of[WCARDS];
    int8_t copy1[64], copy2[64];
    int hi[4], low[4], high[4];
    uint8_t free_[WCARDS], played[WCARDS], top[WCARDS], leave[WCARDS], frozen[WCARDS],
        queued[WCARDS];
    int empty;
    int work[WCARDS], nwork;
    int pstart[NP], psize[NP]; /* each packet's first card number and size */
} World;

static void w_touch(World *w, int i) {
    if (!w->queued[i]) {
        w->queued[i] = 1;
        w->work[w->nwork++] = i;
    }
}

static void w_touch_code(World *w, int code) {
    if (code < 0 || code >= 64) return;
    if (w->copy1[code] >= 0) w_touch(w, w->copy1[code]);
    if (w->copy2[code] >= 0) w_touch(w, w->copy2[code]);
}

static int w_onto(const World *w, int i, int z) {
    if (z < 0 || !w->top[z]) return 0;
    return w->where[i] == W_PACK || w->stack_of[z] != w->stack_of[i] || z > i;
}

static int w_playable(const World *w, int code) {
    int suit = code >> 4, rank = code & 15;
    return (rank <= w->hi[suit] ? w->low[suit] : w->high[suit]) >= rank - 1;
}

static int w_marries(const World *w, int i) {
    int code = w->codes[i];
    if ((code & 15) == 13) return 0;
    return w_onto(w, i, w->copy1[code + 1]) || w_onto(w, i, w->copy2[code + 1]);
}

/* How many copies of the card one higher than `code` can be a top (_World.supply). */
static int w_supply(const World *w, int code) {
    if ((code & 15) == 13 || code + 1 >= 64) return 0; /* nothing above a king */
    int a = w->copy1[code + 1], b = w->copy2[code + 1];
    return (a >= 0 && w->top[a]) + (b >= 0 && w->top[b]);
}

static int w_stays(const World *w, int i) {
    int code = w->codes[i];
    return !w_playable(w, code) && !w_supply(w, code);
}

static int w_played_code(const World *w, int code) {
    int a = w->copy1[code], b = w->copy2[code];
    return (a >= 0 && w->played[a]) || (b >= 0 && w->played[b]);
}

static void w_raise(World *w, int code) {
    int suit = code >> 4, rank = code & 15, base = 16 * suit;
    if (rank != w->low[suit] + 1 && rank != w->high[suit] + 1) return;
    int old = w->low[suit];
    while (w->low[suit] < w->hi[suit] && w_played_code(w, base + w->low[suit] + 1))
        w->low[suit]++;
    int upto = w->low[suit] + 1 < w->hi[suit] ? w->low[suit] + 1 : w->hi[suit];
    for (int r = old + 2; r <= upto; r++) w_touch_code(w, base + r);
    old = w->high[suit];
    while (w->high[suit] < 13 && w_played_code(w, base + w->high[suit] + 1)) w->high[suit]++;
    upto = w->high[suit] + 1 < 13 ? w->high[suit] + 1 : 13;
    for (int r = old + 2; r <= upto; r++) w_touch_code(w, base + r);
}

static void w_left(World *w, int i) {
    if (w->where[i] == W_PACK) return;
    int beneath = w->below[i];
    if (beneath >= 0) {
        w->free_[beneath] = 1;
        w_touch(w, beneath);
    } else if (w->where[i] == W_SQUARE) {
        if (++w->empty == 1)
            for (int x = 0; x < w->n; x++)
                if (w->where[x] != W_SQUARE) w_touch(w, x);
    }
}

static void w_run(World *w) {
    while (w->nwork) {
        int i = w->work[--w->nwork];
        w->queued[i] = 0;
        if (w->frozen[i] || !w->free_[i]) continue;
        int space = w->empty > 0, code = w->codes[i];
        if (!w->played[i] && w_playable(w, code)) {
            w->played[i] = 1;
            w_raise(w, code);
        }
        if (!w->top[i] && (w->where[i] == W_SQUARE || space || w_marries(w, i))) {
            w->top[i] = 1;
            w_touch_code(w, code - 1);
        }
        if (!w->leave[i] && (w->played[i] || (w->where[i] != W_SQUARE && space) ||
                             w_marries(w, i))) {
            w->leave[i] = 1;
            w_left(w, i);
        }
    }
}

static void w_init(World *w, const Spot *s, const uint8_t *next, int nnext) {
    memset(w, 0, sizeof(World));
    memset(w->copy1, -1, sizeof(w->copy1));
    memset(w->copy2, -1, sizeof(w->copy2));
    int n = 0, tops[NP + 1], ntops = 0;
    for (int place = 0; place <= NP; place++) {
        const uint8_t *cards = place < NP ? s->pk[place] : s->talon;
        int size = place < NP ? s->len[place] : s->tlen;
        if (place == NP) w->talon_at = n;
        if (place < NP) {
            w->pstart[place] = n;
            w->psize[place] = size;
        }
        for (int k = 0; k < size; k++) {
            w->codes[n] = cards[k];
            w->below[n] = (int8_t)(k ? n - 1 : -1);
            w->stack_of[n] = (int8_t)place;
            w->where[n] = place < NP ? W_SQUARE : W_TALON;
            n++;
        }
        if (size) tops[ntops++] = n - 1;
        if (place < NP && !size) w->empty++;
    }
    w->pack_at = n;
    for (int k = 0; k < nnext; k++, n++) {
        w->codes[n] = next[k];
        w->below[n] = -1;
        w->stack_of[n] = -1;
        w->where[n] = W_PACK;
        w->free_[n] = 1; /* a turned card is the talon's top */
    }
    w->n = n;
    for (int i = 0; i < n; i++) {
        int code = w->codes[i];
        if (w->copy1[code] < 0)
            w->copy1[code] = (int8_t)i;
        else
            w->copy2[code] = (int8_t)i;
        w->frozen[i] = i >= w->talon_at;
    }
    for (int suit = 0; suit < 4; suit++) {
        int a = s->heights[2 * suit], b = s->heights[2 * suit + 1];
        w->hi[suit] = w->high[suit] = a > b ? a : b;
        w->low[suit] = a < b ? a : b;
    }
    for (int k = 0; k < ntops; k++) {
        w->free_[tops[k]] = 1;
        w_touch(w, tops[k]);
    }
}

static void w_unfreeze(World *w, int i) {
    w->frozen[i] = 0;
    w_touch(w, i);
}

/* Conditions A and B for one talon card (_napoleons_square_space._leaves). */
static int w_leaves(World *w, int card, int *parked, int *nparked) {
    w_run(w);
    int kept = 0;
    for (int k = 0; k < *nparked; k++)
        if (w_stays(w, parked[k])) parked[kept++] = parked[k];
    *nparked = kept;
    if (!w->free_[card]) return 0;
    if (w_playable(w, w->codes[card]) || w_marries(w, card)) return 1;
    if (*nparked + 1 <= w->empty) {
        parked[(*nparked)++] = card;
        return 1;
    }
    return 0;
}

static int w_over(int demand, int have) { return demand > have ? demand - have : 0; }

/* Whether the stuck cards can all lie on supports or bases just after talon card
   `card` leaves, in world `w` (W_j), the talon cards above it and the pack cards
   turned being `above[0..nabove)` (_napoleons_square_supports.supports_fit; the proof
   is there). */
static int w_supports_fit(const World *w, const int *above, int nabove, int card) {
    int demand[64] = {0}, supply[64];
    for (int k = 0; k < nabove; k++)
        if (!w->played[above[k]]) demand[w->codes[above[k]]]++;
    if (!w_playable(w, w->codes[card])) demand[w->codes[card]]++;
    int need = 0, bases = 0, nopt = 0;
    for (int c = 0; c < 64; c++) {
        supply[c] = w_supply(w, c);
        need += w_over(demand[c], supply[c]);
    }
    int options[NP]; /* the emptiable packets holding stuck cards */
    for (int p = 0; p < NP; p++) {
        int start = w->pstart[p], size = w->psize[p], stuck = 0;
        if (size && !w->leave[start]) continue;
        for (int i = start; i < start + size; i++) stuck += !w->played[i];
        if (stuck)
            options[nopt++] = p;
        else
            bases++;
    }
    if (need <= bases) return 1;
    for (unsigned mask = 1; mask < (1u << nopt); mask++) {
        int chosen = __builtin_popcount(mask);
        if (need > bases + chosen) continue; /* a chosen packet only adds demand */
        int extra[64] = {0}, total = need, ok = 1;
        for (int k = 0; k < nopt; k++) {
            if (!(mask >> k & 1)) continue;
            int start = w->pstart[options[k]], size = w->psize[options[k]];
            for (int i = start; i < start + size; i++)
                if (!w->played[i]) extra[w->codes[i]]++;
        }
        for (int c = 0; c < 64 && ok; c++) {
            if (!extra[c]) continue;
            if (extra[c] > supply[c]) ok = 0;
            total += w_over(demand[c] + extra[c], supply[c]) - w_over(demand[c], supply[c]);
        }
        if (ok && total <= bases + chosen) return 1;
    }
    return 0;
}

/* The world where the whole talon is frozen and every pack card may move (W_1 of the
   count of supports, _napoleons_square_space._wide), numbered as the test's world. */
static void w_init_wide(World *w, const Spot *s, const uint8_t *next, int nnext) {
    w_init(w, s, next, nnext);
    for (int k = 0; k < nnext; k++) w_unfreeze(w, w->pack_at + k);
}

/* The talon's test on a position whose pack holds `nnext` cards, `next` the next to
   turn first; with `supports` set it also counts supports at each step (dead rule 5,
   thorough proofs only), in the world where every pack card may move: the test's own
   once the pack is out, else a second one walked down the talon beside it. */
static int space_dead(const Spot *s, const uint8_t *next, int nnext, int supports) {
    World w, wide, *count = &w;
    w_init(&w, s, next, nnext);
    if (supports && nnext) {
        w_init_wide(&wide, s, next, nnext);
        count = &wide;
    }
    /* above: the talon cards passed, then (for the count) the pack cards turned */
    int parked[WCARDS], nparked = 0, turned = 0, above[WCARDS], nabove = 0;
    for (int card = w.pack_at - 1; card >= w.talon_at; card--) {
        while (!w_leaves(&w, card, parked, &nparked)) {
            if (turned == nnext) return 1;
            w_unfreeze(&w, w.pack_at + turned);
            parked[nparked++] = w.pack_at + turned;
            turned++;
        }
        if (supports) {
            for (int k = 0; k < turned; k++) above[nabove + k] = w.pack_at + k;
            w_run(count);
            if (!w_supports_fit(count, above, nabove + turned, card)) return 1;
            if (count != &w) w_unfreeze(count, card);
        }
        above[nabove++] = card;
        w_unfreeze(&w, card);
    }
    for (int k = turned; k < nnext; k++) w_unfreeze(&w, w.pack_at + k);
    w_run(&w);
    for (int i = 0; i < w.n; i++)
        if (!w.played[i]) return 1;
    return 0;
}

/* The proofs of loss the exhaustive search adds to `doomed`: the talon's test, late;
   when `thorough`, with the count of supports too.  The count proves many endgames
   lost on entry, but it doubles the cost of the test, so only a long solve's search
   asks it (exhaust.h, exhaust_thorough). */
static int late_dead(const Spot *s, const uint8_t *pack, int npack, int thorough) {
    return s->left <= LATE && space_dead(s, pack + npack - s->left, s->left, thorough);
}
#define HAS_LATE_DEAD 1

#include "beam.h"
#include "exhaust.h"
