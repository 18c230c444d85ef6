/* The compiled double-dummy search for Kraken: the algorithm of search.py in C.
 *
 * Cards are compact here: index suit * 8 + (rank - 7), so that the natural order
 * 7 8 9 T J Q K A of a suit is eight consecutive bits (runs are bit patterns). The
 * Python side passes the usual 52-card indices (suit * 13 + rank - 2).
 *
 * Values are team 0 minus team 1 over the remaining play; team 0 maximizes. The
 * transposition table is keyed on the four hands, the leader and the mars flags at
 * trick boundaries, and stores bounds of the value of the remaining play only.
 *
 * It visits exactly the nodes search.py visits (the tests compare node counts); what is
 * C-only is speed: a suit's cards are walked in power order through a lookup table,
 * and points, runs and roem bounds of a suit come from 256-entry tables.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define INF 10000
#define MARS 100
/* 2^17 entries of 32 bytes (4 MB): a table that stays in the cache is faster than a
   bigger one that is never crowded (2^20 entries: 1.3x slower in wall time, with 1%
   fewer nodes) */
#define TABLE_BITS 17
#define TABLE_SIZE (1u << TABLE_BITS)
/* the table key moves zero-point cards only with this many cards a hand or more:
   nearer the end the moves cost more than the transpositions they find */
#define CANON_MIN 4
/* quick bounds only with this many cards a hand or more: with two each the search
   below a lead costs less than the bounds */
#define BOUNDS_MIN 3

enum { F_TABLE = 1, F_ORDER = 2, F_EQUIV = 4, F_BOUNDS = 8 };

typedef struct {
    uint32_t hands[4];
    uint32_t gen; /* the search that wrote it (searches count from 1: 0 is empty) */
    int16_t lo, hi;
    uint8_t lm; /* leader | mars << 2 | suits whose zero-point cards moved with roem << 4 */
    int8_t best;
    uint8_t cards; /* cards remaining, for replacement */
    uint8_t pad[5]; /* 32 bytes: a bucket of two is one 64-byte cache line */
} Entry;

static Entry *table = NULL;
static uint32_t generation = 0;

/* The play codes: the play rule (Rules.play) the search applies, as given by
   cardtable.solver.native (its one source). */
enum { PLAY_AMSTERDAM = 0, PLAY_ROTTERDAM = 1 };

typedef struct {
    int trump, play, count_roem, flags;
    uint32_t gen;
    uint8_t pts[32];
    uint8_t power[4][32];  /* power[led][card] */
    int order[4][8];       /* cards of a suit, highest first when led */
    uint32_t above[32];    /* cards of the same suit ranking above (its own order) */
    int four_value[8];
    uint8_t pbyte[4][256]; /* a suit's cards (natural bits) as power bits: bit 7 highest */
    uint8_t suit_pts[4][256];  /* points of a suit's cards (natural bits) */
    uint32_t zeros;        /* the zero-point cards at the bottom of each suit */
    uint32_t stuk;         /* king and queen of trumps */
    uint32_t hands[4];
    long long nodes;
} Ctx;

/* CANON[trumps][z][h]: the zero-point cards h (low three natural bits of a plain suit,
 * low two of trumps) of one hand as their canonical slots when z are the zero-point
 * cards left of the suit: the i-th highest card left takes the i-th highest slot. */
static uint8_t CANON[2][8][8]; /* [0] plain suits (9 8 7), [1] trumps (8 7) */
/* Windows of three (four) consecutive ranks of a suit, as bits by their lowest rank. */
static uint8_t WIN3[256], WIN4[256];  /* windows whose ranks are all in the byte */
static uint8_t BAD3[256], BAD4[256];  /* windows holding two or more of the byte */
static uint8_t RUNS_DP[64][32];       /* best roem / 10 of disjoint windows */
static uint8_t COVER3[64];            /* the ranks of a set of windows of three */

static const int TRUMP_RANKS[8] = {4, 2, 7, 3, 6, 5, 1, 0};  /* J 9 A T K Q 8 7 */
static const int PLAIN_RANKS[8] = {7, 3, 6, 5, 4, 2, 1, 0};  /* A T K Q J 9 8 7 */
static const int TRUMP_POINTS[8] = {0, 0, 14, 10, 20, 3, 4, 11}; /* by rank 7..A */
static const int PLAIN_POINTS[8] = {0, 0, 0, 10, 2, 3, 4, 11};

/* the hot helpers are inlined whatever the compiler's size heuristics say */
#if defined(__GNUC__) || defined(__clang__)
#define INLINE inline __attribute__((always_inline))
#else
#define INLINE inline
#endif

#define SUIT_MASK(s) (0xFFu << (8 * (s)))

/* portable, and inline (without -mpopcnt the builtin is a library call) */
static inline int popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int lowbit(uint32_t x) { return __builtin_ctz(x); }

static void ctx_init(Ctx *c, int trump, int play, int count_roem, int flags) {
    memset(c, 0, sizeof(*c));
    c->trump = trump;
    c->play = play;
    c->count_roem = count_roem;
    c->flags = flags;
    for (int s = 0; s < 4; s++) {
        const int *ranks = s == trump ? TRUMP_RANKS : PLAIN_RANKS;
        for (int i = 0; i < 8; i++) {
            int card = s * 8 + ranks[i];
            c->order[s][i] = card;
            c->above[card] = 0;
            for (int j = 0; j < i; j++) c->above[card] |= 1u << (s * 8 + ranks[j]);
        }
        for (int r = 0; r < 8; r++) {
            int card = s * 8 + r;
            c->pts[card] = s == trump ? TRUMP_POINTS[r] : PLAIN_POINTS[r];
        }
    }
    /* four of a kind: T J Q K A (ranks 3..7) */
    for (int r = 0; r < 8; r++) c->four_value[r] = 0;
    c->four_value[3] = 100;
    c->four_value[4] = 200;
    c->four_value[5] = 100;
    c->four_value[6] = 100;
    c->four_value[7] = 100;
    for (int led = 0; led < 4; led++)
        for (int card = 0; card < 32; card++) {
            int s = card >> 3;
            int p = 0;
            const int *ranks = s == trump ? TRUMP_RANKS : PLAIN_RANKS;
            int idx = 0;
            while (ranks[idx] != (card & 7)) idx++;
            if (s == trump) p = 16 + 8 - idx;
            else if (s == led) p = 8 - idx;
            c->power[led][card] = p;
        }
    c->stuk = (1u << (trump * 8 + 5)) | (1u << (trump * 8 + 6));
    c->zeros = 0;
    for (int s = 0; s < 4; s++) c->zeros |= (s == trump ? 3u : 7u) << (8 * s);
    for (int s = 0; s < 4; s++)
        for (int m = 0; m < 256; m++) {
            int pb = 0, sp = 0;
            for (int i = 0; i < 8; i++) {
                int card = c->order[s][i];
                if (m >> (card & 7) & 1) { pb |= 1 << (7 - i); sp += c->pts[card]; }
            }
            c->pbyte[s][m] = (uint8_t)pb;
            c->suit_pts[s][m] = sp;
        }
}

static INLINE int trick_roem(const Ctx *c, uint32_t mask) {
    /* runs of three and four consecutive ranks within one suit's byte */
    uint32_t run3 = mask & (mask >> 1) & (mask >> 2) & 0x3F3F3F3Fu;
    int roem = run3 ? (run3 & (mask >> 3) & 0x1F1F1F1Fu ? 50 : 20) : 0;
    if ((mask & c->stuk) == c->stuk) roem += 20;
    /* a rank in all four suits is the whole trick */
    uint32_t all = mask & (mask >> 8) & (mask >> 16) & (mask >> 24) & 0xFF;
    if (all) roem += c->four_value[lowbit(all)];
    return roem;
}

static uint32_t legal_at(const Ctx *c, uint32_t hand, int led, int top, int partner) {
    int trump = c->trump;
    uint32_t follow = hand & SUIT_MASK(led);
    if (led == trump) {
        if (follow) {
            uint32_t higher = top >= 0 ? follow & c->above[top] : 0;
            return higher ? higher : follow;
        }
        return hand;
    }
    if (follow) return follow;
    uint32_t trumps = hand & SUIT_MASK(trump);
    if (!trumps) return hand;
    if (top < 0) {
        if (partner && c->play == PLAY_AMSTERDAM) return hand;
        return trumps;
    }
    uint32_t higher = trumps & c->above[top];
    if (c->play == PLAY_ROTTERDAM) return higher ? higher : trumps;
    if (partner) {
        uint32_t m = (hand & ~SUIT_MASK(trump)) | higher;
        return m ? m : hand;
    }
    if (higher) return higher;
    uint32_t plain = hand & ~SUIT_MASK(trump);
    return plain ? plain : hand;
}

/* Two or three cards that must fall in one trick: possible only from different hands. */
static inline int apart(const uint32_t *hands, uint32_t w) {
    for (int i = 0; i < 4; i++)
        if ((hands[i] & w) & ((hands[i] & w) - 1)) return 0;
    return 1;
}

/* The cards of suit ``s`` in the hand at ``seat`` that may still be part of a run of
 * trick roem (as natural bits of the suit). Only the zero-point cards of a suit share
 * their points (9 8 7, trumps 8 7), so only they can be equivalent, and stuk and four
 * of a kind never involve them: runs are all that can keep them apart. With a trick
 * in progress (tmask), a card played now makes a run only with the trick's cards and
 * one card from each hand still to play to it (the players after ``pos``); a card
 * played later only with cards still in the other hands, each from a different hand.
 * A window of three ranks counts when the hand holds exactly one of its cards and the
 * rest lie where they can join it. */
static uint32_t runs_live(const Ctx *c, int seat, int pos, int s, uint32_t tmask) {
    const uint32_t *hands = c->hands;
    int sh = 8 * s;
    uint32_t m = (hands[seat] >> sh) & 0xFF;
    uint32_t b0 = (hands[0] >> sh) & 0xFF, b1 = (hands[1] >> sh) & 0xFF;
    uint32_t b2 = (hands[2] >> sh) & 0xFF, b3 = (hands[3] >> sh) & 0xFF;
    uint32_t later = WIN3[b0 | b1 | b2 | b3] & ~(BAD3[b0] | BAD3[b1] | BAD3[b2] | BAD3[b3]);
    uint32_t cover = COVER3[later];
    if (tmask) {
        uint32_t now = (tmask >> sh) & 0xFF, bad = BAD3[m];
        for (int i = 1; i < 4 - pos; i++) {
            uint32_t w = (hands[(seat + i) & 3] >> sh) & 0xFF;
            now |= w;
            bad |= BAD3[w];
        }
        cover |= COVER3[WIN3[now | m] & ~bad];
    }
    return cover & m;
}

/* The power (when ``led`` was led) of the strongest card ``hand`` could add to the
 * trick: its best card of the led suit, else its best trump, else 0. */
static INLINE int strongest(const Ctx *c, uint32_t hand, int led) {
    int suit = led;
    uint32_t cards = hand & SUIT_MASK(led);
    if (!cards) {
        suit = c->trump;
        cards = hand & SUIT_MASK(suit);
        if (!cards) return 0;
    }
    uint32_t pb = c->pbyte[suit][(cards >> (8 * suit)) & 0xFF];
    return c->power[led][c->order[suit][7 - (31 - __builtin_clz(pb))]];
}

/* The cards to search, best first; returns how many.
 *
 * Order: the table's best card first. Leading: a master (highest left in its suit) of
 * a plain suit no opponent can ruff, most points first; then low cards to the
 * partner's winner (its top card of the suit beats the opponents' and a master would
 * cash, or it ruffs); then the master trump while an opponent has a trump; then the
 * rest, fewest points first, trumps last. Second and third hand: a card that wins
 * the trick whatever the opponent still to play adds, most points first, and points
 * onto a trick the partner wins whatever that opponent adds; then every other card,
 * fewest points first. Last hand: by the exact value of the trick. */
static INLINE int moves(Ctx *c, uint32_t legal, uint32_t hand, int seat, int pos, int best_pow,
                        int best_pos, int led, int first, uint32_t tmask, int tpts, int *out,
                        int *roem_of) {
    int ordering = c->flags & F_ORDER;
    if (!(legal & (legal - 1))) { /* one legal card: nothing to choose or order */
        out[0] = lowbit(legal);
        if (pos == 3) roem_of[out[0]] = c->count_roem ? trick_roem(c, tmask | legal) : 0;
        return 1;
    }
    uint32_t *hands = c->hands;
    uint32_t others = (hands[0] | hands[1] | hands[2] | hands[3] | tmask) & ~hand;
    int equiv = c->flags & F_EQUIV;
    int n = 0;
    int keys[8];
    /* second and third hand: the strongest cards the next opponent and (second hand)
       the partner can add */
    int opp_pow = 0, partner_pow = 0;
    if (ordering && (pos == 1 || pos == 2)) {
        opp_pow = strongest(c, hands[(seat + 1) & 3], led);
        if (pos == 1) partner_pow = strongest(c, hands[(seat + 2) & 3], led);
    }
    for (uint32_t suits = legal; suits;) {
        int s = lowbit(suits) >> 3;
        suits &= ~SUIT_MASK(s);
        uint32_t lg = (legal >> (8 * s)) & 0xFF;
        /* power bits: bit 7 is the highest card of the suit */
        uint32_t L = c->pbyte[s][lg], O = c->pbyte[s][(others >> (8 * s)) & 0xFF];
        /* leading this suit: can a master cash (a plain suit no opponent can ruff, trumps
           while an opponent has one), does the trick go to the partner */
        int cashes = 0, to_partner = 0;
        if (ordering && pos == 0) {
            uint32_t sm = SUIT_MASK(s), tm = SUIT_MASK(c->trump);
            uint32_t h1 = hands[(seat + 1) & 3], h2 = hands[(seat + 2) & 3];
            uint32_t h3 = hands[(seat + 3) & 3];
            if (s == c->trump)
                cashes = ((h1 | h3) & tm) != 0;
            else
                cashes = !((!(h1 & sm) && (h1 & tm)) || (!(h3 & sm) && (h3 & tm)));
            to_partner = cashes && c->pbyte[s][(h2 >> (8 * s)) & 0xFF] >
                                       c->pbyte[s][((h1 | h3) >> (8 * s)) & 0xFF];
            if (s != c->trump && !(h2 & sm) && (h2 & tm)) to_partner = 1;
        }
        int prev_b = 8, prev_pts = -1, prev_card = 0;
        /* with roem, the suit's cards that may make a run, at its first pair of cards
           that could be equivalent (same points, nothing between) */
        int live_due = c->count_roem;
        uint32_t live = 0;
        while (L) {
            int b = 31 - __builtin_clz(L);
            L ^= 1u << b;
            int card = c->order[s][7 - b];
            int p = c->pts[card];
            /* equivalent to the previous card: same points, no other card between */
            if (equiv && p == prev_pts && !(O & ((1u << prev_b) - 1) & ~((2u << b) - 1))) {
                if (live_due) {
                    live = runs_live(c, seat, pos, s, tmask);
                    live_due = 0;
                }
                prev_b = b;
                if (!((live >> (card & 7) | live >> (prev_card & 7)) & 1)) continue;
            }
            prev_b = b;
            prev_pts = p;
            prev_card = card;
            /* the last player's trick roem, for the order and for the score */
            int roem = pos == 3 && c->count_roem ? trick_roem(c, tmask | (1u << card)) : 0;
            if (pos == 3) roem_of[card] = roem;
            if (ordering) {
                if (pos == 0) {
                    int master = !(O >> (b + 1));
                    keys[n] = master && cashes && s != c->trump ? -p
                              : to_partner                 ? 500 + p
                              : master && cashes           ? 600 - p
                              : s == c->trump              ? 1100 + p
                                                           : 1000 + p;
                } else if (pos == 3) {
                    int pw = c->power[led][card];
                    int ours = pw > best_pow || best_pos == 1;
                    int gain = tpts + p + roem;
                    keys[n] = (ours ? -gain : gain) * 64 + pw;
                } else {
                    int pw = c->power[led][card];
                    if (pw > best_pow)
                        keys[n] = pw > opp_pow ? -p * 4 + 1 : 1000 + p;
                    else if ((best_pos == pos - 2 && best_pow > opp_pow) ||
                             (partner_pow > best_pow && partner_pow > opp_pow))
                        keys[n] = -p * 4;
                    else
                        keys[n] = 1000 + p;
                }
            }
            out[n++] = card;
        }
    }
    if (!ordering || n < 2) return n;
    /* stable insertion sort by key */
    for (int i = 1; i < n; i++) {
        int card = out[i], key = keys[i], j = i - 1;
        while (j >= 0 && keys[j] > key) { out[j + 1] = out[j]; keys[j + 1] = keys[j]; j--; }
        out[j + 1] = card;
        keys[j + 1] = key;
    }
    if (first >= 0) {
        for (int i = 0; i < n; i++)
            if (out[i] == first) {
                for (int j = i; j > 0; j--) out[j] = out[j - 1];
                out[0] = first;
                break;
            }
    }
    return n;
}

static int follow(Ctx *c, int leader, int mars, int pos, int led, int best_pow, int best_pos,
                  int top, uint32_t tmask, int tpts, int alpha, int beta);

static uint64_t hash_key(const uint32_t *h, int lm) {
    uint64_t x = ((uint64_t)h[0] << 32 | h[1]) * 0x9E3779B97F4A7C15ull;
    x ^= ((uint64_t)h[2] << 32 | h[3]) * 0xC2B2AE3D27D4EB4Full;
    x ^= (uint64_t)lm * 0x165667B19E3779F9ull;
    x ^= x >> 29;
    return x;
}

/* The most run roem disjoint runs of one suit can make: a run of three (20) or four (50)
 * consecutive ranks left, each card from a different hand (they fall in one trick);
 * from the window tables and the table of the best disjoint choice of windows. */

static inline int suit_runs(const uint32_t *hands, int s, uint32_t r) {
    int sh = 8 * s;
    uint32_t b0 = (hands[0] >> sh) & 0xFF, b1 = (hands[1] >> sh) & 0xFF;
    uint32_t b2 = (hands[2] >> sh) & 0xFF, b3 = (hands[3] >> sh) & 0xFF;
    uint32_t ok3 = WIN3[r] & ~(BAD3[b0] | BAD3[b1] | BAD3[b2] | BAD3[b3]);
    uint32_t ok4 = WIN4[r] & ~(BAD4[b0] | BAD4[b1] | BAD4[b2] | BAD4[b3]);
    return 10 * RUNS_DP[ok3][ok4];
}

/* An upper bound of the trick roem still to come: disjoint runs of consecutive ranks
 * left, each card from a different hand (suit_runs), stuk when its two cards are in
 * different hands, four of a kind when each hand holds one; and at most 70 a trick
 * besides fours. */
static int roem_left(const Ctx *c, const uint32_t *hands, uint32_t remaining, int tricks) {
    int fours = 0;
    uint32_t all = remaining & (remaining >> 8) & (remaining >> 16) & (remaining >> 24) & 0xF8;
    for (; all; all &= all - 1) {
        int r = lowbit(all);
        uint32_t four = 0x01010101u << r;
        int apart4 = 1;
        for (int i = 0; i < 4; i++)
            if ((hands[i] & four) & ((hands[i] & four) - 1)) apart4 = 0;
        if (apart4) fours += c->four_value[r];
    }
    int runs = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t r = (remaining >> (8 * s)) & 0xFF;
        if (WIN3[r]) runs += suit_runs(hands, s, r);
    }
    if ((remaining & c->stuk) == c->stuk && apart(hands, c->stuk)) runs += 20;
    int cap = 70 * tricks;
    return (runs < cap ? runs : cap) + fours;
}

static void bounds(Ctx *c, int leader, int mars, int *low, int *high) {
    uint32_t *hands = c->hands;
    uint32_t remaining = hands[0] | hands[1] | hands[2] | hands[3];
    int tricks = popcount32(hands[leader]);
    int total = 10;
    for (int s = 0; s < 4; s++) total += c->suit_pts[s][(remaining >> (8 * s)) & 0xFF];
    if (c->count_roem) total += roem_left(c, hands, remaining, tricks);
    /* sure[t]: card points team t wins whatever happens; wins[t]: t surely wins a trick */
    int sure[2] = {0, 0}, wins[2] = {0, 0};
    uint32_t team[2] = {hands[0] | hands[2], hands[1] | hands[3]};
    /* a trump above every trump of the other team wins the trick it falls in */
    uint32_t trumps = remaining & SUIT_MASK(c->trump);
    if (trumps) {
        int owner = -1;
        for (int i = 0; i < 8; i++) {
            int card = c->order[c->trump][i];
            if (!(trumps >> card & 1)) continue;
            int t = (team[1] >> card) & 1;
            if (owner < 0) owner = t;
            else if (t != owner) break;
            sure[t] += c->pts[card];
            wins[t] = 1;
        }
    }
    /* a plain card the leader leads now wins if no opponent can beat it: each opponent
       holds a lower card of its suit or no trump */
    int lt = leader & 1;
    uint32_t opp = team[1 - lt];
    uint32_t opp_trumps = opp & SUIT_MASK(c->trump);
    int extra = 0;
    for (int s = 0; s < 4; s++) {
        if (s == c->trump) continue;
        uint32_t mine = hands[leader] & SUIT_MASK(s);
        if (!mine) continue;
        uint32_t theirs = opp & SUIT_MASK(s);
        int top = -1;
        for (int i = 0; i < 8; i++) {
            int card = c->order[s][i];
            if ((mine | theirs) >> card & 1) { top = card; break; }
        }
        if (!(mine >> top & 1)) continue;
        int o1 = (leader + 1) & 3, o2 = (leader + 3) & 3;
        if (((hands[o1] & SUIT_MASK(s)) || !(hands[o1] & opp_trumps)) &&
            ((hands[o2] & SUIT_MASK(s)) || !(hands[o2] & opp_trumps))) {
            wins[lt] = 1;
            if (c->pts[top] > extra) extra = c->pts[top];
        }
    }
    sure[lt] += extra;
    *high = total - 2 * sure[1] + ((mars & 1) && !wins[1] ? MARS : 0);
    *low = -total + 2 * sure[0] - ((mars & 2) && !wins[0] ? MARS : 0);
}

/* One card each: the last trick is forced, so score it directly. */
static int last_trick(Ctx *c, int leader, int mars) {
    uint32_t *hands = c->hands;
    int first = lowbit(hands[leader]);
    int led = first >> 3;
    int best = first, best_seat = leader, pts = c->pts[first] + 10;
    uint32_t mask = 1u << first;
    for (int i = 1; i < 4; i++) {
        int seat = (leader + i) & 3;
        int card = lowbit(hands[seat]);
        mask |= 1u << card;
        pts += c->pts[card];
        if (c->power[led][card] > c->power[led][best]) { best = card; best_seat = seat; }
    }
    if (c->count_roem) pts += trick_roem(c, mask);
    int team = best_seat & 1;
    if (mars & (1 << team)) pts += MARS;
    return team ? -pts : pts;
}

/* The table's key: without roem only the order, owners and points of the cards left
 * matter, so the zero-point cards at the bottom of each suit (9 8 7 of a plain suit,
 * 8 7 of trumps) are moved up to the highest of their slots, order and owners kept.
 * With roem the same holds for a suit whose zero-point cards can make no run any more;
 * the suits so moved are returned, for the key. */
static int canonical(const Ctx *c, const uint32_t *hands, uint32_t *key) {
    uint32_t remaining = hands[0] | hands[1] | hands[2] | hands[3];
    key[0] = hands[0];
    key[1] = hands[1];
    key[2] = hands[2];
    key[3] = hands[3];
    int flags = 0;
    uint32_t gone = c->zeros & ~remaining;
    while (gone) {
        int s = lowbit(gone) >> 3;
        int sh = 8 * s;
        uint32_t zm = c->zeros & SUIT_MASK(s);
        gone &= ~zm;
        uint32_t z = remaining & zm;
        if (!z) continue;
        if (c->count_roem) {
            /* with roem, only when no run of three ranks left goes through them (the
               windows starting at 7, 8 and, in a plain suit, 9); the key says so */
            if (WIN3[(remaining >> sh) & 0xFF] & (zm >> sh)) continue;
            flags |= 1 << s;
        }
        const uint8_t(*tab)[8] = CANON[s == c->trump];
        uint32_t zb = z >> sh;
        for (int i = 0; i < 4; i++)
            key[i] = (key[i] & ~zm) | (uint32_t)tab[zb][(hands[i] & zm) >> sh] << sh;
    }
    return flags;
}

static int lead(Ctx *c, int leader, int mars, int alpha, int beta) {
    c->nodes++;
    uint32_t *hands = c->hands;
    uint32_t hand = hands[leader];
    if (!hand) return (mars & 1) ? MARS : (mars & 2) ? -MARS : 0;
    if (!(hand & (hand - 1))) return last_trick(c, leader, mars);
    int per_hand = popcount32(hand);
    uint32_t key[4];
    int lm = leader | (mars << 2);
    if (per_hand >= CANON_MIN) lm |= canonical(c, hands, key) << 4;
    else memcpy(key, hands, sizeof(key));
    Entry *bucket = NULL, *slot = NULL;
    int lo = -INF, hi = INF, best_card = -1;
    int use_table = c->flags & F_TABLE;
    if (use_table) {
        bucket = &table[(hash_key(key, lm) >> 20) & (TABLE_SIZE - 2)];
        for (int i = 0; i < 2; i++) {
            Entry *e = &bucket[i];
            if (e->gen == c->gen && e->lm == lm && e->hands[0] == key[0] &&
                e->hands[1] == key[1] && e->hands[2] == key[2] && e->hands[3] == key[3]) {
                slot = e;
                break;
            }
        }
        if (slot) {
            lo = slot->lo;
            hi = slot->hi;
            best_card = slot->best;
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo == hi) return lo;
        }
    }
    if ((c->flags & F_BOUNDS) && per_hand >= BOUNDS_MIN) {
        int low, high;
        bounds(c, leader, mars, &low, &high);
        if (low >= beta) return low;
        if (high <= alpha) return high;
        if (low > lo) lo = low;
        if (high < hi) hi = high;
    }
    int a = alpha > lo ? alpha : lo;
    int b = beta < hi ? beta : hi;
    int window_low = a, window_high = b;
    int cards[8];
    int n = moves(c, hand, hand, leader, 0, -1, -1, -1, best_card, 0, 0, cards, NULL);
    int maximizing = !(leader & 1);
    int best = maximizing ? -INF : INF;
    best_card = cards[0];
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        uint32_t bit = 1u << card;
        hands[leader] = hand ^ bit;
        int led = card >> 3;
        int value = follow(c, leader, mars, 1, led, c->power[led][card], 0,
                           led == c->trump ? card : -1, bit, c->pts[card], a, b);
        if (maximizing) {
            if (value > best) {
                best = value;
                best_card = card;
                if (value > a) { a = value; if (a >= b) break; }
            }
        } else if (value < best) {
            best = value;
            best_card = card;
            if (value < b) { b = value; if (a >= b) break; }
        }
    }
    hands[leader] = hand;
    if (use_table) {
        if (best <= window_low) { if (best < hi) hi = best; }
        else if (best >= window_high) { if (best > lo) lo = best; }
        else lo = hi = best;
        if (!slot) {
            /* an empty or stale slot, else the entry with fewer cards left (less work) */
            if (bucket[0].gen != c->gen) slot = &bucket[0];
            else if (bucket[1].gen != c->gen) slot = &bucket[1];
            else slot = bucket[1].cards < bucket[0].cards ? &bucket[1] : &bucket[0];
            slot->gen = c->gen;
            memcpy(slot->hands, key, sizeof(slot->hands));
            slot->lm = (uint8_t)lm;
            slot->cards = (uint8_t)(4 * per_hand); /* at a lead every hand holds as many */
        }
        slot->lo = (int16_t)lo;
        slot->hi = (int16_t)hi;
        slot->best = (int8_t)best_card;
    }
    return best;
}

static int follow(Ctx *c, int leader, int mars, int pos, int led, int best_pow, int best_pos,
                  int top, uint32_t tmask, int tpts, int alpha, int beta) {
    c->nodes++;
    uint32_t *hands = c->hands;
    int seat = (leader + pos) & 3;
    uint32_t hand = hands[seat];
    uint32_t legal = legal_at(c, hand, led, top, best_pos == pos - 2);
    int cards[8];
    int roem_of[32]; /* the last player's trick roem by card (moves fills it) */
    int n = moves(c, legal, hand, seat, pos, best_pow, best_pos, led, -1, tmask, tpts, cards,
                  roem_of);
    int maximizing = !(seat & 1);
    int best = maximizing ? -INF : INF;
    for (int i = 0; i < n; i++) {
        int card = cards[i];
        uint32_t bit = 1u << card;
        int p = c->power[led][card];
        int n_pow = best_pow, n_pos = best_pos, n_top = top;
        if (p > best_pow) {
            n_pow = p;
            n_pos = pos;
            if ((card >> 3) == c->trump) n_top = card;
        }
        hands[seat] = hand ^ bit;
        int value;
        if (pos < 3) {
            value = follow(c, leader, mars, pos + 1, led, n_pow, n_pos, n_top, tmask | bit,
                           tpts + c->pts[card], alpha, beta);
        } else {
            int winner = (leader + n_pos) & 3;
            int team = winner & 1;
            int gained = tpts + c->pts[card];
            if (!hands[seat]) gained += 10;
            gained += roem_of[card];
            if (team) gained = -gained;
            value = gained + lead(c, winner, mars & (1 << team), alpha - gained, beta - gained);
        }
        if (maximizing) {
            if (value > best) {
                best = value;
                if (value > alpha) { alpha = value; if (alpha >= beta) break; }
            }
        } else if (value < best) {
            best = value;
            if (value < beta) { beta = value; if (alpha >= beta) break; }
        }
    }
    hands[seat] = hand;
    return best;
}

/* ---- Python wrapper ---------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Ctx ctx;
} ContextObject;

static int compact(long long card52) {
    int suit = (int)(card52 / 13), rank = (int)(card52 % 13) + 2;
    return suit * 8 + rank - 7;
}

static uint32_t compact_mask(unsigned long long mask) {
    uint32_t out = 0;
    for (int s = 0; s < 4; s++) out |= (uint32_t)((mask >> (13 * s + 5)) & 0xFF) << (8 * s);
    return out;
}

static int Context_init(ContextObject *self, PyObject *args, PyObject *kwds) {
    int trump, play, count_roem, flags;
    if (!PyArg_ParseTuple(args, "iiii", &trump, &play, &count_roem, &flags)) return -1;
    if (trump < 0 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump must be 0..3");
        return -1;
    }
    if (play != PLAY_AMSTERDAM && play != PLAY_ROTTERDAM) {
        PyErr_SetString(PyExc_ValueError, "play must be a play code (0 amsterdam, 1 rotterdam)");
        return -1;
    }
    if (!table) {
        /* zeroed, and aligned to a cache line by hand (aligned_alloc is not portable);
           the table lives as long as the process */
        void *raw = calloc(TABLE_SIZE * sizeof(Entry) + 63, 1);
        if (!raw) { PyErr_NoMemory(); return -1; }
        table = (Entry *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
    }
    ctx_init(&self->ctx, trump, play, count_roem, flags);
    self->ctx.gen = ++generation;
    if (generation == 0) { /* wrapped: clear everything */
        memset(table, 0, TABLE_SIZE * sizeof(Entry));
        self->ctx.gen = ++generation;
    }
    return 0;
}

static PyObject *Context_search(ContextObject *self, PyObject *args) {
    unsigned long long h[4];
    PyObject *trick;
    int leader, mars, alpha, beta;
    if (!PyArg_ParseTuple(args, "KKKKOiiii", &h[0], &h[1], &h[2], &h[3], &trick, &leader, &mars,
                          &alpha, &beta))
        return NULL;
    Ctx *c = &self->ctx;
    for (int i = 0; i < 4; i++) c->hands[i] = compact_mask(h[i]);
    PyObject *seq = PySequence_Fast(trick, "trick must be a sequence of card indices");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 3) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "trick too long"); return NULL; }
    int cards[3];
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
        cards[i] = compact(v);
    }
    Py_DECREF(seq);
    c->nodes = 0;
    int value;
    if (n == 0) {
        value = lead(c, leader & 3, mars & 3, alpha, beta);
    } else {
        int led = cards[0] >> 3;
        int best_pos = 0;
        for (int i = 1; i < n; i++)
            if (c->power[led][cards[i]] > c->power[led][cards[best_pos]]) best_pos = i;
        int top = (cards[best_pos] >> 3) == c->trump ? cards[best_pos] : -1;
        uint32_t tmask = 0;
        int tpts = 0;
        for (int i = 0; i < n; i++) { tmask |= 1u << cards[i]; tpts += c->pts[cards[i]]; }
        value = follow(c, leader & 3, mars & 3, (int)n, led, c->power[led][cards[best_pos]],
                       best_pos, top, tmask, tpts, alpha, beta);
    }
    return Py_BuildValue("iL", value, c->nodes);
}

static PyMethodDef Context_methods[] = {
    {"search", (PyCFunction)Context_search, METH_VARARGS,
     "search(h0, h1, h2, h3, trick, leader, mars, alpha, beta) -> (value, nodes)"},
    {NULL, NULL, 0, NULL}};

static PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardtable.solver._native.Context",
    .tp_basicsize = sizeof(ContextObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Context(trump, play, count_roem, flags): the search of one deal (play: a play code)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Context_init,
    .tp_methods = Context_methods,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_native",
                                    "Compiled double-dummy search for Kraken.", -1, NULL};

static void init_tables(void) {
    for (int m = 0; m < 256; m++) {
        int w3 = 0, w4 = 0, b3 = 0, b4 = 0;
        for (int l = 0; l < 6; l++) {
            if ((m >> l & 7) == 7) w3 |= 1 << l;
            if (popcount32((uint32_t)(m >> l & 7)) > 1) b3 |= 1 << l;
        }
        for (int l = 0; l < 5; l++) {
            if ((m >> l & 15) == 15) w4 |= 1 << l;
            if (popcount32((uint32_t)(m >> l & 15)) > 1) b4 |= 1 << l;
        }
        WIN3[m] = (uint8_t)w3; WIN4[m] = (uint8_t)w4;
        BAD3[m] = (uint8_t)b3; BAD4[m] = (uint8_t)b4;
    }
    for (int ok3 = 0; ok3 < 64; ok3++)
        for (int ok4 = 0; ok4 < 32; ok4++) {
            int best[9] = {0};
            for (int i = 1; i <= 8; i++) {
                int b = best[i - 1];
                if (i >= 3 && (ok3 >> (i - 3) & 1) && best[i - 3] + 2 > b) b = best[i - 3] + 2;
                if (i >= 4 && (ok4 >> (i - 4) & 1) && best[i - 4] + 5 > b) b = best[i - 4] + 5;
                best[i] = b;
            }
            RUNS_DP[ok3][ok4] = (uint8_t)best[8];
        }
    for (int z = 0; z < 8; z++)
        for (int h = 0; h < 8; h++) {
            int out = 0, slot = 2;
            for (int b = 2; b >= 0; b--) {
                if (!(z >> b & 1)) continue;
                if (h >> b & 1) out |= 1 << slot;
                slot--;
            }
            CANON[0][z][h] = (uint8_t)out;
        }
    for (int z = 0; z < 4; z++)
        for (int h = 0; h < 4; h++) CANON[1][z][h] = CANON[0][z << 1][h << 1] >> 1;
    for (int w = 0; w < 64; w++) {
        int cover = 0;
        for (int l = 0; l < 6; l++)
            if (w >> l & 1) cover |= 7 << l;
        COVER3[w] = (uint8_t)cover;
    }
}

PyMODINIT_FUNC PyInit__native(void) {
    init_tables();
    if (PyType_Ready(&ContextType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ContextType);
    if (PyModule_AddObject(m, "Context", (PyObject *)&ContextType) < 0) {
        Py_DECREF(&ContextType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
