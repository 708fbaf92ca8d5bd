/* The exhaustive depth-first search, for any game a kernel file defines (beam.h
   lists what a kernel defines; this search needs one thing more):
   - spot_bytes(const Spot *, uint8_t *out), the game's table key written out in full
     (at most KEY_MAX bytes), returning its length: two positions get the same bytes
     only when the game's key (its Python `key`) is the same;
   and optionally (with HAS_GRADE defined) spot_grade(const Spot *), a number from 0 to
   255 that spot_bytes leaves out of the key, where a lower grade *dominates*: every
   line of moves legal from the position with the higher grade is legal from the same
   position with the lower, and reaches the same positions (the grades aside).  The
   table keeps each key's lowest grade met so far, and a position is searched again
   only when it comes with a lower one.

   Unlike the beam, this search can answer "lost": it plays every legal move, prunes
   only by the game's safe moves and its cheap proof of loss (`doomed`), and keeps a
   table of the exact keys of the positions it has settled, so that two positions
   share an entry only when they are the same position.  A hash decides only where in
   the table a key is looked for, never whether two keys are equal.  Every way it can
   fall short (the table or the path too big, a settling too long) ends the search
   unfinished, never lost.

   The proofs behind the pruning are the Python form's (games/_napoleons_square_solve
   and _napoleons_square_dead, games/_hemispheres_solve): a safe move is one that no
   winning line needs to avoid, a doomed position has no winning line, and a position
   already in the table was searched from (or is being searched from, higher on the
   path: a win through it is then found from its first visit); with grades, one met
   again with a grade no lower than its entry's has no line of moves that its entry
   lacks, so a win through it is found from there too. */

#ifndef CADOGAN_EXHAUST_H
#define CADOGAN_EXHAUST_H

#define KEY_MAX 255

#ifndef HAS_GRADE
static int spot_grade(const Spot *s) { /* every position alike: the key decides */
    (void)s;
    return 0;
}
#endif
#define EX_SETTLE_CAP 1000
#define EX_PATH_MAX (1 << 20) /* moves on the path, at most */
#define EX_DEPTH_MAX (1 << 18)

enum { EX_RUNNING = 0, EX_WON = 1, EX_LOST = 2, EX_UNFINISHED = 3 };

typedef struct {
    Spot spot;
    uint16_t moves[MAXMOVES];
    int n, next;
    int path_at; /* the path's length when this frame was pushed */
} ExFrame;

typedef struct {
    uint8_t pack[PACK_MAX];
    int npack;
    Context context;
    Spot roots[MAX_ROOTS];
    int nroots, root; /* the roots given; the one being searched */
    /* the table: slots hold 1 + an entry's offset in the arena (0: empty); an entry
       is the key's length, its lowest grade so far, then the key */
    uint64_t *slots;
    uint32_t *tags;
    size_t cap, used, max_states;
    uint8_t *arena;
    size_t arena_len, arena_cap;
    ExFrame *frames;
    int depth, frames_cap;
    uint16_t *path;
    int npath;
    long long positions;
    int status;
    int thorough; /* whether late_dead asks its costlier proofs too (exhaust_thorough) */
} Exhaust;

static uint64_t key_hash(const uint8_t *key, int n) {
    uint64_t h = 0x243f6a8885a308d3ULL ^ (uint64_t)n;
    int k = 0;
    for (; k + 8 <= n; k += 8) {
        uint64_t w;
        memcpy(&w, key + k, 8);
        h = mix(h ^ w);
    }
    uint64_t w = 0;
    memcpy(&w, key + k, n - k);
    return mix(h ^ w ^ 0x9e37);
}

static int ex_grow(Exhaust *e) {
    size_t cap = e->cap * 2;
    uint64_t *slots = calloc(cap, sizeof(uint64_t));
    uint32_t *tags = calloc(cap, sizeof(uint32_t));
    if (!slots || !tags) {
        free(slots);
        free(tags);
        return 0;
    }
    for (size_t i = 0; i < e->cap; i++) {
        if (!e->slots[i]) continue;
        const uint8_t *key = e->arena + (e->slots[i] - 1);
        uint64_t h = key_hash(key + 2, key[0]);
        size_t at = h & (cap - 1);
        while (slots[at]) at = (at + 1) & (cap - 1);
        slots[at] = e->slots[i];
        tags[at] = (uint32_t)(h >> 32);
    }
    free(e->slots);
    free(e->tags);
    e->slots = slots;
    e->tags = tags;
    e->cap = cap;
    return 1;
}

/* Adds a key met with `grade`: 1 when it is new or its grade is lower than its
   entry's (which then takes it), 0 when the table held it with a grade no higher, -1
   when the table is full. */
static int ex_remember(Exhaust *e, const uint8_t *key, int n, int grade) {
    uint64_t h = key_hash(key, n);
    uint32_t tag = (uint32_t)(h >> 32);
    size_t at = h & (e->cap - 1);
    while (e->slots[at]) {
        if (e->tags[at] == tag) {
            uint8_t *held = e->arena + (e->slots[at] - 1);
            if (held[0] == n && memcmp(held + 2, key, n) == 0) {
                if (grade >= held[1]) return 0;
                held[1] = (uint8_t)grade;
                return 1;
            }
        }
        at = (at + 1) & (e->cap - 1);
    }
    if (e->used >= e->max_states) return -1;
    if (e->arena_len + n + 2 > e->arena_cap) {
        size_t cap = e->arena_cap * 2;
        uint8_t *arena = realloc(e->arena, cap);
        if (!arena) return -1;
        e->arena = arena;
        e->arena_cap = cap;
    }
    e->arena[e->arena_len] = (uint8_t)n;
    e->arena[e->arena_len + 1] = (uint8_t)grade;
    memcpy(e->arena + e->arena_len + 2, key, n);
    e->slots[at] = e->arena_len + 1;
    e->tags[at] = tag;
    e->arena_len += n + 2;
    e->used++;
    if (2 * e->used > e->cap && !ex_grow(e)) return -1;
    return 1;
}

static int ex_path_add(Exhaust *e, int move) {
    if (e->npath >= EX_PATH_MAX) return 0;
    e->path[e->npath++] = (uint16_t)move;
    return 1;
}

/* Safe and forced moves, onto the path; the outcome, or EX_UNFINISHED when the
   settling runs too long (no game's does: each safe or forced move gains ground). */
static int ex_settle(Exhaust *e, Spot *s, int *legal, int *nlegal) {
    for (int step = 0; step < EX_SETTLE_CAP; step++) {
        int move, result = settle_step(s, legal, nlegal, &move);
        if (result != SETTLE_PLAY) return result;
        Spot t;
        play(s, move, e->pack, e->npack, &t);
        *s = t;
        e->positions++;
        if (!ex_path_add(e, move)) return EX_UNFINISHED;
    }
    return EX_UNFINISHED;
}

/* Settles `s` (reached by the path so far) and pushes it when it is new and not
   doomed; the search's status. */
static int ex_enter(Exhaust *e, Spot *s) {
    int legal[MAXMOVES], n = 0;
    int path_at = e->npath;
    int result = ex_settle(e, s, legal, &n);
    if (result == EX_UNFINISHED) return EX_UNFINISHED;
    if (result == WON) return EX_WON;
    if (result == LOST || doomed(s, &e->context)
#ifdef HAS_LATE_DEAD
        || late_dead(s, e->pack, e->npack, e->thorough)
#endif
    ) {
        e->npath = path_at;
        return EX_RUNNING;
    }
    uint8_t key[KEY_MAX + 1];
    int len = spot_bytes(s, key);
    int fresh = ex_remember(e, key, len, spot_grade(s));
    if (fresh < 0) return EX_UNFINISHED;
    if (!fresh) {
        e->npath = path_at;
        return EX_RUNNING;
    }
    if (e->depth >= e->frames_cap) {
        if (e->frames_cap >= EX_DEPTH_MAX) return EX_UNFINISHED;
        int cap = 2 * e->frames_cap;
        ExFrame *frames = realloc(e->frames, cap * sizeof(ExFrame));
        if (!frames) return EX_UNFINISHED;
        e->frames = frames;
        e->frames_cap = cap;
    }
    ExFrame *f = &e->frames[e->depth++];
    f->spot = *s;
    order_moves(s, legal, n);
    for (int k = 0; k < n; k++) f->moves[k] = (uint16_t)legal[k];
    f->n = n;
    f->next = 0;
    f->path_at = e->npath;
    return EX_RUNNING;
}

void exhaust_free(void *handle) {
    Exhaust *e = handle;
    if (!e) return;
    free(e->slots);
    free(e->tags);
    free(e->arena);
    free(e->frames);
    free(e->path);
    free(e);
}

/* A search of a deal whose pack is `pack` (next card first), keeping at most
   `max_states` positions in its table; NULL for a refused pack or without memory. */
void *exhaust_new(const uint8_t *pack, int npack, long long max_states) {
    if (npack < 0 || npack > PACK_MAX || max_states < 1) return NULL;
    for (int k = 0; k < npack; k++)
        if (!valid_code(pack[k])) return NULL;
    Exhaust *e = calloc(1, sizeof(Exhaust));
    if (!e) return NULL;
    memcpy(e->pack, pack, npack);
    e->npack = npack;
    context_init(&e->context, pack, npack);
    e->max_states = (size_t)max_states;
    e->cap = 1 << 16;
    e->arena_cap = 1 << 20;
    e->frames_cap = 256;
    e->slots = calloc(e->cap, sizeof(uint64_t));
    e->tags = calloc(e->cap, sizeof(uint32_t));
    e->arena = malloc(e->arena_cap);
    e->frames = malloc(e->frames_cap * sizeof(ExFrame));
    e->path = malloc(EX_PATH_MAX * sizeof(uint16_t));
    if (!e->slots || !e->tags || !e->arena || !e->frames || !e->path) {
        exhaust_free(e);
        return NULL;
    }
    e->root = -1;
    return e;
}

/* A root position, in load_spot's terms; its index, or -1 when it is refused. */
int exhaust_root(void *handle, const uint8_t *lens, const uint8_t *cards,
                 const uint8_t *heights, const uint8_t *talon, int tlen, int left,
                 int extra) {
    Exhaust *e = handle;
    if (e->nroots >= MAX_ROOTS || e->root >= 0 || left < 0 || left > e->npack) return -1;
    if (load_spot(&e->roots[e->nroots], lens, cards, heights, talon, tlen, left, extra) < 0)
        return -1;
    return e->nroots++;
}

/* Searches for about `quota` positions; the status (EX_RUNNING to go on). */
int exhaust_step(void *handle, long long quota) {
    Exhaust *e = handle;
    if (quota < 0) quota = 0;
    long long stop = e->positions + quota;
    while (e->status == EX_RUNNING && e->positions < stop) {
        if (!e->depth) {
            if (e->root + 1 >= e->nroots) {
                e->status = EX_LOST;
                break;
            }
            e->root++;
            e->npath = 0;
            Spot s = e->roots[e->root];
            e->status = ex_enter(e, &s);
            continue;
        }
        ExFrame *f = &e->frames[e->depth - 1];
        if (f->next >= f->n) {
            e->depth--;
            continue;
        }
        int move = f->moves[f->next++];
        e->npath = f->path_at;
        Spot s;
        play(&f->spot, move, e->pack, e->npack, &s);
        e->positions++;
        if (!ex_path_add(e, move)) {
            e->status = EX_UNFINISHED;
            break;
        }
        e->status = ex_enter(e, &s);
    }
    return e->status;
}

/* From now on, the game's late proofs of loss include their costlier ones (none in a
   game without them).  Any proof of loss is sound at any point of the search: a
   position it cuts has no winning line, so the table's entries and the path stay
   true, whether they were settled with or without it. */
void exhaust_thorough(void *handle) { ((Exhaust *)handle)->thorough = 1; }

long long exhaust_positions(void *handle) { return ((Exhaust *)handle)->positions; }

long long exhaust_states(void *handle) { return (long long)((Exhaust *)handle)->used; }

/* The winning line's moves into `out` (at most `max`), from root `*root`; -1 before a
   win or when the line is longer than `max`. */
int exhaust_line(void *handle, int *root, uint16_t *out, int max) {
    Exhaust *e = handle;
    if (e->status != EX_WON || e->npath > max) return -1;
    memcpy(out, e->path, e->npath * sizeof(uint16_t));
    *root = e->root;
    return e->npath;
}

/* ------------------------------------------- the search's key and tests (tests) */

/* One position's key in full into `out` (room for KEY_MAX bytes); its length, or -1
   for a refused position. */
int kernel_key_bytes(const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
                     const uint8_t *talon, int tlen, int left, int extra, uint8_t *out) {
    Spot s;
    if (load_spot(&s, lens, cards, heights, talon, tlen, left, extra) < 0) return -1;
    return spot_bytes(&s, out);
}

/* One position's grade (0 to 255; 0 for every position of a game without grades), or
   -1 for a refused position. */
int kernel_grade(const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
                 const uint8_t *talon, int tlen, int left, int extra) {
    Spot s;
    if (load_spot(&s, lens, cards, heights, talon, tlen, left, extra) < 0) return -1;
    return spot_grade(&s);
}

/* Whether the proofs the search adds to `doomed` (with their costlier ones when
   `thorough`) find one position lost (0 or 1), in a deal whose pack is `pack`; -1 for
   a refused position. */
int kernel_late_dead(const uint8_t *lens, const uint8_t *cards, const uint8_t *heights,
                     const uint8_t *talon, int tlen, int left, int extra, const uint8_t *pack,
                     int npack, int thorough) {
    Spot s;
    if (npack < 0 || npack > PACK_MAX || left < 0 || left > npack) return -1;
    for (int k = 0; k < npack; k++)
        if (!valid_code(pack[k])) return -1;
    if (load_spot(&s, lens, cards, heights, talon, tlen, left, extra) < 0) return -1;
#ifdef HAS_LATE_DEAD
    return late_dead(&s, pack, npack, thorough);
#else
    (void)thorough;
    return 0;
#endif
}

#endif
