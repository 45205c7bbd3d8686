/*
 * emu_wave_lds — the LDS checks of a wave's workgroup (emu_wave.h): poison
 * at creation, a map of written bytes, reads of unwritten bytes and
 * accesses past the allocation reported through w->ops->lds_report.
 *
 * Written bytes: a shadow byte per LDS byte, nonzero once written; the DS
 * store fast paths set it in the same loop that stores the data
 * (emu_exec_ds.c). Loads that the DS fast paths did all at once are first
 * screened on their data: a dword never written holds EMU_POISON, so an
 * aligned load none of whose dwords equals it read nothing unwritten — as
 * long as no sub-dword or misaligned write mixed poison and data in a
 * dword (wg->lds_partial); only the rest pays for the exact check. That
 * check tests a lane's shadow a word at a time and searches bytes only
 * for a lane with something to report; a whole-wave read at addresses
 * the workgroup already read quietly (a loop over LDS it never wrote: its
 * poison sends every read here) is answered from memory, exactly, as the
 * map only gains written bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "wave/emu_wave.h"

bool emu_wave_lds_init(struct emu_workgroup *wg, uint32_t size)
{
	/* 16 spare bytes past both, so that no lane copy needs a bound. */
	wg->lds = malloc(size + 16);
	wg->lds_sh = calloc(1, size + 16);
	wg->lds_size = size;
	wg->lds_partial = false;
	memset(wg->lds_quiet, 0, sizeof(wg->lds_quiet));
	wg->lds_quiet_next = 0;
	if (!wg->lds || !wg->lds_sh)
		return false;
	uint32_t p = EMU_POISON;
	for (uint32_t i = 0; i + 4 <= size; i += 4)
		memcpy(wg->lds + i, &p, 4);
	return true;
}

/* Bytes [a, a + n) (inside the allocation) written. Called per lane of
 * every DS store: the usual widths as fixed-size stores the compiler
 * inlines (a memset call per lane was a third of the LDS suite's time). */
static inline void lds_mark(struct emu_workgroup *wg, uint32_t a, unsigned n)
{
	static const uint64_t ones[2] = { UINT64_MAX, UINT64_MAX };
	uint8_t *p = wg->lds_sh + a;
	switch (n) {
	case 4: memcpy(p, ones, 4); break;
	case 8: memcpy(p, ones, 8); break;
	case 16: memcpy(p, ones, 16); break;
	default: memset(p, 0xff, n); break;
	}
	if ((a | n) & 3)
		wg->lds_partial = true;
}

/* Offset of the first byte of p[0, n) not written, or -1. Shadow bytes
 * are 0xff (written) or 0: eight at a time first, bytes only to find the
 * first. */
static int64_t lds_unwritten_at(const uint8_t *p, unsigned n)
{
	unsigned i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, p + i, 8);
		if (v != UINT64_MAX)
			break;
	}
	if (i + 4 <= n && i + 8 > n) {
		uint32_t v;
		memcpy(&v, p + i, 4);
		if (v == UINT32_MAX)
			i += 4;
	}
	for (; i < n; i++)
		if (!p[i])
			return i;
	return -1;
}

static int64_t lds_unwritten(const struct emu_workgroup *wg, uint32_t a, unsigned n)
{
	int64_t i = lds_unwritten_at(wg->lds_sh + a, n);
	return i < 0 ? -1 : (int64_t)a + i;
}

/* Whether the n bytes of shadow at p are all written: the usual widths as
 * one or two whole-word compares. */
static inline bool lds_sh_full(const uint8_t *p, unsigned n)
{
	uint64_t x, y;
	uint32_t v;
	switch (n) {
	case 4: memcpy(&v, p, 4); return v == UINT32_MAX;
	case 8: memcpy(&x, p, 8); return x == UINT64_MAX;
	case 16: memcpy(&x, p, 8); memcpy(&y, p + 8, 8); return (x & y) == UINT64_MAX;
	default: return lds_unwritten_at(p, n) < 0;
	}
}

/* emu_lds_check's lane loop, inlined for the usual widths of a read: a
 * lane whose bytes are in range and (for a read) all written costs a
 * compare and one or two whole-word loads of the shadow; only a lane with
 * something to report takes the byte-exact search. True when nothing was
 * reported. */
static inline __attribute__((always_inline)) bool
lds_check_lanes(struct emu_wave *w, const uint32_t *va, uint32_t off, uint64_t mask, unsigned bytes,
                enum emu_lds_op op)
{
	struct emu_workgroup *wg = w->wg;
	/* In range: a + bytes <= size (emu_lds_in of the last byte). */
	const int64_t lim = (int64_t)wg->lds_size - bytes;
	bool oob_seen = false, quiet = true;
	for (uint64_t m = mask; m; m &= m - 1) {
		uint32_t a = va[__builtin_ctzll(m)] + off;
		if ((int64_t)a > lim) {
			if (!oob_seen)
				w->ops->lds_report(w, w->cur, EMU_LDS_OOB, a, bytes);  /* one report per instruction */
			oob_seen = true;
			quiet = false;
			continue;
		}
		if ((op & EMU_LDS_READ) && !lds_sh_full(wg->lds_sh + a, bytes)) {
			w->ops->lds_report(w, w->cur, EMU_LDS_UNINIT, (uint64_t)lds_unwritten(wg, a, bytes), 1);
			quiet = false;
			if (w->state == EMU_WAVE_FAULT)
				return false;
			lds_mark(wg, a, bytes);  /* reported once per byte */
			continue;
		}
		if (op & EMU_LDS_WRITE)
			lds_mark(wg, a, bytes);
	}
	return quiet;
}

/* A whole-wave read: nothing to report if the same addresses (va, off,
 * bytes) were read quietly before in this workgroup: the range does not
 * change and the written map only gains bytes. Else the lane loop, and a
 * quiet outcome remembered (two entries: read2's two offsets). A loop
 * reading LDS its workgroup never wrote (the poison screen of the loads
 * then sends every read here) pays the loop once per pattern. */
static void lds_check_wave_read(struct emu_wave *w, const uint32_t *va, uint32_t off, unsigned bytes)
{
	struct emu_workgroup *wg = w->wg;
	for (unsigned i = 0; i < 2; i++) {
		const struct emu_lds_quiet *q = &wg->lds_quiet[i];
		if (q->bytes == bytes && q->off == off && !memcmp(q->va, va, sizeof(q->va)))
			return;
	}
	bool quiet;
	switch (bytes) {
	case 4: quiet = lds_check_lanes(w, va, off, ~0ull, 4, EMU_LDS_READ); break;
	case 8: quiet = lds_check_lanes(w, va, off, ~0ull, 8, EMU_LDS_READ); break;
	case 16: quiet = lds_check_lanes(w, va, off, ~0ull, 16, EMU_LDS_READ); break;
	default: quiet = lds_check_lanes(w, va, off, ~0ull, bytes, EMU_LDS_READ); break;
	}
	if (!quiet)
		return;
	struct emu_lds_quiet *q = &wg->lds_quiet[wg->lds_quiet_next];
	wg->lds_quiet_next ^= 1;
	memcpy(q->va, va, sizeof(q->va));
	q->off = off;
	q->bytes = bytes;
}

void emu_lds_check(struct emu_wave *w, const uint32_t *va, uint32_t off, uint64_t mask, unsigned bytes,
                   enum emu_lds_op op)
{
	if (!bytes || !w->wg->lds_sh)
		return;  /* nothing accessed; or a unit-test workgroup without a shadow */
	if (op == EMU_LDS_READ) {
		if (mask == ~0ull) {
			lds_check_wave_read(w, va, off, bytes);
			return;
		}
		switch (bytes) {
		case 4: lds_check_lanes(w, va, off, mask, 4, EMU_LDS_READ); return;
		case 8: lds_check_lanes(w, va, off, mask, 8, EMU_LDS_READ); return;
		case 16: lds_check_lanes(w, va, off, mask, 16, EMU_LDS_READ); return;
		default: break;
		}
	}
	lds_check_lanes(w, va, off, mask, bytes, op);
}

/* Whether buf[0 .. n) (n a multiple of 4) holds the poison, or some lane
 * address (va[0..63] + off) is not dword-aligned. */
/* Whether buf[0 .. 64 x ndw) holds the poison (ndw 1, 2, 4 or 8): whole
 * 64-dword rows, 32 bytes at a time, two rows' worth of compares in flight. */
__attribute__((target_clones("avx2", "default")))
bool emu_lds_poisoned(const uint32_t *buf, unsigned ndw)
{
	typedef uint32_t u32x8 __attribute__((vector_size(32)));
	const u32x8 p = { EMU_POISON, EMU_POISON, EMU_POISON, EMU_POISON,
	                  EMU_POISON, EMU_POISON, EMU_POISON, EMU_POISON };
	u32x8 h0 = { 0 }, h1 = { 0 };
	for (unsigned r = 0; r < ndw; r++) {
		const uint32_t *row = buf + r * EMU_LANES;
#pragma GCC unroll 4
		for (unsigned i = 0; i < EMU_LANES; i += 16) {
			u32x8 x, y;
			memcpy(&x, row + i, sizeof(x));
			memcpy(&y, row + i + 8, sizeof(y));
			h0 |= (u32x8)(x == p);
			h1 |= (u32x8)(y == p);
		}
	}
	h0 |= h1;
	uint64_t h[4];
	memcpy(h, &h0, sizeof(h));
	return (h[0] | h[1] | h[2] | h[3]) != 0;
}

/* Whether some lane address va[l] | offs is not dword-aligned. */
static bool lds_misaligned(const uint32_t *va, uint32_t offs)
{
	uint32_t o = offs;
	for (unsigned l = 0; l < EMU_LANES; l++)
		o |= va[l];
	return o & 3;
}

bool emu_lds_suspect(struct emu_wave *w, const uint32_t *buf, unsigned ndw, const uint32_t *va,
                     uint32_t offs)
{
	if (!w->wg->lds_sh)
		return false;
	/* Lanes outside EXEC may hold old data or addresses; a false suspicion
	 * only costs the exact check. */
	return w->wg->lds_partial || emu_lds_poisoned(buf, ndw) || (va && lds_misaligned(va, offs));
}

void emu_lds_oob(struct emu_wave *w, const struct emu_inst *in, uint64_t addr, unsigned bytes)
{
	w->ops->lds_report(w, in, EMU_LDS_OOB, addr, bytes);
}
