/*
 * emu_timing_hbm — bandwidth of the memory side: the DRAM interface of the
 * whole GPU and the Infinity Cache, each a server of fixed byte rate shared
 * by all CUs.
 *
 * Every line that crosses the resource occupies it for line / rate cycles.
 * With few requests in flight the resource is idle when they arrive and a
 * line costs only its latency, so bandwidth = bytes in flight / latency
 * (Little's law) and grows with unrolling and waves; once the arrivals
 * outpace the rate, lines wait for later buckets, latency grows, and the
 * delivered bandwidth stays at the rate.
 *
 * The server is a calendar (see struct emu_bw): time is cut into
 * EMU_BW_LEN-cycle buckets, each of which can carry EMU_BW_LEN cycles of
 * transfers. A line is booked into the first bucket at or after its arrival
 * that has room and is done once the bucket's bookings up to it are
 * through (or its own transfer time after its arrival, if later). Booking
 * by capacity rather than position means a line that reaches the model
 * late never wastes the idle time before it. Buckets before `open` are
 * known full, so a saturated server books in O(1).
 */
#include <stdlib.h>
#include <string.h>

#include "model/emu_timing_hbm.h"

#define CAP_FX ((uint64_t)EMU_BW_LEN << EMU_FX)

/* Transfer time of one line at bytes_per_cycle, in 1/65536 cycles. */
static uint64_t line_time_fx(double bytes_per_cycle, uint32_t line_bytes)
{
	uint64_t v = 1;
	if (bytes_per_cycle > 0) {
		double fx = (double)line_bytes / bytes_per_cycle * (double)(1u << EMU_FX) + 0.5;
		v = fx < 1 ? 1 : (uint64_t)fx;
	}
	return v > CAP_FX ? CAP_FX : v;  /* slower than a line per bucket: cannot happen at real rates */
}

bool emu_bw_init(struct emu_bw *b, double bytes_per_cycle, uint32_t line_bytes)
{
	memset(b, 0, sizeof(*b));
	b->line_fx = line_time_fx(bytes_per_cycle, line_bytes);
	b->wline_fx = b->line_fx;
	b->used = calloc(EMU_BW_BUCKETS, sizeof(*b->used));
	b->full[0] = calloc(2 * EMU_BW_BUCKETS / 64, sizeof(uint64_t));
	b->full[1] = b->full[0] ? b->full[0] + EMU_BW_BUCKETS / 64 : NULL;
	return b->used != NULL && b->full[0] != NULL;
}

void emu_bw_set_write(struct emu_bw *b, double bytes_per_cycle, uint32_t line_bytes)
{
	b->wline_fx = line_time_fx(bytes_per_cycle, line_bytes);
}

void emu_bw_fini(struct emu_bw *b)
{
	free(b->used);
	free(b->full[0]);
	b->used = NULL;
	b->full[0] = b->full[1] = NULL;
}

/* Slide the window so that it starts at bucket `lo`. */
static void bw_advance(struct emu_bw *b, uint64_t lo)
{
	if (lo - b->lo >= EMU_BW_BUCKETS) {
		memset(b->used, 0, EMU_BW_BUCKETS * sizeof(*b->used));
		memset(b->full[0], 0, 2 * EMU_BW_BUCKETS / 64 * sizeof(uint64_t));
	} else {
		for (uint64_t k = b->lo; k < lo; k++) {
			uint32_t i = (uint32_t)(k % EMU_BW_BUCKETS);
			b->used[i] = 0;
			b->full[0][i / 64] &= ~(1ull << (i % 64));
			b->full[1][i / 64] &= ~(1ull << (i % 64));
		}
	}
	b->lo = lo;
	if (b->open < lo)
		b->open = lo;
}

/* n lines of fx each, arriving at t. */
static uint64_t bw_book(struct emu_bw *b, uint64_t t, uint64_t n, uint64_t fx)
{
	uint64_t at = t << EMU_FX;
	uint64_t k = t / EMU_BW_LEN;
	uint64_t end = 0;
	/* a bucket is known full when the cheaper kind of line no longer fits */
	const uint64_t min_fx = b->line_fx < b->wline_fx ? b->line_fx : b->wline_fx;
	if (k < b->lo)
		k = b->lo;        /* older than the window: book at its start */
	if (k < b->open)
		k = b->open;
	unsigned skipped = 0;
	for (; n; k++) {
		if (k >= b->lo + EMU_BW_BUCKETS)
			bw_advance(b, k - EMU_BW_BUCKETS + 1);
		uint32_t i = (uint32_t)(k % EMU_BW_BUCKETS);
		uint32_t *u = &b->used[i];
		if (*u + fx > CAP_FX) {
			/* A few full buckets are passed one by one (the common short
			 * scan); a longer run, or one from a bucket already known
			 * full, is passed by the buckets known full for fx, as the
			 * bucket-by-bucket scan would pass them (within the window:
			 * no slide on the way); the loop's k++ lands on the next
			 * candidate. */
			uint64_t *full = b->full[fx == b->line_fx ? 0 : 1], bit = 1ull << (i % 64);
			if ((full[i / 64] & bit) || ++skipped > 4) {
				full[i / 64] |= bit;
				k = emu_bw_next_clear(full, k + 1, b->lo + EMU_BW_BUCKETS) - 1;
			}
			continue;
		}
		/* As many of the lines as the bucket has room for: one at a
		 * time, each would find the buckets before it full and book
		 * here. */
		uint64_t m = n == 1 ? 1 : (CAP_FX - *u) / fx;  /* one line fits (above): no division */
		m = m < n ? m : n;
		n -= m;
		uint64_t booked = *u + m * fx;
		*u = (uint32_t)booked;
		if (booked + fx > CAP_FX)
			b->full[fx == b->line_fx ? 0 : 1][i / 64] |= 1ull << (i % 64);
		/* Done after the bucket's earlier bookings, and not before the
		 * line itself has had its transfer time. */
		uint64_t base = (k * EMU_BW_LEN) << EMU_FX;
		end = base + booked;
		if (at + fx > end)
			end = at + fx;
		for (uint64_t j = k; b->open == j && b->used[j % EMU_BW_BUCKETS] + min_fx > CAP_FX;)
			j = ++b->open;
	}
	return (end + (1u << EMU_FX) - 1) >> EMU_FX;
}

uint64_t emu_bw_lines(struct emu_bw *b, uint64_t t, uint64_t n)
{
	return bw_book(b, t, n, b->line_fx);
}

uint64_t emu_bw_wlines(struct emu_bw *b, uint64_t t, uint64_t n)
{
	return bw_book(b, t, n, b->wline_fx);
}

uint64_t emu_bw_line(struct emu_bw *b, uint64_t t)
{
	return emu_bw_lines(b, t, 1);
}
