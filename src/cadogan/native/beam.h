/* The beam probe, for any game a kernel file defines (see kernel.h).

   Before including this file, the kernel defines:
   - `Spot`, a position, with the fields `left` (cards left in the pack), `tlen` and
     `talon[]` (the talon's card codes, below 64, bottom first);
   - MAXMOVES (the most legal moves a position can have), SEGMAX (the most moves kept
     from a layer position to a candidate), MAX_ROOTS;
   - FACTS_PER_SPOT, FACT_WORDS (64-bit words for the facts' numbers) and HOME_MAX
     (the most cards home), and facts and home_of, for novelty (a game that weighs
     none lists no facts);
   - valid_code (whether a byte is one of its card codes: all are below 64, none 0);
   - Context, what a deal's pack tells its tests once and for all, and
     context_init(Context *, pack, npack);
   - list_moves, play, won, safe_move, order_moves, score, doomed (a cheap proof of
     loss, given the Context), spot_key (a hash of the game's table key), forced_ok (whether a lone legal
     move may be played without a choice) and load_spot, as in napoleons_square.c.

   The beam: a layer of positions with the same number of cards left in the pack.
   From each, a small depth-first spread gathers up to SPREAD positions reachable
   without turning the pack; every position reached by a turn of the pack is a
   candidate for the next layer, which keeps the best `width` by score (less the
   blame on its talon's cards, plus noise on the noisy runs; with novelty, part of the
   layer goes to positions that show a fact no position taken before them showed).  When a layer dies out,
   the cards left on its talons take blame and the beam starts again from the roots
   with twice the width, up to the widest, after which each run adds seeded noise to
   the scores.  From each layer with at most ENDGAME_LEFT cards left in the pack a
   small depth-first search runs from the layer's best position (the endgame try).
   Everything is deterministic for a given seed.  A collision of two keys' hashes can
   only make the search skip a position; it can never make a line illegal. */

#ifndef CADOGAN_BEAM_H
#define CADOGAN_BEAM_H

#define SPREAD 64
#define ENDGAME_LEFT 24
#define ENDGAME_NODES 12
#define SETTLE_CAP 400
#define DEPTH_CAP 400
#define NOISE 3.0
#define DECAY 0.5
#define MAX_WIDTH (1 << 24) /* the widest beam a kernel accepts */
/* With novelty, the candidates a layer is chosen from: NOVEL_POOL times its width, the
   best by score (the Python beam chooses from all).  The novel positions that fill part
   of the layer rank below the best, often far below: a pool of twice the width, as it
   was, left most of them out.  The native beams alone, 10,000,000 positions a deal,
   Hemispheres deals 1-400: 338 won with twice the width, 347 with four times and 348
   with eight; Napoleon's Square deals 1-200: 134 with twice, 139 with four times
   (benchmarks/README.md, "A wider pool for the novel positions").  Four keeps a
   65,536-wide Hemispheres layer's pool under 150 MiB. */
#define NOVEL_POOL 4

typedef struct {
    uint64_t *slots;
    size_t cap, used;
} KeySet;

static int keyset_init(KeySet *k, size_t cap) {
    k->cap = cap;
    k->used = 0;
    k->slots = calloc(cap, sizeof(uint64_t));
    return k->slots != NULL;
}

static void keyset_clear(KeySet *k) {
    if (k->used) memset(k->slots, 0, k->cap * sizeof(uint64_t));
    k->used = 0;
}

static int keyset_grow(KeySet *k) {
    size_t cap = k->cap * 2;
    uint64_t *slots = calloc(cap, sizeof(uint64_t));
    if (!slots) return 0;
    for (size_t i = 0; i < k->cap; i++) {
        uint64_t v = k->slots[i];
        if (!v) continue;
        size_t at = v & (cap - 1);
        while (slots[at]) at = (at + 1) & (cap - 1);
        slots[at] = v;
    }
    free(k->slots);
    k->slots = slots;
    k->cap = cap;
    return 1;
}

#ifdef HAS_GRADE
/* With grades (exhaust.h says what a grade is), the beam's sets of positions met hold
   each position's table key with the lowest grade met so far, the grade in the top
   four bits of the word: a position met again with a grade no lower is skipped,
   since every line from it is a line from the one met before.  (A probe may skip
   any position; this only spares it the dominated ones.) */
#define GRADE_SHIFT 60
#define KEY_BITS ((1ULL << GRADE_SHIFT) - 1)

/* The word a spread keeps for `s`: its table key's hash and its grade. */
static uint64_t met_word(const Spot *s) {
    uint64_t key = spot_table_key(s) & KEY_BITS;
    return (key ? key : 1) | (uint64_t)spot_grade(s) << GRADE_SHIFT;
}

/* Adds a met word; 1 if its key was new or came with a lower grade, else 0. */
static int met_add(KeySet *k, uint64_t word) {
    if (2 * (k->used + 1) > k->cap && !keyset_grow(k)) return 0;
    size_t at = word & (k->cap - 1);
    while (k->slots[at]) {
        uint64_t old = k->slots[at];
        if ((old & KEY_BITS) == (word & KEY_BITS)) {
            if (old >> GRADE_SHIFT <= word >> GRADE_SHIFT) return 0;
            k->slots[at] = word;
            return 1;
        }
        at = (at + 1) & (k->cap - 1);
    }
    k->slots[at] = word;
    k->used++;
    return 1;
}
#else
/* Adds `key`; 1 if it was new, 0 if it was there already.  When memory runs out it
   answers 0 too: the search then skips the position, which a probe may always do. */
static int keyset_add(KeySet *k, uint64_t key) {
    if (2 * (k->used + 1) > k->cap && !keyset_grow(k)) return 0;
    size_t at = key & (k->cap - 1);
    while (k->slots[at]) {
        if (k->slots[at] == key) return 0;
        at = (at + 1) & (k->cap - 1);
    }
    k->slots[at] = key;
    k->used++;
    return 1;
}

static uint64_t met_word(const Spot *s) { return spot_key(s); }
static int met_add(KeySet *k, uint64_t word) { return keyset_add(k, word); }
#endif

/* ------------------------------------------------------------------ the beam */


typedef struct {
    Spot spot;
    int32_t line; /* its entry in the run's line store */
} Placed;

/* A candidate's place in the heap: its rank, and its slot in the pool. */
typedef struct {
    double score;
    uint64_t seq;
    int slot;
} Ranked;

typedef struct {
    int32_t parent; /* the line entry of the layer position it came from */
    uint16_t nmoves;
    uint16_t moves[SEGMAX];
    Spot spot;
} Candidate;

/* A position waiting in the spread, with the moves that reach it from the layer's. */
typedef struct {
    Spot spot;
    int nseg;
    uint16_t seg[SEGMAX];
} Pending;

typedef struct {
    Spot spot;
    int legal[MAXMOVES];
    int nlegal, next;
    uint16_t seg[SEGMAX];
    int nseg;
} Frame;

typedef struct {
    uint8_t pack[PACK_MAX];
    Context context;
    int npack;
    Spot roots[MAX_ROOTS];
    int nroots;
    double blame_weight, blame[64];
    uint64_t rng;
    int width, max_width;
    double noise;
    long long positions;
    int running; /* a run is under way */
    /* the layer being spread */
    Placed *layer;
    int nlayer, cur, layer_cap;
    Placed *last; /* the previous layer, for the blame when a run dies */
    int nlast, last_cap;
    /* candidates for the next layer: a pool and a heap of its indices, worst on top */
    Candidate *pool;
    Ranked *heap;
    int nheap, pool_cap;
    int keep; /* candidates kept for a layer: the width, NOVEL_POOL times it with novelty */
    double novelty; /* the share of a layer kept for novel positions */
    int *ranked; /* the kept candidates, best first */
    uint64_t *met; /* novelty: facts met in this layer, a bit set per count home */
    uint8_t touched[HOME_MAX + 1];
    uint64_t seq;
    KeySet seen;
    /* the run's line store: for each layer position, its parent and its moves */
    int32_t *lparent;
    uint32_t *loff;
    uint16_t *llen;
    int nlines, lines_cap;
    uint16_t *lmoves;
    size_t nlmoves, lmoves_cap;
    /* the endgame try */
    Frame *frames;
    int depth;
    long long endgame_stop;
    int32_t endgame_line;
    KeySet eseen;
    /* the spread's stack */
    Pending *stack;
    int stack_cap;
    int exhausted; /* no root leads anywhere: no run can ever find a win */
    /* the win */
    int found, root;
    uint16_t *win;
    int nwin;
} Beam;

static double next_random(Beam *b) {
    b->rng += 0x9e3779b97f4a7c15ULL;
    return (double)(mix(b->rng) >> 11) / 9007199254740992.0;
}

/* One step of settling a position (the beam's and the exhaustive search's): WON,
   LOST (no legal move), ONGOING (a choice to make; `legal` holds the moves), or
   SETTLE_PLAY with the safe or forced move to play in `*move`. */
#define SETTLE_PLAY 3
static int settle_step(const Spot *s, int *legal, int *nlegal, int *move) {
    if (won(s)) return WON;
    int n = list_moves(s, legal);
    *nlegal = n;
    if (!n) return LOST;
    *move = safe_move(s, legal, n);
    if (*move >= 0) return SETTLE_PLAY;
    if (n != 1) return ONGOING;
    *move = legal[0];
    return forced_ok(s, *move) ? SETTLE_PLAY : ONGOING;
}

/* Forced, safe and only moves; `seg` gets the moves played. */
static int settle(Beam *b, Spot *s, uint16_t *seg, int *nseg, int *legal, int *nlegal) {
    for (int step = 0; step < SETTLE_CAP; step++) {
        int move, result = settle_step(s, legal, nlegal, &move);
        if (result != SETTLE_PLAY) return result;
        if (*nseg >= SEGMAX) return LOST; /* a line too long to keep: drop it */
        Spot t;
        play(s, move, b->pack, b->npack, &t);
        *s = t;
        b->positions++;
        seg[(*nseg)++] = (uint16_t)move;
    }
    return LOST;
}

static int line_add(Beam *b, int32_t parent, const uint16_t *moves, int n) {
    if (b->nlines == b->lines_cap) {
        int cap = b->lines_cap ? 2 * b->lines_cap : 4096;
        int32_t *p = realloc(b->lparent, cap * sizeof(int32_t));
        if (!p) return -1;
        b->lparent = p;
        uint32_t *o = realloc(b->loff, cap * sizeof(uint32_t));
        if (!o) return -1;
        b->loff = o;
        uint16_t *l = realloc(b->llen, cap * sizeof(uint16_t));
        if (!l) return -1;
        b->llen = l;
        b->lines_cap = cap;
    }
    if (b->nlmoves + n > b->lmoves_cap) {
        size_t cap = b->lmoves_cap ? 2 * b->lmoves_cap : 65536;
        while (cap < b->nlmoves + n) cap *= 2;
        uint16_t *m = realloc(b->lmoves, cap * sizeof(uint16_t));
        if (!m) return -1;
        b->lmoves = m;
        b->lmoves_cap = cap;
    }
    b->lparent[b->nlines] = parent;
    b->loff[b->nlines] = (uint32_t)b->nlmoves;
    b->llen[b->nlines] = (uint16_t)n;
    if (n) memcpy(b->lmoves + b->nlmoves, moves, n * sizeof(uint16_t));
    b->nlmoves += n;
    return b->nlines++;
}

/* Records the win: the moves of line entry `entry` from its root, then `tail`. */
static void record_win(Beam *b, int32_t entry, const uint16_t *tail, int ntail) {
    int total = ntail;
    int32_t e = entry;
    while (e >= 0) {
        total += b->llen[e];
        if (b->lparent[e] < 0) break;
        e = b->lparent[e];
    }
    b->root = -1 - b->lparent[e];
    b->win = malloc((total + 1) * sizeof(uint16_t));
    if (!b->win) return;
    int at = total;
    if (ntail) memcpy(b->win + at - ntail, tail, ntail * sizeof(uint16_t));
    at -= ntail;
    e = entry;
    while (e >= 0) {
        at -= b->llen[e];
        if (b->llen[e])
            memcpy(b->win + at, b->lmoves + b->loff[e], b->llen[e] * sizeof(uint16_t));
        if (b->lparent[e] < 0) break;
        e = b->lparent[e];
    }
    b->nwin = total;
    b->found = 1;
}

static double blame_of(const Beam *b, const Spot *s) {
    if (b->blame_weight == 0.0) return 0.0;
    double sum = 0.0;
    for (int k = 0; k < s->tlen; k++) sum += b->blame[s->talon[k]];
    return b->blame_weight * sum;
}

/* Candidates are ranked by score, then by arrival (the earlier first): `worse(a, b)`
   is true when a ranks below b. */
static int worse(const Ranked *a, const Ranked *b) {
    if (a->score != b->score) return a->score < b->score;
    return a->seq > b->seq;
}

static void sift_down(Beam *b, int at) {
    Ranked *heap = b->heap;
    for (;;) {
        int l = 2 * at + 1, r = l + 1, w = at;
        if (l < b->nheap && worse(&heap[l], &heap[w])) w = l;
        if (r < b->nheap && worse(&heap[r], &heap[w])) w = r;
        if (w == at) return;
        Ranked t = heap[at];
        heap[at] = heap[w];
        heap[w] = t;
        at = w;
    }
}

static void sift_up(Beam *b, int at) {
    Ranked *heap = b->heap;
    while (at > 0) {
        int p = (at - 1) / 2;
        if (!worse(&heap[at], &heap[p])) return;
        Ranked t = heap[at];
        heap[at] = heap[p];
        heap[p] = t;
        at = p;
    }
}

static void offer(Beam *b, const Spot *s, int32_t parent, const uint16_t *moves, int n) {
    if (doomed(s, &b->context)) return;
    double value = score(s) - blame_of(b, s) + (b->noise ? b->noise * next_random(b) : 0.0);
    int grown = b->nheap < b->keep;
    Ranked *r;
    if (grown) {
        r = &b->heap[b->nheap];
        r->slot = b->nheap++;
    } else {
        r = &b->heap[0];
        /* A later arrival with an equal score ranks below: it never displaces. */
        if (value <= r->score) return;
    }
    r->score = value;
    r->seq = b->seq++;
    Candidate *c = &b->pool[r->slot];
    c->parent = parent;
    c->nmoves = (uint16_t)n;
    memcpy(c->moves, moves, n * sizeof(uint16_t));
    c->spot = *s;
    if (grown)
        sift_up(b, b->nheap - 1);
    else
        sift_down(b, 0);
}

/* Spreads one layer position: gathers up to SPREAD positions reachable without a turn
   of the pack, offering those a turn reaches as candidates. */
static void spread(Beam *b, const Placed *from) {
    int level = from->spot.left, top = 0, gathered = 0;
    Pending *f = &b->stack[top++];
    f->spot = from->spot;
    f->nseg = 0;
    Pending cur; /* the popped position, copied: pushes may overwrite its slot */
    while (top && gathered < SPREAD) {
        const Pending *popped = &b->stack[--top];
        if (gathered && doomed(&popped->spot, &b->context)) continue;
        gathered++;
        cur.spot = popped->spot;
        cur.nseg = popped->nseg;
        memcpy(cur.seg, popped->seg, cur.nseg * sizeof(uint16_t));
        int legal[MAXMOVES];
        int n = list_moves(&cur.spot, legal);
        order_moves(&cur.spot, legal, n);
        for (int k = n - 1; k >= 0; k--) {
            int move = legal[k];
            Spot child;
            play(&cur.spot, move, b->pack, b->npack, &child);
            b->positions++;
            uint64_t early = met_word(&child);
            if (!met_add(&b->seen, early)) continue;
            uint16_t seg[SEGMAX];
            int nseg = cur.nseg;
            if (nseg + 1 >= SEGMAX) continue;
            memcpy(seg, cur.seg, nseg * sizeof(uint16_t));
            seg[nseg++] = (uint16_t)move;
            int child_legal[MAXMOVES], nchild;
            int result = settle(b, &child, seg, &nseg, child_legal, &nchild);
            if (result == WON) {
                record_win(b, from->line, seg, nseg);
                return;
            }
            if (result != ONGOING) continue;
            if (nseg > cur.nseg + 1) {
                uint64_t key = met_word(&child);
                if (key != early && !met_add(&b->seen, key)) continue;
            }
            if (child.left < level) {
                offer(b, &child, from->line, seg, nseg);
            } else if (top < b->stack_cap) {
                Pending *g = &b->stack[top++];
                g->spot = child;
                g->nseg = nseg;
                memcpy(g->seg, seg, nseg * sizeof(uint16_t));
            }
        }
    }
}

/* Adds the root positions as the first layer (settled). */
static int start_run(Beam *b) {
    b->nlines = 0;
    b->nlmoves = 0;
    b->nlayer = 0;
    b->cur = 0;
    b->nheap = 0;
    b->seq = 0;
    b->depth = 0;
    keyset_clear(&b->seen);
    for (int r = 0; r < b->nroots; r++) {
        Spot s = b->roots[r];
        uint16_t seg[SEGMAX];
        int nseg = 0, legal[MAXMOVES], n;
        int result = settle(b, &s, seg, &nseg, legal, &n);
        int entry = line_add(b, -1 - r, seg, nseg);
        if (entry < 0) return 0;
        if (result == WON) {
            record_win(b, entry, NULL, 0);
            return 1;
        }
        if (result != ONGOING) continue;
        b->layer[b->nlayer].spot = s;
        b->layer[b->nlayer].line = entry;
        b->nlayer++;
    }
    if (!b->nlayer) b->exhausted = 1;
    b->running = 1;
    return 1;
}

static void learn(Beam *b, const Placed *last, int n) {
    for (int k = 0; k < 64; k++) b->blame[k] *= DECAY;
    if (!n) return;
    double share = 1.0 / n;
    for (int p = 0; p < n; p++)
        for (int k = 0; k < last[p].spot.tlen; k++) b->blame[last[p].spot.talon[k]] += share;
}

static void begin_endgame(Beam *b, const Placed *best);

/* The layer is spread: its candidates, best first, become the next layer. */
/* Novelty: records the facts of `s` among those met in this layer by positions with
   as many cards home; 1 when one of them was new. */
static int news(Beam *b, const Spot *s) {
    uint32_t found[FACTS_PER_SPOT];
    int n = facts(s, found), home = home_of(s), fresh = 0;
    uint64_t *met = b->met + (size_t)home * FACT_WORDS;
    if (!b->touched[home]) {
        memset(met, 0, FACT_WORDS * sizeof(uint64_t));
        b->touched[home] = 1;
    }
    for (int k = 0; k < n; k++) {
        uint64_t bit = (uint64_t)1 << (found[k] & 63);
        if (!(met[found[k] >> 6] & bit)) {
            met[found[k] >> 6] |= bit;
            fresh = 1;
        }
    }
    return fresh;
}

static int take(Beam *b, int slot) {
    Candidate *c = &b->pool[slot];
    int entry = line_add(b, c->parent, c->moves, c->nmoves);
    if (entry < 0) return 0;
    b->layer[b->nlayer].spot = c->spot;
    b->layer[b->nlayer].line = entry;
    b->nlayer++;
    return 1;
}

/* The layer is spread: its candidates become the next layer, best first.  Without
   novelty the best `width` by score; with it, the best fill all but the novelty share,
   then come, best first, the candidates showing a fact that none taken before them
   showed, then the rest by score (solve/beam.py's _diverse). */
static int next_layer(Beam *b) {
    Placed *old = b->last;
    b->last = b->layer;
    b->nlast = b->nlayer;
    b->layer = old;
    b->nlayer = 0;
    /* Take the worst off the heap each time, filling `ranked` from its end, so that it
       comes out best first.  (No qsort: its comparison would need the pool in a
       global, and two searches may run at once in two threads.) */
    int count = b->nheap;
    while (b->nheap) {
        int slot = b->heap[0].slot;
        b->heap[0] = b->heap[--b->nheap];
        sift_down(b, 0);
        b->ranked[b->nheap] = slot;
    }
    if (b->novelty > 0.0) {
        memset(b->touched, 0, sizeof(b->touched));
        int top = b->width - (int)(b->width * b->novelty), nlater = 0;
        for (int k = 0; k < count && b->nlayer < b->width; k++) {
            int slot = b->ranked[k];
            if (b->nlayer >= top && !news(b, &b->pool[slot].spot)) {
                b->ranked[nlater++] = slot; /* behind k: never read again before */
                continue;
            }
            if (b->nlayer < top) news(b, &b->pool[slot].spot);
            if (!take(b, slot)) return 0;
        }
        for (int k = 0; k < nlater && b->nlayer < b->width; k++)
            if (!take(b, b->ranked[k])) return 0;
    } else {
        for (int k = 0; k < count && b->nlayer < b->width; k++)
            if (!take(b, b->ranked[k])) return 0;
    }
    b->cur = 0;
    keyset_clear(&b->seen);
    if (!b->nlayer) {
        /* The run died: blame its last layer's talons, widen, start again. */
        if (b->blame_weight != 0.0) learn(b, b->last, b->nlast);
        if (b->width >= b->max_width) b->noise = NOISE;
        b->width = b->width < b->max_width / 2 ? b->width * 2 : b->max_width;
        b->running = 0;
        return 1;
    }
    if (b->layer[0].spot.left <= ENDGAME_LEFT) begin_endgame(b, &b->layer[0]);
    return 1;
}

/* ---------------------------------------------------------- the endgame try */

static void begin_endgame(Beam *b, const Placed *best) {
    keyset_clear(&b->eseen);
    Frame *f = &b->frames[0];
    f->spot = best->spot;
    f->nlegal = list_moves(&f->spot, f->legal);
    order_moves(&f->spot, f->legal, f->nlegal);
    f->next = 0;
    f->nseg = 0;
    b->depth = 1;
    b->endgame_line = best->line;
    b->endgame_stop = b->positions + (long long)ENDGAME_NODES * b->width;
    met_add(&b->eseen, met_word(&f->spot));
}

/* Depth-first search from the layer's best position, until `stop` positions. */
static void endgame_step(Beam *b, long long stop) {
    while (b->depth && b->positions < stop) {
        if (b->positions >= b->endgame_stop) {
            b->depth = 0;
            return;
        }
        Frame *f = &b->frames[b->depth - 1];
        if (f->next >= f->nlegal) {
            b->depth--;
            continue;
        }
        int move = f->legal[f->next++];
        Frame *g = &b->frames[b->depth];
        play(&f->spot, move, b->pack, b->npack, &g->spot);
        b->positions++;
        uint64_t early = met_word(&g->spot);
        if (!met_add(&b->eseen, early)) continue;
        g->nseg = 0;
        g->seg[g->nseg++] = (uint16_t)move;
        int result = settle(b, &g->spot, g->seg, &g->nseg, g->legal, &g->nlegal);
        if (result == WON) {
            /* The line: the layer position's, then every frame's moves. */
            int depth = b->depth, ntail = 0;
            b->depth = 0; /* the try ends here, with or without the line */
            for (int d = 1; d <= depth; d++) ntail += b->frames[d].nseg;
            uint16_t *tail = malloc((ntail + 1) * sizeof(uint16_t));
            if (!tail) return;
            for (int d = 1, at = 0; d <= depth; d++) {
                memcpy(tail + at, b->frames[d].seg, b->frames[d].nseg * sizeof(uint16_t));
                at += b->frames[d].nseg;
            }
            record_win(b, b->endgame_line, tail, ntail);
            free(tail);
            return;
        }
        if (result != ONGOING) continue;
        if (g->nseg > 1) {
            uint64_t key = met_word(&g->spot);
            if (key != early && !met_add(&b->eseen, key)) continue;
        }
        if (doomed(&g->spot, &b->context) || b->depth + 1 >= DEPTH_CAP) continue;
        order_moves(&g->spot, g->legal, g->nlegal);
        g->next = 0;
        b->depth++;
    }
}

/* ------------------------------------------------------------------ the API */

static int reserve(Beam *b, int width) {
    b->keep = b->novelty > 0.0 ? NOVEL_POOL * width : width;
    if (b->keep <= b->pool_cap) return 1;
    int room = width > MAX_ROOTS ? width : MAX_ROOTS; /* the first layer holds the roots */
    Placed *layer = realloc(b->layer, room * sizeof(Placed));
    if (!layer) return 0;
    b->layer = layer;
    Placed *last = realloc(b->last, room * sizeof(Placed));
    if (!last) return 0;
    b->last = last;
    Candidate *pool = realloc(b->pool, b->keep * sizeof(Candidate));
    if (!pool) return 0;
    b->pool = pool;
    Ranked *heap = realloc(b->heap, b->keep * sizeof(Ranked));
    if (!heap) return 0;
    b->heap = heap;
    int *ranked = realloc(b->ranked, b->keep * sizeof(int));
    if (!ranked) return 0;
    b->ranked = ranked;
    b->layer_cap = b->last_cap = room;
    b->pool_cap = b->keep;
    return 1;
}

void *beam_new(const uint8_t *pack, int npack, double blame_weight, double novelty,
               uint64_t seed, int first_width, int max_width) {
    if (npack < 0 || npack > PACK_MAX || first_width < 1 || max_width < first_width ||
        max_width > MAX_WIDTH)
        return NULL;
    for (int k = 0; k < npack; k++)
        if (!valid_code(pack[k])) return NULL;
    Beam *b = calloc(1, sizeof(Beam));
    if (!b) return NULL;
    memcpy(b->pack, pack, npack);
    b->npack = npack;
    context_init(&b->context, pack, npack);
    b->blame_weight = blame_weight;
    b->novelty = novelty > 0.0 ? (novelty < 1.0 ? novelty : 1.0) : 0.0;
    b->rng = seed;
    b->width = first_width;
    b->max_width = max_width;
    b->stack_cap = SPREAD * MAXMOVES;
    b->stack = malloc(b->stack_cap * sizeof(Pending));
    b->frames = malloc((DEPTH_CAP + 1) * sizeof(Frame));
    b->met = b->novelty > 0.0 ? malloc((HOME_MAX + 1) * FACT_WORDS * sizeof(uint64_t)) : NULL;
    if (!b->stack || !b->frames || !keyset_init(&b->seen, 1 << 16) ||
        !keyset_init(&b->eseen, 1 << 12) || (b->novelty > 0.0 && !b->met)) {
        free(b->stack);
        free(b->frames);
        free(b->seen.slots);
        free(b->eseen.slots);
        free(b->met);
        free(b);
        return NULL;
    }
    return b;
}

/* A root position, in load_spot's terms; its index, or -1 when it is refused. */
int beam_root(void *handle, const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
              const uint8_t *talon, int tlen, int left, int extra) {
    Beam *b = handle;
    if (b->nroots >= MAX_ROOTS || left < 0 || left > b->npack) return -1;
    if (load_spot(&b->roots[b->nroots], lens, cards, heights, talon, tlen, left, extra) < 0)
        return -1;
    return b->nroots++;
}

/* Searches for about `quota` positions; the positions generated.  -1: out of memory;
   -2: no root leads anywhere (without a win), so there is nothing left to search. */
long long beam_step(void *handle, long long quota) {
    Beam *b = handle;
    if (quota < 0) quota = 0;
    if (quota > ((long long)1 << 40)) quota = (long long)1 << 40;
    long long start = b->positions, stop = start + quota;
    while (!b->found && b->positions < stop) {
        if (b->exhausted) return -2;
        if (!b->running) {
            if (!reserve(b, b->width) || !start_run(b)) return -1;
            continue;
        }
        if (b->depth) {
            endgame_step(b, stop);
            continue;
        }
        if (b->cur < b->nlayer) {
            spread(b, &b->layer[b->cur++]);
            continue;
        }
        if (!next_layer(b)) return -1;
    }
    return b->positions - start;
}

int beam_found(void *handle) { return ((Beam *)handle)->found; }

int beam_width(void *handle) { return ((Beam *)handle)->width; }

/* The winning line's moves into `out` (at most `max`); its root in `*root`. */
int beam_line(void *handle, int *root, uint16_t *out, int max) {
    Beam *b = handle;
    if (!b->found || b->nwin > max) return -1;
    memcpy(out, b->win, b->nwin * sizeof(uint16_t));
    *root = b->root;
    return b->nwin;
}

void beam_free(void *handle) {
    Beam *b = handle;
    if (!b) return;
    free(b->layer);
    free(b->last);
    free(b->pool);
    free(b->heap);
    free(b->ranked);
    free(b->met);
    free(b->lparent);
    free(b->loff);
    free(b->llen);
    free(b->lmoves);
    free(b->frames);
    free(b->stack);
    free(b->seen.slots);
    free(b->eseen.slots);
    free(b->win);
    free(b);
}

/* ---------------------------------------------- the rules, one call each (tests) */

/* The moves in the game's listed and searched orders, the safe move (or -1), the
   score, the cheap proof of loss and the win, of one position (whose pack is the
   deal's, as for beam_new), for the tests that hold a kernel to the game's Python
   form; -1 for a position load_spot refuses. */
int kernel_examine(const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
                   const uint8_t *talon, int tlen, int left, int extra, const uint8_t *pack,
                   int npack, int *moves, int *ordered, int *facts) {
    Spot s;
    if (npack < 0 || npack > PACK_MAX || left < 0 || left > npack) return -1;
    for (int k = 0; k < npack; k++)
        if (!valid_code(pack[k])) return -1;
    if (load_spot(&s, lens, cards, heights, talon, tlen, left, extra) < 0) return -1;
    int n = list_moves(&s, moves);
    memcpy(ordered, moves, n * sizeof(int));
    order_moves(&s, ordered, n);
    facts[0] = safe_move(&s, moves, n);
    facts[1] = score(&s);
    Context *context = malloc(sizeof(Context));
    if (!context) return -1;
    context_init(context, pack, npack);
    facts[2] = doomed(&s, context);
    free(context);
    facts[3] = won(&s);
    return n;
}

/* The hash of one position's key, for the tests (0 for a refused position). */
uint64_t kernel_key(const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
                    const uint8_t *talon, int tlen, int left, int extra) {
    Spot s;
    if (load_spot(&s, lens, cards, heights, talon, tlen, left, extra) < 0) return 0;
    return spot_key(&s);
}

/* For the tests: a position's facts (the novelty's, see `facts`) into `out`, which has
   room for `room`; their count, -1 for a position refused or too little room, or -2
   when a fact lies beyond the FACT_WORDS words the novelty's record has for it. */
int kernel_facts(const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
                 const uint8_t *talon, int tlen, int left, int extra, uint32_t *out,
                 int room) {
    Spot s;
    uint32_t found[FACTS_PER_SPOT];
    if (room < FACTS_PER_SPOT) return -1;
    if (load_spot(&s, lens, cards, heights, talon, tlen, left, extra) < 0) return -1;
    int n = facts(&s, found);
    for (int k = 0; k < n; k++)
        if ((found[k] >> 6) >= FACT_WORDS) return -2;
    memcpy(out, found, n * sizeof(uint32_t));
    return n;
}

#endif
