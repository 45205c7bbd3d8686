/*
 * test_timing — the cycle model's mechanisms driven directly through the
 * emu_timing API with synthetic waves and accesses (no kernels): LDS banks
 * and lane groups, the TA queue, the cache hierarchy's latency plateaus,
 * cache-policy bits, the instruction cache, DRAM bandwidth (Little's law and
 * saturation), clock scaling, issue costs, determinism and speed.
 *
 * Expected figures are the published measurements the model is calibrated
 * against (emu_profile.c lists them), with the tolerances stated at
 * each test, or rules stated in the seeds (003_2971ecc2aaaadb01.txt's counter arithmetic).
 * None is read back from the model's parameters.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "arch/emu_profile.h"
#include "model/emu_timing.h"
#include "model/emu_timing_state.h"
#include "wave/emu_wave.h"

#define KIB 1024ull
#define MIB (1024ull * 1024ull)
#define GIB (1024ull * MIB)
#define ALL ~0ull

#define ASSERT_BETWEEN(x, lo, hi)                                                              \
	do {                                                                                   \
		double v_ = (double)(x);                                                       \
		if (!(v_ >= (double)(lo) && v_ <= (double)(hi)))                               \
			fail_msg("%s = %.2f, expected %.2f .. %.2f", #x, v_, (double)(lo),     \
			         (double)(hi));                                                \
	} while (0)

/* ---- fixture: a dispatch's counters and a few waves (no core) ---- */

#define NWAVES 8

struct fx {
	const struct emu_profile *prof;
	struct emu_timing *t;
	uint64_t counters[EMU_COUNTER_COUNT];
	struct emu_wave w[NWAVES];
};

/* A dispatch begins: counts into counters; the waves have no workgroup,
 * the whole LDS is theirs. */
static void fx_begin(struct fx *f, uint64_t *counters)
{
	emu_timing_begin(f->t, &(struct emu_timing_run){ .counters = counters, .lds_bytes = f->prof->lds_bytes });
}

static struct fx *fx_new(enum emu_arch arch, uint32_t sclk, uint32_t mclk)
{
	struct fx *f = calloc(1, sizeof(*f));
	assert_non_null(f);
	f->prof = emu_profile_get(arch);
	f->t = emu_timing_create(f->prof, sclk, mclk);
	assert_non_null(f->t);
	fx_begin(f, f->counters);
	for (unsigned i = 0; i < NWAVES; i++) {
		f->w[i].id = i;
		f->w[i].simd = i % 4;
		f->w[i].cycle = 1000;
	}
	return f;
}

static void fx_free(struct fx *f)
{
	if (!f)
		return;
	emu_timing_destroy(f->t);
	free(f);
}

/* The arch a test runs on: its cmocka pre-state (ON below). */
static const enum emu_arch gfx900 = EMU_GFX900, gfx90a = EMU_GFX90A, gfx942 = EMU_GFX942;

static int setup(void **state)
{
	*state = fx_new(*(const enum emu_arch *)*state, 0, 0);
	return 0;
}
static int teardown(void **state)
{
	fx_free(*state);
	return 0;
}

/* Opcode descriptors: {mnemonic, class, dst dwords, src dwords, data dwords}
 * (those one function uses are defined in it). */
static const struct emu_opdesc OP_STOREX4 = { "buffer_store_dwordx4", EMU_CLS_VMEM_STORE, 0, { 1, 4, 0 }, 4 };
static const struct emu_opdesc OP_LOADLDS = { "buffer_load_dword", EMU_CLS_VMEM_LOAD, 0, { 1, 4, 0 }, 1 };
static const struct emu_opdesc OP_DS = { "ds_read_b32", EMU_CLS_DS, 1, { 1, 0, 0 }, 1 };
static const struct emu_opdesc OP_SLOAD = { "s_load_dword", EMU_CLS_SMEM, 1, { 2, 0, 0 }, 0 };
static const struct emu_opdesc OP_VALU = { "v_add_f32", EMU_CLS_VALU, 1, { 1, 1, 0 }, 0 };
static const struct emu_opdesc OP_MEMTIME = { "s_memtime", EMU_CLS_MSG, 2, { 0, 0, 0 }, 0 };
static const struct emu_opdesc OP_WAITCNT = { "s_waitcnt", EMU_CLS_WAITCNT, 0, { 0, 0, 0 }, 0 };

static uint32_t issue(struct fx *f, struct emu_wave *w, const struct emu_opdesc *op)
{
	struct emu_inst in = { .op = op, .size = 4 };
	return emu_timing_issue(f->t, w, &in);
}

/* What the published measurements time around a memory instruction, as the
 * core charges it: a chase step is the load, its wait, and the s_waitcnt's
 * issue before the next load; 000_106faad81daed8dd.txt brackets load and s_waitcnt with
 * s_memtime, adding the first s_memtime's issue as well. */
static double chase_step(struct fx *f, struct emu_wave *w, uint64_t issued, uint64_t done)
{
	return (double)(done - issued) + issue(f, w, &OP_WAITCNT);
}
static double memtime_timed(struct fx *f, struct emu_wave *w, uint64_t issued, uint64_t done)
{
	return issue(f, w, &OP_MEMTIME) + chase_step(f, w, issued, done);
}

static uint64_t access(struct fx *f, struct emu_wave *w, const struct emu_opdesc *op, uint8_t kind,
                       bool store, unsigned bytes, uint32_t flags, uint64_t mask, const uint64_t *addr)
{
	struct emu_inst in = { .op = op, .size = 8 };
	struct emu_access a = { .kind = kind, .store = store, .bytes = (uint8_t)bytes, .flags = flags,
	                        .mask = mask, .addr = addr };
	return emu_timing_access(f->t, w, &in, &a);
}

static void lanes(uint64_t *addr, uint64_t base, uint64_t stride)
{
	for (unsigned l = 0; l < EMU_LANES; l++)
		addr[l] = base + l * stride;
}

static uint64_t lds(struct fx *f, struct emu_wave *w, unsigned bytes, uint64_t mask, const uint64_t *addr)
{
	return access(f, w, &OP_DS, EMU_ACC_LDS, false, bytes, 0, mask, addr);
}

static uint64_t load_x4(struct fx *f, struct emu_wave *w, uint64_t base, uint32_t flags)
{
	static const struct emu_opdesc OP_LOADX4 = { "buffer_load_dwordx4", EMU_CLS_VMEM_LOAD, 0, { 1, 4, 0 }, 4 };
	uint64_t addr[EMU_LANES];
	lanes(addr, base, 16);
	return access(f, w, &OP_LOADX4, EMU_ACC_GLOBAL, false, 16, flags, ALL, addr);
}

static uint64_t load1(struct fx *f, struct emu_wave *w, uint64_t a, uint32_t flags)
{
	static const struct emu_opdesc OP_LOAD = { "global_load_dword", EMU_CLS_VMEM_LOAD, 0, { 2, 0, 0 }, 1 };
	return access(f, w, &OP_LOAD, EMU_ACC_GLOBAL, false, 4, flags, 1, &a);
}

static uint64_t cnt(struct fx *f, enum emu_counter c)
{
	return f->counters[c];
}

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* 000_106faad81daed8dd.txt's method: latency of one instruction alone (between two
 * s_memtime), throughput as the extra time of 11 back-to-back ones (issued
 * every 4 cycles) over the single one, divided by 10. */
struct lt {
	double latency, throughput;
};

/* ---- LDS ---- */

/* 11 DS instructions of `bytes` per lane at `addr`, back to back. */
static struct lt lds_lt(struct fx *f, struct emu_wave *w, unsigned bytes, const uint64_t *addr)
{
	struct lt r;
	w->cycle += 100000;  /* an idle LDS */
	uint64_t t0 = w->cycle;
	uint64_t done1 = lds(f, w, bytes, ALL, addr);
	uint64_t single = done1 - t0;
	r.latency = memtime_timed(f, w, t0, done1);
	w->cycle = t0 + 10000;
	uint64_t first = w->cycle, last = 0;
	for (unsigned k = 0; k < 11; k++) {
		last = lds(f, w, bytes, ALL, addr);
		w->cycle += 4;
	}
	r.throughput = ((double)(last - first) - (double)single) / 10.0;
	return r;
}

/* [SEED000] MI308X, one wave: ds_read_b32 latency 52, throughput 4;
 * ds_read_b128 64 and 16. Tolerance: latency +-4 cycles, throughput exact
 * to half a cycle. */
static void test_lds_latency_throughput(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES];
	lanes(addr, 0, 4);
	struct lt b32 = lds_lt(f, &f->w[0], 4, addr);
	ASSERT_BETWEEN(b32.latency, 48, 56);
	ASSERT_BETWEEN(b32.throughput, 3.5, 4.5);
	lanes(addr, 0, 16);
	struct lt b128 = lds_lt(f, &f->w[0], 16, addr);
	ASSERT_BETWEEN(b128.latency, 60, 68);
	ASSERT_BETWEEN(b128.throughput, 15.5, 16.5);
	assert_int_equal(cnt(f, EMU_CNT_SQ_LDS_BANK_CONFLICT), 0);
}

/* ds_read_b32 by wave 0 with a lane stride of 8 dwords (s8), then 32 (s32). */
static void lds_stride_8_32(struct fx *f, struct lt *s8, struct lt *s32)
{
	uint64_t addr[EMU_LANES];

	lanes(addr, 0, 8 * 4);
	*s8 = lds_lt(f, &f->w[0], 4, addr);
	lanes(addr, 0, 32 * 4);
	*s32 = lds_lt(f, &f->w[0], 4, addr);
}

/* [SEED000] ds_read_b32 with a lane stride of 8 dwords (8 lanes per bank in
 * each 32-lane group): throughput 16; stride 32 (all lanes in one bank): 64. */
static void test_lds_conflict_throughput(void **state)
{
	struct lt s8, s32;
	lds_stride_8_32(*state, &s8, &s32);
	ASSERT_BETWEEN(s8.throughput, 15.5, 16.5);
	ASSERT_BETWEEN(s32.throughput, 63.5, 64.5);
}

/* [SEED000] the conflicted reads' latency: 120 cycles at stride 8 and 119
 * at stride 32 although their bank schedules (16 and 64 cycles) differ 4x:
 * the rescheduling path's fixed depth, not the banks, sets it. Tolerance
 * 100-140 (issue 16); a conflict-free read stays at 52. */
static void test_lds_conflict_latency(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES];
	struct lt s8, s32;
	lds_stride_8_32(f, &s8, &s32);
	ASSERT_BETWEEN(s8.latency, 100, 140);
	ASSERT_BETWEEN(s32.latency, 100, 140);
	ASSERT_BETWEEN(s32.latency - s8.latency, -4, 4);
	lanes(addr, 0, 4);
	struct lt s1 = lds_lt(f, &f->w[0], 4, addr);
	ASSERT_BETWEEN(s1.latency, 48, 56);
}

/* [RPC-LDS] the SIMD -> LDS port carries address and data: ds_write_b128
 * takes 20 cycles of it (ds_write_b32 8), and the pair issues one DS
 * instruction at a time, so 11 back-to-back ds_write_b128 hold their wave
 * ~20 cycles each at issue; reads issued after them find the banks free
 * ([SEED000]'s compiled kernel: ds_read_b128 throughput 16 right after 11
 * writes). */
static void test_lds_write_port(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	uint64_t addr[EMU_LANES];
	lanes(addr, 0, 16);
	w->cycle += 100000;
	uint64_t t0 = w->cycle;
	for (unsigned k = 0; k < 11; k++) {
		access(f, w, &OP_DS, EMU_ACC_LDS, true, 16, 0, ALL, addr);
		w->cycle += 4;
	}
	/* the 11th waited for the port 10 x (20 - 4) cycles */
	ASSERT_BETWEEN((double)(w->cycle - t0), 11 * 20 - 16, 11 * 20 + 4);
	w->cycle += 4;
	uint64_t start = w->cycle, last = 0;
	for (unsigned k = 0; k < 11; k++) {
		last = lds(f, w, 16, ALL, addr);
		w->cycle += 4;
	}
	/* 11 reads at 16 per instruction plus the latency: no wait behind the
	 * writes beyond the last one's port cycles */
	ASSERT_BETWEEN((double)(last - start), 10 * 16 + 16 + 40, 10 * 16 + 16 + 40 + 24);
	/* b32 writes: 8 cycles of port each */
	lanes(addr, 0, 4);
	w->cycle += 100000;
	t0 = w->cycle;
	for (unsigned k = 0; k < 11; k++) {
		access(f, w, &OP_DS, EMU_ACC_LDS, true, 4, 0, ALL, addr);
		w->cycle += 4;
	}
	ASSERT_BETWEEN((double)(w->cycle - t0), 11 * 8 - 8, 11 * 8 + 4);
}

static void lds_counts(struct fx *f, unsigned bytes, uint64_t mask, const uint64_t *addr, uint64_t *idx,
                       uint64_t *conf)
{
	uint64_t i0 = cnt(f, EMU_CNT_SQ_LDS_IDX_ACTIVE), c0 = cnt(f, EMU_CNT_SQ_LDS_BANK_CONFLICT);
	lds(f, &f->w[0], bytes, mask, addr);
	*idx = cnt(f, EMU_CNT_SQ_LDS_IDX_ACTIVE) - i0;
	*conf = cnt(f, EMU_CNT_SQ_LDS_BANK_CONFLICT) - c0;
}

/* [SEED003] rocprofiler-compute on MI250: `load` (array[threadIdx.x]) from
 * one wave: Index Accesses 2 cycles, Bank Conflict 0, whatever the number of
 * work-items; `conflicts` (array[threadIdx.x * 32]): 1 work-item 2 and 0,
 * 2 work-items 3 and 1, both growing by one per work-item with a constant
 * gap of 2. */
static void test_lds_counters_seed003(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES], idx, conf;
	for (unsigned n = 1; n <= 64; n++) {
		uint64_t mask = n == 64 ? ALL : (1ull << n) - 1;
		lanes(addr, 0, 4);
		lds_counts(f, 4, mask, addr, &idx, &conf);
		assert_int_equal(idx, 2);
		assert_int_equal(conf, 0);
		lanes(addr, 0, 32 * 4);
		lds_counts(f, 4, mask, addr, &idx, &conf);
		if (n == 1) {
			assert_int_equal(idx, 2);
			assert_int_equal(conf, 0);
		}
		if (n == 2) {
			assert_int_equal(idx, 3);
			assert_int_equal(conf, 1);
		}
		assert_int_equal(idx - conf, 2);
		/* one more conflict cycle per work-item beyond the first of each
		 * 32-lane group */
		assert_int_equal(conf, n <= 32 ? n - 1 : n - 2);
	}
}

/* Broadcast: lanes reading the same dword cost one bank access. */
static void test_lds_broadcast(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES], idx, conf;
	lanes(addr, 256, 0);  /* every lane the same dword */
	lds_counts(f, 4, ALL, addr, &idx, &conf);
	assert_int_equal(idx, 2);
	assert_int_equal(conf, 0);
	for (unsigned l = 0; l < EMU_LANES; l++)  /* pairs of lanes share a dword */
		addr[l] = (l / 2) * 4;
	lds_counts(f, 4, ALL, addr, &idx, &conf);
	assert_int_equal(conf, 0);
	for (unsigned l = 0; l < EMU_LANES; l++)  /* two rows of bank 0 per group */
		addr[l] = (l & 1) * 128;
	lds_counts(f, 4, ALL, addr, &idx, &conf);
	assert_int_equal(idx, 4);
	assert_int_equal(conf, 2);
}

/* [SEED002] ds_read_b64: groups of 16 consecutive lanes; ds_read_b128:
 * {0-3,20-23} {4-7,16-19} {8-11,28-31} {12-15,24-27} (+32). Two lanes
 * at different rows of bank 0 conflict only inside one group. */
static void test_lds_lane_groups(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES], idx, conf;
	memset(addr, 0, sizeof(addr));
	/* b64: lane 0 at dword 0, lane x at dword 32 (bank 0, next row) */
	static const struct { unsigned other; uint64_t conflicts; } b64[] = {
		{ 1, 1 }, { 15, 1 }, { 16, 0 }, { 31, 0 }, { 32, 0 },
	};
	for (unsigned i = 0; i < sizeof(b64) / sizeof(b64[0]); i++) {
		addr[0] = 0;
		addr[b64[i].other] = 128;
		lds_counts(f, 8, 1ull | 1ull << b64[i].other, addr, &idx, &conf);
		assert_int_equal(conf, b64[i].conflicts);
		assert_int_equal(idx, 4 + b64[i].conflicts);
	}
	/* b128: lane 0 at dword 0, lane x at dword 128 (bank 0, 4 rows on) */
	static const struct { unsigned other; uint64_t conflicts; } b128[] = {
		{ 3, 1 }, { 20, 1 }, { 23, 1 }, { 4, 0 }, { 16, 0 }, { 19, 0 }, { 24, 0 }, { 8, 0 },
		{ 32, 0 }, { 52, 0 },
	};
	for (unsigned i = 0; i < sizeof(b128) / sizeof(b128[0]); i++) {
		memset(addr, 0, sizeof(addr));
		addr[b128[i].other] = 512;
		lds_counts(f, 16, 1ull | 1ull << b128[i].other, addr, &idx, &conf);
		assert_int_equal(conf, b128[i].conflicts);
		assert_int_equal(idx, 8 + b128[i].conflicts);
	}
	/* b128 at lane * 16 bytes: every group covers 32 distinct banks. */
	lanes(addr, 0, 16);
	lds_counts(f, 16, ALL, addr, &idx, &conf);
	assert_int_equal(idx, 8);
	assert_int_equal(conf, 0);
	/* ... and lane * 32 bytes puts two lanes of a group in each bank pair. */
	lanes(addr, 0, 32);
	lds_counts(f, 16, ALL, addr, &idx, &conf);
	assert_int_equal(conf, 8);
}

/* Dwords past the 64 KiB LDS are out of range and take no bank: a b128 at
 * 0xfff8 asks banks 30 and 31 only, a b32 at 0x10004 nothing. [SEED002]'s
 * stride sweep: lane l at l x 512 dwords leaves lanes 0-31 in bank 0 and
 * lanes 32-63 out of range, 33 cycles; at 1024 dwords 16 + 1. */
static void test_lds_wrap(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES] = { 0 }, idx, conf;
	addr[0] = 0xfff8;
	addr[1] = 0;
	lds_counts(f, 16, 3, addr, &idx, &conf);
	assert_int_equal(conf, 0);
	addr[0] = 0x10004;
	addr[1] = 4;
	lds_counts(f, 4, 3, addr, &idx, &conf);
	assert_int_equal(conf, 0);
	addr[0] = 0x10000 + 0x80;  /* would be bank 0, row 1, if it wrapped */
	addr[1] = 0;
	lds_counts(f, 4, 3, addr, &idx, &conf);
	assert_int_equal(conf, 0);
	lanes(addr, 0, 512 * 4);
	lds_counts(f, 4, ALL, addr, &idx, &conf);
	assert_int_equal(idx, 33);
	lanes(addr, 0, 1024 * 4);
	lds_counts(f, 4, ALL, addr, &idx, &conf);
	assert_int_equal(idx, 17);
	memset(addr, 0, sizeof(addr));
	addr[0] = 0xff80;   /* dword 0x3fe0, bank 0: a different row from dword 0 */
	addr[1] = 0;
	lds_counts(f, 4, 3, addr, &idx, &conf);
	assert_int_equal(conf, 1);
}

/* [RPC-LDS]/[SEED002]: one SIMD pair gets 64 B/cycle, the CU 128: two waves
 * on different pairs each keep ds_read_b32 every 4 cycles; two waves on the
 * same pair share its port (8 cycles each). */
static void test_lds_simd_pairs(void **state)
{
	struct fx *f = *state;
	uint64_t addr[EMU_LANES];
	lanes(addr, 0, 4);
	for (unsigned same = 0; same < 2; same++) {
		struct emu_wave *a = &f->w[0], *b = &f->w[same ? 1 : 2];
		a->cycle = b->cycle = 100000 * (same + 1);
		uint64_t first = 0, last = 0;
		for (unsigned k = 0; k < 20; k++) {
			uint64_t da = lds(f, a, 4, ALL, addr), db = lds(f, b, 4, ALL, addr);
			if (!k)
				first = da < db ? da : db;
			last = da > db ? da : db;
			a->cycle += 4;
			b->cycle += 4;
		}
		double per_inst = (double)(last - first) / 39.0;  /* 40 instructions */
		if (same)
			ASSERT_BETWEEN(per_inst, 3.8, 4.2);   /* 64 B/cycle: one per 4 */
		else
			ASSERT_BETWEEN(per_inst, 1.9, 2.1);   /* 128 B/cycle: one per 2 */
	}
}

/* ---- vector memory: TA queue and rate ---- */

/* [SEED000] MI308X one wave: buffer_load_dwordx4 from HBM, latency 500-800
 * cycles, ~32 cycles per instruction (+-2). The seed's offsets are random
 * within a 48 MiB per-CU buffer. */
static void test_vmem_dwordx4_seed000(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t base = 0x7f0000000000ull;
	uint64_t seed = 0x12345;
	double sum = 0;
	unsigned n = 400;
	for (unsigned i = 0; i < n; i++) {
		uint64_t off = (rng_next(&seed) % (48 * MIB / 16)) * 16;
		uint64_t t0 = w->cycle;
		uint64_t done = load_x4(f, w, base + off, 0);
		sum += memtime_timed(f, w, t0, done);
		w->cycle = done + 8;
	}
	ASSERT_BETWEEN(sum / n, 500, 800);

	/* throughput: 11 loads 1 KiB apart, from a cold part of a page the
	 * UTCL1 holds (as in the seed, whose loads follow the chase) */
	w->cycle = load_x4(f, w, base + 50 * MIB + 64 * KIB, 0) + 8;
	uint64_t t0 = w->cycle;
	uint64_t single = load_x4(f, w, base + 50 * MIB, 0) - t0;
	w->cycle += single + 8;
	uint64_t first = w->cycle, last = 0;
	for (unsigned k = 0; k < 11; k++) {
		last = load_x4(f, w, base + 50 * MIB + 4096 + k * KIB, 0);
		w->cycle += 4;
	}
	double tput = ((double)(last - first) - (double)single) / 10.0;
	ASSERT_BETWEEN(tput, 30, 34);
}

/* [TT300] thread trace on MI300: the 24th back-to-back VMEM instruction of
 * a wave is the first whose issue stalls. */
static void test_vmem_queue_stall(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	int first_stall = -1;
	for (unsigned k = 0; k < 40; k++) {
		uint64_t t0 = w->cycle;
		load_x4(f, w, 0x7f0000000000ull + k * KIB, 0);
		if (w->cycle != t0 && first_stall < 0)
			first_stall = (int)k + 1;
		w->cycle += 4;
	}
	assert_int_equal(first_stall, 24);
}

/* buffer_load_dword ... lds (64 dwords per instruction): ~11 cycles per
 * instruction at one wave per CU on MI300-class parts (issue "Cycle model").
 * Also: its 256 bytes land in the LDS conflict-free (2 bank cycles). */
static void test_vmem_load_lds_rate(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	uint64_t addr[EMU_LANES];
	const uint64_t base = 0x7f0000000000ull;
	for (unsigned k = 0; k < 11; k++) {  /* warm the lines in L2 */
		lanes(addr, base + k * 256, 4);
		w->cycle = access(f, w, &OP_LOADLDS, EMU_ACC_GLOBAL, false, 4, 0, ALL, addr) + 8;
	}
	/* ... and not in the L1: [SEED000]'s ~11 cycles are the miss path's
	 * rate (an L1 hit takes the hit path, 1 cycle per line) */
	emu_cache_invalidate(&f->t->l1[emu_timing_cu_index(f->t, w)]);
	uint64_t i0 = cnt(f, EMU_CNT_SQ_LDS_IDX_ACTIVE);
	w->cycle += 100000;
	uint64_t first = w->cycle, last = 0;
	for (unsigned k = 0; k < 11; k++) {
		lanes(addr, base + k * 256, 4);
		last = access(f, w, &OP_LOADLDS, EMU_ACC_GLOBAL_TO_LDS, false, 4, 0, ALL, addr);
		w->cycle += 4;
	}
	uint64_t t0 = w->cycle + 100000;
	w->cycle = t0;
	lanes(addr, base, 4);
	emu_cache_invalidate(&f->t->l1[emu_timing_cu_index(f->t, w)]);  /* an L2 hit, as the loop's */
	uint64_t single = access(f, w, &OP_LOADLDS, EMU_ACC_GLOBAL_TO_LDS, false, 4, 0, ALL, addr) - t0;
	double tput = ((double)(last - first) - (double)single) / 10.0;
	ASSERT_BETWEEN(tput, 10, 12);
	assert_int_equal(cnt(f, EMU_CNT_SQ_LDS_IDX_ACTIVE) - i0, 12 * 2);
}

/* ---- cache hierarchy: pointer-chase plateaus ---- */

/* Touch every line of [base, base+bytes) with wave64 dwordx4 loads. */
static void warm(struct fx *f, struct emu_wave *w, uint64_t base, uint64_t bytes)
{
	for (uint64_t off = 0; off < bytes; off += KIB)
		w->cycle = load_x4(f, w, base + off, 0) + 4;
}

/* Mean latency of n dependent single-lane loads at random lines of the
 * footprint (a pointer chase). */
static double chase(struct fx *f, struct emu_wave *w, uint64_t base, uint64_t footprint, unsigned n,
                    bool scalar)
{
	uint64_t seed = 0x9e3779b97f4a7c15ull ^ footprint;
	double sum = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = base + (rng_next(&seed) % (footprint / 64)) * 64;
		uint64_t t0 = w->cycle, done;
		if (scalar)
			done = access(f, w, &OP_SLOAD, EMU_ACC_SCALAR, false, 4, 0, 1, &a);
		else
			done = load1(f, w, a, 0);
		sum += chase_step(f, w, t0, done);
		w->cycle = done + 4;
	}
	return sum / n;
}

/* One footprint of a latency table: a random chase over fp bytes (warmed
 * first if warm) takes lo..hi cycles per load. */
struct chase_level {
	uint64_t fp;
	double lo, hi;
	bool warm;
};

/* Chase each level of lv[0..n) in its own 8 GiB from 0x7e0000000000 (the
 * levels share no lines). */
static void chase_levels(struct fx *f, const char *arch, const struct chase_level *lv, size_t n)
{
	struct emu_wave *w = &f->w[0];
	const uint64_t base = 0x7e0000000000ull;

	for (size_t i = 0; i < n; i++) {
		uint64_t b = base + i * 8 * GIB;
		if (lv[i].warm)
			warm(f, w, b, lv[i].fp);
		double lat = chase(f, w, b, lv[i].fp, 3000, false);
		print_message("%s chase %8llu KiB: %.1f cycles\n", arch, (unsigned long long)(lv[i].fp / KIB), lat);
		ASSERT_BETWEEN(lat, lv[i].lo, lv[i].hi);
	}
}

/* [CHASE] MI300X at 2.1 GHz: vector L1 116-120 up to ~29 KiB, L2 210-225 up
 * to 4 MiB, Infinity Cache 455-535 up to 256 MiB, HBM 835-910 beyond;
 * scalar cache ~48 (+-4). */
static void test_chase_gfx942(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t base = 0x7e0000000000ull;
	static const struct chase_level lv[] = {
		{ 16 * KIB, 116, 120, true },
		{ 28 * KIB, 116, 120, true },
		{ 2 * MIB, 210, 225, true },
		{ 64 * MIB, 455, 535, true },
		{ 160 * MIB, 455, 535, true },
		{ 1 * GIB, 835, 910, false },
		{ 4 * GIB, 835, 910, false },
	};
	chase_levels(f, "gfx942", lv, sizeof(lv) / sizeof(lv[0]));
	uint64_t sb = base + 100 * GIB;
	for (uint64_t a = sb; a < sb + 8 * KIB; a += 64) {  /* warm the scalar cache */
		uint64_t aa = a;
		w->cycle = access(f, w, &OP_SLOAD, EMU_ACC_SCALAR, false, 4, 0, 1, &aa) + 4;
	}
	ASSERT_BETWEEN(chase(f, w, sb, 8 * KIB, 1000, true), 44, 52);
	/* the levels report themselves */
	assert_true(cnt(f, EMU_CNT_TCP_HIT) > 0 && cnt(f, EMU_CNT_TCC_HIT) > 0 &&
	            cnt(f, EMU_CNT_MALL_HIT) > 0 && cnt(f, EMU_CNT_MALL_MISS) > 0 &&
	            cnt(f, EMU_CNT_HBM_READ_BYTES) > 0 && cnt(f, EMU_CNT_SQC_DCACHE_HIT) > 0 &&
	            cnt(f, EMU_CNT_TCP_UTCL1_MISS) > 0);
}

/* [CHASE] MI200 GCD at 1.7 GHz: L1 ~125, L2 ~240 (+-10), HBM 570-670. */
static void test_chase_gfx90a(void **state)
{
	struct fx *f = *state;
	static const struct chase_level lv[] = {
		{ 8 * KIB, 120, 130, true },
		{ 4 * MIB, 230, 250, true },
		{ 64 * MIB, 570, 670, false },
		{ 1 * GIB, 570, 670, false },
	};
	chase_levels(f, "gfx90a", lv, sizeof(lv) / sizeof(lv[0]));
	assert_int_equal(cnt(f, EMU_CNT_MALL_HIT) + cnt(f, EMU_CNT_MALL_MISS), 0);  /* no MALL */
}

/* Capacity, not a table: with LRU, a random chase over twice the L1 hits it
 * half the time, and one over four times the L2 (gfx900: 4 MiB) mostly
 * misses it. */
static void test_chase_capacity_gfx900(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t base = 0x7e0000000000ull;
	warm(f, w, base, 8 * KIB);
	double l1 = chase(f, w, base, 8 * KIB, 1000, false);
	warm(f, w, base + GIB, 32 * KIB);
	double l1x2 = chase(f, w, base + GIB, 32 * KIB, 1000, false);
	warm(f, w, base + 2 * GIB, 2 * MIB);
	double l2 = chase(f, w, base + 2 * GIB, 2 * MIB, 2000, false);
	warm(f, w, base + 3 * GIB, 16 * MIB);
	double l2x4 = chase(f, w, base + 3 * GIB, 16 * MIB, 2000, false);
	/* 2x the L1: about half the chase misses it; 4x the L2: three quarters */
	ASSERT_BETWEEN((l1x2 - l1) / (l2 - l1), 0.35, 0.65);
	assert_true(l2x4 > l2 + 200);
}

/* ---- cache-policy bits ---- */

/* gfx90a (model/emu_timing_cpol.c, Vega/CDNA2 ISA "GLC Bit Explained"):
 * glc misses the L1 and evicts its line, the L2 serves it; scc changes
 * nothing; slc alone keeps the L1 (an L1 hit stays one) and streams in the
 * L2 (LLVM's SIMemoryLegalizer: glc slc = L1 MISS_EVICT, L2 STREAM), so a
 * line the L2 holds still hits there. [CHASE] MI200 latencies, tolerance
 * as in test_chase_gfx90a. */
static void test_policy_gfx90a(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t a = 0x7d0000000000ull;
	static const struct { uint32_t flags; double lo, hi; unsigned l1_miss; } step[] = {
		{ 0, 120, 130, 0 },                       /* L1 hit */
		{ EMU_F_SLC, 120, 130, 0 },               /* slc: still an L1 hit */
		{ EMU_F_GLC, 230, 250, 1 },               /* glc: misses (and evicts) the L1, hits L2 */
		{ EMU_F_GLC | EMU_F_SC1, 230, 250, 1 },   /* scc: no L2 bypass on gfx90a */
		{ 0, 230, 250, 1 },                       /* the line glc evicted: refilled from L2 */
		{ EMU_F_GLC | EMU_F_SLC, 230, 250, 1 },   /* glc slc: L1 missed, L2 streams and hits */
	};
	w->cycle = load1(f, w, a, 0) + 4;          /* cold: fills L1, L2 */
	for (unsigned i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
		uint64_t m0 = cnt(f, EMU_CNT_TCP_MISS), t0 = w->cycle;
		uint64_t done = load1(f, w, a, step[i].flags);
		ASSERT_BETWEEN(chase_step(f, w, t0, done), step[i].lo, step[i].hi);
		assert_int_equal(cnt(f, EMU_CNT_TCP_MISS) - m0, step[i].l1_miss);
		w->cycle = done + 4;
	}
}

/* gfx942 scopes (CDNA3 ISA "Load Controls"): sc0 alone is group scope
 * (L1 usable outside TG-split mode), sc1 device scope (misses the L1 and,
 * with one L2 per XCD, bypasses the L2: served by the MALL, which the first
 * load filled), sc0+sc1 system scope (likewise). [CHASE] MI300X. */
static void test_policy_gfx942(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t a = 0x7d0000000000ull;
	static const struct { uint32_t flags; double lo, hi; } step[] = {
		{ EMU_F_GLC, 116, 120 },
		{ EMU_F_SC1, 455, 535 },
		{ EMU_F_SC1 | EMU_F_GLC, 455, 535 },
	};
	w->cycle = load1(f, w, a, 0) + 4;
	for (unsigned i = 0; i < sizeof(step) / sizeof(step[0]); i++) {
		uint64_t t0 = w->cycle;
		uint64_t done = load1(f, w, a, step[i].flags);
		ASSERT_BETWEEN(chase_step(f, w, t0, done), step[i].lo, step[i].hi);
		w->cycle = done + 4;
	}
}

/* Non-temporal loads ("Miss Evict" in the L1) allocate nothing there: a
 * 16 KiB working set survives a 256 KiB nt sweep of the 32 KiB L1, not a
 * normal one. */
static void test_policy_nt_streams(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t a = 0x7d0000000000ull, b = 0x7c0000000000ull;
	for (unsigned nt = 0; nt < 2; nt++) {
		warm(f, w, a, 16 * KIB);
		for (uint64_t off = 0; off < 256 * KIB; off += KIB)
			w->cycle = load_x4(f, w, b + off, nt ? EMU_F_SLC : 0) + 4;
		uint64_t h0 = cnt(f, EMU_CNT_TCP_HIT), m0 = cnt(f, EMU_CNT_TCP_MISS);
		warm(f, w, a, 16 * KIB);
		uint64_t hits = cnt(f, EMU_CNT_TCP_HIT) - h0, misses = cnt(f, EMU_CNT_TCP_MISS) - m0;
		if (nt) {
			assert_int_equal(misses, 0);
			assert_int_equal(hits, 16 * KIB / 128);
		} else {
			assert_int_equal(hits, 0);
		}
	}
}

/* ---- DRAM bandwidth ---- */

struct stream_res {
	double bytes_per_cycle;
	double mean_latency;
};

/* `per_cu` waves on each of `ncu` CUs stream: each iteration issues `unroll`
 * wave64 dwordx4 loads back to back (a new 1 KiB each), waits for them, and
 * (copy) stores them to another buffer, as the copy kernels of 004_18b2dddb33536aee.txt do.
 * Each call streams buffers no earlier call touched. Waves take turns in
 * model-time order, one phase (the loads, or the wait and the stores) per
 * turn, as the dispatcher interleaves them. */
static struct stream_res stream(struct fx *f, unsigned ncu, unsigned per_cu, unsigned unroll, unsigned iters,
                                bool copy)
{
	static uint64_t next_region;
	unsigned nw = ncu * per_cu;
	struct emu_wave *ws = calloc(nw, sizeof(*ws));
	unsigned *left = calloc(nw, sizeof(*left));
	uint64_t *done = calloc(nw, sizeof(*done));
	assert_non_null(ws);
	assert_non_null(left);
	assert_non_null(done);
	uint64_t per_wave = (uint64_t)iters * unroll * KIB;
	const uint64_t src = 0x600000000000ull + next_region, dst = 0x700000000000ull + next_region;
	next_region += (nw * per_wave + GIB) & ~(GIB - 1);
	uint64_t start = f->w[0].cycle + 1000000, end = start;
	for (unsigned i = 0; i < nw; i++) {
		ws[i].id = 100 + i;
		ws[i].cu = i % ncu;
		ws[i].simd = (i / ncu) % 4;
		ws[i].cycle = start + i % 64;
		left[i] = iters;
	}
	double lat_sum = 0;
	uint64_t nlat = 0, bytes = 0;
	for (;;) {
		unsigned b = nw;
		for (unsigned i = 0; i < nw; i++)
			if ((left[i] || done[i]) && (b == nw || ws[i].cycle < ws[b].cycle))
				b = i;
		if (b == nw)
			break;
		struct emu_wave *w = &ws[b];
		uint64_t it = iters - left[b] - (done[b] ? 1 : 0);
		if (!done[b]) {  /* loads */
			for (unsigned u = 0; u < unroll; u++) {
				uint64_t off = b * per_wave + (it * unroll + u) * KIB;
				uint64_t t0 = w->cycle;
				uint64_t d = load_x4(f, w, src + off, 0);
				lat_sum += (double)(d - t0);
				nlat++;
				done[b] = d > done[b] ? d : done[b];
				w->cycle += 4;
			}
			bytes += unroll * KIB;
			left[b]--;
			continue;
		}
		/* s_waitcnt, then the stores */
		w->cycle = done[b] > w->cycle ? done[b] : w->cycle;
		done[b] = 0;
		if (copy) {
			uint64_t addr[EMU_LANES];
			for (unsigned u = 0; u < unroll; u++) {
				uint64_t off = b * per_wave + (it * unroll + u) * KIB;
				lanes(addr, dst + off, 16);
				uint64_t d = access(f, w, &OP_STOREX4, EMU_ACC_GLOBAL, true, 16, 0, ALL, addr);
				end = d > end ? d : end;
				w->cycle += 4;
			}
			bytes += unroll * KIB;
		}
		end = w->cycle > end ? w->cycle : end;
	}
	free(ws);
	free(left);
	free(done);
	f->w[0].cycle = end;
	return (struct stream_res){ (double)bytes / (double)(end - start), lat_sum / (double)nlat };
}

static double tbps(const struct fx *f, double bytes_per_cycle)
{
	return bytes_per_cycle * f->prof->sclk_mhz * 1e6 / 1e12;
}

/* Little's law: with few loads in flight the bandwidth is bytes in flight
 * over latency and doubles with the unroll; with many it saturates at the
 * DRAM rate while latency grows. [CDNA3]: 5.3 TB/s peak, streaming
 * ~4.0-4.3 TB/s on MI300X. */
static void test_bandwidth_littles_law_gfx942(void **state)
{
	struct fx *f = *state;
	unsigned ncu = f->prof->num_cu;
	struct stream_res r1 = stream(f, ncu, 1, 1, 6, false);
	struct stream_res r2 = stream(f, ncu, 1, 2, 6, false);
	struct stream_res r32 = stream(f, ncu, 1, 32, 12, false);
	struct stream_res r64 = stream(f, ncu, 2, 32, 6, false);
	print_message("gfx942 stream: u1 %.2f TB/s (%.0f cyc), u2 %.2f, u32 %.2f (%.0f cyc), 2 waves %.2f TB/s\n",
	              tbps(f, r1.bytes_per_cycle), r1.mean_latency, tbps(f, r2.bytes_per_cycle),
	              tbps(f, r32.bytes_per_cycle), r32.mean_latency, tbps(f, r64.bytes_per_cycle));
	/* Little: one 1 KiB load per CU in flight per round trip (latency +
	 * the wait and reissue of a few cycles) */
	double little = (double)ncu * KIB / (r1.mean_latency + 8);
	ASSERT_BETWEEN(r1.bytes_per_cycle / little, 0.85, 1.15);
	ASSERT_BETWEEN(r2.bytes_per_cycle / r1.bytes_per_cycle, 1.7, 2.2);
	ASSERT_BETWEEN(tbps(f, r32.bytes_per_cycle), 4.0, 4.3);
	ASSERT_BETWEEN(tbps(f, r64.bytes_per_cycle), 4.0, 4.3);
	assert_true(r32.mean_latency > 2 * r1.mean_latency);
}

/* [CDNA2] MI250X GCD: a streaming copy reaches ~1.3-1.4 TB/s of 1.64 peak;
 * loads and stores both cross the DRAM interface (stores when their dirty
 * lines leave the 8 MiB L2). */
static void test_bandwidth_copy_gfx90a(void **state)
{
	struct fx *f = *state;
	struct stream_res r = stream(f, f->prof->num_cu, 1, 8, 160, true);
	double tb = tbps(f, r.bytes_per_cycle);
	print_message("gfx90a copy: %.3f TB/s (load latency %.0f), HBM read %llu MiB write %llu MiB\n", tb,
	              r.mean_latency,
	              (unsigned long long)(cnt(f, EMU_CNT_HBM_READ_BYTES) / MIB),
	              (unsigned long long)(cnt(f, EMU_CNT_HBM_WRITE_BYTES) / MIB));
	ASSERT_BETWEEN(tb, 1.3, 1.4);
	uint64_t copied = (uint64_t)f->prof->num_cu * 160 * 8 * KIB;
	assert_true(cnt(f, EMU_CNT_HBM_WRITE_BYTES) >= copied - 8 * MIB);
	assert_true(cnt(f, EMU_CNT_HBM_READ_BYTES) >= copied);
}

/* ---- clocks ---- */

/* Memory-side latency is nanoseconds (scaled by 1/MCLK), CU-side cycles:
 * halving SCLK halves the DRAM latency in cycles but not the L1's; lowering
 * MCLK stretches the DRAM latency and shrinks its bandwidth in proportion
 * ([VEGA] clock states 852-1630 MHz shader, 167-945 MHz memory). */
static void test_clock_scaling_gfx900(void **state)
{
	(void)state;
	const uint32_t clk[3][2] = { { 1630, 945 }, { 852, 945 }, { 1630, 500 } };
	double l1[3], dram[3], bw[3];
	for (unsigned i = 0; i < 3; i++) {
		struct fx *f = fx_new(EMU_GFX900, clk[i][0], clk[i][1]);
		struct emu_wave *w = &f->w[0];
		const uint64_t base = 0x7e0000000000ull;
		warm(f, w, base, 8 * KIB);
		l1[i] = chase(f, w, base, 8 * KIB, 200, false);
		warm(f, w, base + GIB, 1 * MIB);
		double l2 = chase(f, w, base + GIB, 1 * MIB, 1000, false);
		dram[i] = chase(f, w, base + 2 * GIB, 64 * MIB, 1000, false) - l2;
		bw[i] = stream(f, f->prof->num_cu, 1, 16, 4, false).bytes_per_cycle * clk[i][0];  /* bytes/us */
		fx_free(f);
	}
	ASSERT_BETWEEN(l1[1], l1[0] - 0.5, l1[0] + 0.5);
	ASSERT_BETWEEN(dram[0] / dram[1], 1630.0 / 852 * 0.97, 1630.0 / 852 * 1.03);
	ASSERT_BETWEEN(dram[2] / dram[0], 945.0 / 500 * 0.97, 945.0 / 500 * 1.03);
	ASSERT_BETWEEN(bw[0] / bw[2], 945.0 / 500 * 0.95, 945.0 / 500 * 1.05);
	/* [VEGA] 484 GB/s peak: the sustained rate sits below it */
	ASSERT_BETWEEN(bw[0] / 1e3, 350, 484);
}

/* ---- instruction cache ---- */

/* Straight-line code of `lines` 64-byte lines (16 SALU instructions
 * each) from pc; returns the wave's fetch stalls. */
static uint64_t run_lines(struct fx *f, struct emu_wave *w, uint64_t pc, unsigned lines)
{
	static const struct emu_opdesc op = { "s_add_u32", EMU_CLS_SALU, 1, { 1, 1, 0 }, 0 };
	struct emu_inst in = { .op = &op, .size = 4 };
	uint64_t stall = 0;
	for (unsigned i = 0; i < 16 * lines; i++) {
		w->pc = pc + 4 * i;
		uint32_t s = emu_timing_fetch(f->t, w, &in);
		stall += s;
		w->cycle += s + 4;
	}
	return stall;
}

/* [SEED001] (4 lines of code) first dispatch misses, a second dispatch of the same code hits
 * (the cache persists), a dispatch after s_icache_inv (CK's flush kernel)
 * misses again. The cache is shared by a CU pair on gfx942 [SPECS]. */
static void test_icache(void **state)
{
	struct fx *f = *state;
	const uint64_t pc = 0x7f1234560000ull;
	struct emu_wave *w = &f->w[0];
	uint64_t s1 = run_lines(f, w, pc, 4);
	assert_int_equal(cnt(f, EMU_CNT_SQC_ICACHE_MISS), 4);
	assert_true(s1 > 4 * 200);

	uint64_t counters2[EMU_COUNTER_COUNT] = { 0 };  /* second dispatch */
	fx_begin(f, counters2);
	assert_int_equal(run_lines(f, w, pc, 4), 0);
	assert_int_equal(counters2[EMU_CNT_SQC_ICACHE_MISS], 0);
	assert_int_equal(counters2[EMU_CNT_SQC_ICACHE_HIT], 4);

	struct emu_wave other = { .cu = 1, .id = 7, .cycle = w->cycle };
	assert_int_equal(run_lines(f, &other, pc, 4), 0);     /* CU 1 shares CU 0's cache */
	emu_timing_icache_inv(f->t, &other);               /* flush from CU 1 */

	uint64_t counters3[EMU_COUNTER_COUNT] = { 0 };  /* after the flush */
	fx_begin(f, counters3);
	assert_true(run_lines(f, w, pc, 4) > 4 * 100);
	assert_int_equal(counters3[EMU_CNT_SQC_ICACHE_MISS], 4);
	fx_begin(f, f->counters);
}

/* [PAL-PRF] the sequencer prefetches 3 lines ahead: 64 lines of cold
 * straight-line code miss the same 64 lines (none past the code's end) but
 * wait for about one round trip per 4 lines instead of one per line. */
static void test_icache_prefetch(void **state)
{
	struct fx *f = *state;
	struct emu_wave *w = &f->w[0];
	const uint64_t pc = 0x7f1234600000ull;
	uint64_t s0 = run_lines(f, w, pc, 64);              /* no program: no prefetch */
	assert_int_equal(cnt(f, EMU_CNT_SQC_ICACHE_MISS), 64);
	struct emu_program prog = { .base = pc + (1u << 20), .size = 64 * 64 };
	struct emu_wave *w2 = &f->w[2];                       /* another CU group */
	w2->prog = &prog;
	uint64_t m0 = cnt(f, EMU_CNT_SQC_ICACHE_MISS);
	uint64_t s1 = run_lines(f, w2, prog.base, 64);
	w2->prog = NULL;
	assert_int_equal(cnt(f, EMU_CNT_SQC_ICACHE_MISS) - m0, 64);
	assert_true(s1 * 3 < s0);
	assert_true(s1 * 5 > s0);
}

/* ---- issue ---- */

/* [CLRX]: 4 cycles per wave64 instruction, transcendentals quarter rate;
 * gfx900 FP64 at 1/16 rate, gfx90a/gfx942 full rate ([CDNA2]/[CDNA3]);
 * s_nop's issue is 1 (its semantics charge the rest); s_memtime back to
 * back 4 [SEED000]. Two waves on one SIMD take turns at its VALU. */
static void test_issue(void **state)
{
	static const struct emu_opdesc OP_FMA64 = { "v_fma_f64", EMU_CLS_VALU_DP, 2, { 2, 2, 2 }, 0 };
	static const struct emu_opdesc OP_EXP = { "v_exp_f32", EMU_CLS_VALU_TRANS, 1, { 1, 0, 0 }, 0 };
	static const struct emu_opdesc OP_NOP = { "s_nop", EMU_CLS_NOP, 0, { 0, 0, 0 }, 0 };
	static const struct emu_opdesc OP_SALU = { "s_add_u32", EMU_CLS_SALU, 1, { 1, 1, 0 }, 0 };

	(void)state;
	struct fx *f9 = fx_new(EMU_GFX900, 0, 0), *fa = fx_new(EMU_GFX90A, 0, 0);
	struct emu_wave *w = &f9->w[0];
	assert_int_equal(issue(f9, w, &OP_VALU), 4);
	w->cycle += 4;
	assert_int_equal(issue(f9, w, &OP_FMA64), 64);
	w->cycle += 64;
	assert_int_equal(issue(f9, w, &OP_EXP), 16);
	w->cycle += 16;
	assert_int_equal(issue(f9, w, &OP_NOP), 1);
	assert_int_equal(issue(f9, w, &OP_SALU), 4);
	assert_int_equal(issue(f9, w, &OP_MEMTIME), 4);
	assert_int_equal(issue(fa, &fa->w[0], &OP_FMA64), 4);
	assert_int_equal(f9->counters[EMU_CNT_SQ_INSTS_VALU], 3);
	assert_int_equal(f9->counters[EMU_CNT_SQ_INSTS_SALU], 1);
	assert_int_equal(f9->counters[EMU_CNT_SQ_INSTS_OTHER], 2);

	/* waves 0 and 4 share SIMD 0: 10 VALU each take 80 cycles per wave */
	struct emu_wave *a = &fa->w[1], *b = &fa->w[5];
	a->cycle = b->cycle = 50000;
	for (unsigned k = 0; k < 10; k++) {
		a->cycle += issue(fa, a, &OP_VALU);
		b->cycle += issue(fa, b, &OP_VALU);
	}
	ASSERT_BETWEEN(a->cycle - 50000, 76, 84);
	ASSERT_BETWEEN(b->cycle - 50000, 76, 84);
	fx_free(f9);
	fx_free(fa);
}

/* MFMA: matrix-core cycles = FLOPs / rate. [SEED000] v_mfma_f32_32x32x8_f16
 * on gfx942: 32 cycles; on gfx90a, half the FP16 matrix rate ([CDNA2] 383
 * vs [CDNA3] 1307 TFLOPS at 220/304 CUs), 64. Back-to-back independent
 * MFMAs of one wave issue once per matrix-core occupancy. */
static void test_mfma(void **state)
{
	(void)state;
	static const struct emu_opdesc mf942 = { "v_mfma_f32_32x32x8_f16", EMU_CLS_MFMA, 16, { 2, 2, 16 }, 0 };
	static const struct emu_opdesc mf90a = { "v_mfma_f32_32x32x8f16", EMU_CLS_MFMA, 16, { 2, 2, 16 }, 0 };
	static const struct emu_opdesc f64 = { "v_mfma_f64_16x16x4f64", EMU_CLS_MFMA, 8, { 2, 2, 8 }, 0 };
	struct fx *f4 = fx_new(EMU_GFX942, 0, 0), *fa = fx_new(EMU_GFX90A, 0, 0);
	struct { struct fx *f; const struct emu_opdesc *op; double per; } c[] = {
		{ f4, &mf942, 32 }, { fa, &mf90a, 64 }, { fa, &f64, 32 },
	};
	for (unsigned i = 0; i < 3; i++) {
		struct emu_wave *w = &c[i].f->w[2];
		w->cycle = 100000 * (i + 1);
		uint64_t t0 = w->cycle;
		for (unsigned k = 0; k < 11; k++)
			w->cycle += issue(c[i].f, w, c[i].op);
		/* 11 issues: the 11th starts after 10 occupancies */
		ASSERT_BETWEEN((double)(w->cycle - t0 - 4) / 10.0, c[i].per - 0.5, c[i].per + 0.5);
	}
	assert_int_equal(f4->counters[EMU_CNT_SQ_INSTS_MFMA], 11);
	fx_free(f4);
	fx_free(fa);
}

/* ---- determinism and speed ---- */

static uint64_t mixed_run(uint64_t *counters_out)
{
	struct fx *f = fx_new(EMU_GFX942, 0, 0);
	uint64_t h = 0, seed = 42;
	uint64_t addr[EMU_LANES];
	for (unsigned i = 0; i < 3000; i++) {
		struct emu_wave *w = &f->w[i % NWAVES];
		w->cu = (i * 7) % f->prof->num_cu;
		uint64_t r = rng_next(&seed);
		uint64_t d;
		switch (r % 4) {
		case 0:
			d = load_x4(f, w, 0x7f0000000000ull + (r % (64 * MIB)) / 16 * 16, 0);
			break;
		case 1:
			lanes(addr, r % 4096, 4 * (r % 33));
			d = lds(f, w, 4, ALL, addr);
			break;
		case 2:
			lanes(addr, 0x7f0000000000ull + (r % MIB), 16);
			d = access(f, w, &OP_STOREX4, EMU_ACC_GLOBAL, true, 16, 0, ALL, addr);
			break;
		default:
			d = w->cycle + issue(f, w, &OP_VALU);
			break;
		}
		h = h * 1000003 + d;
		w->cycle += 4 + r % 64;
	}
	memcpy(counters_out, f->counters, sizeof(f->counters));
	fx_free(f);
	return h;
}

static void test_determinism(void **state)
{
	(void)state;
	uint64_t c1[EMU_COUNTER_COUNT], c2[EMU_COUNTER_COUNT];
	uint64_t h1 = mixed_run(c1), h2 = mixed_run(c2);
	assert_true(h1 == h2);
	assert_memory_equal(c1, c2, sizeof(c1));
}

/* Hit-on-miss (emu_cache_fill_ready): a request arriving while a line is
 * being filled waits for the fill; one that arrives before the filling
 * request did (it reached the model later, from a CU group running up to
 * the skew behind) waits as long as the fill takes from its own arrival;
 * after the fill nothing waits. */
static void test_fill_in_flight(void **state)
{
	(void)state;
	struct emu_cache c;
	assert_true(emu_cache_init(&c, 64 * KIB, 128, 16, 64));
	const uint64_t line = 0x1234;
	assert_false(emu_cache_access(&c, line, EMU_CACHE_ALLOC, NULL, NULL));
	emu_cache_fill_note(&c, line, 1000, 1500);          /* asked at 1000, data at 1500 */
	assert_int_equal(emu_cache_fill_ready(&c, line, 1200), 1500);
	assert_int_equal(emu_cache_fill_ready(&c, line, 1000), 1500);
	assert_int_equal(emu_cache_fill_ready(&c, line, 800), 1300);    /* 500 from its own arrival */
	assert_int_equal(emu_cache_fill_ready(&c, line, 1500), 0);
	assert_int_equal(emu_cache_fill_ready(&c, line + 1, 1200), 0);  /* another line: none */
	emu_cache_fini(&c);
}

/* Test f on a fresh fixture of arch. */
#define ON(arch, f) cmocka_unit_test_prestate_setup_teardown(f, setup, teardown, (void *)&arch)
TU_MAIN(NULL, NULL,
	ON(gfx942, test_lds_latency_throughput),
	ON(gfx942, test_lds_conflict_latency),
	ON(gfx942, test_lds_write_port),
	ON(gfx942, test_lds_conflict_throughput),
	ON(gfx90a, test_lds_counters_seed003),
	ON(gfx942, test_lds_broadcast),
	ON(gfx942, test_lds_lane_groups),
	ON(gfx942, test_lds_wrap),
	ON(gfx942, test_lds_simd_pairs),
	ON(gfx942, test_vmem_dwordx4_seed000),
	ON(gfx942, test_vmem_queue_stall),
	ON(gfx942, test_vmem_load_lds_rate),
	ON(gfx942, test_chase_gfx942),
	ON(gfx90a, test_chase_gfx90a),
	ON(gfx900, test_chase_capacity_gfx900),
	ON(gfx90a, test_policy_gfx90a),
	ON(gfx942, test_policy_gfx942),
	ON(gfx942, test_policy_nt_streams),
	ON(gfx942, test_bandwidth_littles_law_gfx942),
	ON(gfx90a, test_bandwidth_copy_gfx90a),
	cmocka_unit_test(test_clock_scaling_gfx900),
	ON(gfx942, test_icache),
	ON(gfx942, test_icache_prefetch),
	cmocka_unit_test(test_issue),
	cmocka_unit_test(test_mfma),
	cmocka_unit_test(test_determinism),
	cmocka_unit_test(test_fill_in_flight))
