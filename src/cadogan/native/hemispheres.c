/* The Hemispheres: the rules for the native beam (beam.h).

   The same rules as the game's plain-value form (games/_hemispheres_fast.py): the same
   spots, moves in the same order, safe moves, move order, score and facts, and the first two
   of the game's proofs of loss (games/_hemispheres_solve.py, _exits and _pairs: a
   talon card that can never leave; two cards of a suit that must go home in the wrong
   order), which the Python beam asks of the positions it gathers from; the tests
   compare them on random lines of play.  A long solve's exhaustive search asks one
   more late (late_dead: the walk through the talon's worlds).

   A position (a spot): the twelve circle positions, each its card codes bottom first
   (code = 14 x suit + building index, suits hearts, diamonds, clubs, spades, so a card
   marries onto code + 1 and plays onto a foundation standing at its index - 1; a code
   below RED_CODES is red); each suit's two foundation heights, the lower first; the
   talon's codes, bottom first; the cards left in the pack; a bit for each barrier
   still standing; and the Race marriages made in a row (the limit of decision 11).
   A move is 32 x source + target for a transfer (a source a position 0..11, the talon
   12 or a barrier 13..16; a target a position or HOME), EXCHANGE + 32 x north + south,
   or DEAL_MOVE. */

#include "kernel.h"

#define NP 12
#define PMAX 16 /* a dealt card and a run of twelve married onto it, and room to spare */
#define TMAX 96
#define TALON_AT 12
#define BARRIER_AT 13
#define HOME 20
#define EXCHANGE 1024
#define DEAL_MOVE 2048
#define WIDTH 14
#define LAST 13
#define RED_CODES 28
#define FULL 104
#define RACE_MOVE_LIMIT 12
#define MAXMOVES 192
#define SEGMAX 120
#define MAX_ROOTS 4
#define INF (1 << 20)

#define FACTS_PER_SPOT (NP * PMAX + TMAX)
#define FACT_WORDS (5 * 4096 / 64) /* 4096 x place + 64 x code + code under */
#define HOME_MAX 104

typedef struct {
    uint8_t len[NP];
    uint8_t heights[8];
    uint8_t tlen;
    uint8_t left;
    uint8_t barriers;
    uint8_t count;
    uint8_t pk[NP][PMAX];
    uint8_t talon[TMAX];
} Spot;

static const int BARRIER_CODES[4] = {LAST, 2 * WIDTH + LAST, WIDTH + LAST, 3 * WIDTH + LAST};

static int north(int i) { return i < 6; }

static int mate(int i, int k) { /* the k-th other position of i's Race (k = 0, 1) */
    int base = i - i % 3, first = base + (i % 3 == 0 ? 1 : 0);
    int second = base + (i % 3 == 2 ? 1 : 2);
    return k ? second : first;
}

static int fits(const Spot *s, int code) {
    int below = code % WIDTH - 1, at = 2 * (code / WIDTH);
    return s->heights[at] == below || s->heights[at + 1] == below;
}

static int home_count(const Spot *s) {
    int sum = 0;
    for (int k = 0; k < 8; k++) sum += s->heights[k];
    return sum;
}

static int won(const Spot *s) { return !s->left && home_count(s) == FULL; }

/* The legal moves in the form's order: plays, talon marriages, exchanges, Race
   marriages, end transfers, the deal; none once the game is won. */
static int list_moves(const Spot *s, int *out) {
    if (won(s)) return 0;
    int usable[NP], wrongs[NP], nwrong = 0, n = 0;
    for (int i = 0; i < NP; i++) {
        usable[i] = -1;
        if (!s->len[i]) continue;
        int code = s->pk[i][s->len[i] - 1];
        if ((code < RED_CODES) == north(i)) {
            usable[i] = code;
            if (fits(s, code)) out[n++] = 32 * i + HOME;
        } else {
            wrongs[nwrong++] = i;
        }
    }
    int done = !s->left && !s->tlen;
    int ttop = s->tlen ? s->talon[s->tlen - 1] : -1;
    if (ttop >= 0 && fits(s, ttop)) out[n++] = 32 * TALON_AT + HOME;
    if (done) {
        for (int b = 0; b < 4; b++)
            if ((s->barriers >> b & 1) && fits(s, BARRIER_CODES[b]))
                out[n++] = 32 * (BARRIER_AT + b) + HOME;
    }
    if (ttop >= 0 && ttop % WIDTH != LAST) {
        for (int i = 0; i < NP; i++)
            if (usable[i] == ttop + 1) out[n++] = 32 * TALON_AT + i;
    }
    for (int a = 0; a < nwrong; a++) {
        if (!north(wrongs[a])) continue;
        for (int c = 0; c < nwrong; c++)
            if (!north(wrongs[c])) out[n++] = EXCHANGE + 32 * wrongs[a] + wrongs[c];
    }
    if (s->count < RACE_MOVE_LIMIT) {
        for (int i = 0; i < NP; i++) {
            int code = usable[i];
            if (code < 0 || code % WIDTH == LAST) continue;
            for (int k = 0; k < 2; k++)
                if (usable[mate(i, k)] == code + 1) out[n++] = 32 * i + mate(i, k);
        }
    }
    if (done) {
        for (int a = 0; a < nwrong; a++)
            for (int j = 0; j < NP; j++)
                if (!s->len[j] && north(j) != north(wrongs[a])) out[n++] = 32 * wrongs[a] + j;
    }
    if (s->left) out[n++] = DEAL_MOVE;
    return n;
}

static void raise_home(Spot *s, int code) {
    raise_pair(&s->heights[2 * (code / WIDTH)], code % WIDTH);
}

static void play(const Spot *s, int move, const uint8_t *pack, int npack, Spot *out) {
    *out = *s;
    if (move == DEAL_MOVE) {
        int code = pack[npack - s->left];
        out->left--;
        out->count = 0;
        for (int i = 0; i < NP; i++) {
            if (!out->len[i]) {
                out->pk[i][out->len[i]++] = (uint8_t)code;
                return;
            }
        }
        out->talon[out->tlen++] = (uint8_t)code;
        return;
    }
    if (move >= EXCHANGE) {
        int a = (move - EXCHANGE) >> 5, c = move & 31;
        uint8_t t = out->pk[a][out->len[a] - 1];
        out->pk[a][out->len[a] - 1] = out->pk[c][out->len[c] - 1];
        out->pk[c][out->len[c] - 1] = t;
        out->count = 0;
        return;
    }
    int src = move >> 5, dst = move & 31, code;
    if (src < TALON_AT) {
        code = out->pk[src][--out->len[src]];
        out->pk[src][out->len[src]] = 0; /* piles keep zeros past their top (hash_words) */
    } else if (src == TALON_AT) {
        code = out->talon[--out->tlen];
        out->talon[out->tlen] = 0;
    } else {
        code = BARRIER_CODES[src - BARRIER_AT];
        out->barriers &= (uint8_t) ~(1 << (src - BARRIER_AT));
    }
    if (dst == HOME) {
        raise_home(out, code);
        out->count = 0;
        return;
    }
    out->pk[dst][out->len[dst]++] = (uint8_t)code;
    /* a Race marriage counts (decision 11); an end transfer, across the equator, does not */
    out->count = src < TALON_AT && src / 3 == dst / 3 ? (uint8_t)(s->count + 1) : 0;
}

/* The game's safe move, or -1: a barrier home at the end; or a card home whose twin
   foundation already holds the card below it, unless it would empty a position while
   the pack lasts (the proofs are in _hemispheres_solve). */
static int safe_move(const Spot *s, const int *legal, int n) {
    for (int k = 0; k < n; k++) {
        int move = legal[k];
        if (move >= EXCHANGE || (move & 31) != HOME) continue;
        int src = move >> 5;
        if (src > TALON_AT) return move;
        if (src < TALON_AT && s->len[src] == 1 && s->left) continue;
        int code = src == TALON_AT ? s->talon[s->tlen - 1] : s->pk[src][s->len[src] - 1];
        if (s->heights[2 * (code / WIDTH)] == code % WIDTH - 1) return move;
    }
    return -1;
}

static int order_rank(const Spot *s, int move) {
    if (move == DEAL_MOVE) return 3;
    if (move >= EXCHANGE) return 1;
    int src = move >> 5, dst = move & 31;
    if (dst == HOME) return 0;
    if (src == TALON_AT || !s->len[dst]) return 2;
    if (src < TALON_AT && s->len[src] == 1) return 2;
    return 4;
}

/* The game's move order, stably. */
static void order_moves(const Spot *s, int *moves, int n) {
    int ranks[MAXMOVES];
    for (int k = 0; k < n; k++) ranks[k] = order_rank(s, moves[k]);
    sort_by_rank(moves, ranks, n);
}

/* The game's score (_hemispheres_steer.score). */
static int score(const Spot *s) {
    int empty = 0, wrong = 0, locks = 0;
    for (int i = 0; i < NP; i++) {
        if (!s->len[i])
            empty++;
        else if ((s->pk[i][0] < RED_CODES) != north(i))
            wrong++;
    }
    unsigned first[4] = {0, 0, 0, 0}, second[4] = {0, 0, 0, 0};
    for (int k = 0; k < s->tlen; k++) {
        int code = s->talon[k], suit = code / WIDTH, index = code % WIDTH;
        unsigned below = (1u << (index - 1)) - 1;
        locks += __builtin_popcount(first[suit] & below) + __builtin_popcount(second[suit] & below);
        unsigned bit = 1u << index;
        if (first[suit] & bit)
            second[suit] |= bit;
        else
            first[suit] |= bit;
    }
    return 4 * home_count(s) - 4 * s->tlen + 3 * empty - 2 * (wrong + locks) - s->left;
}

/* ------------------------------------------------- the first two proofs of loss */

/* Earliest times, counted in cards dealt from now (see _hemispheres_solve._Times). */
typedef struct {
    int used[4 * WIDTH], tops[4 * WIDTH];
    int high[4], low[4]; /* per suit, its foundations' heights */
} Times;

/* The earliest time a foundation of the card's suit can stand at its index - 1. */
static int build_time(const Times *t, int code) {
    int suit = code / WIDTH, index = code % WIDTH;
    int height = t->high[suit] < index ? t->high[suit] : t->low[suit];
    if (height >= index) return INF;
    if (height + 1 == index) return 0;
    int latest = 0;
    for (int c = suit * WIDTH + height + 1; c < suit * WIDTH + index; c++)
        if (t->used[c] > latest) latest = t->used[c];
    return latest;
}

/* Per count of cards left in the pack, the depth of each card's first copy among
   them (1: the next to turn; INF: none left), worked out once per deal
   (_hemispheres_solve.depths, for every position of the deal at once). */
typedef struct {
    int depth[PACK_MAX + 1][4 * WIDTH];
} Context;

static void context_init(Context *c, const uint8_t *pack, int npack) {
    for (int code = 0; code < 4 * WIDTH; code++) c->depth[0][code] = INF;
    for (int left = 1; left <= npack; left++) {
        for (int code = 0; code < 4 * WIDTH; code++) {
            int before = c->depth[left - 1][code];
            c->depth[left][code] = before == INF ? INF : before + 1;
        }
        c->depth[left][pack[npack - left]] = 1;
    }
}

/* True when the talon proves the position lost (_exits, then _pairs). */
static int doomed(const Spot *s, const Context *context) {
    if (!s->tlen) return 0;
    Times t;
    memcpy(t.used, context->depth[s->left], sizeof(t.used));
    for (int i = 0; i < NP; i++)
        for (int k = 0; k < s->len[i]; k++) t.used[s->pk[i][k]] = 0;
    memcpy(t.tops, t.used, sizeof(t.used));
    for (int suit = 0; suit < 4; suit++) {
        int a = s->heights[2 * suit], b = s->heights[2 * suit + 1];
        t.high[suit] = a >= b ? a : b;
        t.low[suit] = a >= b ? b : a;
    }
    int top_at[TMAX], above = 0;
    for (int j = s->tlen - 1; j >= 0; j--) { /* _exits */
        int code = s->talon[j];
        int marry = code % WIDTH == LAST ? INF : t.tops[code + 1];
        int leave;
        if (marry <= above)
            leave = marry;
        else {
            int built = build_time(&t, code);
            leave = marry < built ? marry : built;
        }
        if (leave < above) leave = above;
        if (leave >= INF) return 1;
        top_at[j] = above > marry ? above : marry;
        above = leave;
        if (leave < t.used[code]) t.used[code] = leave;
        if (top_at[j] < t.tops[code]) t.tops[code] = top_at[j];
    }
    int worst[TMAX], high[4] = {0, 0, 0, 0};
    for (int j = s->tlen - 1; j >= 0; j--) { /* _pairs */
        int suit = s->talon[j] / WIDTH, index = s->talon[j] % WIDTH;
        worst[j] = high[suit];
        if (top_at[j] >= INF && index > high[suit]) high[suit] = index;
    }
    int below[4 * WIDTH] = {0};
    for (int i = 0; i < s->tlen; i++) {
        int code = s->talon[i], suit = code / WIDTH, index = code % WIDTH;
        if (top_at[i] >= INF && worst[i] >= index) {
            for (int c = suit * WIDTH + t.low[suit] + 1; c < suit * WIDTH + index; c++)
                if (below[c]) return 1;
        }
        below[code]++;
    }
    return 0;
}

/* ------------------------------------------- the walk through the talon's worlds */

/* World W_j(q): the talon's card t_j (index j, bottom first) and those under it stay
   put, and so do the pack's cards after its first q; every other card may move.  Its
   facts are a least fixpoint of optimistic rules, each claiming only what some line
   of play might do before t_j leaves, so every event of a line before t_j leaves is a
   fact of W_j(q), q the cards turned by then.  Facts only grow with q and as j goes
   down, so one fixpoint is continued through the whole walk (worlds_dead).  The same
   test as games/_hemispheres_worlds.py's worlds_dead (the proof is there). */

#define LATE 12 /* the walk runs once the pack holds at most this many cards */
#define NCODES (4 * WIDTH)

typedef struct {
    const Spot *s;
    const uint8_t *coming;    /* the pack's cards to come, the next first */
    uint8_t right[NP][PMAX];  /* each circle card lies in its own hemisphere */
    int gone[NP];             /* cards from each position's top that could leave it */
    uint8_t topcap[NCODES];   /* some copy could be a top in its own hemisphere */
    uint8_t empty_ok[NP];     /* the position could be empty */
    int vac;                  /* some position could be empty */
    int wrong_n, wrong_s;     /* a northern, southern position has a wrong bottom card */
    int avail[NCODES];        /* copies reachable (as of the last round of w_run) */
} Worlds;

static void w_init(Worlds *w, const Spot *s, const uint8_t *coming) {
    memset(w, 0, sizeof(Worlds));
    w->s = s;
    w->coming = coming;
    for (int i = 0; i < NP; i++) {
        for (int k = 0; k < s->len[i]; k++)
            w->right[i][k] = (s->pk[i][k] < RED_CODES) == north(i);
        if (!s->len[i]) {
            w->vac = 1;
            w->empty_ok[i] = 1;
        } else if (!w->right[i][0]) {
            if (north(i))
                w->wrong_n = 1;
            else
                w->wrong_s = 1;
        }
    }
}

/* Some foundation of the card's suit could stand at its index - 1: every index from
   its height up has a reachable copy. */
static int w_homeable(const Worlds *w, int code) {
    int suit = code / WIDTH, r = code % WIDTH;
    for (int k = 0; k < 2; k++) {
        int c = suit * WIDTH + w->s->heights[2 * suit + k] + 1;
        if (c > suit * WIDTH + r) continue; /* standing at r or above */
        while (c < suit * WIDTH + r && w->avail[c]) c++;
        if (c == suit * WIDTH + r) return 1;
    }
    return 0;
}

/* Some copy one higher could be a top (the card could marry onto it). */
static int w_marriable(const Worlds *w, int code) {
    return code % WIDTH != LAST && w->topcap[code + 1];
}

/* Positions whose present cards could all leave them (a wrong card by an exchange). */
static int w_emptiable(const Worlds *w) {
    int n = 0;
    for (int i = 0; i < NP; i++) n += w->gone[i] == w->s->len[i];
    return n;
}

/* The start's wrong cards that an exchange could move but that then could leave no
   position of their own hemisphere: each lies alone at the bottom of a position, as a
   stuck pack card does. */
static int w_wrong_stuck(const Worlds *w) {
    int n = 0;
    for (int i = 0; i < NP; i++) {
        if (!w->s->len[i] || w->right[i][0] || w->gone[i] != 1) continue;
        int code = w->s->pk[i][0];
        if (!w_homeable(w, code) && !w_marriable(w, code)) n++;
    }
    return n;
}

/* Whether card `code`, right-coloured in position `at`, could leave it: home, or
   married within the Race onto a copy one higher that is accessible in a Race mate,
   or could be a top and come there (from the talon above t_j or the turned pack, both
   in `free`, or as a wrong card exchanged in). */
static int w_leaves(const Worlds *w, int code, int at, const uint8_t *free, int exch_n,
                    int exch_s) {
    if (w_homeable(w, code)) return 1;
    if (code % WIDTH == LAST) return 0;
    const Spot *s = w->s;
    int onto = code + 1;
    for (int k = 0; k < 2; k++) {
        int m = mate(at, k), n = s->len[m];
        for (int lv = n - 1; lv >= 0 && lv >= n - 1 - w->gone[m]; lv--)
            if (s->pk[m][lv] == onto) return 1;
    }
    if (!w->topcap[onto]) return 0;
    if (free[onto]) return 1;
    for (int i = 0; i < NP; i++) {
        int n = s->len[i];
        if (n && s->pk[i][n - 1] == onto && !w->right[i][n - 1] && north(i) != north(at) &&
            (north(i) ? exch_n : exch_s))
            return 1;
    }
    return 0;
}

/* Continues the fixpoint into W_jb(q): the talon's cards above index jb and the
   pack's first q cards are free. */
static void w_run(Worlds *w, int jb, int q) {
    const Spot *s = w->s;
    const uint8_t *pack = w->coming, *talon = s->talon + jb + 1;
    int ntalon = s->tlen - jb - 1;
    uint8_t free[NCODES] = {0};
    for (int k = 0; k < ntalon; k++) free[talon[k]] = 1;
    for (int k = 0; k < q; k++) free[pack[k]] = 1;
    for (;;) {
        int changed = 0, vac = w->vac;
        int exch_n = vac || w->wrong_s; /* a northern wrong card has a partner */
        int exch_s = vac || w->wrong_n;
        /* accessible cards (all above could leave): reachable, and tops if placed so */
        memset(w->avail, 0, sizeof(w->avail));
        for (int i = 0; i < NP; i++) {
            int n = s->len[i], ex = north(i) ? exch_n : exch_s;
            for (int lv = n - 1; lv >= 0 && lv >= n - 1 - w->gone[i]; lv--) {
                int c = s->pk[i][lv];
                if (!w->right[i][lv] && !ex) continue;
                w->avail[c]++;
                if (!w->topcap[c]) {
                    w->topcap[c] = 1;
                    changed = 1;
                }
            }
        }
        for (int k = 0; k < ntalon; k++) w->avail[talon[k]]++;
        for (int k = 0; k < q; k++) w->avail[pack[k]]++;
        /* free cards married from the talon; a turned card also into a vacancy */
        for (int k = 0; k < ntalon; k++) {
            int c = talon[k];
            if (!w->topcap[c] && c % WIDTH != LAST && w->topcap[c + 1]) {
                w->topcap[c] = 1;
                changed = 1;
            }
        }
        for (int k = 0; k < q; k++) {
            int c = pack[k];
            if (!w->topcap[c] && (vac || (c % WIDTH != LAST && w->topcap[c + 1]))) {
                w->topcap[c] = 1;
                changed = 1;
            }
        }
        /* cards that could leave, from each position's top down */
        for (int i = 0; i < NP; i++) {
            int n = s->len[i];
            while (w->gone[i] < n) {
                int lv = n - 1 - w->gone[i], ok;
                if (w->right[i][lv])
                    ok = w_leaves(w, s->pk[i][lv], i, free, exch_n, exch_s);
                else
                    ok = north(i) ? exch_n : exch_s;
                if (!ok) break;
                w->gone[i]++;
                changed = 1;
            }
        }
        /* positions that could be empty: all their cards could leave, and a wrong
           bottom card's partner, exchanged in, could leave too */
        for (int i = 0; i < NP; i++) {
            int n = s->len[i];
            if (w->empty_ok[i] || w->gone[i] < n) continue;
            if (!w->right[i][0]) {
                int ok = 0;
                for (int m = 0; m < NP && !ok; m++) {
                    int nm = s->len[m];
                    ok = nm && !w->right[m][0] && north(m) != north(i) &&
                         w_leaves(w, s->pk[m][nm - 1], i, free, exch_n, exch_s);
                }
                for (int k = 0; k < q && !ok && vac; k++) {
                    int c = pack[k];
                    ok = (c < RED_CODES) == north(i) &&
                         w_leaves(w, c, i, free, exch_n, exch_s);
                }
                if (!ok) continue;
            }
            w->empty_ok[i] = 1;
            w->vac = 1;
            changed = 1;
        }
        if (!changed) return;
    }
}

/* Each code's "could go home or marry" under the facts so far (w_homeable or
   w_marriable), for every code at once: per suit, each foundation's height and how
   far up from it the reachable copies run. */
static void w_leavable(const Worlds *w, uint8_t *ok) {
    for (int suit = 0; suit < 4; suit++) {
        int base = suit * WIDTH, height[2], reach[2];
        for (int k = 0; k < 2; k++) {
            height[k] = w->s->heights[2 * suit + k];
            int r = height[k] + 1;
            while (r <= LAST && w->avail[base + r]) r++;
            reach[k] = r; /* it could take the ranks height + 1 .. reach */
        }
        for (int r = 1; r <= LAST; r++) {
            int home = 0;
            for (int k = 0; k < 2; k++) home |= r > height[k] && r <= reach[k];
            ok[base + r] = (uint8_t)(home || w_marriable(w, base + r));
        }
    }
}

/* The fewest cards turned with which t_j (`code`) could go home or marry in W_j(q),
   counting only the codes of which no copy lies in the circle or the talon above t_j
   (`here`): such a code becomes reachable only when the pack turns a copy, at depth
   `first` (1: the next card; beyond the pack: none to come).  Each foundation of the
   suit needs every code it lacks below the card, a marriage a copy one higher; the
   smallest of these, or more than the cards to come when none can be had.  Every
   smaller q fails the walk's check whatever the facts (they never make such a code
   reachable), so the walk may skip to it and stop at the same q. */
static int w_first_q(const Spot *s, const uint8_t *here, const int *first, int code) {
    int suit = code / WIDTH, r = code % WIDTH, best = INF;
    for (int k = 0; k < 2; k++) {
        int h = s->heights[2 * suit + k], need = 0;
        if (h >= r) continue;
        for (int c = suit * WIDTH + h + 1; c < code; c++)
            if (!here[c] && first[c] > need) need = first[c];
        if (need < best) best = need;
    }
    if (r != LAST) {
        int up = here[code + 1] ? 0 : first[code + 1];
        if (up < best) best = up;
    }
    return best;
}

/* The walk down the talon, from its top: for each card t_j the smallest q, no smaller
   than the last card's, such that in W_j(q) t_j could go home or marry, and the
   turned cards that could do neither (each must then lie alone at the bottom of a
   position it filled while empty), with the start's wrong cards that would be as
   stuck, number at most the positions that could be emptied.  A winning line has t_j
   leave in W_j(q*), q* the cards turned by then, with that room; so when no q will do,
   the position is lost.  The checks only get easier as facts grow, so they are first
   made with the facts so far, and the fixpoint continued only when they fail; and
   when t_j still cannot leave, q skips straight to w_first_q's least: the walk one
   card at a time fails at every q it skips and reaches the same q with the same
   fixpoint, so the verdict is the same (benchmarks/README.md: 1.8 times as fast
   with LATE at 24, a few per cent at 12). */
static int worlds_dead(const Spot *s, const uint8_t *coming, int ncoming) {
    if (!s->tlen) return 0;
    Worlds w;
    w_init(&w, s, coming);
    uint8_t ok_code[NCODES], here[NCODES] = {0};
    int first[NCODES];
    for (int c = 0; c < NCODES; c++) first[c] = INF;
    for (int k = ncoming - 1; k >= 0; k--) first[coming[k]] = k + 1;
    for (int i = 0; i < NP; i++)
        for (int k = 0; k < s->len[i]; k++) here[s->pk[i][k]] = 1;
    w_leavable(&w, ok_code);
    int q = 0, counted = 0, stuck = 0, room = w_emptiable(&w) - w_wrong_stuck(&w);
    for (int j = s->tlen - 1; j >= 0; j--) {
        int code = s->talon[j], fresh = 0; /* fresh: the facts are W_j(q)'s fixpoint */
        for (;;) {
            int ok = ok_code[code];
            if (ok && q) { /* the turned cards that could neither go home nor marry */
                for (; counted < q; counted++) stuck += !ok_code[coming[counted]];
                if (stuck && stuck > room) ok = 0;
            }
            if (ok) break;
            if (!fresh) {
                w_run(&w, j, q);
                w_leavable(&w, ok_code);
                counted = stuck = 0;
                room = w_emptiable(&w) - w_wrong_stuck(&w);
                fresh = 1;
                continue;
            }
            int least = w_first_q(s, here, first, code);
            q = least > q + 1 ? least : q + 1;
            if (q > ncoming) return 1;
            fresh = 0;
        }
        here[code] = 1; /* above the next card down */
    }
    return 0;
}

/* The proof the exhaustive search adds to `doomed`: the walk through the talon's
   worlds, late, and only when `thorough` (a long solve's search, exhaust.h's
   exhaust_thorough), so a short solve searches as before. */
static int late_dead(const Spot *s, const uint8_t *pack, int npack, int thorough) {
    return thorough && s->tlen > 0 && s->left <= LATE &&
           worlds_dead(s, pack + npack - s->left, s->left);
}
#define HAS_LATE_DEAD 1

/* ------------------------------------------------------------------ the rest */

/* The game's key, hashed with `count` for the Race marriages in a row: each Race's
   three positions as a multiset, the Races in their places; the talon, the heights,
   the cards left, the barriers and the count. */
static uint64_t key_with(const Spot *s, int count) {
    uint64_t h = 0;
    for (int r = 0; r < 4; r++) {
        uint64_t race = 0;
        for (int i = 3 * r; i < 3 * r + 3; i++) race += hash_words(s->pk[i], PMAX, 0x33);
        h += mix(race + 0x1000193ULL * (uint64_t)(r + 1));
    }
    uint64_t f = 0;
    for (int k = 0; k < 8; k++) f = (f << 8) | s->heights[k];
    uint64_t rest = (uint64_t)s->left | (uint64_t)count << 8 | (uint64_t)s->barriers << 16;
    h ^= mix(f) ^ mix(rest ^ 0x5bd1e995ULL);
    h = mix(h) ^ hash_words(s->talon, (s->tlen + 7) & ~7, 0x7a);
    return h ? h : 1;
}

/* The game's key, hashed, with the Race marriages in a row (capped at the limit). */
static uint64_t spot_key(const Spot *s) {
    return key_with(s, s->count < RACE_MOVE_LIMIT ? s->count : RACE_MOVE_LIMIT);
}

/* The game's key hashed without the Race marriages in a row, which are the grade
   (spot_grade, below). */
static uint64_t spot_table_key(const Spot *s) { return key_with(s, 0); }

/* The game's key in full but for the Race marriages in a row (the fast form's `key`
   without them, for the exhaustive search, which keeps them as the grade below): the
   cards left, the barriers and the heights; the talon closed by a 0; then each Race's
   three positions in sorted order, each closed by a 0 (no card's code is 0).  At most
   10 + 92 + 13 bytes, since only the 92 dealt cards lie in the talon and the circle. */
static int spot_bytes(const Spot *s, uint8_t *out) {
    int n = 0;
    out[n++] = s->left;
    out[n++] = s->barriers;
    n = put_heights_talon(s->heights, s->talon, s->tlen, out, n);
    for (int r = 0; r < NP; r += 3) n = put_sorted_piles(&s->pk[0][0], s->len, PMAX, r, 3, out, n);
    return n;
}

/* The exhaustive search's grade: the Race marriages made in a row (capped at the
   limit).  Fewer dominate: the count only bars Race marriages once it reaches the
   limit (decision 11), a Race marriage adds one to it and every other move sets it
   to 0, so along any line of moves the count from a lower start stays no higher, and
   every move legal with the higher count is legal with the lower. */
static int spot_grade(const Spot *s) {
    return s->count < RACE_MOVE_LIMIT ? s->count : RACE_MOVE_LIMIT;
}
#define HAS_GRADE 1

/* The facts: each card of the circle and the talon with its place (its Race, or the
   talon) and the card under it (0 under a bottom card). */
static int facts(const Spot *s, uint32_t *out) {
    int n = 0;
    for (int i = 0; i < NP; i++)
        n = pile_code_facts(out, n, 4096u * (uint32_t)(i / 3), s->pk[i], s->len[i]);
    return pile_code_facts(out, n, 4096u * 4, s->talon, s->tlen);
}

static int home_of(const Spot *s) { return home_count(s); }

/* Every lone legal move is played without a choice: Race marriages are limited
   (decision 11), so no line of them goes on for ever. */
static int forced_ok(const Spot *s, int move) {
    (void)s;
    (void)move;
    return 1;
}

/* Whether a byte is one of this game's card codes. */
static int valid_code(int code) {
    return code >= 1 && code < 4 * WIDTH && code % WIDTH >= 1;
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

/* A position from the circle (12 x PMAX codes with their lengths), the heights, the
   talon and the cards left; `extra` holds the barriers (bits 0-3) and the Race
   marriages in a row (from bit 8); -1 when it does not fit. */
static int load_spot(Spot *s, const uint8_t *lens, const uint8_t *cards,
                     const uint8_t *heights, const uint8_t *talon, int tlen, int left,
                     int extra) {
    /* Every card dealt from here on may land on the talon: keep room for them all. */
    if (tlen < 0 || left < 0 || tlen + left > TMAX) return -1;
    memset(s, 0, sizeof(Spot));
    if (load_piles(&s->pk[0][0], s->len, PMAX, lens, cards) < 0) return -1;
    memcpy(s->heights, heights, 8);
    memcpy(s->talon, talon, tlen);
    s->tlen = (uint8_t)tlen;
    s->left = (uint8_t)left;
    s->barriers = (uint8_t)(extra & 15);
    s->count = (uint8_t)(extra >> 8);
    return valid_spot(s) ? 0 : -1;
}

#include "beam.h"
#include "exhaust.h"
