/*
 * emu_timing_lds — the LDS of a CU: 32 banks of 4 bytes, served in lane
 * groups, behind one port per SIMD pair.
 *
 * Banks. A DS instruction is processed one lane group per cycle; a group
 * asks for at most 128 bytes, what the 32 banks deliver in one cycle:
 *   b32 and narrower  2 groups of 32 lanes (0-31, 32-63)
 *   b64               4 groups of 16 consecutive lanes          [SEED002]
 *   b96/b128          8 groups of 8 lanes: {0-3,20-23} {4-7,16-19}
 *                     {8-11,28-31} {12-15,24-27}, and the same +32 [SEED002]
 * Within a group, lanes reading the same dword are served by one broadcast;
 * distinct dwords in one bank take one cycle each. A group therefore costs
 * as many cycles as its busiest bank has distinct dwords (at least one,
 * even with no active lane: the hardware still spends the cycle). That sum
 * is rocprofiler-compute's SQ_LDS_IDX_ACTIVE and the cycles beyond one per
 * group its SQ_LDS_BANK_CONFLICT [SEED003]. A dword at or beyond the
 * workgroup's allocation (by the lane's address as computed, not wrapped;
 * emu_lds_in, the rule the data side applies too) is out of range and
 * takes no bank: the stride sweep of 002_6bc4fcfb1ec6bd4f.txt (one
 * work-group, 64 KiB of LDS, lane l at l x stride dwords;
 * results/published/002_lds_stride_sweep.csv) runs strides 512 and 1024 in
 * 0.516 and 0.267 of the time of 256 (3714.7 and 1919.8 vs 7193.8 us),
 * i.e. 33/64 and 17/64: the 32 (16) lanes still inside 64 KiB serialise in
 * bank 0, the lanes past it cost nothing, and the half-wave with none of its
 * lanes inside costs its one cycle. Wrapping at 64 KiB instead would put
 * lanes 32-63 of stride 512 on distinct dwords of bank 0 again (64/64).
 * ds_read2/write2 reach the model with the first element's address and both
 * elements' bytes, and are grouped as one access of that width.
 *
 * Ports. Each SIMD pair has a port of lds_port_bytes per cycle in each
 * direction [RPC-LDS]. LDS -> SIMD carries read data: a wave alone moves
 * 64 lanes x width back in 4 (b32) to 16 (b128) cycles while the bank array
 * is busy only 2 to 8 of them; two pairs together use the whole
 * 128 B/cycle. SIMD -> LDS carries the lanes' addresses and write data,
 * 64 x (4 + data bytes): 4 cycles for any read, 8 for ds_write_b32 and 20
 * for ds_write_b128, rocprofiler-compute's own two examples [RPC-LDS].
 * Only one SIMD of a pair issues a DS instruction at a time [RPC-LDS]: the
 * instruction leaves the SIMD through that port, so the next DS
 * instruction of the pair (and the wave behind it, which issues in order)
 * waits until the port has taken the previous one. A run of
 * ds_write_b128 therefore holds its wave 20 cycles each at issue, and the
 * banks (8 cycles each) keep up: reads issued after the run find the banks
 * free (000_106faad81daed8dd.txt's compiled kernel times 11 ds_read_b128 right after 11
 * ds_write_b128 and still measures 16 per read). An instruction's data is
 * out when its address/data, bank and return cycles are done, lds_latency
 * later it has completed (lgkmcnt).
 *
 * Conflicts. The conflict-detection hardware "determines a new schedule
 * such that the access is split into multiple cycles with no conflicts in
 * any single cycle" [RPC-LDS]: a conflicted instruction leaves the
 * single-pass path for the rescheduling one, whose result returns no sooner
 * than lds_conflict_cycles after the instruction reached the banks, however
 * short its schedule; the banks are busy only for the schedule's cycles, so
 * back-to-back conflicted instructions still flow at one schedule each.
 * 000_106faad81daed8dd.txt: ds_read_b32 at 4-way (stride 8: 16 bank cycles) and full
 * (stride 32: 64) conflict both take ~120 cycles of latency, while their
 * throughputs are 16 and 64 per instruction.
 *
 * Queue. A CU accepts lds_queue DS instructions whose bank work has not
 * finished; the next one stalls at issue (charged as an LDS bank stall).
 */
#include <string.h>

#include "model/emu_timing_state.h"

/* Lane groups per width class (b32, b64, b128). */
static const uint64_t lds_group_b32[2] = { 0x00000000ffffffffull, 0xffffffff00000000ull };
static const uint64_t lds_group_b64[4] = { 0xffffull, 0xffffull << 16, 0xffffull << 32,
                                           0xffffull << 48 };
/* {4j..4j+3} u {16 + 4(j^1) ..+3}, j = 0..3, then the same + 32. */
#define Q(x) (0xfull << (x))
static const uint64_t lds_group_b128[8] = {
	Q(0) | Q(20),       Q(4) | Q(16),       Q(8) | Q(28),       Q(12) | Q(24),
	Q(32) | Q(52),      Q(36) | Q(48),      Q(40) | Q(60),      Q(44) | Q(56),
};
#undef Q

/* Whether no bank of a 32-bank LDS is asked for two distinct dwords by the
 * group (which then takes one cycle). First the span: when every dword
 * the lanes ask for is in range and all lie within 32 consecutive dwords,
 * no bank holds two of them (a row, a broadcast, a tile row split over a
 * few lanes' worth of padding). Else one pass remembering the first row
 * each bank saw. Conflict-free and broadcast patterns, the common ones,
 * end here; group_cycles counts the others. */
static bool group_conflict_free(uint32_t size, const uint64_t *addr, uint64_t m, unsigned bytes)
{
	uint64_t lo = UINT64_MAX, hi = 0;
	for (uint64_t r = m; r; r &= r - 1) {
		uint64_t a = addr[__builtin_ctzll(r)];
		lo = a < lo ? a : lo;
		hi = a > hi ? a : hi;
	}
	/* dwords lo / 4 .. (hi + bytes - 1) / 4, the last one in range */
	uint64_t d_lo = lo >> 2, d_hi = (hi + bytes - 1) >> 2;
	if (d_hi - d_lo < 32 && emu_lds_in(d_hi * 4, size))
		return true;
	uint16_t row_of[32];
	uint32_t seen = 0;
	while (m) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		m &= m - 1;
		uint64_t a = addr[l];
		for (uint64_t d = a >> 2, d1 = (a + bytes - 1) >> 2; d <= d1; d++) {
			if (!emu_lds_in(d * 4, size))
				break;  /* out of range: no bank */
			uint32_t dw = (uint32_t)d, b = dw & 31u;
			uint16_t row = (uint16_t)(dw >> 5);
			if (!(seen & (1u << b))) {
				seen |= 1u << b;
				row_of[b] = row;
			} else if (row_of[b] != row) {
				return false;
			}
		}
	}
	return true;
}

/* Cycles of one lane group: the largest number of distinct dwords any bank
 * is asked for. */
static uint32_t group_cycles(const struct emu_model_params *mp, uint32_t size, const uint64_t *addr,
                             uint64_t m, unsigned bytes)
{
	enum { MAXD = 64 };
	uint16_t rows[32][MAXD];
	uint8_t cnt[32];
	uint32_t best = 1;
	uint32_t nb = mp->lds_banks ? mp->lds_banks : 32;
	if (nb == 32 && group_conflict_free(size, addr, m, bytes))
		return 1;
	memset(cnt, 0, sizeof(cnt));
	while (m) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		m &= m - 1;
		uint64_t a = addr[l];
		uint64_t d0 = a >> 2, d1 = (a + bytes - 1) >> 2;
		for (uint64_t d = d0; d <= d1; d++) {
			if (!emu_lds_in(d * 4, size))
				break;  /* out of range: no bank */
			uint32_t dw = (uint32_t)d;
			uint32_t b = dw % nb;
			uint16_t row = (uint16_t)(dw / nb);
			uint32_t k = 0;
			while (k < cnt[b] && rows[b][k] != row)
				k++;
			if (k < cnt[b] || cnt[b] >= MAXD)
				continue;
			rows[b][cnt[b]++] = row;
			if (cnt[b] > best)
				best = cnt[b];
		}
	}
	return best;
}

void emu_lds_cost(const struct emu_model_params *mp, uint32_t size, const uint64_t *addr, uint64_t mask,
                  unsigned bytes, struct emu_lds_cost *out)
{
	const uint64_t *groups;
	unsigned ng;
	if (bytes <= 4) {
		groups = lds_group_b32;
		ng = 2;
	} else if (bytes <= 8) {
		groups = lds_group_b64;
		ng = 4;
	} else {
		groups = lds_group_b128;
		ng = 8;
	}
	if (!bytes)
		bytes = 4;
	out->bank_cycles = 0;
	out->conflicts = 0;
	for (unsigned g = 0; g < ng; g++) {
		uint64_t m = addr ? mask & groups[g] : 0;
		uint32_t c = m ? group_cycles(mp, size, addr, m, bytes) : 1;
		out->bank_cycles += c;
		out->conflicts += c - 1;
	}
}

/* Wait for a free slot in the CU's DS queue (advancing w->cycle). */
static void lds_queue_enter(struct emu_timing *t, struct emu_timing_cu *cs, struct emu_wave *w)
{
	uint32_t q = t->mp->lds_queue;
	if (!q || q > EMU_LDSQ_MAX)
		return;
	if (cs->lds_n >= q) {
		uint64_t oldest = cs->lds_ring[(cs->lds_n - q) % EMU_LDSQ_MAX];
		if (oldest > w->cycle) {
			emu_timing_stall(t, w, oldest - w->cycle, GCNLAB_STALL_LDS_BANK);
			w->cycle = oldest;
		}
	}
}

static void lds_queue_push(struct emu_timing_cu *cs, uint64_t done)
{
	cs->lds_ring[cs->lds_n % EMU_LDSQ_MAX] = done;
	cs->lds_n++;
}

/* lds_memo_match for all 64 lanes: eight lanes per step, one 256-bit
 * vector with AVX2, two 128-bit ones without (GCC vector extension). */
__attribute__((target_clones("avx2", "default")))
static bool lds_memo_match_wave(const uint32_t *off, const uint32_t *va, uint32_t k)
{
	typedef uint32_t v8u32 __attribute__((vector_size(32)));
	const v8u32 kk = { k, k, k, k, k, k, k, k };
	v8u32 d = { 0 };
#pragma GCC unroll 8
	for (unsigned i = 0; i < EMU_LANES; i += 8) {
		v8u32 v, o;
		memcpy(&v, &va[i], sizeof(v));
		memcpy(&o, &off[i], sizeof(o));
		d |= (v + kk) ^ o;
	}
	uint64_t x[4];
	memcpy(x, &d, sizeof(x));
	return !(x[0] | x[1] | x[2] | x[3]);
}

/* Whether the lanes of m sit at the memo's pattern: va[l] + k == e->off[l]
 * (mod 2^32) with k = off - base, one addition per lane. */
static bool lds_memo_match(const struct emu_lds_memo *e, const uint32_t *va, uint32_t k, uint64_t m)
{
	if (m == ~0ull)
		return lds_memo_match_wave(e->off, va, k);
	uint32_t diff = 0;
	for (; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		diff |= (va[l] + k) ^ e->off[l];
	}
	return !diff;
}

/* The lanes' addresses as emu_lds_cost takes them: a[l] = va[l] + off
 * (32 bits, wrapping), every lane (va has 64). */
static const uint64_t *lds_widen(const uint32_t *va, uint32_t off, uint64_t *a)
{
	for (unsigned l = 0; l < EMU_LANES; l++)
		a[l] = (uint32_t)(va[l] + off);
	return a;
}

/* A 64-bit address array (FLAT to the LDS aperture, the unit tests) in
 * the 32-bit form, 0 for the lanes outside m: false when some lane of m
 * does not fit. */
static bool lds_narrow(const uint64_t *addr, uint64_t m, uint32_t *va)
{
	for (unsigned l = 0; l < EMU_LANES; l++) {
		bool on = (m >> l) & 1;
		if (on && addr[l] >> 32)
			return false;
		va[l] = on ? (uint32_t)addr[l] : 0;
	}
	return true;
}

/* emu_lds_cost through the memo of w's current instruction: a hit costs
 * one comparison pass over the lanes, a miss the full bank model and a
 * store. A pattern wholly inside the LDS costs the same wherever it sits
 * (the banks are its dwords mod 32, distinct dwords stay distinct), so it
 * hits at any base that keeps it inside: its lanes are then at base + the
 * memo's signed offsets exactly, not merely modulo 2^32 (the offsets are
 * below the allocation's size in magnitude). One with lanes past the end
 * (which take no bank) hits only at the same base and allocation, the
 * same addresses. */
static void lds_cost_memo(struct emu_timing *t, const struct emu_wave *w, const struct emu_access *acc,
                          unsigned bytes, struct emu_lds_cost *c)
{
	uint64_t m = acc->mask, a64[EMU_LANES];
	uint32_t n32[EMU_LANES];
	/* The workgroup's allocation bounds the LDS (emu_lds_in). */
	uint32_t size = t->lds_bytes;
	const uint32_t *va = acc->lds_va;
	uint32_t off = acc->lds_off;
	if (!va && acc->addr && m && lds_narrow(acc->addr, m, n32)) {
		va = n32;
		off = 0;
	}
	if (!m || !va || !w->cur || t->prof->lds_bytes % 128) {
		emu_lds_cost(t->mp, size, va ? lds_widen(va, off, a64) : acc->addr, m, bytes, c);
		return;
	}
	/* Slot by the instruction's dword offset: consecutive DS instructions
	 * take consecutive slots whatever sizeof(struct emu_inst) is. */
	struct emu_lds_memo *e = &t->lds_memo[(w->cur->off >> 2) & (EMU_LDS_MEMO - 1)];
	uint32_t base = (va[__builtin_ctzll(m)] + off) & ~3u;
	bool same = e->in == w->cur && e->mask == m && e->bytes == bytes && lds_memo_match(e, va, off - base, m);
	if (same && (e->exact ? e->base == base && e->size == size
	                      : (int64_t)base + e->lo >= 0 && (int64_t)base + e->hi + bytes <= size)) {
		c->bank_cycles = e->bank_cycles;
		c->conflicts = e->conflicts;
		return;
	}
	emu_lds_cost(t->mp, size, lds_widen(va, off, a64), m, bytes, c);
	uint64_t top = 0;
	for (uint64_t r = m; r; r &= r - 1) {
		uint64_t x = a64[__builtin_ctzll(r)];
		top = x > top ? x : top;
	}
	e->in = w->cur;
	e->mask = m;
	e->bytes = bytes;
	e->bank_cycles = c->bank_cycles;
	e->conflicts = c->conflicts;
	e->exact = top + bytes > size;
	e->base = base;
	e->size = size;
	/* without a branch per lane; a lane outside m keeps offset 0 */
	int32_t lo = INT32_MAX, hi = INT32_MIN;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		bool on = (m >> l) & 1;
		int32_t s = (int32_t)(va[l] + off - base);
		e->off[l] = on ? (uint32_t)s : 0;
		lo = on && s < lo ? s : lo;
		hi = on && s > hi ? s : hi;
	}
	e->lo = lo;
	e->hi = hi;
}

uint64_t emu_timing_lds(struct emu_timing *t, struct emu_wave *w, const struct emu_access *acc)
{
	const struct emu_model_params *mp = t->mp;
	uint64_t *cnt = emu_timing_cnt(t);
	struct emu_timing_cu *cs = &t->cu[emu_timing_cu_index(t, w)];
	unsigned bytes = acc->bytes ? acc->bytes : 4;
	struct emu_lds_cost c;
	lds_cost_memo(t, w, acc, bytes, &c);
	cnt[EMU_CNT_SQ_LDS_IDX_ACTIVE] += c.bank_cycles;
	cnt[EMU_CNT_SQ_LDS_BANK_CONFLICT] += c.conflicts;
	/* The trace shows the bank-conflict cycles on the DS instruction that
	 * caused them (they delay its data; the wave pays for them at a later
	 * s_waitcnt lgkmcnt, or below when the DS queue is full). */
	if (c.conflicts)
		emu_timing_stall(t, w, c.conflicts, GCNLAB_STALL_LDS_BANK);

	lds_queue_enter(t, cs, w);
	/* The ports move a dword per lane at least (sub-dword reads return
	 * whole dwords), for all 64 lanes whatever EXEC says. Atomics send
	 * data and return the old value. */
	unsigned lane_bytes = bytes < 4 ? 4 : bytes;
	bool sends = acc->store || acc->atomic, returns = !acc->store || acc->atomic;
	uint32_t pb = mp->lds_port_bytes;
	uint32_t in_cycles = (EMU_LANES * (4 + (sends ? lane_bytes : 0)) + pb - 1) / pb;
	uint32_t port = returns ? (EMU_LANES * lane_bytes + pb - 1) / pb : 0;
	unsigned pair = (w->simd >> 1) & 1;

	/* Issue: the pair's SIMD -> LDS port must have taken the previous DS
	 * instruction. */
	if (cs->lds_in_free[pair] > w->cycle) {
		emu_timing_stall(t, w, cs->lds_in_free[pair] - w->cycle, GCNLAB_STALL_LDS_BANK);
		w->cycle = cs->lds_in_free[pair];
	}
	uint64_t in_end = w->cycle + in_cycles;
	cs->lds_in_free[pair] = in_end;

	uint64_t bank_start = w->cycle > cs->lds_bank_free ? w->cycle : cs->lds_bank_free;
	uint64_t bank_end = bank_start + c.bank_cycles;
	cs->lds_bank_free = bank_end;
	uint64_t port_start = bank_start > cs->lds_port_free[pair] ? bank_start : cs->lds_port_free[pair];
	uint64_t port_end = port_start + port;
	cs->lds_port_free[pair] = port_end;
	lds_queue_push(cs, bank_end);
	uint64_t out = bank_end > port_end ? bank_end : port_end;
	out = in_end > out ? in_end : out;
	if (c.conflicts && bank_start + mp->lds_conflict_cycles > out)
		out = bank_start + mp->lds_conflict_cycles;
	return out + mp->lds_latency;
}

uint64_t emu_timing_lds_fill(struct emu_timing *t, struct emu_wave *w, uint64_t arrive)
{
	const struct emu_model_params *mp = t->mp;
	struct emu_timing_cu *cs = &t->cu[emu_timing_cu_index(t, w)];
	/* 64 contiguous dwords at M0: conflict-free, 256 B over 128 B/cycle. */
	uint32_t cycles = EMU_LANES * 4 / (4u * mp->lds_banks);
	emu_timing_cnt(t)[EMU_CNT_SQ_LDS_IDX_ACTIVE] += cycles;
	/* The fill is timed when the DMA issues but writes the banks when its
	 * data arrive, hundreds of cycles later. lds_bank_free only moves
	 * forward, so booking that future write there would hold every LDS
	 * access issued meanwhile until the DMA's data are in: an ordering the
	 * hardware does not have (002_6bc4fcfb1ec6bd4f.txt: LDS reads overlap DMAs in flight).
	 * A fill arriving when the banks are free takes them at its arrival
	 * without delaying earlier work (its few cycles are not charged to
	 * later requests); one arriving while they are busy queues behind. */
	if (arrive >= cs->lds_bank_free)
		return arrive + cycles;
	cs->lds_bank_free += cycles;
	return cs->lds_bank_free;
}
