/*
 * emu_timing_hbm — bandwidth servers of the memory side (DRAM, Infinity
 * Cache): emu_timing_hbm.c.
 */
#ifndef EMU_TIMING_HBM_H
#define EMU_TIMING_HBM_H

#include <stdbool.h>
#include <stdint.h>

/* A resource moving a fixed number of bytes per shader cycle, as a calendar
 * of EMU_BW_LEN-cycle buckets, each able to carry EMU_BW_LEN cycles of
 * transfers. A line arriving at t takes the first bucket from t's on with
 * room, so requests that reach the model slightly out of time order (waves
 * run in model-time order, but one instruction's lines arrive hundreds of
 * cycles after its issue) use the capacity of their own time instead of
 * queueing behind a later reservation. Times in 1/65536 cycles. */
#define EMU_FX 16
#define EMU_BW_LEN 32u
#define EMU_BW_BUCKETS 8192u
struct emu_bw {
	uint64_t line_fx;        /* transfer time of one line read */
	uint64_t wline_fx;       /* of one line written (= line_fx unless emu_bw_set_write) */
	uint32_t *used;          /* [EMU_BW_BUCKETS] transfer time booked per bucket */
	uint64_t lo;             /* oldest bucket (absolute index) in the window */
	uint64_t open;           /* buckets lo .. open-1 are full */
	/* Bit k % EMU_BW_BUCKETS of full[0] (full[1]): bucket k of the window
	 * is known to have no room for a line read (written). A hint that is
	 * only ever true: bookings that fill a bucket without setting it (the
	 * inline path) leave a clear bit that the next scan checks and sets.
	 * Without it a read-only stream, whose buckets keep room for a cheaper
	 * write and so hold `open` back, scanned every bucket of its backlog
	 * one by one on every booking. */
	uint64_t *full[2];
};

bool emu_bw_init(struct emu_bw *b, double bytes_per_cycle, uint32_t line_bytes);
void emu_bw_fini(struct emu_bw *b);
/* Writes move at their own rate (a DRAM bus's read/write turnaround and
 * write efficiency differ from its reads'): bytes_per_cycle for writes. */
void emu_bw_set_write(struct emu_bw *b, double bytes_per_cycle, uint32_t line_bytes);
/* The first bucket from k on, below lim (<= lo + EMU_BW_BUCKETS), whose
 * bit of `full` (EMU_BW_BUCKETS bits) is clear; lim if none; k itself
 * when k >= lim. */
static inline uint64_t emu_bw_next_clear(const uint64_t *full, uint64_t k, uint64_t lim)
{
	if (k >= lim)
		return k;
	while (k < lim) {
		uint32_t i = (uint32_t)(k % EMU_BW_BUCKETS);
		uint64_t w = ~full[i / 64] >> (i % 64);  /* clear bits from i on, in i's word */
		if (w) {
			k += (uint64_t)__builtin_ctzll(w);
			return k < lim ? k : lim;
		}
		k += 64 - i % 64;
	}
	return lim;
}
/* Cycle at which a line arriving at `t` has been transferred. */
uint64_t emu_bw_line(struct emu_bw *b, uint64_t t);
/* n lines arriving at `t`, booked as n calls of emu_bw_line would book
 * them; returns the cycle the last is transferred (the latest; 0 for
 * none). */
uint64_t emu_bw_lines(struct emu_bw *b, uint64_t t, uint64_t n);
/* The same for n lines written. */
uint64_t emu_bw_wlines(struct emu_bw *b, uint64_t t, uint64_t n);
/* emu_bw_line inline for the common case, a line read into a bucket of
 * the window with room that stays open (the L2 channels' per-request
 * booking); anything else is emu_bw_line's. The same bookings and result. */
static inline uint64_t emu_bw_line_inline(struct emu_bw *b, uint64_t t)
{
	const uint64_t cap = (uint64_t)EMU_BW_LEN << EMU_FX;
	uint64_t k = t / EMU_BW_LEN;
	const uint64_t fx = b->line_fx, min_fx = b->line_fx < b->wline_fx ? b->line_fx : b->wline_fx;
	if (k < b->lo || k < b->open || k >= b->lo + EMU_BW_BUCKETS)
		return emu_bw_line(b, t);
	uint32_t *u = &b->used[k % EMU_BW_BUCKETS];
	uint64_t booked = *u + fx;
	if (booked > cap || (b->open == k && booked + min_fx > cap))
		return emu_bw_line(b, t);
	*u = (uint32_t)booked;
	uint64_t end = ((k * EMU_BW_LEN) << EMU_FX) + booked, at = (t << EMU_FX) + fx;
	end = at > end ? at : end;
	return (end + (1u << EMU_FX) - 1) >> EMU_FX;
}

/* Whole cycles one line read takes on an idle server. */
static inline uint64_t emu_bw_xfer(const struct emu_bw *b)
{
	return (b->line_fx + (1u << EMU_FX) - 1) >> EMU_FX;
}

#endif
