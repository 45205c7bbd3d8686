/*
 * emu_timing_mem — the memory side beyond the L2s, shared by every XCD: the
 * Infinity Cache (MALL; gfx942) and DRAM, each behind its bandwidth server
 * (emu_timing_hbm.c). In a window of a multi-domain dispatch a view acts
 * through its overlay (t->ovl, emu_timing_ovl.c), else on the shared
 * state; the merge replays the overlays' logs here on the root, which has
 * none.
 */
#ifndef EMU_TIMING_MEM_H
#define EMU_TIMING_MEM_H

#include <stdbool.h>
#include <stdint.h>

struct emu_timing;

/* Read the line of `addr` from beyond the L2, asked at `at`; returns the
 * cycle the data is back at the L2. evict: the MALL's "Hit Evict" of the
 * ISA's policy table (a hit line is evicted, a miss fills nothing). */
uint64_t emu_timing_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool evict);
/* A dirty L2 line leaves at `at`: into the MALL when there is one, else to
 * DRAM. */
void emu_timing_mem_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at);
/* A line written to DRAM at `at`. */
void emu_timing_mem_dram_write(struct emu_timing *t, uint64_t at);

/* A cache action's write-back of many L2 lines at once (emu_timing_l2_flush),
 * counted nowhere: put_line writes the L2 line of `addr` into the MALL's
 * tags (true if that evicted a dirty line); book_lines then books `lines`
 * lines through the MALL's port (without a MALL, DRAM) and `mall_dirty`
 * evicted lines to DRAM, all asked at `at`, and returns the cycle the last
 * is through (at if none). */
bool emu_timing_mem_put_line(struct emu_timing *t, uint64_t addr);
uint64_t emu_timing_mem_book_lines(struct emu_timing *t, uint64_t at, uint64_t lines, uint64_t mall_dirty);

#endif
