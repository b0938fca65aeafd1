/* A hand-written C engine for one contract, the yardstick of
 * benchmarks/native_speed.py: random whole hands of No hearts (tournament:
 * -2 per heart, A of hearts -6, no heart lead unless holding only hearts;
 * the hand ends once every heart is taken), four players, the declarer
 * leading.  The same algorithm as the generated playouts: cards as bits
 * of a 64-bit mask, CPython's Mersenne Twister (MT19937) for the random
 * numbers, a Fisher-Yates deal cut short, each move a uniformly random
 * legal card drawn with rejection sampling, then that many low cards
 * skipped.  Seeded like random.Random(seed) for a small int seed, so its
 * first hands are those of the Python playouts (the benchmark checks it).
 *
 *     gcc -O2 -march=native -o no_hearts no_hearts.c
 *     ./no_hearts HANDS SEED      prints: hands cpu-seconds checksum first-hand-scores
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint32_t mt[624];
static int mti = 625;

static void init_genrand(uint32_t s) {
    mt[0] = s;
    for (mti = 1; mti < 624; mti++)
        mt[mti] = 1812433253U * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + (uint32_t)mti;
}

/* CPython's random.seed(n) for 0 <= n < 2**32: init_by_array with one key. */
static void seed_python(uint32_t key) {
    int i = 1, j = 0, k;
    init_genrand(19650218U);
    for (k = 624; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key + (uint32_t)j;
        i++; j++;
        if (i >= 624) { mt[0] = mt[623]; i = 1; }
        if (j >= 1) j = 0;
    }
    for (k = 623; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000U;
    mti = 624;
}

static inline uint32_t next32(void) {
    uint32_t y;
    if (mti >= 624) {
        int kk;
        for (kk = 0; kk < 227; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + 397] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
        }
        for (; kk < 623; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk - 227] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
        }
        y = (mt[623] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[623] = mt[396] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
        mti = 0;
    }
    y = mt[mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static inline int width_of(int n) { /* bits covering 0..n-1, at least 1 */
    int w = 1;
    while ((1 << w) < n) w++;
    return w;
}

static int WIDTH[65];

static inline int below(int n) {
    int w = WIDTH[n];
    int k = (int)(next32() >> (32 - w));
    while (k >= n) k = (int)(next32() >> (32 - w));
    return k;
}

static inline uint64_t pick(uint64_t cand) {
    if (cand & (cand - 1)) {
        int skip = below(__builtin_popcountll(cand));
        while (skip--) cand &= cand - 1;
    }
    return cand & -cand;
}

#define HEARTS 0x0007FFC000000ULL
#define LOW_HEARTS 0x0003FFC000000ULL
#define ACE_HEARTS 0x0004000000000ULL

static void play_hand(int scores[4]) {
    uint64_t pool[52], hands[4], left = 0;
    for (int c = 0; c < 52; c++) { pool[c] = 1ULL << c; left |= pool[c]; }
    for (int seat = 0, n = 52; seat < 3; seat++) {
        uint64_t hand = 0;
        for (int k = 0; k < 13; k++, n--) {
            int j = below(n);
            hand |= pool[j];
            pool[j] = pool[n - 1];
        }
        hands[seat] = hand;
        left ^= hand;
    }
    hands[3] = left;
    uint64_t won[4] = {0, 0, 0, 0}, remaining = HEARTS;
    int leader = 0;
    for (int trick = 0; trick < 13; trick++) {
        uint64_t cand = hands[leader] & ~HEARTS;
        if (!cand) cand = hands[leader];
        uint64_t best = pick(cand);
        hands[leader] ^= best;
        uint64_t lmask = 0x1FFFULL << (__builtin_ctzll(best) / 13 * 13), taken = best;
        int taker = leader, seat = leader;
        for (int k = 1; k < 4; k++) {
            seat = seat + 1 < 4 ? seat + 1 : 0;
            uint64_t follow = hands[seat] & lmask;
            uint64_t low = pick(follow ? follow : hands[seat]);
            hands[seat] ^= low;
            taken |= low;
            if (follow && low > best) { best = low; taker = seat; }
        }
        remaining &= ~taken;
        won[taker] |= taken;
        leader = taker;
        if (!remaining) break;
    }
    for (int s = 0; s < 4; s++)
        scores[s] = -2 * __builtin_popcountll(won[s] & LOW_HEARTS) - 6 * __builtin_popcountll(won[s] & ACE_HEARTS);
}

int main(int argc, char **argv) {
    long hands = argc > 1 ? atol(argv[1]) : 1000000;
    uint32_t seed = argc > 2 ? (uint32_t)atol(argv[2]) : 0;
    for (int n = 0; n < 65; n++) WIDTH[n] = width_of(n);
    seed_python(seed);
    int first[4], scores[4];
    long checksum = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (long h = 0; h < hands; h++) {
        play_hand(scores);
        if (h == 0) for (int s = 0; s < 4; s++) first[s] = scores[s];
        checksum += scores[0] - 2 * scores[1] + 3 * scores[2] - 4 * scores[3];
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("%ld %.6f %ld %d %d %d %d\n", hands, seconds, checksum, first[0], first[1], first[2], first[3]);
    return 0;
}
