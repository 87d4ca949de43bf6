// A line-protocol front end to blokie's native C++ search, for
// scripts/blockdoku-vs-blokie.sh. It is compiled together with a fetched copy of blokie's
// engine/cpp sources (never committed here) and answers one tray per line:
//
//   in:  board_a board_b board_c  p0_a p0_b p0_c  p1_a p1_b p1_c  p2_a p2_b p2_c
//   out: found cpu_ns  q0_a q0_b q0_c  q1_a q1_b q1_c  q2_a q2_b q2_c
//
// Every board is three 27-bit words, rows 0-2, 3-5 and 6-8 (cell (r, c) is bit
// (r % 3) * 9 + c of word r / 3), the layout of blokie's WASM interface. The placements
// come back in playing order; cpu_ns is the thread CPU time of the search alone.
#include "solver.h"
#include <cstdint>
#include <cstdio>
#include <ctime>

static BitBoard from_words(uint64_t a, uint64_t b, uint64_t c) {
    return BitBoard(a | (b << 27), c);
}

static int64_t thread_cpu_ns() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return int64_t(t.tv_sec) * 1000000000 + t.tv_nsec;
}

int main() {
    unsigned long long w[12];
    while (std::scanf("%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &w[0], &w[1],
                      &w[2], &w[3], &w[4], &w[5], &w[6], &w[7], &w[8], &w[9], &w[10],
                      &w[11]) == 12) {
        const GameState state(from_words(w[0], w[1], w[2]));
        const PieceSet pieces(Piece(from_words(w[3], w[4], w[5])),
                              Piece(from_words(w[6], w[7], w[8])),
                              Piece(from_words(w[9], w[10], w[11])));
        const int64_t start = thread_cpu_ns();
        const MoveResult move = AI::makeMoveSimpleDefault(state, pieces);
        const int64_t spent = thread_cpu_ns() - start;
        std::printf("%d %lld", move.evaluation != UINT64_MAX ? 1 : 0, (long long)spent);
        for (const BitBoard &p : move.placements) {
            const uint64_t a = p.getA();
            std::printf(" %llu %llu %llu", (unsigned long long)(a & 0x7FFFFFF),
                        (unsigned long long)((a >> 27) & 0x7FFFFFF),
                        (unsigned long long)(p.getB() & 0x7FFFFFF));
        }
        std::printf("\n");
        std::fflush(stdout);
    }
    return 0;
}
