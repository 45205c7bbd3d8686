/*
 * test_exec_mem — the vector memory and LDS semantics (emu_exec_ds.c,
 * emu_exec_vmem.c) on the shared wave fixture (tests/unit/tu_wave.h: the
 * test plays the machine, its buffer is the only global memory).
 *
 * Instruction words come from llvm-mc 19 -show-encoding for the -mcpu named
 * in each test; the assembly is quoted next to them. They go through the
 * real decoder (emu_decode_one) and the handler is looked up by mnemonic
 * (emu_sem_find). Pending results and waits are the wave's own
 * (wave/emu_wave.c); a memory fault is checked by its kind and the address
 * the semantics computed. Expected values are worked out
 * here from the address and range-checking rules quoted in emu_exec_vmem.c
 * and emu_exec_ds.c, never read back from the code under test.
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
#include "sem/emu_exec_mem.h"
#include "tu_wave.h"

#define GMEM_BYTES 65536
#define LDS_ALLOC 4096
#define ALL ~0ull

static int setup_arch(void **state, enum emu_arch arch)
{
	return tu_wave_new(state, arch, GMEM_BYTES, LDS_ALLOC);
}

static int setup900(void **state) { return setup_arch(state, EMU_GFX900); }
static int setup90a(void **state) { return setup_arch(state, EMU_GFX90A); }
static int setup942(void **state) { return setup_arch(state, EMU_GFX942); }

/* Decode the 8-byte instruction w0 w1 and execute it at w->pc. */
static void run(struct tu_wave *t, const char *mnemonic, uint32_t w0, uint32_t w1)
{
	const uint32_t words[2] = { w0, w1 };
	struct emu_inst *in = &t->in;
	unsigned size = emu_decode_one(t->prof, words, 2, in);
	assert_int_equal(size, 8);
	assert_non_null(in->op);
	assert_string_equal(in->op->mnemonic, mnemonic);
	in->off = (uint32_t)(t->w.pc - t->prog.base);
	t->w.cur = in;
	t->w.npc = t->w.pc + size;
	tu_handler(mnemonic)(&t->w, in);
}

/* Wait for every pending access (s_waitcnt 0): the counters are back to 0. */
static void drain(struct tu_wave *t)
{
	emu_wait(&t->w, 0, 0, 0);
	assert_int_equal(t->w.cnt[EMU_CNT_VM], 0);
	assert_int_equal(t->w.cnt[EMU_CNT_LGKM], 0);
}

static uint32_t *vr(struct tu_wave *t, unsigned n)
{
	return t->w.v[n];
}

/* Run a load, let it complete; lane 0 of v[reg] must then hold want. */
static void load_lane0(struct tu_wave *t, const char *mnemonic, uint32_t w0, uint32_t w1, unsigned reg,
                       uint32_t want)
{
	run(t, mnemonic, w0, w1);
	drain(t);
	assert_int_equal(vr(t, reg)[0], want);
}

/* A d16 load (lane 0) writes only its half of v[reg] (hi: [31:16]) with
 * `loaded`, and when it completes, not at issue: a write to the register
 * in between (a VALU write without a wait) keeps its other half. */
static void check_d16(struct tu_wave *t, const char *mnemonic, uint32_t w0, uint32_t w1, unsigned reg, bool hi,
                      uint16_t loaded)
{
	uint32_t before = 0x1234abcd;

	vr(t, reg)[0] = before;
	load_lane0(t, mnemonic, w0, w1, reg, hi ? (uint32_t)loaded << 16 | 0xabcd : 0x12340000u | loaded);
	before = vr(t, reg)[0];
	run(t, mnemonic, w0, w1);
	assert_int_equal(vr(t, reg)[0], before);   /* not yet returned */
	vr(t, reg)[0] = 0x11112222;
	drain(t);
	assert_int_equal(vr(t, reg)[0], hi ? (uint32_t)loaded << 16 | 0x2222 : 0x11110000u | loaded);
}

static uint32_t *g32(struct tu_wave *t)
{
	return (uint32_t *)t->gmem;
}

static uint32_t *lds32(struct tu_wave *t)
{
	return (uint32_t *)t->lds;
}

/* Buffer resource in s[r..r+3]: base, stride [61:48], num_records, dword3;
 * swizzle sets V#[63]. */
static void set_vsharp(struct tu_wave *t, unsigned r, uint64_t base, uint32_t stride, bool swizzle,
                       uint32_t nrec, uint32_t dw3)
{
	t->w.s[r] = (uint32_t)base;
	t->w.s[r + 1] = ((uint32_t)(base >> 32) & 0xffff) | stride << 16 | (uint32_t)swizzle << 31;
	t->w.s[r + 2] = nrec;
	t->w.s[r + 3] = dw3;
}

static void fill_pattern(struct tu_wave *t, uint32_t tag)
{
	for (unsigned i = 0; i < GMEM_BYTES / 4; i++)
		g32(t)[i] = tag + i;
}

/* Global memory holds tag + dword index; s[4:7] describes a buffer of it
 * at base (no swizzle, dst_sel/format 0). */
static void pattern_buffer(struct tu_wave *t, uint32_t tag, uint64_t base, uint32_t stride, uint32_t nrec)
{
	fill_pattern(t, tag);
	set_vsharp(t, 4, base, stride, false, nrec, 0);
}

static void assert_fault(struct tu_wave *t, const char *needle)
{
	tu_assert_fault(t, needle);
}

/* ---- MUBUF ---- */

/* Raw buffer (stride 0): address = base + soffset + voffset + inst_offset,
 * in range while offset + soffset + 4 <= num_records; out-of-range lanes
 * read 0; results arrive only when the load completes. */
static void test_buffer_load_range_raw(void **state)
{
	struct tu_wave *t = *state;
	pattern_buffer(t, 0xa0000000, t->gva + 0x100, 0, 64);
	t->w.s[2] = 8;                                  /* soffset */
	emu_set_exec(&t->w, ALL >> 1);                  /* lane 63 inactive */
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 0)[l] = 4 * l;
		vr(t, 1)[l] = 0xdeadbeef;
	}
	/* buffer_load_dword v1, v0, s[4:7], s2 offen offset:4 */
	run(t, "buffer_load_dword", 0xe0501004, 0x02010100);
	assert_int_equal(t->w.cnt[EMU_CNT_VM], 1);
	assert_int_equal(vr(t, 1)[0], 0xdeadbeef);      /* not yet written */
	/* bytes 4l+4+8 .. +3 must end within 64: lanes 0..12 */
	drain(t);
	for (unsigned l = 0; l < 63; l++) {
		uint32_t want = l <= 12 ? 0xa0000000 + (0x100 + 8 + 4 * l + 4) / 4 : 0;
		assert_int_equal(vr(t, 1)[l], want);
	}
	assert_int_equal(vr(t, 1)[63], 0xdeadbeef);
	assert_int_equal(t->w.state, EMU_WAVE_READY);
}

/* A whole wave's offsets, lane-linear or not, wrapping 32 bits or not:
 * the range check sees each lane's own offset (the fast path's least and
 * greatest offsets come from a lane-linear check or a full scan). */
static void test_buffer_wave_offsets(void **state)
{
	struct tu_wave *t = *state;
	const uint32_t nrec = 200;

	pattern_buffer(t, 0xc0000000, t->gva + 0x100, 0, nrec);
	t->w.s[2] = 0;                                  /* soffset */
	/* linear, reversed, linear wrapping past 2^32, all equal, all equal
	 * but lane 5 (the only one out of range) */
	for (unsigned layout = 0; layout < 5; layout++) {
		for (unsigned l = 0; l < 64; l++) {
			static const uint32_t start[5] = { 0, 4 * 63, 0xffffff80u, 8, 8 };
			static const int32_t step[5] = { 4, -4, 4, 0, 0 };
			vr(t, 0)[l] = start[layout] + (uint32_t)(step[layout] * (int32_t)l);
			vr(t, 1)[l] = 0xdeadbeef;
		}
		if (layout == 4)
			vr(t, 0)[5] = nrec - 4;
		/* buffer_load_dword v1, v0, s[4:7], s2 offen offset:4 */
		run(t, "buffer_load_dword", 0xe0501004, 0x02010100);
		drain(t);
		for (unsigned l = 0; l < 64; l++) {
			uint32_t x = vr(t, 0)[l] + 4;          /* 32-bit offset, wrapping */
			uint32_t want = (uint64_t)x + 4 <= nrec ? 0xc0000000 + (0x100 + x) / 4 : 0;
			if (vr(t, 1)[l] != want)
				fail_msg("layout %u lane %u: 0x%x, expected 0x%x", layout, l, vr(t, 1)[l], want);
		}
	}
	assert_int_equal(t->w.state, EMU_WAVE_READY);
}

static void test_buffer_store_dropped(void **state)
{
	struct tu_wave *t = *state;
	set_vsharp(t, 4, t->gva + 0x100, 0, false, 64, 0);
	t->w.s[2] = 8;
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 0)[l] = 4 * l;
		vr(t, 1)[l] = 0x5000 + l;
	}
	/* buffer_store_dword v1, v0, s[4:7], s2 offen offset:4 */
	run(t, "buffer_store_dword", 0xe0701004, 0x02010100);
	/* stores happen at issue; vmcnt still counts them */
	assert_int_equal(t->w.cnt[EMU_CNT_VM], 1);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(g32(t)[(0x100 + 12 + 4 * l) / 4], l <= 12 ? 0x5000 + l : 0);
	drain(t);
}

/* dwordx4 is range-checked per dword: an access straddling num_records
 * keeps its leading in-range dwords. */
static void test_buffer_dwordx4_partial(void **state)
{
	struct tu_wave *t = *state;
	pattern_buffer(t, 0xb0000000, t->gva, 0, 40);
	emu_set_exec(&t->w, 0xf);
	const uint32_t off[4] = { 0, 24, 32, 40 };
	for (unsigned l = 0; l < 4; l++)
		vr(t, 0)[l] = off[l];
	/* buffer_load_dwordx4 v[4:7], v0, s[4:7], 0 offen */
	run(t, "buffer_load_dwordx4", 0xe05c1000, 0x80010400);
	drain(t);
	const unsigned valid[4] = { 4, 4, 2, 0 };
	for (unsigned l = 0; l < 4; l++)
		for (unsigned d = 0; d < 4; d++)
			assert_int_equal(vr(t, 4 + d)[l], d < valid[l] ? 0xb0000000 + off[l] / 4 + d : 0);

	/* the store drops only the out-of-range dwords */
	memset(t->gmem, 0, 64);
	for (unsigned l = 0; l < 4; l++)
		for (unsigned d = 0; d < 3; d++)
			vr(t, 4 + d)[l] = 0x100 * (l + 1) + d;
	emu_set_exec(&t->w, 0x4);                       /* lane 2: offset 32 */
	/* buffer_store_dwordx3 v[4:6], v0, s[4:7], 0 offen */
	run(t, "buffer_store_dwordx3", 0xe0781000, 0x80010400);
	assert_int_equal(g32(t)[8], 0x300);
	assert_int_equal(g32(t)[9], 0x301);
	assert_int_equal(g32(t)[10], 0);
}

/* Strided buffer with idxen: gfx9 counts num_records in records and checks
 * only index < num_records. */
static void test_buffer_idxen_stride(void **state)
{
	struct tu_wave *t = *state;
	pattern_buffer(t, 0xc0000000, t->gva + 0x40, 16, 10);
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = l;
	/* buffer_load_dword v1, v0, s[4:7], 0 idxen */
	run(t, "buffer_load_dword", 0xe0502000, 0x80010100);
	drain(t);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(vr(t, 1)[l], l < 10 ? 0xc0000000 + (0x40 + 16 * l) / 4 : 0);

	/* idxen + offen: v2 index, v3 offset */
	set_vsharp(t, 4, t->gva + 0x40, 32, false, 4, 0);
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 2)[l] = l;
		vr(t, 3)[l] = 4;
	}
	/* buffer_load_dword v1, v[2:3], s[4:7], 0 idxen offen offset:8 */
	run(t, "buffer_load_dword", 0xe0503008, 0x80010102);
	drain(t);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(vr(t, 1)[l], l < 4 ? 0xc0000000 + (0x40 + 32 * l + 4 + 8) / 4 : 0);
}

/* add_tid_enable + swizzle_enable (the scratch V#): index = lane, element
 * size 4, index_stride 64: address = base + soffset + (offset / 4) * 256 +
 * lane * 4 + offset % 4, and no range check (num_records 0 here). */
static void test_buffer_swizzled_add_tid(void **state)
{
	struct tu_wave *t = *state;
	fill_pattern(t, 0xd0000000);
	uint32_t dw3 = 3u << 21 | 1u << 23 | 4u << 15;  /* index_stride 64, add_tid, dfmt 32 */
	set_vsharp(t, 4, t->gva + 0x100, 0, true, 0, dw3);
	t->w.s[2] = 8;
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = 8;
	/* buffer_load_dword v1, v0, s[4:7], s2 offen offset:4 */
	run(t, "buffer_load_dword", 0xe0501004, 0x02010100);
	drain(t);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(vr(t, 1)[l], 0xd0000000 + (0x100 + 8 + 3 * 256 + 4 * l) / 4);

	/* swizzle without add_tid is reported, not guessed */
	set_vsharp(t, 4, t->gva, 16, true, 64, 0);
	run(t, "buffer_load_dword", 0xe0501004, 0x02010100);
	assert_fault(t, "swizzle_enable");
}

static void test_buffer_atomics(void **state)
{
	struct tu_wave *t = *state;
	set_vsharp(t, 4, t->gva, 0, false, 8, 0);
	for (unsigned i = 0; i < 4; i++)
		g32(t)[i] = 1000;
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 0)[l] = 4 * (l % 4);
		vr(t, 1)[l] = l + 1;
	}
	/* buffer_atomic_add v1, v0, s[4:7], 0 offen glc: addresses 0 and 4 in
	 * range, 8 and 12 dropped; same-address lanes apply in lane order */
	run(t, "buffer_atomic_add", 0xe1085000, 0x80010100);
	drain(t);
	uint32_t sum[2] = { 1000, 1000 };
	for (unsigned l = 0; l < 64; l++) {
		unsigned a = l % 4;
		if (a < 2) {
			assert_int_equal(vr(t, 1)[l], sum[a]);
			sum[a] += l + 1;
		} else {
			assert_int_equal(vr(t, 1)[l], 0);
		}
	}
	assert_int_equal(g32(t)[0], sum[0]);
	assert_int_equal(g32(t)[1], sum[1]);
	assert_int_equal(g32(t)[2], 1000);
	assert_int_equal(g32(t)[3], 1000);

	/* buffer_atomic_cmpswap v[2:3], v0, s[4:7], 0 offen glc: v2 = src, v3 = cmp */
	g32(t)[0] = 7;
	g32(t)[1] = 9;
	emu_set_exec(&t->w, 0x3);
	vr(t, 0)[0] = 0;
	vr(t, 0)[1] = 4;
	vr(t, 2)[0] = 70;
	vr(t, 3)[0] = 7;   /* matches */
	vr(t, 2)[1] = 90;
	vr(t, 3)[1] = 8;   /* does not */
	run(t, "buffer_atomic_cmpswap", 0xe1045000, 0x80010200);
	drain(t);
	assert_int_equal(g32(t)[0], 70);
	assert_int_equal(g32(t)[1], 9);
	assert_int_equal(vr(t, 2)[0], 7);
	assert_int_equal(vr(t, 2)[1], 9);
	assert_int_equal(vr(t, 3)[0], 7);  /* only one dword returned */

	/* buffer_atomic_add_x2 v[2:3], v0, s[4:7], 0 offen (no glc: no return) */
	emu_set_exec(&t->w, 0x1);
	g32(t)[0] = 0xffffffff;
	g32(t)[1] = 1;
	vr(t, 2)[0] = 2;
	vr(t, 3)[0] = 0;
	run(t, "buffer_atomic_add_x2", 0xe1881000, 0x80010200);
	drain(t);
	assert_int_equal(g32(t)[0], 1);
	assert_int_equal(g32(t)[1], 2);
	assert_int_equal(vr(t, 2)[0], 2);

	/* a misaligned atomic (in range) is a fault and writes nothing */
	set_vsharp(t, 4, t->gva, 0, false, 64, 0);
	vr(t, 0)[0] = 4;
	run(t, "buffer_atomic_add_x2", 0xe1881000, 0x80010200);
	assert_fault(t, "misaligned atomic");
	assert_int_equal(g32(t)[0], 1);
}

/* buffer_load_dword ... lds: lane l's dword goes to LDS at
 * M0 + inst_offset + 4 * l when the load completes; out-of-range lanes
 * write 0, lanes outside EXEC keep their LDS dword. */
static void test_buffer_load_lds(void **state)
{
	struct tu_wave *t = *state;
	pattern_buffer(t, 0xe0000000, t->gva + 0x100, 0, 16 + 4 * 40);
	t->w.s[EMU_OP_M0] = 0x200;
	for (unsigned i = 0; i < 1024; i++)
		lds32(t)[i] = 0x11111111;
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = 4 * l;
	emu_set_exec(&t->w, ALL & ~(1ull << 5));
	/* buffer_load_dword v0, s[4:7], 0 offen offset:16 lds */
	run(t, "buffer_load_dword", 0xe0511010, 0x80010000);
	assert_int_equal(lds32(t)[0x210 / 4], 0x11111111);  /* not before completion */
	drain(t);
	for (unsigned l = 0; l < 64; l++) {
		uint32_t want = l == 5 ? 0x11111111 : l < 40 ? 0xe0000000 + (0x100 + 16 + 4 * l) / 4 : 0;
		assert_int_equal(lds32(t)[0x210 / 4 + l], want);
	}
	assert_int_equal(lds32(t)[0x210 / 4 + 64], 0x11111111);
	assert_int_equal(lds32(t)[0x210 / 4 - 1], 0x11111111);
	assert_int_equal(vr(t, 0)[1], 4);                    /* no VGPR written */
}

static void test_buffer_subdword(void **state)
{
	struct tu_wave *t = *state;
	set_vsharp(t, 4, t->gva, 0, false, 1024, 0);
	emu_set_exec(&t->w, 0x1);
	vr(t, 0)[0] = 6;
	t->gmem[6] = 0xef;
	t->gmem[7] = 0xbe;
	/* buffer_load_short_d16_hi v1, v0, s[4:7], 0 offen */
	check_d16(t, "buffer_load_short_d16_hi", 0xe0941000, 0x80010100, 1, true, 0xbeef);
	/* buffer_load_short_d16 v1, v0, s[4:7], 0 offen: the low half */
	check_d16(t, "buffer_load_short_d16", 0xe0901000, 0x80010100, 1, false, 0xbeef);
	/* buffer_load_sshort v1, v0, s[4:7], 0 offen */
	load_lane0(t, "buffer_load_sshort", 0xe04c1000, 0x80010100, 1, 0xffffbeef);
	/* buffer_load_ubyte v1, v0, s[4:7], 0 offen */
	load_lane0(t, "buffer_load_ubyte", 0xe0401000, 0x80010100, 1, 0xef);
	/* buffer_store_byte_d16_hi v1, v0, s[4:7], 0 offen: stores data[23:16] */
	vr(t, 1)[0] = 0x00ab0000;
	run(t, "buffer_store_byte_d16_hi", 0xe0641000, 0x80010100);
	assert_int_equal(t->gmem[6], 0xab);
	assert_int_equal(t->gmem[7], 0xbe);
}

static void test_buffer_faults(void **state)
{
	struct tu_wave *t = *state;
	/* in range of the V# but outside every allocation: a memory fault */
	set_vsharp(t, 4, t->gva + GMEM_BYTES - 8, 0, false, 64, 0);
	t->w.s[2] = 0;
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = 4 * l;
	run(t, "buffer_load_dword", 0xe0501004, 0x02010100);
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	assert_int_equal(t->fault_kind, EMU_FAULT_MEMORY);
	assert_true(t->fault_addr == t->gva + GMEM_BYTES); /* lane 2: base + 8 */
}

static void test_buffer_tfe_fault(void **state)
{
	struct tu_wave *t = *state;
	set_vsharp(t, 4, t->gva, 0, false, 64, 0);
	/* buffer_load_dword v1, v0, s[4:7], s2 offen offset:4 with tfe (w1[23]) */
	run(t, "buffer_load_dword", 0xe0501004, 0x02810100);
	assert_fault(t, "tfe");
}

static void test_cache_ops_count(void **state)
{
	struct tu_wave *t = *state;
	/* buffer_wbinvl1 */
	run(t, "buffer_wbinvl1", 0xe0f80000, 0x00000000);
	assert_int_equal(t->w.cnt[EMU_CNT_VM], 1);
	drain(t);
}

/* ---- MTBUF ---- */

static void test_tbuffer(void **state)
{
	struct tu_wave *t = *state;
	pattern_buffer(t, 0x30000000, t->gva, 0, 40);
	emu_set_exec(&t->w, 0x3);
	vr(t, 0)[0] = 16;
	vr(t, 0)[1] = 32;   /* 32 + 16 > 40: all or nothing -> zeros */
	/* tbuffer_load_format_xyzw v[4:7], v0, s[4:7], 0
	 *   format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_UINT] offen */
	run(t, "tbuffer_load_format_xyzw", 0xea719000, 0x80010400);
	drain(t);
	for (unsigned d = 0; d < 4; d++) {
		assert_int_equal(vr(t, 4 + d)[0], 0x30000000 + 4 + d);
		assert_int_equal(vr(t, 4 + d)[1], 0);
	}
	/* tbuffer_store_format_xy v[4:5], v0, s[4:7], 0
	 *   format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT] offen */
	vr(t, 4)[1] = 0x3f800000;
	vr(t, 5)[1] = 0x40000000;
	run(t, "tbuffer_store_format_xy", 0xebda9000, 0x80010400);
	assert_int_equal(g32(t)[8], 0x3f800000);
	assert_int_equal(g32(t)[9], 0x40000000);
	/* tbuffer_load_format_x v1, v0, s[4:7], 0
	 *   format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_UNORM] offen */
	run(t, "tbuffer_load_format_x", 0xe8081000, 0x80010100);
	assert_fault(t, "tbuffer format dfmt=1 nfmt=0");
}

/* ---- DS ---- */

/* LDS addresses do not wrap at 64 KiB: at or beyond the allocation reads
 * give 0 and writes are dropped (emu_lds_in). */
static void test_ds_rw_range(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 0)[l] = 4 * l;
		vr(t, 1)[l] = 0x600 + l;
	}
	vr(t, 0)[63] = LDS_ALLOC;           /* + 8: out of the allocation */
	vr(t, 0)[62] = 0x10000 + 0x300;     /* out of range too: no wrap to 0x308 */
	/* ds_write_b32 v0, v1 offset:8 */
	run(t, "ds_write_b32", 0xd81a0008, 0x00000100);
	assert_int_equal(t->w.cnt[EMU_CNT_LGKM], 1);
	for (unsigned l = 0; l < 62; l++)
		assert_int_equal(lds32(t)[(8 + 4 * l) / 4], 0x600 + l);
	assert_int_equal(lds32(t)[0x308 / 4], 0);
	assert_int_equal(lds32(t)[(LDS_ALLOC + 8) / 4], 0);  /* backing store beyond the allocation */
	for (unsigned l = 0; l < 64; l++)
		vr(t, 2)[l] = 0xdeadbeef;
	lds32(t)[(LDS_ALLOC + 8) / 4] = 0x99;               /* must not be visible */
	/* ds_read_b32 v2, v0 offset:8 */
	run(t, "ds_read_b32", 0xd86c0008, 0x02000000);
	assert_int_equal(vr(t, 2)[0], 0xdeadbeef);          /* results arrive at completion */
	drain(t);
	for (unsigned l = 0; l < 62; l++)
		assert_int_equal(vr(t, 2)[l], 0x600 + l);
	assert_int_equal(vr(t, 2)[62], 0);
	assert_int_equal(vr(t, 2)[63], 0);
}

static void test_ds_read2_write2(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned i = 0; i < LDS_ALLOC / 4; i++)
		lds32(t)[i] = 0x7000 + i;
	emu_set_exec(&t->w, 0x3);
	vr(t, 0)[0] = 0;
	vr(t, 0)[1] = 64;
	/* ds_read2_b32 v[2:3], v0 offset0:1 offset1:3: offsets in dwords */
	load_lane0(t, "ds_read2_b32", 0xd86e0301, 0x02000000, 2, 0x7000 + 1);
	assert_int_equal(vr(t, 3)[0], 0x7000 + 3);
	assert_int_equal(vr(t, 2)[1], 0x7000 + 16 + 1);
	assert_int_equal(vr(t, 3)[1], 0x7000 + 16 + 3);
	/* ds_read2st64_b64 v[4:7], v0 offset0:1 offset1:2: units of 64 qwords */
	load_lane0(t, "ds_read2st64_b64", 0xd8f00201, 0x04000000, 4, 0x7000 + 512 / 4);
	assert_int_equal(vr(t, 5)[0], 0x7000 + 512 / 4 + 1);
	assert_int_equal(vr(t, 6)[0], 0x7000 + 1024 / 4);
	assert_int_equal(vr(t, 7)[1], 0x7000 + (64 + 1024) / 4 + 1);
	/* ds_write2_b32 v0, v1, v2 offset0:2 offset1:5 */
	vr(t, 1)[0] = 0xaaaa;
	vr(t, 2)[0] = 0xbbbb;
	emu_set_exec(&t->w, 0x1);
	run(t, "ds_write2_b32", 0xd81c0502, 0x00020100);
	assert_int_equal(lds32(t)[2], 0xaaaa);
	assert_int_equal(lds32(t)[5], 0xbbbb);
	assert_int_equal(lds32(t)[3], 0x7000 + 3);
	/* unaligned ds_read_b64 v[2:3], v0 offset:2 */
	memset(t->lds, 0, 16);
	for (unsigned i = 0; i < 10; i++)
		t->lds[2 + i] = (uint8_t)(0x10 + i);
	load_lane0(t, "ds_read_b64", 0xd8ec0002, 0x02000000, 2, 0x13121110);
	assert_int_equal(vr(t, 3)[0], 0x17161514);
}

/* xorshift64: the random lane patterns below */
static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* buffer_ and global_load/store_dwordx4 (saddr + 32-bit offset) on random
 * lanes: offsets lane-linear (the whole-wave moves and address pass; one
 * block when the step is the 16 bytes of a lane), reversed, random
 * (aligned or not), all equal or overlapping, some past num_records
 * (buffer: the per-dword range check), under the whole exec mask or a
 * random one (the per-lane paths). Each lane's dwords are worked out here:
 * a load reads the dwords that end within num_records (global: all of
 * them) and 0 beyond, a store writes them in lane order (a later lane's
 * bytes win). */
static void test_buffer_x4_random(void **state)
{
	struct tu_wave *t = *state;
	const uint32_t nrec = 8192;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	uint8_t *want = malloc(GMEM_BYTES);

	assert_non_null(want);
	set_vsharp(t, 4, t->gva, 0, false, nrec, 0);
	for (unsigned trial = 0; trial < 600; trial++) {
		unsigned shape = (unsigned)(rng_next(&seed) % 6);
		uint32_t base = (uint32_t)(rng_next(&seed) % 4096) & ~3u;
		uint32_t soff = (uint32_t)(rng_next(&seed) % 16) * 4;
		uint64_t exec = trial % 4 ? ALL : rng_next(&seed);
		bool store = trial % 2, global = trial % 3 == 2;
		uint32_t lim = global ? GMEM_BYTES : nrec;
		bool past = rng_next(&seed) % 4 == 0;  /* a few lanes moved near the end */
		for (unsigned l = 0; l < 64; l++) {
			uint32_t o;
			switch (shape) {
			case 0: o = base + 16 * l; break;                            /* lane-linear */
			case 1: o = base + 16 * (63 - l); break;                     /* reversed */
			case 2: o = (uint32_t)(rng_next(&seed) % 8000) & ~15u; break; /* random, aligned */
			case 3: o = (uint32_t)(rng_next(&seed) % 8000); break;        /* random bytes */
			case 4: o = base; break;                                      /* all equal */
			default: o = nrec - 96 + 4 * l; break;                        /* overlapping, past the end */
			}
			if (past && shape < 4 && rng_next(&seed) % 16 == 0)
				o = nrec - soff - (uint32_t)(rng_next(&seed) % 24);   /* partly past the end */
			vr(t, 0)[l] = o;
		}
		t->w.s[2] = soff;
		t->w.s[10] = (uint32_t)(t->gva + soff);
		t->w.s[11] = (uint32_t)((t->gva + soff) >> 32);
		for (unsigned i = 0; i < GMEM_BYTES; i++)
			t->gmem[i] = (uint8_t)rng_next(&seed);
		for (unsigned d = 0; d < 4; d++)
			for (unsigned l = 0; l < 64; l++) {
				vr(t, 2 + d)[l] = 0xdead0000u + l;
				vr(t, 8 + d)[l] = (uint32_t)rng_next(&seed);
			}
		memcpy(want, t->gmem, GMEM_BYTES);
		emu_set_exec(&t->w, exec);
		if (store) {
			for (unsigned l = 0; l < 64; l++) {
				uint64_t bo = (uint64_t)vr(t, 0)[l] + soff;
				for (unsigned d = 0; (exec >> l & 1) && d < 4; d++)
					if (bo + 4 * d + 4 <= lim)
						memcpy(want + bo + 4 * d, &vr(t, 8 + d)[l], 4);
			}
			if (global)  /* global_store_dwordx4 v0, v[8:11], s[10:11] */
				run(t, "global_store_dwordx4", 0xdc7c8000, 0x000a0800);
			else         /* buffer_store_dwordx4 v[8:11], v0, s[4:7], s2 offen */
				run(t, "buffer_store_dwordx4", 0xe07c1000, 0x02010800);
			drain(t);
			if (memcmp(want, t->gmem, GMEM_BYTES))
				fail_msg("trial %u (shape %u, exec 0x%llx): the store's bytes differ", trial, shape,
				         (unsigned long long)exec);
			continue;
		}
		if (global)  /* global_load_dwordx4 v[2:5], v0, s[10:11] */
			run(t, "global_load_dwordx4", 0xdc5c8000, 0x020a0000);
		else         /* buffer_load_dwordx4 v[2:5], v0, s[4:7], s2 offen */
			run(t, "buffer_load_dwordx4", 0xe05c1000, 0x02010200);
		drain(t);
		for (unsigned l = 0; l < 64; l++) {
			uint64_t bo = (uint64_t)vr(t, 0)[l] + soff;
			for (unsigned d = 0; d < 4; d++) {
				uint32_t x = 0xdead0000u + l;
				if (exec >> l & 1) {
					x = 0;
					if (bo + 4 * d + 4 <= lim)
						memcpy(&x, want + bo + 4 * d, 4);
				}
				if (vr(t, 2 + d)[l] != x)
					fail_msg("trial %u (shape %u): lane %u dword %u 0x%x, expected 0x%x", trial, shape, l,
					         d, vr(t, 2 + d)[l], x);
			}
		}
	}
	assert_int_equal(t->w.state, EMU_WAVE_READY);
	free(want);
}

/* ds_read2_b32 with all 64 lanes in range (the whole-wave gather, which
 * moves each 16-lane group as a row of consecutive dwords, a broadcast of
 * one, or lane by lane): random groups of each shape, and of near misses
 * of the first two (one lane off), read what the lanes address. */
static void test_ds_read2_groups(void **state)
{
	struct tu_wave *t = *state;
	uint64_t seed = 0x2d5eed;
	unsigned shapes[5] = { 0 };
	for (unsigned i = 0; i < LDS_ALLOC / 4; i++)
		lds32(t)[i] = 0x7000 + i;
	emu_set_exec(&t->w, ALL);
	for (unsigned k = 0; k < 400; k++) {
		/* dword offsets up to 255 each, lanes below LDS_ALLOC - 1024 - 64 */
		unsigned o0 = (unsigned)(rng_next(&seed) % 256), o1 = (unsigned)(rng_next(&seed) % 256);
		for (unsigned g = 0; g < EMU_LANES; g += 16) {
			unsigned shape = (unsigned)(rng_next(&seed) % 5);  /* row, bcast, near row, near bcast, random */
			uint32_t base = (uint32_t)(rng_next(&seed) % ((LDS_ALLOC - 1024 - 64) / 4 - 16)) * 4;
			for (unsigned i = 0; i < 16; i++) {
				uint32_t a = shape == 4 ? (uint32_t)(rng_next(&seed) % ((LDS_ALLOC - 1024) / 4)) * 4
				                        : base + (shape % 2 ? 0 : 4 * i);
				vr(t, 0)[g + i] = a;
			}
			if (shape == 2 || shape == 3)
				vr(t, 0)[g + rng_next(&seed) % 16] += 8;
			shapes[shape]++;
		}
		/* ds_read2_b32 v[2:3], v0 offset0:o0 offset1:o1 */
		run(t, "ds_read2_b32", 0xd86e0000 | o1 << 8 | o0, 0x02000000);
		drain(t);
		for (unsigned l = 0; l < EMU_LANES; l++) {
			assert_int_equal(vr(t, 2)[l], 0x7000 + vr(t, 0)[l] / 4 + o0);
			assert_int_equal(vr(t, 3)[l], 0x7000 + vr(t, 0)[l] / 4 + o1);
		}
	}
	for (unsigned i = 0; i < 5; i++)
		assert_true(shapes[i] > 200);
}

/* Lane addresses for the whole-wave tests: each 16-lane group a row of
 * consecutive dwords, a broadcast, a near miss of either (one lane off) or
 * random, at a random dword base below `below` bytes (64 lanes of dwords
 * from it stay below); a third of the waves take one shape for all four
 * groups (the whole-wave paths), returned (else 5); shapes[] counts the
 * shapes drawn. */
static unsigned ds_random_groups(struct tu_wave *t, uint64_t *seed, uint32_t below, unsigned shapes[5])
{
	unsigned wave = (unsigned)(rng_next(seed) % 15);  /* < 5: the shape of every group */
	for (unsigned g = 0; g < EMU_LANES; g += 16) {
		/* row, bcast, near row, near bcast, random */
		unsigned shape = wave < 5 ? wave : (unsigned)(rng_next(seed) % 5);
		uint32_t base = (uint32_t)(rng_next(seed) % ((below - 64) / 4 - 16)) * 4;
		for (unsigned i = 0; i < 16; i++) {
			uint32_t a = shape == 4 ? (uint32_t)(rng_next(seed) % (below / 4)) * 4
			                        : base + (shape % 2 ? 0 : 4 * i);
			vr(t, 0)[g + i] = a;
		}
		if (shape == 2 || shape == 3)
			vr(t, 0)[g + rng_next(seed) % 16] += 8;
		shapes[shape]++;
	}
	return wave < 5 ? wave : 5;
}

/* ds_read_b32 and ds_write_b32 with all 64 lanes in range (the whole-wave
 * paths, which move a 16-lane group that is a row as one copy): random
 * groups of each shape, groups overlapping one another, give what the
 * lanes address; a store's lanes land in lane order (a later lane wins),
 * checked over the whole LDS against a copy written here lane by lane. */
static void test_ds_b32_groups(void **state)
{
	struct tu_wave *t = *state;
	static uint32_t ref[LDS_ALLOC / 4];
	uint64_t seed = 0x5eed32;
	unsigned shapes[5] = { 0 }, wholes[6] = { 0 };
	for (unsigned i = 0; i < LDS_ALLOC / 4; i++)
		lds32(t)[i] = 0x7000 + i;
	memcpy(ref, lds32(t), sizeof(ref));
	emu_set_exec(&t->w, ALL);
	for (unsigned k = 0; k < 400; k++) {
		uint32_t off = (uint32_t)(rng_next(&seed) % 256) * 4;  /* bytes */
		/* narrow bases half of the time: groups overlap */
		wholes[ds_random_groups(t, &seed, k % 2 ? 256 : LDS_ALLOC - 1024, shapes)]++;
		for (unsigned l = 0; l < EMU_LANES; l++)
			vr(t, 1)[l] = (uint32_t)rng_next(&seed);
		if (k % 3) {
			/* ds_write_b32 v0, v1 offset:off */
			run(t, "ds_write_b32", 0xd81a0000 | off, 0x00000100);
			drain(t);
			for (unsigned l = 0; l < EMU_LANES; l++)
				ref[(vr(t, 0)[l] + off) / 4] = vr(t, 1)[l];
			assert_memory_equal(lds32(t), ref, sizeof(ref));
		}
		/* ds_read_b32 v2, v0 offset:off */
		run(t, "ds_read_b32", 0xd86c0000 | off, 0x02000000);
		drain(t);
		for (unsigned l = 0; l < EMU_LANES; l++)
			assert_int_equal(vr(t, 2)[l], ref[(vr(t, 0)[l] + off) / 4]);
	}
	for (unsigned i = 0; i < 5; i++)
		assert_true(shapes[i] > 200);
	assert_true(wholes[0] > 20 && wholes[1] > 20);
}

/* Whole-wave loads of 4 to 16 bytes at aligned addresses some of which
 * are at or past the end of the allocation, or wrap at 32 bits with the
 * offset (the path that takes each dword through the bounds rule without
 * a lane loop): each dword reads what emu_lds_in admits, else 0. */
static void test_ds_read_edge(void **state)
{
	struct tu_wave *t = *state;
	static const struct { const char *mn; uint32_t w0; unsigned ndw; } ld[] = {
		{ "ds_read_b32", 0xd86c0000, 1 },  { "ds_read_b64", 0xd8ec0000, 2 },
		{ "ds_read_b96", 0xd9fc0000, 3 },  { "ds_read_b128", 0xd9fe0000, 4 },
	};
	uint64_t seed = 0xed6e;
	unsigned zeros = 0, loaded = 0;
	for (unsigned i = 0; i < 65536 / 4; i++)   /* past the allocation too: must not be seen */
		lds32(t)[i] = 0x7000 + i;
	emu_set_exec(&t->w, ALL);
	for (unsigned k = 0; k < 400; k++) {
		unsigned x = k % 4;
		uint32_t off = (uint32_t)(rng_next(&seed) % 8) * 4;
		for (unsigned l = 0; l < EMU_LANES; l++) {
			uint32_t r = (uint32_t)(rng_next(&seed) % 16) * 4;
			switch (rng_next(&seed) % 4) {
			case 0: vr(t, 0)[l] = LDS_ALLOC - 32 + r; break;   /* across the end */
			case 1: vr(t, 0)[l] = 0x10000 + r; break;          /* no wrap at 64 KiB */
			case 2: vr(t, 0)[l] = 0u - 16 + r; break;          /* wraps at 2^32 with off */
			default: vr(t, 0)[l] = (uint32_t)(rng_next(&seed) % (LDS_ALLOC / 4)) * 4; break;
			}
		}
		vr(t, 0)[k % 64] = LDS_ALLOC;   /* one lane past the end at least */
		run(t, ld[x].mn, ld[x].w0 | off, 0x02000000);
		drain(t);
		for (unsigned l = 0; l < EMU_LANES; l++) {
			for (unsigned d = 0; d < ld[x].ndw; d++) {
				uint64_t a = (uint64_t)(uint32_t)(vr(t, 0)[l] + off) + 4 * d;
				uint32_t want = a < LDS_ALLOC ? lds32(t)[a / 4] : 0;
				assert_int_equal(vr(t, 2 + d)[l], want);
				zeros += a >= LDS_ALLOC;
				loaded += a < LDS_ALLOC;
			}
		}
	}
	assert_true(zeros > 10000 && loaded > 10000);
}

static void test_ds_subdword(void **state)
{
	struct tu_wave *t = *state;
	emu_set_exec(&t->w, 0x1);
	vr(t, 0)[0] = 0x20;
	t->lds[0x20] = 0x85;
	t->lds[0x21] = 0x96;
	/* ds_read_u16_d16_hi v2, v0 */
	check_d16(t, "ds_read_u16_d16_hi", 0xd8b60000, 0x02000000, 2, true, 0x9685);
	/* ds_read_i8 v2, v0 */
	load_lane0(t, "ds_read_i8", 0xd8720000, 0x02000000, 2, 0xffffff85);
	/* ds_write_b16_d16_hi v0, v1 */
	vr(t, 1)[0] = 0x4321ffff;
	run(t, "ds_write_b16_d16_hi", 0xd8aa0000, 0x00000100);
	assert_int_equal(t->lds[0x20], 0x21);
	assert_int_equal(t->lds[0x21], 0x43);
}

/* ds_swizzle_b32's source lane for lane l (GFX9 ISA, DS_SWIZZLE_B32):
 * offset[15] set, quad-permute: lane l & 3 of each quad reads the quad's
 * lane offset[2(l&3)+1 : 2(l&3)]; clear, bit-mask mode within each 32
 * lanes: ((l & and) | or) ^ xor, the masks in offset[4:0], [9:5], [14:10]. */
static unsigned ds_swizzle_lane(uint16_t off, unsigned l)
{
	unsigned and_mask = off & 0x1f, or_mask = (off >> 5) & 0x1f, xor_mask = (off >> 10) & 0x1f;

	if (off & 0x8000)
		return (l & ~3u) + ((off >> (2 * (l & 3))) & 3);
	return (l & ~31u) + (((l & and_mask) | or_mask) ^ xor_mask);
}

static void test_ds_swizzle(void **state)
{
	struct tu_wave *t = *state;
	/* ds_swizzle_b32 v2, v1 offset:swizzle(...), under exec */
	static const struct {
		uint32_t w0;
		uint64_t exec;
	} cases[] = {
		{ 0xd87a801b, ALL },                   /* QUAD_PERM,3,2,1,0 */
		{ 0xd87a401f, ALL },                   /* SWAP,16 */
		{ 0xd87a0038, ALL & ~(1ull << 1) },    /* BROADCAST,8,1: an inactive source lane reads 0 */
	};

	for (unsigned l = 0; l < 64; l++)
		vr(t, 1)[l] = 100 + l;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		emu_set_exec(&t->w, cases[i].exec);
		run(t, "ds_swizzle_b32", cases[i].w0, 0x02000001);
		drain(t);
		for (unsigned l = 0; l < 64; l++) {
			unsigned src = ds_swizzle_lane((uint16_t)cases[i].w0, l);

			if ((cases[i].exec >> l) & 1)
				assert_int_equal(vr(t, 2)[l], (cases[i].exec >> src) & 1 ? 100 + src : 0);
		}
	}
}

static void test_ds_permute(void **state)
{
	struct tu_wave *t = *state;
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 0)[l] = 4 * (63 - l) + 256 * l;  /* bits above [7:2] ignored */
		vr(t, 1)[l] = 200 + l;
	}
	emu_set_exec(&t->w, ALL & ~(1ull << 10));
	/* ds_bpermute_b32 v2, v0, v1: lane l reads lane 63 - l */
	run(t, "ds_bpermute_b32", 0xd87e0000, 0x02000100);
	drain(t);
	for (unsigned l = 0; l < 64; l++) {
		if (l == 10)
			continue;
		assert_int_equal(vr(t, 2)[l], 63 - l == 10 ? 0 : 200 + 63 - l);
	}
	/* ds_permute_b32 v2, v0, v1 offset:4: lane l writes lane l + 1 */
	emu_set_exec(&t->w, ALL);
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = 4 * l;
	vr(t, 0)[7] = 4 * 2;                   /* lanes 1 and 7 both write lane 3: 7 wins */
	run(t, "ds_permute_b32", 0xd87c0004, 0x02000100);
	drain(t);
	assert_int_equal(vr(t, 2)[3], 207);
	assert_int_equal(vr(t, 2)[8], 0);      /* nobody writes lane 8 */
	assert_int_equal(vr(t, 2)[0], 263);
	assert_int_equal(vr(t, 2)[10], 209);
	/* no LDS memory was touched */
	for (unsigned i = 0; i < LDS_ALLOC; i++)
		assert_int_equal(t->lds[i], 0);
}

static void test_ds_atomics(void **state)
{
	struct tu_wave *t = *state;
	lds32(t)[0x40 / 4] = 5;
	for (unsigned l = 0; l < 64; l++) {
		vr(t, 0)[l] = 0x40;
		vr(t, 1)[l] = 1;
	}
	vr(t, 0)[63] = LDS_ALLOC + 0x40;       /* out of range: returns 0, no write */
	/* ds_add_rtn_u32 v2, v0, v1 */
	run(t, "ds_add_rtn_u32", 0xd8400000, 0x02000100);
	drain(t);
	for (unsigned l = 0; l < 63; l++)
		assert_int_equal(vr(t, 2)[l], 5 + l);
	assert_int_equal(vr(t, 2)[63], 0);
	assert_int_equal(lds32(t)[0x40 / 4], 5 + 63);
	assert_int_equal(lds32(t)[(LDS_ALLOC + 0x40) / 4], 0);

	/* ds_cmpst_rtn_b32 v2, v0, v1, v3: data0 (v1) = compare, data1 (v3) = new */
	emu_set_exec(&t->w, 0x3);
	vr(t, 0)[0] = 0x80;
	vr(t, 0)[1] = 0x84;
	lds32(t)[0x80 / 4] = 11;
	lds32(t)[0x84 / 4] = 12;
	vr(t, 1)[0] = 11;
	vr(t, 3)[0] = 111;
	vr(t, 1)[1] = 99;
	vr(t, 3)[1] = 122;
	run(t, "ds_cmpst_rtn_b32", 0xd8600000, 0x02030100);
	drain(t);
	assert_int_equal(lds32(t)[0x80 / 4], 111);
	assert_int_equal(lds32(t)[0x84 / 4], 12);
	assert_int_equal(vr(t, 2)[0], 11);
	assert_int_equal(vr(t, 2)[1], 12);

	/* ds_max_rtn_i64 v[4:5], v0, v[2:3]: signed 64-bit */
	emu_set_exec(&t->w, 0x1);
	vr(t, 0)[0] = 0x88;
	lds32(t)[0x88 / 4] = 5;
	lds32(t)[0x8c / 4] = 0;
	vr(t, 2)[0] = 0xffffffff;              /* -1 */
	vr(t, 3)[0] = 0xffffffff;
	run(t, "ds_max_rtn_i64", 0xd8cc0000, 0x04000200);
	drain(t);
	assert_int_equal(lds32(t)[0x88 / 4], 5);
	assert_int_equal(vr(t, 4)[0], 5);
	assert_int_equal(vr(t, 5)[0], 0);

	/* misaligned LDS atomic: reported, LDS untouched */
	vr(t, 0)[0] = 0x42;
	run(t, "ds_add_rtn_u32", 0xd8400000, 0x02000100);
	assert_fault(t, "misaligned LDS atomic");
	assert_int_equal(lds32(t)[0x40 / 4], 5 + 63);
}

static void test_ds_gds_fault(void **state)
{
	struct tu_wave *t = *state;
	/* ds_add_u32 v0, v1 gds */
	run(t, "ds_add_u32", 0xd8010000, 0x00000100);
	assert_fault(t, "gds");
	assert_int_equal(t->fault_kind, EMU_FAULT_UNIMPLEMENTED);
}

/* ---- FLAT / GLOBAL / SCRATCH ---- */

static void test_global(void **state)
{
	struct tu_wave *t = *state;
	fill_pattern(t, 0x40000000);
	t->w.s[2] = (uint32_t)(t->gva + 0x200);
	t->w.s[3] = (uint32_t)((t->gva + 0x200) >> 32);
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = 4 * l;
	/* global_load_dword v1, v0, s[2:3] offset:-4 */
	run(t, "global_load_dword", 0xdc509ffc, 0x01020000);
	drain(t);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(vr(t, 1)[l], 0x40000000 + (0x200 - 4 + 4 * l) / 4);
	/* global_store_dword v0, v1, s[2:3] offset:4 */
	run(t, "global_store_dword", 0xdc708004, 0x00020100);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(g32(t)[(0x204 + 4 * l) / 4], 0x40000000 + (0x1fc + 4 * l) / 4);
	/* global_load_dwordx2 v[2:3], v[4:5], off offset:8 (64-bit VGPR address) */
	emu_set_exec(&t->w, 0x1);
	vr(t, 4)[0] = (uint32_t)(t->gva + 0x1000);
	vr(t, 5)[0] = (uint32_t)((t->gva + 0x1000) >> 32);
	load_lane0(t, "global_load_dwordx2", 0xdc548008, 0x027f0004, 2, 0x40000000 + 0x1008 / 4);
	assert_int_equal(vr(t, 3)[0], 0x40000000 + 0x1008 / 4 + 1);
	/* global_load_short_d16_hi v1, v[4:5], off */
	vr(t, 1)[0] = 0x0000beef;
	g32(t)[0x1000 / 4] = 0x12345678;
	load_lane0(t, "global_load_short_d16_hi", 0xdc948000, 0x017f0004, 1, 0x5678beef);
	/* global_atomic_add v1, v[4:5], v2, off glc */
	vr(t, 2)[0] = 8;
	load_lane0(t, "global_atomic_add", 0xdd098000, 0x017f0204, 1, 0x12345678);
	assert_int_equal(g32(t)[0x1000 / 4], 0x12345680);
	/* a global address outside every allocation is a memory fault, at
	 * v[4:5] + offset (global_load_dwordx2 v[2:3], v[4:5], off offset:8) */
	vr(t, 4)[0] = (uint32_t)(t->gva + GMEM_BYTES);
	vr(t, 5)[0] = (uint32_t)((t->gva + GMEM_BYTES) >> 32);
	run(t, "global_load_dwordx2", 0xdc548008, 0x027f0004);
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	assert_int_equal(t->fault_kind, EMU_FAULT_MEMORY);
	assert_true(t->fault_addr == t->gva + GMEM_BYTES + 8);
}

/* FLAT: the shared aperture is the LDS, the rest global memory. */
/* A whole wave's 64-bit VGPR addresses, lane-linear in one allocation,
 * then lanes in two allocations (the fast path's one-allocation check
 * fails; the general path takes over its addresses): every lane's own
 * address. */
static void test_global_two_buffers(void **state)
{
	struct tu_wave *t = *state;
	static uint32_t other[64 * 2 + 8];
	tu_wave_map(t, other, sizeof(other));
	for (unsigned two = 0; two < 2; two++) {
		fill_pattern(t, 0x50000000);
		for (unsigned i = 0; i < 64 * 2 + 8; i++)
			other[i] = 0x60000000 + i;
		/* lane l's dword pair: in gmem at 0x400 + 8l, or for lanes 32..63
		 * with `two` in other[] from its start */
		uint32_t *at[64];
		for (unsigned l = 0; l < 64; l++) {
			bool o = two && l >= 32;
			uint64_t a = o ? (uint64_t)(uintptr_t)other + 8 * (l - 32) : t->gva + 0x400 + 8 * l;
			at[l] = o ? &other[2 * (l - 32)] : &g32(t)[(0x400 + 8 * l) / 4];
			vr(t, 4)[l] = (uint32_t)a;
			vr(t, 5)[l] = (uint32_t)(a >> 32);
		}
		/* global_load_dwordx2 v[2:3], v[4:5], off offset:8 */
		run(t, "global_load_dwordx2", 0xdc548008, 0x027f0004);
		drain(t);
		for (unsigned l = 0; l < 64; l++) {
			assert_int_equal(vr(t, 2)[l], at[l][2]);
			assert_int_equal(vr(t, 3)[l], at[l][3]);
			vr(t, 2)[l] = 0x70000000 + 2 * l;
			vr(t, 3)[l] = 0x70000001 + 2 * l;
		}
		/* global_store_dwordx2 v[4:5], v[2:3], off offset:16 */
		run(t, "global_store_dwordx2", 0xdc748010, 0x007f0204);
		drain(t);
		for (unsigned l = 0; l < 64; l++) {
			assert_int_equal(at[l][4], 0x70000000 + 2 * l);
			assert_int_equal(at[l][5], 0x70000001 + 2 * l);
		}
	}
	assert_int_equal(t->w.state, EMU_WAVE_READY);
	/* lane-linear, the last lane's pair just past the allocation: a fault */
	for (unsigned l = 0; l < 64; l++) {
		uint64_t a = t->gva + GMEM_BYTES - 8 * 64 + 8 * l;
		vr(t, 4)[l] = (uint32_t)a;
		vr(t, 5)[l] = (uint32_t)(a >> 32);
	}
	run(t, "global_load_dwordx2", 0xdc548008, 0x027f0004);
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	assert_int_equal(t->fault_kind, EMU_FAULT_MEMORY);
}

static void test_flat_apertures(void **state)
{
	struct tu_wave *t = *state;
	uint64_t shared = emu_aperture(&t->w, EMU_OP_SHARED_BASE);
	fill_pattern(t, 0x50000000);
	for (unsigned i = 0; i < 64; i++)
		lds32(t)[i] = 0x900 + i;
	emu_set_exec(&t->w, 0x3);
	uint64_t a0 = t->gva + 0x300 - 4, a1 = shared + 0x20 - 4;
	vr(t, 4)[0] = (uint32_t)a0;
	vr(t, 5)[0] = (uint32_t)(a0 >> 32);
	vr(t, 4)[1] = (uint32_t)a1;
	vr(t, 5)[1] = (uint32_t)(a1 >> 32);
	/* flat_load_dword v1, v[4:5] offset:4 */
	load_lane0(t, "flat_load_dword", 0xdc500004, 0x01000004, 1, 0x50000000 + 0x300 / 4);
	assert_int_equal(vr(t, 1)[1], 0x900 + 0x20 / 4);
	/* flat_store_dword v[4:5], v1 */
	vr(t, 1)[0] = 0x77;
	vr(t, 1)[1] = 0x88;
	run(t, "flat_store_dword", 0xdc700000, 0x00000104);
	assert_int_equal(g32(t)[(0x300 - 4) / 4], 0x77);
	assert_int_equal(lds32(t)[(0x20 - 4) / 4], 0x88);
}

/* SCRATCH: FLAT_SCRATCH + (offset / 4) * 256 + lane * 4 + offset % 4. */
static void test_scratch(void **state)
{
	struct tu_wave *t = *state;
	fill_pattern(t, 0x60000000);
	for (unsigned l = 0; l < 64; l++)
		vr(t, 0)[l] = 8;
	/* scratch_load_dword v1, v0, off offset:4 with FLAT_SCRATCH = 0: no scratch */
	run(t, "scratch_load_dword", 0xdc504004, 0x017f0000);
	assert_fault(t, "FLAT_SCRATCH");

	tu_wave_clear_fault(t);
	uint64_t fs = t->gva + 0x2000;
	t->w.s[EMU_OP_FLAT_SCR_LO] = (uint32_t)fs;
	t->w.s[EMU_OP_FLAT_SCR_HI] = (uint32_t)(fs >> 32);
	run(t, "scratch_load_dword", 0xdc504004, 0x017f0000);
	drain(t);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(vr(t, 1)[l], 0x60000000 + (0x2000 + 3 * 256 + 4 * l) / 4);
}

static void test_float_atomics_gfx90a(void **state)
{
	struct tu_wave *t = *state;
	emu_set_exec(&t->w, 0x1);
	vr(t, 4)[0] = (uint32_t)t->gva;
	vr(t, 5)[0] = (uint32_t)(t->gva >> 32);
	g32(t)[0] = 0x3fc00000;               /* 1.5 */
	vr(t, 2)[0] = 0x40100000;             /* 2.25 */
	/* global_atomic_add_f32 v1, v[4:5], v2, off glc */
	run(t, "global_atomic_add_f32", 0xdd358000, 0x017f0204);
	drain(t);
	assert_int_equal(g32(t)[0], 0x40700000);  /* 3.75 */
	assert_int_equal(vr(t, 1)[0], 0x3fc00000);
	/* global_atomic_pk_add_f16 v1, v[4:5], v2, off glc: {1.0, 0.5} + {2.0, 0.5} */
	g32(t)[0] = 0x38003c00;
	vr(t, 2)[0] = 0x38004000;
	run(t, "global_atomic_pk_add_f16", 0xdd398000, 0x017f0204);
	drain(t);
	assert_int_equal(g32(t)[0], 0x3c004200);  /* {3.0, 1.0} */
	/* buffer_load_dword a1, v0, s[4:7], 0 offen: AGPR destination */
	set_vsharp(t, 4, t->gva, 0, false, 64, 0);
	vr(t, 0)[0] = 0;
	run(t, "buffer_load_dword", 0xe0501000, 0x80810100);
	drain(t);
	assert_int_equal(vr(t, 256 + 1)[0], 0x3c004200);
}

static void test_gfx942(void **state)
{
	struct tu_wave *t = *state;
	fill_pattern(t, 0x70000000);
	for (unsigned l = 0; l < 64; l++) {
		uint64_t a = t->gva + 0x400 + 4 * l;
		vr(t, 4)[l] = (uint32_t)a;
		vr(t, 5)[l] = (uint32_t)(a >> 32);
	}
	/* global_load_dword v1, v[4:5], off sc0 sc1 nt */
	run(t, "global_load_dword", 0xde538000, 0x017f0004);
	drain(t);
	assert_int_equal(vr(t, 1)[5], 0x70000000 + 0x400 / 4 + 5);
	/* global_load_lds_dword v[4:5], off offset:8: LDS at M0 + 8 + 4 * lane */
	t->w.s[EMU_OP_M0] = 0x100;
	run(t, "global_load_lds_dword", 0xdca88008, 0x007f0004);
	drain(t);
	for (unsigned l = 0; l < 64; l++)
		assert_int_equal(lds32(t)[(0x108 + 4 * l) / 4], 0x70000000 + (0x408 + 4 * l) / 4);
	/* global_atomic_pk_add_bf16 v1, v[4:5], v2, off sc0: {1.0, 2.0} + {2.0, -2.0} */
	emu_set_exec(&t->w, 0x1);
	g32(t)[0x400 / 4] = 0x40003f80;
	vr(t, 2)[0] = 0xc0004000;
	run(t, "global_atomic_pk_add_bf16", 0xdd498000, 0x017f0204);
	drain(t);
	assert_int_equal(g32(t)[0x400 / 4], 0x00004040);  /* {3.0, +0.0} */
	assert_int_equal(vr(t, 1)[0], 0x40003f80);         /* sc0 returns the old value */
	/* global_atomic_add v1, v[4:5], v2, off sc0 */
	vr(t, 2)[0] = 1;
	load_lane0(t, "global_atomic_add", 0xdd098000, 0x017f0204, 1, 0x00004040);
	/* buffer_inv sc1: a VMEM instruction for vmcnt */
	run(t, "buffer_inv", 0xe0a48000, 0x00000000);
	assert_int_equal(t->w.cnt[EMU_CNT_VM], 1);
	drain(t);
	assert_int_equal(t->w.state, EMU_WAVE_READY);
}

#define TU_SETUP setup900
#define TU_TEARDOWN tu_wave_teardown
TU_MAIN(NULL, NULL,
	tu_test(test_buffer_load_range_raw),
	tu_test(test_buffer_wave_offsets),
	tu_test(test_buffer_store_dropped),
	tu_test(test_buffer_dwordx4_partial),
	tu_test(test_buffer_x4_random),
	tu_test(test_buffer_idxen_stride),
	tu_test(test_buffer_swizzled_add_tid),
	tu_test(test_buffer_atomics),
	tu_test(test_buffer_load_lds),
	tu_test(test_buffer_subdword),
	tu_test(test_buffer_faults),
	tu_test(test_buffer_tfe_fault),
	tu_test(test_cache_ops_count),
	tu_test(test_tbuffer),
	tu_test(test_ds_rw_range),
	tu_test(test_ds_read2_write2),
	tu_test(test_ds_read2_groups),
	tu_test(test_ds_b32_groups),
	tu_test(test_ds_read_edge),
	tu_test(test_ds_subdword),
	tu_test(test_ds_swizzle),
	tu_test(test_ds_permute),
	tu_test(test_ds_atomics),
	tu_test(test_ds_gds_fault),
	tu_test(test_global),
	tu_test(test_global_two_buffers),
	tu_test(test_flat_apertures),
	tu_test(test_scratch),
	cmocka_unit_test_setup_teardown(test_float_atomics_gfx90a, setup90a, tu_wave_teardown),
	cmocka_unit_test_setup_teardown(test_gfx942, setup942, tu_wave_teardown))
