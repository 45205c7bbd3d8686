/*
 * test_exec_scalar — the operand layer (emu_operand.c) and the scalar
 * instruction semantics (emu_exec_scalar.c) on the shared wave fixture
 * (tests/unit/tu_wave.h: the test plays the machine).
 *
 * Instruction words come from llvm-mc 19 (-mcpu=gfx900 -show-encoding; the
 * scalar formats are the same on gfx90a and gfx942), the assembly is
 * quoted next to each; they go through the real decoder, whose fields the
 * handlers read. Pending results and waits are the wave's own
 * (wave/emu_wave.c); expected values are worked out from the ISA text quoted
 * in emu_exec_scalar.c, never read back from the code under test.
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
#include "tu_wave.h"

#define BUF_BYTES 4096

static int setup(void **state)
{
	return tu_wave_new(state, EMU_GFX900, BUF_BYTES, 0);
}

/* Execute one instruction of 1 or 2 dwords at w->pc. */
static void run(struct tu_wave *t, const char *mnemonic, unsigned ndw, uint32_t w0, uint32_t w1)
{
	const uint32_t words[2] = { w0, w1 };
	assert_int_equal(tu_wave_run(t, words, ndw, mnemonic), 4 * ndw);
}
#define RUN1(t, m, w0) run(t, m, 1, w0, 0)
#define RUN2(t, m, w0, w1) run(t, m, 2, w0, w1)

static uint64_t s64(const struct emu_wave *w, unsigned r)
{
	return w->s[r] | (uint64_t)w->s[r + 1] << 32;
}
static void set64(struct emu_wave *w, unsigned r, uint64_t v)
{
	w->s[r] = (uint32_t)v;
	w->s[r + 1] = (uint32_t)(v >> 32);
}

static void assert_fault(struct tu_wave *t, const char *needle)
{
	tu_assert_fault(t, needle);
}

/* SOP2 with s0, s1 -> s2 (or pairs); returns the result, SCC in *scc. */
static uint32_t sop2_32(struct tu_wave *t, const char *m, uint32_t enc, uint32_t a, uint32_t b, bool scc_in,
                        bool *scc)
{
	t->w.s[0] = a;
	t->w.s[1] = b;
	t->w.s[2] = 0xdeadbeef;
	t->w.scc = scc_in;
	RUN1(t, m, enc);
	assert_int_equal(t->w.state, EMU_WAVE_READY);
	*scc = t->w.scc;
	return t->w.s[2];
}

/* SOP1 with s1 -> s0; returns the result, SCC in *scc. */
static uint32_t sop1_32(struct tu_wave *t, const char *m, uint32_t enc, uint32_t a, bool scc_in, bool *scc)
{
	t->w.s[1] = a;
	t->w.s[0] = 0xdeadbeef;
	t->w.scc = scc_in;
	RUN1(t, m, enc);
	*scc = t->w.scc;
	return t->w.s[0];
}

/* A SOP1 with a 64-bit source and a 32-bit result: s0 = op(s[2:3] = a). */
static uint32_t sop1_64to32(struct tu_wave *t, const char *m, uint32_t enc, uint64_t a)
{
	set64(&t->w, 2, a);
	t->w.s[0] = 0xdeadbeef;
	RUN1(t, m, enc);
	return t->w.s[0];
}

/* A conditional move into s0 (encoding enc): SCC 0 keeps s0, SCC 1
 * writes moved. */
static void check_cmov(struct tu_wave *t, const char *m, uint32_t enc, uint32_t moved)
{
	uint32_t old = t->w.s[0];

	t->w.scc = false;
	RUN1(t, m, enc);
	assert_int_equal(t->w.s[0], old);
	t->w.scc = true;
	RUN1(t, m, enc);
	assert_int_equal(t->w.s[0], moved);
}

/* An SMEM instruction (2 dwords), then s_waitcnt lgkmcnt(0): its result
 * is there only after the wait. */
static void smem_wait(struct tu_wave *t, const char *m, uint32_t w0, uint32_t w1)
{
	RUN2(t, m, w0, w1);
	RUN1(t, "s_waitcnt", 0xbf8cc07f);
}

/* The 32-bit SOP2 (s2 = op(s0 = a, s1 = b)) and SOP1 (s0 = op(s1 = a), or
 * for SOP1_FROM64 s0 = op(s[2:3] = a)) cases of the tests named by group, each with SCC in, and the result and
 * SCC the ISA gives (SCC_ANY: SCC not checked). */
enum sop_group { SOP2_ARITH, SOP2_BITS, SOP1_BITS, SOP1_FROM64 };
enum sop_scc { SCC_CLEAR, SCC_SET, SCC_ANY };

static const struct sop_case {
	enum sop_group group;
	const char *m;
	uint32_t enc;
	uint64_t a;
	uint32_t b;
	bool scc_in;
	uint32_t want;
	enum sop_scc scc;
} sop_cases[] = {
	/* s_add_u32 s2, s0, s1: SCC = carry */
	{ SOP2_ARITH, "s_add_u32", 0x80020100, 0xffffffff, 1, 0, 0, SCC_SET },
	{ SOP2_ARITH, "s_add_u32", 0x80020100, 1, 2, 1, 3, SCC_CLEAR },
	/* s_sub_u32: SCC = borrow */
	{ SOP2_ARITH, "s_sub_u32", 0x80820100, 0, 1, 0, 0xffffffff, SCC_SET },
	{ SOP2_ARITH, "s_sub_u32", 0x80820100, 5, 5, 1, 0, SCC_CLEAR },
	/* s_addc_u32 / s_subb_u32 use SCC in */
	{ SOP2_ARITH, "s_addc_u32", 0x82020100, 0xffffffff, 0, 1, 0, SCC_SET },
	{ SOP2_ARITH, "s_addc_u32", 0x82020100, 0xfffffffe, 0, 1, 0xffffffff, SCC_CLEAR },
	{ SOP2_ARITH, "s_subb_u32", 0x82820100, 5, 5, 1, 0xffffffff, SCC_SET },
	{ SOP2_ARITH, "s_subb_u32", 0x82820100, 5, 4, 1, 0, SCC_CLEAR },
	{ SOP2_ARITH, "s_subb_u32", 0x82820100, 0, 0xffffffff, 1, 0, SCC_SET },
	/* s_add_i32 / s_sub_i32: SCC = signed overflow */
	{ SOP2_ARITH, "s_add_i32", 0x81020100, 0x7fffffff, 1, 0, 0x80000000, SCC_SET },
	{ SOP2_ARITH, "s_add_i32", 0x81020100, 0xffffffff, 1, 1, 0, SCC_CLEAR },
	{ SOP2_ARITH, "s_add_i32", 0x81020100, 0x80000000, 0x80000000, 0, 0, SCC_SET },
	{ SOP2_ARITH, "s_sub_i32", 0x81820100, 0x80000000, 1, 0, 0x7fffffff, SCC_SET },
	{ SOP2_ARITH, "s_sub_i32", 0x81820100, 0, 0x80000000, 0, 0x80000000, SCC_SET },
	{ SOP2_ARITH, "s_sub_i32", 0x81820100, 3, 5, 1, 0xfffffffe, SCC_CLEAR },
	/* min/max: SCC = S0 chosen (strictly) */
	{ SOP2_ARITH, "s_min_i32", 0x83020100, 0xffffffff, 1, 0, 0xffffffff, SCC_SET },
	{ SOP2_ARITH, "s_min_u32", 0x83820100, 0xffffffff, 1, 1, 1, SCC_CLEAR },
	{ SOP2_ARITH, "s_min_u32", 0x83820100, 7, 7, 1, 7, SCC_CLEAR },
	{ SOP2_ARITH, "s_max_i32", 0x84020100, 0xffffffff, 1, 1, 1, SCC_CLEAR },
	{ SOP2_ARITH, "s_max_u32", 0x84820100, 0xffffffff, 1, 0, 0xffffffff, SCC_SET },
	/* multiplies: no SCC */
	{ SOP2_ARITH, "s_mul_i32", 0x92020100, 0x10001, 0x10001, 1, 0x20001, SCC_SET },
	{ SOP2_ARITH, "s_mul_hi_u32", 0x96020100, 0xffffffff, 0xffffffff, 0, 0xfffffffe, SCC_CLEAR },
	{ SOP2_ARITH, "s_mul_hi_i32", 0x96820100, 0xffffffff, 0xffffffff, 0, 0, SCC_ANY },
	{ SOP2_ARITH, "s_mul_hi_i32", 0x96820100, 0xfffffffe, 3, 0, 0xffffffff, SCC_ANY },
	{ SOP2_ARITH, "s_mul_hi_i32", 0x96820100, 0x80000000, 0x80000000, 0, 0x40000000, SCC_ANY },
	/* s_absdiff_i32: 32-bit difference, then absolute */
	{ SOP2_ARITH, "s_absdiff_i32", 0x95020100, 0xfffffffb, 3, 0, 8, SCC_SET },
	{ SOP2_ARITH, "s_absdiff_i32", 0x95020100, 0x80000000, 0x7fffffff, 0, 1, SCC_ANY },
	{ SOP2_ARITH, "s_absdiff_i32", 0x95020100, 9, 9, 1, 0, SCC_CLEAR },
	/* s_lshlN_add_u32: SCC = carry of the 64-bit sum, shifted-out bits count */
	{ SOP2_ARITH, "s_lshl2_add_u32", 0x97820100, 0x40000000, 0, 0, 0, SCC_SET },
	{ SOP2_ARITH, "s_lshl2_add_u32", 0x97820100, 3, 4, 1, 16, SCC_CLEAR },
	{ SOP2_ARITH, "s_lshl4_add_u32", 0x98820100, 0x0fffffff, 0x10, 0, 0, SCC_SET },
	/* bitwise: SCC = result != 0 */
	{ SOP2_BITS, "s_and_b32", 0x86020100, 0xf0, 0x0f, 1, 0, SCC_CLEAR },
	{ SOP2_BITS, "s_orn2_b32", 0x8a020100, 0, 0xfffffffe, 0, 1, SCC_SET },
	{ SOP2_BITS, "s_nor_b32", 0x8c020100, 0xffff0000, 0xffff, 1, 0, SCC_CLEAR },
	/* shifts use S1[4:0] / S1[5:0] */
	{ SOP2_BITS, "s_lshl_b32", 0x8e020100, 3, 33, 0, 6, SCC_SET },
	{ SOP2_BITS, "s_lshl_b32", 0x8e020100, 0x80000000, 1, 1, 0, SCC_CLEAR },
	{ SOP2_BITS, "s_ashr_i32", 0x90020100, 0x80000000, 31, 0, 0xffffffff, SCC_SET },
	/* s_bfm: ((1 << S0[4:0]) - 1) << S1[4:0], no SCC */
	{ SOP2_BITS, "s_bfm_b32", 0x91020100, 5, 3, 1, 0xf8, SCC_SET },
	{ SOP2_BITS, "s_bfm_b32", 0x91020100, 32, 3, 0, 0, SCC_CLEAR },
	/* s_bfe: offset S1[4:0], width S1[22:16]; SCC = result != 0 */
	{ SOP2_BITS, "s_bfe_u32", 0x92820100, 0x12345678, 0x80004, 0, 0x67, SCC_SET },
	{ SOP2_BITS, "s_bfe_u32", 0x92820100, 0x12345678, 0x00004, 1, 0, SCC_CLEAR },
	{ SOP2_BITS, "s_bfe_u32", 0x92820100, 0x12345678, 0x7f0018, 0, 0x12, SCC_ANY },
	{ SOP2_BITS, "s_bfe_i32", 0x93020100, 0xf0, 0x40004, 0, 0xffffffff, SCC_SET },
	{ SOP2_BITS, "s_bfe_i32", 0x93020100, 0x70, 0x40004, 0, 7, SCC_ANY },
	{ SOP2_BITS, "s_bfe_i32", 0x93020100, 0x80000000, 0x20001c, 0, 0xfffffff8, SCC_ANY },
	{ SOP2_BITS, "s_bfe_i32", 0x93020100, 0xffffffff, 0x00000, 1, 0, SCC_CLEAR },
	/* packs */
	{ SOP2_BITS, "s_pack_ll_b32_b16", 0x99020100, 0x11112222, 0x33334444, 0, 0x44442222, SCC_ANY },
	{ SOP2_BITS, "s_pack_lh_b32_b16", 0x99820100, 0x11112222, 0x33334444, 0, 0x33332222, SCC_ANY },
	{ SOP2_BITS, "s_pack_hh_b32_b16", 0x9a020100, 0x11112222, 0x33334444, 0, 0x33331111, SCC_ANY },
	{ SOP1_BITS, "s_not_b32", 0xbe800401, 0xffffffff, 0, 1, 0, SCC_CLEAR },
	{ SOP1_BITS, "s_wqm_b32", 0xbe800601, 0x00100012, 0, 1, 0x00f000ff, SCC_SET },
	{ SOP1_BITS, "s_brev_b32", 0xbe800801, 1, 0, 1, 0x80000000, SCC_SET },   /* SCC untouched */
	{ SOP1_BITS, "s_bcnt1_i32_b32", 0xbe800c01, 0, 0, 1, 0, SCC_CLEAR },
	{ SOP1_BITS, "s_bcnt1_i32_b32", 0xbe800c01, 0xf0f0, 0, 1, 8, SCC_SET },
	/* find-first/last: -1 when absent, no SCC */
	{ SOP1_BITS, "s_ff1_i32_b32", 0xbe801001, 0, 0, 1, 0xffffffff, SCC_SET },
	{ SOP1_BITS, "s_ff1_i32_b32", 0xbe801001, 0x80000000, 0, 1, 31, SCC_ANY },
	{ SOP1_BITS, "s_ff0_i32_b32", 0xbe800e01, 0xffffffff, 0, 1, 0xffffffff, SCC_ANY },
	{ SOP1_BITS, "s_ff0_i32_b32", 0xbe800e01, 7, 0, 1, 3, SCC_ANY },
	{ SOP1_BITS, "s_flbit_i32_b32", 0xbe801201, 1, 0, 1, 31, SCC_ANY },
	{ SOP1_BITS, "s_flbit_i32_b32", 0xbe801201, 0, 0, 1, 0xffffffff, SCC_ANY },
	{ SOP1_BITS, "s_flbit_i32", 0xbe801401, 0x40000000, 0, 1, 1, SCC_ANY },
	{ SOP1_BITS, "s_flbit_i32", 0xbe801401, 0xc0000000, 0, 1, 2, SCC_ANY },
	{ SOP1_BITS, "s_flbit_i32", 0xbe801401, 0xffffffff, 0, 1, 0xffffffff, SCC_ANY },
	{ SOP1_BITS, "s_flbit_i32", 0xbe801401, 0, 0, 1, 0xffffffff, SCC_ANY },
	{ SOP1_BITS, "s_sext_i32_i8", 0xbe801601, 0x1280, 0, 1, 0xffffff80, SCC_ANY },
	{ SOP1_BITS, "s_sext_i32_i16", 0xbe801701, 0x7fff, 0, 1, 0x7fff, SCC_ANY },
	{ SOP1_BITS, "s_quadmask_b32", 0xbe802801, 0x0000f010, 0, 1, 0xa, SCC_SET },
	{ SOP1_BITS, "s_quadmask_b32", 0xbe802801, 0, 0, 1, 0, SCC_CLEAR },
	{ SOP1_BITS, "s_abs_i32", 0xbe803001, 0xfffffffb, 0, 1, 5, SCC_SET },
	{ SOP1_BITS, "s_abs_i32", 0xbe803001, 0x80000000, 0, 1, 0x80000000, SCC_ANY },
	{ SOP1_BITS, "s_abs_i32", 0xbe803001, 0, 0, 1, 0, SCC_CLEAR },
	/* a 64-bit source, SCC not checked */
	{ SOP1_FROM64, "s_ff1_i32_b64", 0xbe801102, 1ull << 40, 0, 1, 40, SCC_ANY },
	{ SOP1_FROM64, "s_flbit_i32_b64", 0xbe801302, 1, 0, 1, 63, SCC_ANY },
	{ SOP1_FROM64, "s_flbit_i32_b64", 0xbe801302, 0, 0, 1, 0xffffffff, SCC_ANY },
	{ SOP1_FROM64, "s_flbit_i32_i64", 0xbe801502, ~0ull, 0, 1, 0xffffffff, SCC_ANY },
	{ SOP1_FROM64, "s_flbit_i32_i64", 0xbe801502, 0xfffffffe00000000ull, 0, 1, 31, SCC_ANY },
};

/* Run the cases of group (SOP1 or SOP2 by its name). */
static void check_sop(struct tu_wave *t, enum sop_group group)
{
	for (const struct sop_case *c = sop_cases; c < sop_cases + sizeof(sop_cases) / sizeof(sop_cases[0]); c++) {
		bool scc;
		uint32_t got;

		if (c->group != group)
			continue;
		if (group == SOP1_FROM64) {
			got = sop1_64to32(t, c->m, c->enc, c->a);
			scc = false;
		} else if (group == SOP1_BITS) {
			got = sop1_32(t, c->m, c->enc, (uint32_t)c->a, c->scc_in, &scc);
		} else {
			got = sop2_32(t, c->m, c->enc, (uint32_t)c->a, c->b, c->scc_in, &scc);
		}
		if (got != c->want || (c->scc != SCC_ANY && scc != (c->scc == SCC_SET)))
			fail_msg("%s(0x%llx, 0x%x) SCC in %d: 0x%x SCC %d, want 0x%x SCC %d", c->m,
			         (unsigned long long)c->a, c->b, c->scc_in, got, scc, c->want, c->scc);
	}
}

/* ---------------- operands ---------------- */

static void test_inline_constants(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	struct emu_inst *in = &t->in;
	memset(in, 0, sizeof(*in));
	/* integers: 128 = 0, 192 = 64, 193 = -1, 208 = -16 */
	assert_int_equal(emu_sread32(w, in, 128, EMU_T_B32), 0);
	assert_int_equal(emu_sread32(w, in, 192, EMU_T_F32), 64);
	assert_int_equal(emu_sread32(w, in, 193, EMU_T_B32), 0xffffffffu);
	assert_int_equal(emu_sread32(w, in, 208, EMU_T_F16), 0xfffffff0u);
	assert_true(emu_sread64(w, in, 193, EMU_T_B64) == ~0ull);
	assert_true(emu_sread64(w, in, 208, EMU_T_F64) == (uint64_t)-16);
	assert_true(emu_sread64(w, in, 150, EMU_T_B64) == 22);
	/* floats: 242 = 1.0, 245 = -2.0, 248 = 1/(2*pi) */
	assert_int_equal(emu_sread32(w, in, 242, EMU_T_F32), 0x3f800000);
	assert_int_equal(emu_sread32(w, in, 242, EMU_T_B32), 0x3f800000);
	assert_int_equal(emu_sread32(w, in, 242, EMU_T_B16), 0x3f800000);   /* i16 ops see f32 bits */
	assert_int_equal(emu_sread32(w, in, 242, EMU_T_F16), 0x3c00);
	assert_int_equal(emu_sread32(w, in, 245, EMU_T_F16), 0xc000);
	assert_int_equal(emu_sread32(w, in, 248, EMU_T_F16), 0x3118);
	assert_int_equal(emu_sread32(w, in, 248, EMU_T_F32), 0x3e22f983);
	assert_true(emu_sread64(w, in, 242, EMU_T_F64) == 0x3ff0000000000000ull);
	assert_true(emu_sread64(w, in, 242, EMU_T_B64) == 0x3ff0000000000000ull);
	assert_true(emu_sread64(w, in, 241, EMU_T_F64) == 0xbfe0000000000000ull);
	assert_true(emu_sread64(w, in, 248, EMU_T_F64) == 0x3fc45f306dc9c882ull);
	assert_int_equal(w->state, EMU_WAVE_READY);
}

static void test_literal_and_flags(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	struct emu_inst *in = &t->in;
	memset(in, 0, sizeof(*in));
	in->literal = 0x80000001;
	assert_int_equal(emu_sread32(w, in, 255, EMU_T_B32), 0x80000001);
	assert_true(emu_sread64(w, in, 255, EMU_T_B64) == 0x80000001ull);          /* zero-extended */
	assert_true(emu_sread64(w, in, 255, EMU_T_F64) == 0x8000000100000000ull);  /* high dword */

	w->scc = true;
	emu_set_vcc(w, 0);
	emu_set_exec(w, 1ull << 63);
	assert_int_equal(emu_sread32(w, in, 253, EMU_T_B32), 1);
	assert_int_equal(emu_sread32(w, in, 251, EMU_T_B32), 1);   /* vccz */
	assert_int_equal(emu_sread32(w, in, 252, EMU_T_B32), 0);   /* execz */
	assert_true(emu_sread64(w, in, 126, EMU_T_B64) == 1ull << 63);
	w->s[106] = 4;
	assert_int_equal(emu_sread32(w, in, 251, EMU_T_B32), 0);

	/* apertures: the 64-bit value, low dword for 32-bit reads */
	for (unsigned c = 235; c <= 238; c++) {
		assert_true(emu_sread64(w, in, c, EMU_T_B64) == emu_aperture(w, c));
		assert_int_equal(emu_sread32(w, in, c, EMU_T_B32), (uint32_t)emu_aperture(w, c));
	}
	assert_int_equal(w->state, EMU_WAVE_READY);
}

static void test_bad_sources(void **state)
{
	struct tu_wave *t = *state;
	RUN1(t, "s_mov_b32", 0xbe8000ef);   /* s_mov_b32 s0, src_pops_exiting_wave_id */
	assert_fault(t, "src_pops_exiting_wave_id");
}

/* Reading scalar source operand src faults, naming needle. */
static void sread_faults(struct tu_wave *t, unsigned src, const char *needle)
{
	emu_sread32(&t->w, tu_wave_blank_inst(t), src, EMU_T_B32);
	assert_fault(t, needle);
}

static void test_lds_direct_source(void **state)
{
	sread_faults(*state, 254, "lds_direct");
}

static void test_reserved_source(void **state)
{
	sread_faults(*state, 220, "reserved");
}

static void test_swrite(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	tu_wave_blank_inst(t);
	emu_swrite64(w, 106, 0x1122334455667788ull);
	assert_true(emu_vcc(w) == 0x1122334455667788ull);
	emu_swrite32(w, 124, 7);
	assert_int_equal(w->s[124], 7);
	/* ttmp writes from user code are dropped */
	RUN1(t, "s_mov_b32", 0xbeec0000);   /* s_mov_b32 ttmp0, s0 */
	assert_int_equal(w->s[108], 0);
	assert_int_equal(w->state, EMU_WAVE_READY);
	/* 125 is reserved on GFX9 */
	emu_swrite32(w, 125, 1);
	assert_fault(t, "not a writable register");
}

static void test_swrite64_past_end(void **state)
{
	struct tu_wave *t = *state;
	tu_wave_blank_inst(t);
	emu_swrite64(&t->w, 127, 1);
	assert_fault(t, "register pair");
}

static void test_vsrc(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	struct emu_inst *in = &t->in;
	memset(in, 0, sizeof(*in));
	static uint32_t tmp[4 * EMU_LANES];
	w->v[5][3] = 42;
	w->v[6][3] = 43;
	const uint32_t *p = emu_vsrc(w, in, EMU_OP_VGPR0 + 5, EMU_T_B64, 2, tmp);
	assert_ptr_equal(p, w->v[5]);
	assert_int_equal(p[3], 42);
	assert_int_equal(p[64 + 3], 43);
	w->v[256 + 7][0] = 9;   /* a7 */
	assert_int_equal(emu_vsrc(w, in, EMU_OP_AGPR0 + 7, EMU_T_B32, 1, tmp)[0], 9);

	/* uniform sources are broadcast */
	w->s[10] = 0x55;
	w->s[11] = 0x66;
	p = emu_vsrc(w, in, 10, EMU_T_B64, 2, tmp);
	assert_ptr_equal(p, tmp);
	assert_int_equal(p[0], 0x55);
	assert_int_equal(p[63], 0x55);
	assert_int_equal(p[64], 0x66);
	assert_int_equal(p[127], 0x66);
	p = emu_vsrc(w, in, 242, EMU_T_F64, 2, tmp);
	assert_int_equal(p[17], 0);
	assert_int_equal(p[64 + 17], 0x3ff00000);
	p = emu_vsrc(w, in, 193, EMU_T_B64, 2, tmp);
	assert_int_equal(p[1], 0xffffffffu);
	assert_int_equal(p[64 + 1], 0xffffffffu);
	p = emu_vsrc(w, in, 240, EMU_T_F16, 1, tmp);
	assert_int_equal(p[40], 0x3800);
	in->literal = 0x40490fdb;
	p = emu_vsrc(w, in, 255, EMU_T_F32, 1, tmp);
	assert_int_equal(p[0], 0x40490fdb);
	assert_int_equal(p[63], 0x40490fdb);
	assert_int_equal(w->state, EMU_WAVE_READY);
}

static void test_vsrc_beyond_allocation(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	tu_wave_blank_inst(t);
	static uint32_t tmp[2 * EMU_LANES];
	w->nvgpr = 8;
	const uint32_t *p = emu_vsrc(w, &t->in, EMU_OP_VGPR0 + 7, EMU_T_B32, 1, tmp);
	assert_ptr_equal(p, w->v[7]);
	assert_int_equal(w->state, EMU_WAVE_READY);
	p = emu_vsrc(w, &t->in, EMU_OP_VGPR0 + 7, EMU_T_B64, 2, tmp);
	assert_ptr_equal(p, tmp);
	assert_int_equal(p[64], 0);
	assert_fault(t, "v7");
}

/* ---------------- SOP2 ---------------- */

static void test_sop2_arith(void **state)
{
	struct tu_wave *t = *state;
	check_sop(t, SOP2_ARITH);
	/* literal source: s_add_u32 s2, s0, 0x12345678 */
	t->w.s[0] = 1;
	RUN2(t, "s_add_u32", 0x8002ff00, 0x12345678);
	assert_int_equal(t->w.s[2], 0x12345679);
}

static void test_sop2_bits(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	check_sop(t, SOP2_BITS);
	set64(w, 0, 0xff00ff00ff00ff00ull);
	set64(w, 2, 0xf0f0f0f0f0f0f0f0ull);
	RUN1(t, "s_andn2_b64", 0x89840200);
	assert_true(s64(w, 4) == 0x0f000f000f000f00ull);
	assert_true(w->scc);
	RUN1(t, "s_xnor_b64", 0x8d840200);
	assert_true(s64(w, 4) == ~(0xff00ff00ff00ff00ull ^ 0xf0f0f0f0f0f0f0f0ull));
	/* s_cselect_b64: SCC selects, unchanged */
	w->scc = false;
	RUN1(t, "s_cselect_b64", 0x85840200);
	assert_true(s64(w, 4) == 0xf0f0f0f0f0f0f0f0ull);
	assert_false(w->scc);
	w->scc = true;
	RUN1(t, "s_cselect_b64", 0x85840200);
	assert_true(s64(w, 4) == 0xff00ff00ff00ff00ull);
	assert_true(w->scc);

	set64(w, 0, 0x8000000000000001ull);
	w->s[2] = 64;   /* count 0 */
	RUN1(t, "s_lshl_b64", 0x8e840200);
	assert_true(s64(w, 4) == 0x8000000000000001ull);
	w->s[2] = 63;
	RUN1(t, "s_lshr_b64", 0x8f840200);
	assert_true(s64(w, 4) == 1);
	RUN1(t, "s_ashr_i64", 0x90840200);
	assert_true(s64(w, 4) == ~0ull);
	w->s[2] = 1;
	RUN1(t, "s_lshl_b64", 0x8e840200);
	assert_true(s64(w, 4) == 2);
	assert_true(w->scc);
	set64(w, 0, 1ull << 63);
	RUN1(t, "s_lshl_b64", 0x8e840200);
	assert_true(s64(w, 4) == 0);
	assert_false(w->scc);

	/* s_bfm_b64: ((1 << S0[5:0]) - 1) << S1[5:0] */
	w->s[0] = 32;
	w->s[1] = 16;
	RUN1(t, "s_bfm_b64", 0x91840100);
	assert_true(s64(w, 4) == 0xffffffffull << 16);

	set64(w, 0, 0x89abcdef01234567ull);
	w->s[2] = 0x200020;   /* width 32, offset 32 */
	RUN1(t, "s_bfe_u64", 0x93840200);
	assert_true(s64(w, 4) == 0x89abcdefull);
	w->s[2] = 0x28001c;   /* width 40, offset 28: bits [67:28] -> sign from bit 39 */
	RUN1(t, "s_bfe_i64", 0x94040200);
	assert_true(s64(w, 4) == 0xfffffff89abcdef0ull);
	w->s[2] = 0x040024;   /* width 4, offset 36: nibble 0xe -> -2 */
	RUN1(t, "s_bfe_i64", 0x94040200);
	assert_true(s64(w, 4) == (uint64_t)-2);

}

/* ---------------- SOP1 ---------------- */

static void test_sop1_moves(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	RUN1(t, "s_mov_b32", 0xbe8000f2);   /* s_mov_b32 s0, 1.0 */
	assert_int_equal(w->s[0], 0x3f800000);
	RUN1(t, "s_mov_b64", 0xbe8001f2);   /* s_mov_b64 s[0:1], 1.0 */
	assert_true(s64(w, 0) == 0x3ff0000000000000ull);
	RUN1(t, "s_mov_b64", 0xbe8001c1);   /* -1 */
	assert_true(s64(w, 0) == ~0ull);
	RUN2(t, "s_mov_b64", 0xbe8001ff, 0x80000000);
	assert_true(s64(w, 0) == 0x80000000ull);
	RUN1(t, "s_mov_b32", 0xbe8000d0);   /* -16 */
	assert_int_equal(w->s[0], 0xfffffff0);
	RUN1(t, "s_mov_b32", 0xbe8000f8);   /* 0.15915494 */
	assert_int_equal(w->s[0], 0x3e22f983);
	RUN1(t, "s_mov_b64", 0xbe8001f8);
	assert_true(s64(w, 0) == 0x3fc45f306dc9c882ull);
	RUN1(t, "s_mov_b64", 0xbe8001f7);   /* -4.0 */
	assert_true(s64(w, 0) == 0xc010000000000000ull);
	w->scc = true;
	RUN1(t, "s_mov_b32", 0xbe8000fd);   /* scc */
	assert_int_equal(w->s[0], 1);
	RUN1(t, "s_mov_b64", 0xbe8001eb);   /* src_shared_base */
	assert_true(s64(w, 0) == emu_aperture(w, 235));
	set64(w, 0, 0xf0f0);
	RUN1(t, "s_mov_b64", 0xbefe0100);   /* s_mov_b64 exec, s[0:1] */
	assert_true(emu_exec_mask(w) == 0xf0f0);
	/* s_cmov_b32: SCC 0 keeps the destination */
	w->s[1] = 5;
	w->s[0] = 6;
	check_cmov(t, "s_cmov_b32", 0xbe800201, 5);
	assert_int_equal(w->state, EMU_WAVE_READY);
}

static void test_sop1_bits(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;

	check_sop(t, SOP1_BITS);
	check_sop(t, SOP1_FROM64);
	assert_int_equal(sop1_64to32(t, "s_bcnt0_i32_b64", 0xbe800b02, 0), 64);
	assert_true(w->scc);
	set64(w, 2, 0x8000000000000001ull);
	RUN1(t, "s_wqm_b64", 0xbe800702);
	assert_true(s64(w, 0) == 0xf00000000000000full);
	/* s_bitset0_b32 s0, s1: D[S1[4:0]] = 0 */
	w->s[0] = 0xffffffff;
	w->s[1] = 33;
	RUN1(t, "s_bitset0_b32", 0xbe801801);
	assert_int_equal(w->s[0], 0xfffffffd);
	set64(w, 2, 0);
	w->s[1] = 40;
	RUN1(t, "s_bitset1_b64", 0xbe821b01);
	assert_true(s64(w, 2) == 1ull << 40);
	w->s[2] = 0x80000005;
	RUN1(t, "s_bitreplicate_b64_b32", 0xbe803702);
	assert_true(s64(w, 0) == 0xc000000000000033ull);
}

/* s_*_saveexec_b64 / s_*_wrexec_b64 s[0:1], s[2:3] from EXEC and S0: the
 * new EXEC and D (the old EXEC for saveexec, the new one for wrexec), and
 * SCC = new EXEC != 0 (SCC_ANY: not checked). */
static void test_sop1_exec(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	static const struct {
		const char *m;
		uint32_t enc;
		uint64_t exec, s0, want_exec, want_d;
		enum sop_scc scc;
	} cases[] = {
		{ "s_and_saveexec_b64", 0xbe802002, 0xff, 0x0f, 0x0f, 0xff, SCC_SET },
		{ "s_and_saveexec_b64", 0xbe802002, 0x0f, 0x100, 0, 0x0f, SCC_CLEAR },
		{ "s_orn1_saveexec_b64", 0xbe803402, 1, ~0x6ull, 7, 1, SCC_ANY },   /* EXEC = ~S0 | EXEC */
		{ "s_andn1_wrexec_b64", 0xbe803502, 0xff, 0x0f, 0xf0, 0xf0, SCC_SET },
		{ "s_andn2_wrexec_b64", 0xbe803602, 0xff, 0xff, 0, 0, SCC_CLEAR },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		emu_set_exec(w, cases[i].exec);
		set64(w, 2, cases[i].s0);
		RUN1(t, cases[i].m, cases[i].enc);
		if (emu_exec_mask(w) != cases[i].want_exec || s64(w, 0) != cases[i].want_d ||
		    (cases[i].scc != SCC_ANY && w->scc != (cases[i].scc == SCC_SET)))
			fail_msg("%s (EXEC 0x%llx, S0 0x%llx): EXEC 0x%llx, D 0x%llx, SCC %d", cases[i].m,
			         (unsigned long long)cases[i].exec, (unsigned long long)cases[i].s0,
			         (unsigned long long)emu_exec_mask(w), (unsigned long long)s64(w, 0), w->scc);
	}
}

static void test_sop1_pc(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	RUN1(t, "s_getpc_b64", 0xbe801c00);
	assert_true(s64(w, 0) == w->pc + 4);
	set64(w, 0, 0x20000);
	RUN1(t, "s_setpc_b64", 0xbe801d00);
	assert_true(w->npc == 0x20000);
	/* s_swappc_b64 s[0:1], s[0:1]: the target is read before the write */
	set64(w, 0, 0x30000);
	RUN1(t, "s_swappc_b64", 0xbe801e00);
	assert_true(w->npc == 0x30000);
	assert_true(s64(w, 0) == w->pc + 4);
	/* s_call_b64 s[0:1], 4 */
	RUN1(t, "s_call_b64", 0xba800004);
	assert_true(s64(w, 0) == w->pc + 4);
	assert_true(w->npc == w->pc + 4 + 16);
}

static void test_sop1_movrel(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	w->s[12] = 0x1234;
	w->s[124] = 2;
	RUN1(t, "s_movrels_b32", 0xbe802a0a);   /* s_movrels_b32 s0, s10 */
	assert_int_equal(w->s[0], 0x1234);
	w->s[13] = 0x5678;
	RUN1(t, "s_movrels_b64", 0xbe802b0a);
	assert_true(s64(w, 0) == 0x567800001234ull);
	w->s[0] = 77;
	w->s[124] = 3;
	RUN1(t, "s_movreld_b32", 0xbe8a2c00);   /* s_movreld_b32 s10, s0 */
	assert_int_equal(w->s[13], 77);
	assert_int_equal(w->state, EMU_WAVE_READY);
	w->s[124] = 92;
	RUN1(t, "s_movreld_b32", 0xbe8a2c00);
	assert_fault(t, "M0");
}

/* ---------------- SOPK / SOPC ---------------- */

static void test_sopk(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	RUN1(t, "s_movk_i32", 0xb0008000);   /* s_movk_i32 s0, 0x8000 */
	assert_int_equal(w->s[0], 0xffff8000);
	check_cmov(t, "s_cmovk_i32", 0xb0801234, 0x1234);
	/* unsigned compares zero-extend the immediate, signed ones sign-extend */
	w->s[0] = 0x8000;
	RUN1(t, "s_cmpk_eq_u32", 0xb4008000);
	assert_true(w->scc);
	RUN1(t, "s_cmpk_eq_i32", 0xb1008000);
	assert_false(w->scc);
	w->s[0] = 0xffff8000;
	RUN1(t, "s_cmpk_eq_i32", 0xb1008000);
	assert_true(w->scc);
	RUN1(t, "s_cmpk_lt_u32", 0xb600ffff);
	assert_false(w->scc);
	w->s[0] = 0xfffe;
	RUN1(t, "s_cmpk_lt_u32", 0xb600ffff);
	assert_true(w->scc);
	/* s_addk_i32: SCC = signed overflow */
	w->s[0] = 0x7fffffff;
	RUN1(t, "s_addk_i32", 0xb7000001);
	assert_int_equal(w->s[0], 0x80000000);
	assert_true(w->scc);
	RUN1(t, "s_addk_i32", 0xb7000001);
	assert_int_equal(w->s[0], 0x80000001);
	assert_false(w->scc);
	w->s[0] = 21;
	RUN1(t, "s_mulk_i32", 0xb780fffe);
	assert_int_equal(w->s[0], (uint32_t)-42);
}

static void test_hwreg(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	w->mode = 0x2f0;
	RUN1(t, "s_getreg_b32", 0xb8801901);   /* s_getreg_b32 s0, hwreg(HW_REG_MODE, 4, 4) */
	assert_int_equal(w->s[0], 0xf);
	w->s[0] = 0xfffffff5;
	RUN1(t, "s_setreg_b32", 0xb9001801);   /* hwreg(HW_REG_MODE, 0, 4), s0 */
	assert_int_equal(w->mode, 0x2f5);
	RUN2(t, "s_setreg_imm32_b32", 0xba000a01, 0xffffffff);   /* hwreg(HW_REG_MODE, 8, 2) */
	assert_int_equal(w->mode, 0x3f5);
	assert_int_equal(w->state, EMU_WAVE_READY);
	RUN1(t, "s_setreg_b32", 0xb9001803);   /* HW_REG_TRAPSTS */
	assert_fault(t, "hardware register 3");
}

static void test_sopc(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	w->s[0] = 0xffffffff;
	w->s[1] = 0;
	RUN1(t, "s_cmp_lt_i32", 0xbf040100);
	assert_true(w->scc);
	RUN1(t, "s_cmp_lt_u32", 0xbf0a0100);
	assert_false(w->scc);
	set64(w, 0, 0x100000001ull);
	set64(w, 2, 0x000000001ull);
	RUN1(t, "s_cmp_eq_u64", 0xbf120200);
	assert_false(w->scc);
	RUN1(t, "s_cmp_lg_u64", 0xbf130200);
	assert_true(w->scc);
	set64(w, 0, 1ull << 40);
	w->s[2] = 40 + 64;   /* S1[5:0] */
	RUN1(t, "s_bitcmp1_b64", 0xbf0f0200);
	assert_true(w->scc);
	w->s[0] = 2;
	w->s[1] = 33;   /* bit 1 */
	RUN1(t, "s_bitcmp0_b32", 0xbf0c0100);
	assert_false(w->scc);
}

/* ---------------- SOPP ---------------- */

static void test_branches(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	uint64_t pc = w->pc;
	RUN1(t, "s_branch", 0xbf820003);
	assert_true(w->npc == pc + 4 + 12);
	RUN1(t, "s_branch", 0xbf82fffe);
	assert_true(w->npc == pc + 4 - 8);
	w->scc = true;
	RUN1(t, "s_cbranch_scc0", 0xbf840005);
	assert_true(w->npc == pc + 4);
	w->scc = false;
	RUN1(t, "s_cbranch_scc0", 0xbf840005);
	assert_true(w->npc == pc + 4 + 20);
	emu_set_vcc(w, 1ull << 40);
	RUN1(t, "s_cbranch_vccz", 0xbf860005);
	assert_true(w->npc == pc + 4);
	emu_set_exec(w, 1ull << 63);
	RUN1(t, "s_cbranch_execnz", 0xbf890005);
	assert_true(w->npc == pc + 4 + 20);
	emu_set_exec(w, 0);
	RUN1(t, "s_cbranch_execnz", 0xbf890005);
	assert_true(w->npc == pc + 4);
}

static void test_nop_charges(void **state)
{
	struct tu_wave *t = *state;
	uint64_t c = t->w.cycle;
	RUN1(t, "s_nop", 0xbf800007);   /* s_nop 7: 8 wait states, the issue charges 1 */
	assert_true(t->w.cycle == c + 7);
}

/* Put n fake VM-counted entries in flight (as a VMEM instruction would),
 * issued 2^20 cycles apart so that their completions are distinct whatever
 * the cycle model's latencies, then rewind the wave's clock to the first
 * issue: all n are outstanding and complete one after the other. */
static void vm_inflight(struct tu_wave *t, unsigned n)
{
	uint64_t c0 = t->w.cycle;
	for (unsigned i = 0; i < n; i++) {
		uint64_t a = t->gva;
		struct emu_access acc = { .kind = EMU_ACC_GLOBAL, .bytes = 4, .mask = 1, .addr = &a };
		struct emu_pending *p = emu_pend_begin(&t->w, &t->in, EMU_CNT_VM);
		emu_pend_end(&t->w, p, &acc);
		t->w.cycle += 1u << 20;
	}
	t->w.cycle = c0;
}

static void test_waitcnt(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	memset(&t->in, 0, sizeof(t->in));
	vm_inflight(t, 24);
	assert_int_equal(w->cnt[EMU_CNT_VM], 24);
	RUN1(t, "s_waitcnt", 0xbf8c4f74);   /* vmcnt(20): bits [3:0] = 4, [15:14] = 1 */
	assert_int_equal(w->cnt[EMU_CNT_VM], 20);
	RUN1(t, "s_waitcnt", 0xbf8cc07f);   /* lgkmcnt(0): VM untouched */
	assert_int_equal(w->cnt[EMU_CNT_VM], 20);
	RUN1(t, "s_waitcnt", 0xbf8c0f70);   /* vmcnt(0) */
	assert_int_equal(w->cnt[EMU_CNT_VM], 0);
}

static void test_sopp_faults(void **state)
{
	struct tu_wave *t = *state;
	RUN1(t, "s_sendmsg", 0xbf900001);   /* MSG_INTERRUPT: allowed */
	assert_int_equal(t->w.state, EMU_WAVE_READY);
	RUN1(t, "s_trap", 0xbf920002);
	assert_fault(t, "s_trap 2");
}

static void test_sendmsg_gs(void **state)
{
	struct tu_wave *t = *state;
	RUN1(t, "s_sendmsg", 0xbf900003);   /* sendmsg(MSG_GS_DONE, GS_OP_NOP) */
	assert_fault(t, "MSG_GS_DONE");
}

static void test_setkill(void **state)
{
	struct tu_wave *t = *state;
	RUN1(t, "s_setkill", 0xbf8b0001);
	assert_fault(t, "graphics");
}

static void test_gpr_idx(void **state)
{
	struct tu_wave *t = *state;
	RUN1(t, "s_set_gpr_idx_on", 0xbf110100);
	assert_fault(t, "s_set_gpr_idx");
}

/* ---------------- SMEM ---------------- */

static void test_smem_load(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	for (unsigned i = 0; i < 64; i++)
		t->gmem32[i] = 0x100 + i;
	set64(w, 0, t->gva + 16);
	w->s[4] = 0xaaaa;
	RUN2(t, "s_load_dword", 0xc0020100, 0x00000008);   /* s_load_dword s4, s[0:1], 0x8 */
	assert_int_equal(w->cnt[EMU_CNT_LGKM], 1);
	assert_int_equal(w->s[4], 0xaaaa);                  /* not before the wait */
	RUN1(t, "s_waitcnt", 0xbf8cc07f);
	assert_int_equal(w->s[4], 0x106);
	/* negative immediate: s_load_dwordx4 s[4:7], s[0:1], -0x8 */
	smem_wait(t, "s_load_dwordx4", 0xc00a0100, 0x001ffff8);
	assert_int_equal(w->s[4], 0x102);
	assert_int_equal(w->s[7], 0x105);
	/* SGPR offset: s_load_dwordx2 s[4:5], s[0:1], s2 */
	w->s[2] = 0x20;
	smem_wait(t, "s_load_dwordx2", 0xc0040100, 0x00000002);
	assert_int_equal(w->s[4], 0x10c);
	assert_int_equal(w->s[5], 0x10d);
	/* immediate + soffset: s_load_dword s4, s[0:1], s2 offset:0x4 */
	smem_wait(t, "s_load_dword", 0xc0024100, 0x04000004);
	assert_int_equal(w->s[4], 0x10d);
	/* the two low address bits are ignored: s_load_dword s4, s[0:1], 0x2 */
	smem_wait(t, "s_load_dword", 0xc0020100, 0x00000002);
	assert_int_equal(w->s[4], 0x104);
	/* the base is the pair's [47:0] */
	w->s[1] |= 0xabcd0000u;
	smem_wait(t, "s_load_dword", 0xc0020100, 0x00000008);
	assert_int_equal(w->s[4], 0x106);
	assert_int_equal(w->state, EMU_WAVE_READY);
}

static void test_smem_load_fault(void **state)
{
	struct tu_wave *t = *state;
	set64(&t->w, 0, t->gva + BUF_BYTES - 4);
	RUN2(t, "s_load_dwordx4", 0xc00a0100, 0x00000000);
	assert_int_equal(t->w.state, EMU_WAVE_FAULT);
	assert_int_equal(t->fault_kind, EMU_FAULT_MEMORY);
	assert_true(t->fault_addr == t->gva + BUF_BYTES - 4);
}

static void set_vsharp(struct emu_wave *w, uint64_t base, uint32_t stride, uint32_t num_records)
{
	w->s[0] = (uint32_t)base;
	w->s[1] = (uint32_t)(base >> 32 & 0xffff) | stride << 16;
	w->s[2] = num_records;
	w->s[3] = 0x00027000;   /* dst_sel/format bits: ignored by scalar loads */
}

static void test_smem_buffer(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	for (unsigned i = 0; i < 64; i++)
		t->gmem32[i] = 0x200 + i;
	/* 20 bytes in range: dwords at 8, 12, 16 load, 20 reads 0 */
	set_vsharp(w, t->gva, 0, 20);
	smem_wait(t, "s_buffer_load_dwordx4", 0xc02a0200, 0x00000008);   /* s[8:11], s[0:3], 0x8 */
	assert_int_equal(w->s[8], 0x202);
	assert_int_equal(w->s[9], 0x203);
	assert_int_equal(w->s[10], 0x204);
	assert_int_equal(w->s[11], 0);
	/* stride != 0: the limit is num_records * stride */
	set_vsharp(w, t->gva, 8, 3);
	w->s[12] = 20;
	smem_wait(t, "s_buffer_load_dword", 0xc0200200, 0x0000000c);     /* s8, s[0:3], s12 */
	assert_int_equal(w->s[8], 0x205);
	w->s[12] = 24;
	smem_wait(t, "s_buffer_load_dword", 0xc0200200, 0x0000000c);
	assert_int_equal(w->s[8], 0);
	/* out-of-range buffer dwords never touch memory, even far away */
	set_vsharp(w, t->gva, 0, 4);
	w->s[12] = 0x100000;
	smem_wait(t, "s_buffer_load_dword", 0xc0200200, 0x0000000c);
	assert_int_equal(w->s[8], 0);
	/* stores: s_buffer_store_dwordx2 s[4:5], s[0:3], 0xc with 16 bytes in range */
	set_vsharp(w, t->gva, 0, 16);
	w->s[4] = 0x11;
	w->s[5] = 0x22;
	RUN2(t, "s_buffer_store_dwordx2", 0xc0660100, 0x0000000c);
	assert_int_equal(t->gmem32[3], 0x11);
	assert_int_equal(t->gmem32[4], 0x204);   /* dropped */
	assert_int_equal(w->state, EMU_WAVE_READY);
}

static void test_smem_store_atomic_time(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	set64(w, 0, t->gva);
	set64(w, 4, 0x0000000200000001ull);
	RUN2(t, "s_store_dwordx2", 0xc0460100, 0x00000010);   /* s_store_dwordx2 s[4:5], s[0:1], 0x10 */
	assert_int_equal(t->gmem32[4], 1);
	assert_int_equal(t->gmem32[5], 2);
	assert_int_equal(w->cnt[EMU_CNT_LGKM], 1);
	/* s_atomic_add s4, s[0:1], 0x0 glc: returns the old value */
	t->gmem32[0] = 40;
	w->s[4] = 2;
	RUN2(t, "s_atomic_add", 0xc20b0100, 0x00000000);
	assert_int_equal(t->gmem32[0], 42);
	RUN1(t, "s_waitcnt", 0xbf8cc07f);
	assert_int_equal(w->s[4], 40);
	/* s_atomic_umax s4, s[0:1], 0x0 (no glc: s4 untouched) */
	w->s[4] = 7;
	smem_wait(t, "s_atomic_umax", 0xc21e0100, 0x00000000);
	assert_int_equal(t->gmem32[0], 42);
	assert_int_equal(w->s[4], 7);
	/* s_atomic_cmpswap_x2 s[4:7], s[0:1], 0x8 glc: {src, cmp} */
	t->gmem32[2] = 5;
	t->gmem32[3] = 6;
	set64(w, 4, 0x1111111122222222ull);
	set64(w, 6, 0x0000000600000005ull);
	smem_wait(t, "s_atomic_cmpswap_x2", 0xc2870100, 0x00000008);
	assert_int_equal(t->gmem32[2], 0x22222222);
	assert_int_equal(t->gmem32[3], 0x11111111);
	assert_true(s64(w, 4) == 0x0000000600000005ull);
	/* s_memtime s[4:5]: through lgkmcnt */
	set64(w, 4, 0);
	w->cycle += 1000;
	uint64_t t0 = emu_memtime(w);   /* sampled at issue */
	RUN2(t, "s_memtime", 0xc0900100, 0x00000000);
	assert_true(s64(w, 4) == 0);
	RUN1(t, "s_waitcnt", 0xbf8cc07f);
	assert_true(t0 != 0 && s64(w, 4) == t0);
	RUN2(t, "s_dcache_wb", 0xc0840000, 0x00000000);
	assert_int_equal(w->cnt[EMU_CNT_LGKM], 1);
	assert_int_equal(w->state, EMU_WAVE_READY);
}

/* ---------------- decoder integration ----------------
 * Every encoding used above (llvm-mc 19; identical for gfx900, gfx90a and
 * gfx942: those of sop_cases, and the others listed here) decodes, on each
 * arch, to an instruction of the expected size whose exec is this file's
 * handler for the mnemonic, with the literal (the second dword) where there
 * is one. */

static const struct dec_case {
	const char *mnemonic;
	uint32_t w0, w1;
	unsigned ndw;
} dec_cases[] = {
	{"s_cselect_b64", 0x85840200, 0, 1}, /* s_cselect_b64 s[4:5], s[0:1], s[2:3] */
	{"s_andn2_b64", 0x89840200, 0, 1}, /* s_andn2_b64 s[4:5], s[0:1], s[2:3] */
	{"s_xnor_b64", 0x8d840200, 0, 1}, /* s_xnor_b64 s[4:5], s[0:1], s[2:3] */
	{"s_lshl_b64", 0x8e840200, 0, 1}, /* s_lshl_b64 s[4:5], s[0:1], s2 */
	{"s_lshr_b64", 0x8f840200, 0, 1}, /* s_lshr_b64 s[4:5], s[0:1], s2 */
	{"s_ashr_i64", 0x90840200, 0, 1}, /* s_ashr_i64 s[4:5], s[0:1], s2 */
	{"s_bfm_b64", 0x91840100, 0, 1}, /* s_bfm_b64 s[4:5], s0, s1 */
	{"s_bfe_u64", 0x93840200, 0, 1}, /* s_bfe_u64 s[4:5], s[0:1], s2 */
	{"s_bfe_i64", 0x94040200, 0, 1}, /* s_bfe_i64 s[4:5], s[0:1], s2 */
	{"s_add_u32", 0x8002ff00, 0x12345678, 2}, /* s_add_u32 s2, s0, 0x12345678 */
	{"s_mov_b32", 0xbe8000f2, 0, 1}, /* s_mov_b32 s0, 1.0 */
	{"s_mov_b64", 0xbe8001f2, 0, 1}, /* s_mov_b64 s[0:1], 1.0 */
	{"s_mov_b64", 0xbe8001c1, 0, 1}, /* s_mov_b64 s[0:1], -1 */
	{"s_mov_b64", 0xbe8001ff, 0x80000000, 2}, /* s_mov_b64 s[0:1], 0x80000000 */
	{"s_mov_b32", 0xbe8000d0, 0, 1}, /* s_mov_b32 s0, -16 */
	{"s_mov_b32", 0xbe8000f8, 0, 1}, /* s_mov_b32 s0, 0.15915494 */
	{"s_mov_b64", 0xbe8001f8, 0, 1}, /* s_mov_b64 s[0:1], 0.15915494309189532 */
	{"s_mov_b64", 0xbe8001f7, 0, 1}, /* s_mov_b64 s[0:1], -4.0 */
	{"s_mov_b32", 0xbe8000fd, 0, 1}, /* s_mov_b32 s0, scc */
	{"s_mov_b32", 0xbe8000fb, 0, 1}, /* s_mov_b32 s0, vccz */
	{"s_mov_b32", 0xbe8000fc, 0, 1}, /* s_mov_b32 s0, execz */
	{"s_mov_b64", 0xbe8001eb, 0, 1}, /* s_mov_b64 s[0:1], src_shared_base */
	{"s_mov_b32", 0xbe8000ee, 0, 1}, /* s_mov_b32 s0, src_private_limit */
	{"s_mov_b32", 0xbe8000ef, 0, 1}, /* s_mov_b32 s0, src_pops_exiting_wave_id */
	{"s_mov_b64", 0xbefe0100, 0, 1}, /* s_mov_b64 exec, s[0:1] */
	{"s_mov_b32", 0xbeec0000, 0, 1}, /* s_mov_b32 ttmp0, s0 */
	{"s_cmov_b32", 0xbe800201, 0, 1}, /* s_cmov_b32 s0, s1 */
	{"s_wqm_b64", 0xbe800702, 0, 1}, /* s_wqm_b64 s[0:1], s[2:3] */
	{"s_bcnt0_i32_b64", 0xbe800b02, 0, 1}, /* s_bcnt0_i32_b64 s0, s[2:3] */
	{"s_bitset0_b32", 0xbe801801, 0, 1}, /* s_bitset0_b32 s0, s1 */
	{"s_bitset1_b64", 0xbe821b01, 0, 1}, /* s_bitset1_b64 s[2:3], s1 */
	{"s_getpc_b64", 0xbe801c00, 0, 1}, /* s_getpc_b64 s[0:1] */
	{"s_setpc_b64", 0xbe801d00, 0, 1}, /* s_setpc_b64 s[0:1] */
	{"s_swappc_b64", 0xbe801e00, 0, 1}, /* s_swappc_b64 s[0:1], s[0:1] */
	{"s_and_saveexec_b64", 0xbe802002, 0, 1}, /* s_and_saveexec_b64 s[0:1], s[2:3] */
	{"s_orn1_saveexec_b64", 0xbe803402, 0, 1}, /* s_orn1_saveexec_b64 s[0:1], s[2:3] */
	{"s_andn1_wrexec_b64", 0xbe803502, 0, 1}, /* s_andn1_wrexec_b64 s[0:1], s[2:3] */
	{"s_andn2_wrexec_b64", 0xbe803602, 0, 1}, /* s_andn2_wrexec_b64 s[0:1], s[2:3] */
	{"s_movrels_b32", 0xbe802a0a, 0, 1}, /* s_movrels_b32 s0, s10 */
	{"s_movreld_b32", 0xbe8a2c00, 0, 1}, /* s_movreld_b32 s10, s0 */
	{"s_movrels_b64", 0xbe802b0a, 0, 1}, /* s_movrels_b64 s[0:1], s[10:11] */
	{"s_bitreplicate_b64_b32", 0xbe803702, 0, 1}, /* s_bitreplicate_b64_b32 s[0:1], s2 */
	{"s_movk_i32", 0xb0008000, 0, 1}, /* s_movk_i32 s0, 0x8000 */
	{"s_cmovk_i32", 0xb0801234, 0, 1}, /* s_cmovk_i32 s0, 0x1234 */
	{"s_cmpk_eq_u32", 0xb4008000, 0, 1}, /* s_cmpk_eq_u32 s0, 0x8000 */
	{"s_cmpk_eq_i32", 0xb1008000, 0, 1}, /* s_cmpk_eq_i32 s0, -32768 */
	{"s_cmpk_lt_u32", 0xb600ffff, 0, 1}, /* s_cmpk_lt_u32 s0, 0xffff */
	{"s_addk_i32", 0xb7000001, 0, 1}, /* s_addk_i32 s0, 0x1 */
	{"s_mulk_i32", 0xb780fffe, 0, 1}, /* s_mulk_i32 s0, -2 */
	{"s_call_b64", 0xba800004, 0, 1}, /* s_call_b64 s[0:1], 4 */
	{"s_getreg_b32", 0xb8801901, 0, 1}, /* s_getreg_b32 s0, hwreg(HW_REG_MODE, 4, 4) */
	{"s_setreg_b32", 0xb9001801, 0, 1}, /* s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0 */
	{"s_setreg_imm32_b32", 0xba000a01, 0xffffffff, 2}, /* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 2), 0xffffffff */
	{"s_setreg_b32", 0xb9001803, 0, 1}, /* s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 4), s0 */
	{"s_cmp_lt_i32", 0xbf040100, 0, 1}, /* s_cmp_lt_i32 s0, s1 */
	{"s_cmp_lt_u32", 0xbf0a0100, 0, 1}, /* s_cmp_lt_u32 s0, s1 */
	{"s_cmp_eq_u64", 0xbf120200, 0, 1}, /* s_cmp_eq_u64 s[0:1], s[2:3] */
	{"s_cmp_lg_u64", 0xbf130200, 0, 1}, /* s_cmp_lg_u64 s[0:1], s[2:3] */
	{"s_bitcmp1_b64", 0xbf0f0200, 0, 1}, /* s_bitcmp1_b64 s[0:1], s2 */
	{"s_bitcmp0_b32", 0xbf0c0100, 0, 1}, /* s_bitcmp0_b32 s0, s1 */
	{"s_branch", 0xbf820003, 0, 1}, /* s_branch 3 */
	{"s_branch", 0xbf82fffe, 0, 1}, /* s_branch -2 */
	{"s_cbranch_scc0", 0xbf840005, 0, 1}, /* s_cbranch_scc0 5 */
	{"s_cbranch_vccz", 0xbf860005, 0, 1}, /* s_cbranch_vccz 5 */
	{"s_cbranch_execnz", 0xbf890005, 0, 1}, /* s_cbranch_execnz 5 */
	{"s_waitcnt", 0xbf8cc07f, 0, 1}, /* s_waitcnt lgkmcnt(0) */
	{"s_waitcnt", 0xbf8c0f70, 0, 1}, /* s_waitcnt vmcnt(0) */
	{"s_waitcnt", 0xbf8c4f74, 0, 1}, /* s_waitcnt vmcnt(20) */
	{"s_nop", 0xbf800007, 0, 1}, /* s_nop 7 */
	{"s_trap", 0xbf920002, 0, 1}, /* s_trap 2 */
	{"s_sendmsg", 0xbf900003, 0, 1}, /* s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP) */
	{"s_sendmsg", 0xbf900001, 0, 1}, /* s_sendmsg sendmsg(MSG_INTERRUPT) */
	{"s_load_dword", 0xc0020100, 0x00000008, 2}, /* s_load_dword s4, s[0:1], 0x8 */
	{"s_load_dwordx4", 0xc00a0100, 0x001ffff8, 2}, /* s_load_dwordx4 s[4:7], s[0:1], -0x8 */
	{"s_load_dwordx2", 0xc0040100, 0x00000002, 2}, /* s_load_dwordx2 s[4:5], s[0:1], s2 */
	{"s_load_dword", 0xc0024100, 0x04000004, 2}, /* s_load_dword s4, s[0:1], s2 offset:0x4 */
	{"s_buffer_load_dwordx4", 0xc02a0200, 0x00000008, 2}, /* s_buffer_load_dwordx4 s[8:11], s[0:3], 0x8 */
	{"s_buffer_load_dword", 0xc0200200, 0x0000000c, 2}, /* s_buffer_load_dword s8, s[0:3], s12 */
	{"s_store_dwordx2", 0xc0460100, 0x00000010, 2}, /* s_store_dwordx2 s[4:5], s[0:1], 0x10 */
	{"s_buffer_store_dwordx2", 0xc0660100, 0x0000000c, 2}, /* s_buffer_store_dwordx2 s[4:5], s[0:3], 0xc */
	{"s_atomic_add", 0xc20b0100, 0x00000000, 2}, /* s_atomic_add s4, s[0:1], 0x0 glc */
	{"s_atomic_cmpswap_x2", 0xc2870100, 0x00000008, 2}, /* s_atomic_cmpswap_x2 s[4:7], s[0:1], 0x8 glc */
	{"s_atomic_umax", 0xc21e0100, 0x00000000, 2}, /* s_atomic_umax s4, s[0:1], 0x0 */
	{"s_memtime", 0xc0900100, 0x00000000, 2}, /* s_memtime s[4:5] */
	{"s_dcache_wb", 0xc0840000, 0x00000000, 2}, /* s_dcache_wb */
	{"s_load_dword", 0xc0020100, 0x00000002, 2}, /* s_load_dword s4, s[0:1], 0x2 */
	{"s_set_gpr_idx_on", 0xbf110100, 0, 1}, /* s_set_gpr_idx_on s0, gpr_idx(SRC0) */
	{"s_setkill", 0xbf8b0001, 0, 1}, /* s_setkill 1 */
};

/* c decodes on prof to its mnemonic, size and handler (and literal). */
static void check_decodes(const struct emu_profile *prof, const struct dec_case *c)
{
	uint32_t words[2] = {c->w0, c->w1};
	struct emu_inst in;
	unsigned size = emu_decode_one(prof, words, c->ndw, &in);

	in.exec = emu_sem_bind(&in);
	if (!in.op || strcmp(in.op->mnemonic, c->mnemonic) || size != 4 * c->ndw || in.exec != tu_handler(c->mnemonic))
		fail_msg("%s: 0x%08x 0x%08x decodes to %s (%u bytes), not %s with its handler", prof->proc, c->w0,
		         c->w1, in.op ? in.op->mnemonic : "(illegal)", size, c->mnemonic);
	if ((c->w0 & 0xff) == EMU_OP_LITERAL && in.enc != EMU_ENC_SMEM)
		assert_int_equal(in.literal, c->w1);
}

/* dec_cases and the one-dword encodings of sop_cases. */
static void test_decode_reaches_handlers(void **state)
{
	(void)state;
	for (int a = 0; a < EMU_ARCH_COUNT; a++) {
		const struct emu_profile *prof = emu_profile_get((enum emu_arch)a);

		for (size_t i = 0; i < sizeof(dec_cases) / sizeof(dec_cases[0]); i++)
			check_decodes(prof, &dec_cases[i]);
		for (size_t i = 0; i < sizeof(sop_cases) / sizeof(sop_cases[0]); i++)
			check_decodes(prof, &(struct dec_case){ sop_cases[i].m, sop_cases[i].enc, 0, 1 });
	}
}

/* A decoded literal operand reaches the semantics (s_mov_b64 zero-extends
 * it, s_setreg_imm32_b32 takes it as the value). */
static void test_decoded_literal(void **state)
{
	struct tu_wave *t = *state;
	struct emu_wave *w = &t->w;
	uint32_t mov[2] = {0xbe8001ff, 0xfffff830};   /* s_mov_b64 s[0:1], 0xfffff830 */
	assert_int_equal(emu_decode_one(t->prof, mov, 2, &t->in), 8);
	t->in.exec = emu_sem_bind(&t->in);
	w->cur = &t->in;
	t->in.exec(w, &t->in);
	assert_true(s64(w, 0) == 0xfffff830ull);
	uint32_t setreg[2] = {0xba000a01, 0xffffffff}; /* s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 2), -1 */
	assert_int_equal(emu_decode_one(t->prof, setreg, 2, &t->in), 8);
	t->in.exec = emu_sem_bind(&t->in);
	w->mode = 0;
	t->in.exec(w, &t->in);
	assert_int_equal(w->mode, 0x300);
	assert_int_equal(w->state, EMU_WAVE_READY);
}

#define TU_SETUP setup
#define TU_TEARDOWN tu_wave_teardown
TU_MAIN(NULL, NULL,
	tu_test(test_inline_constants),
	tu_test(test_literal_and_flags),
	tu_test(test_bad_sources),
	tu_test(test_lds_direct_source),
	tu_test(test_reserved_source),
	tu_test(test_swrite),
	tu_test(test_swrite64_past_end),
	tu_test(test_vsrc),
	tu_test(test_vsrc_beyond_allocation),
	tu_test(test_sop2_arith),
	tu_test(test_sop2_bits),
	tu_test(test_sop1_moves),
	tu_test(test_sop1_bits),
	tu_test(test_sop1_exec),
	tu_test(test_sop1_pc),
	tu_test(test_sop1_movrel),
	tu_test(test_sopk),
	tu_test(test_hwreg),
	tu_test(test_sopc),
	tu_test(test_branches),
	tu_test(test_nop_charges),
	tu_test(test_waitcnt),
	tu_test(test_sopp_faults),
	tu_test(test_sendmsg_gs),
	tu_test(test_setkill),
	tu_test(test_gpr_idx),
	tu_test(test_smem_load),
	tu_test(test_smem_load_fault),
	tu_test(test_smem_buffer),
	tu_test(test_smem_store_atomic_time),
	tu_test(test_decoded_literal),
	cmocka_unit_test(test_decode_reaches_handlers))
