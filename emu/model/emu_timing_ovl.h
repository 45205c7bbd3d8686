/*
 * emu_timing_ovl — a domain's overlay of the shared memory side (MALL
 * tags and fills, the DRAM and MALL calendars) during a window, with the
 * log of its requests for the merge (emu_timing_ovl.c).
 */
#ifndef EMU_TIMING_OVL_H
#define EMU_TIMING_OVL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct emu_cache;
struct emu_timing;
struct emu_timing_ovl;

/* A logged request: what the replay does with it (emu_timing_merge). */
enum emu_timing_ovl_op { EMU_OVL_READ = 0, EMU_OVL_READ_EVICT, EMU_OVL_L2_WB, EMU_OVL_DRAM_W };
struct emu_timing_ovl_rec {
	uint64_t addr;
	uint64_t at;
	uint32_t op;               /* enum emu_timing_ovl_op */
};

/* An overlay for a MALL of `ways` ways. */
struct emu_timing_ovl *emu_timing_ovl_create(uint32_t ways);
void emu_timing_ovl_destroy(struct emu_timing_ovl *o);
/* The window's requests in order (*n of them). */
const struct emu_timing_ovl_rec *emu_timing_ovl_log(const struct emu_timing_ovl *o, size_t *n);
/* Forget the window (copied sets, fill notes, bookings, log). False if
 * the log had run out of host memory in it (requests were lost). */
bool emu_timing_ovl_reset(struct emu_timing_ovl *o);

/* Ask the host to fetch what a MALL access of L2 line `line` (of the
 * MALL's line size) through the overlay reads first: its slot of the
 * overlay's set table (first probe) and the shared set it copies from. The
 * tables miss the host's caches when a kernel streams through more memory
 * than they hold, so the vector path asks for them with its L1 misses and
 * its L2 write-backs (emu_timing_vmem.c, emu_timing_l2.h). */
void emu_timing_ovl_prefetch(const struct emu_timing_ovl *o, const struct emu_cache *mall, uint64_t line);

/* The memory side seen through the overlay of view t (t->ovl): the same
 * three operations as emu_timing_mem.c's, each logged for the replay at
 * the merge. They count nothing: the replay counts. */
uint64_t emu_timing_ovl_mem_read(struct emu_timing *t, uint64_t addr, uint64_t at, bool evict);
void emu_timing_ovl_l2_writeback(struct emu_timing *t, uint64_t addr, uint64_t at);
void emu_timing_ovl_dram_write(struct emu_timing *t, uint64_t at);

#endif
