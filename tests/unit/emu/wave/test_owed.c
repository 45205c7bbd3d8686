/*
 * test_owed — the guarantee ledger (wave/emu_wave_owed.c) and the counter
 * facts it reads (isa/emu_waitcnt.h), on a bare wave with hand-made
 * instructions, against the ISA's rules as stated in those headers' sources:
 * GFX9 vector memory returns in issue order on vmcnt (loads and stores
 * alike); LDS returns in order on lgkmcnt; SMEM may return out of order;
 * a generic FLAT access counts on both counters, unordered; a counter holds
 * at most its maximum (vmcnt 63, lgkmcnt 15). The s_waitcnt immediates are
 * the words llvm-objdump 19 prints for `s_waitcnt vmcnt(0)` (0x0f70),
 * `s_waitcnt lgkmcnt(0)` (0xc07f) and `s_waitcnt vmcnt(14)` (0x0f7e).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "wave/emu_wave.h"

static const struct emu_opdesc op_load = { "global_load_dword", EMU_CLS_FLAT_LOAD, 1, { 0 }, 1 };
static const struct emu_opdesc op_store = { "global_store_dword", EMU_CLS_FLAT_STORE, 0, { 0 }, 1 };
static const struct emu_opdesc op_ds = { "ds_read_b32", EMU_CLS_DS, 1, { 0 }, 1 };
static const struct emu_opdesc op_smem = { "s_load_dword", EMU_CLS_SMEM, 1, { 0 }, 0 };

static struct emu_inst mk(const struct emu_opdesc *op, enum emu_enc enc, uint8_t seg)
{
	struct emu_inst in;
	memset(&in, 0, sizeof(in));
	in.op = op;
	in.enc = (uint8_t)enc;
	in.seg = seg;
	in.counts = emu_counts_pack(emu_inst_counts(&in));
	return in;
}

static struct emu_inst g_load, g_store, f_load, ds, smem;

static int setup(void **state)
{
	struct emu_wave *w = calloc(1, sizeof(*w));
	if (!w)
		return -1;
	w->cnt_max[EMU_CNT_VM] = 63;
	w->cnt_max[EMU_CNT_LGKM] = 15;
	w->cnt_max[EMU_CNT_EXP] = 7;
	g_load = mk(&op_load, EMU_ENC_FLAT, 2);
	g_store = mk(&op_store, EMU_ENC_FLAT, 2);
	f_load = mk(&op_load, EMU_ENC_FLAT, 0);
	ds = mk(&op_ds, EMU_ENC_DS, 0);
	smem = mk(&op_smem, EMU_ENC_SMEM, 0);
	*state = w;
	return 0;
}

static int teardown(void **state)
{
	free(*state);
	return 0;
}

#define TU_SETUP setup
#define TU_TEARDOWN teardown

static void wait(struct emu_wave *w, uint32_t simm16)
{
	struct emu_waitcnt wc = emu_waitcnt_decode(simm16);
	emu_owed_wait(&w->owed, w->cnt_max, &wc);
}

static bool owes(const struct emu_wave *w, unsigned reg)
{
	for (uint32_t i = 0; i < w->owed.n; i++)
		if (emu_owed_at(&w->owed, i)->lo <= reg && reg < emu_owed_at(&w->owed, i)->hi)
			return true;
	return false;
}

static void v(struct emu_wave *w, const struct emu_inst *in, unsigned vgpr)
{
	emu_owed_issue(&w->owed, w->cnt_max, in, EMU_OP_VGPR0 + vgpr, EMU_OP_VGPR0 + vgpr + 1);
}

static void decode_words(void **state)
{
	(void)state;
	struct emu_waitcnt a = emu_waitcnt_decode(0x0f70), b = emu_waitcnt_decode(0xc07f), c = emu_waitcnt_decode(0x0f7e);
	assert_int_equal(a.n[EMU_CNT_VM], 0);
	assert_int_equal(a.n[EMU_CNT_LGKM], 15);
	assert_int_equal(a.n[EMU_CNT_EXP], 7);
	assert_int_equal(b.n[EMU_CNT_VM], 63);
	assert_int_equal(b.n[EMU_CNT_LGKM], 0);
	assert_int_equal(c.n[EMU_CNT_VM], 14);
}

/* Three loads and a store on vmcnt: vmcnt(2) leaves at most the newest two
 * outstanding (the third load and the store), so the first two are done. */
static void vmem_in_order(void **state)
{
	struct emu_wave *w = *state;
	v(w, &g_load, 2);
	v(w, &g_load, 3);
	v(w, &g_load, 4);
	emu_owed_issue(&w->owed, w->cnt_max, &g_store, 0, 0);
	assert_int_equal(w->owed.n, 3);
	wait(w, 0x0f72); /* vmcnt(2) */
	assert_false(owes(w, EMU_OP_VGPR0 + 2));
	assert_false(owes(w, EMU_OP_VGPR0 + 3));
	assert_true(owes(w, EMU_OP_VGPR0 + 4));
	assert_int_equal(emu_owed_had(&w->owed, emu_owed_at(&w->owed, 0), EMU_CNT_VM), 2);
	wait(w, 0x0f71); /* vmcnt(1): the store may be the one left */
	assert_int_equal(w->owed.n, 0);
	assert_int_equal(w->owed.regs, 0);
}

/* An s_load and an LDS read on lgkmcnt: lgkmcnt(1) guarantees neither
 * (SMEM unordered; the LDS read is the newest of its stream). */
static void smem_unordered(void **state)
{
	struct emu_wave *w = *state;
	emu_owed_issue(&w->owed, w->cnt_max, &smem, 10, 11);
	v(w, &ds, 2);
	wait(w, 0xc17f); /* lgkmcnt(1) */
	assert_true(owes(w, 10));
	assert_true(owes(w, EMU_OP_VGPR0 + 2));
	wait(w, 0xc07f);
	assert_int_equal(w->owed.n, 0);
}

/* Two LDS reads, then an s_load: lgkmcnt(1) guarantees the older LDS read
 * (the newer is outstanding whenever it is), not the newer nor the SMEM. */
static void lds_in_order_beside_smem(void **state)
{
	struct emu_wave *w = *state;
	v(w, &ds, 2);
	v(w, &ds, 3);
	emu_owed_issue(&w->owed, w->cnt_max, &smem, 10, 11);
	wait(w, 0xc17f);
	assert_false(owes(w, EMU_OP_VGPR0 + 2));
	assert_true(owes(w, EMU_OP_VGPR0 + 3));
	assert_true(owes(w, 10));
}

/* A generic FLAT load: owed on both counters until each is waited to 0;
 * global_ loads issued after it do not make it complete. */
static void flat_both_counters(void **state)
{
	struct emu_wave *w = *state;
	v(w, &f_load, 2);
	v(w, &g_load, 3);
	v(w, &g_load, 4);
	wait(w, 0x0f71); /* vmcnt(1) */
	assert_true(owes(w, EMU_OP_VGPR0 + 2));
	assert_false(owes(w, EMU_OP_VGPR0 + 3));
	wait(w, 0x0f70); /* vmcnt(0): still counted on lgkmcnt */
	assert_true(owes(w, EMU_OP_VGPR0 + 2));
	wait(w, 0xc07f);
	assert_false(owes(w, EMU_OP_VGPR0 + 2));
}

/* A wait whose field is at its maximum waits for nothing on that counter. */
static void max_field_no_wait(void **state)
{
	struct emu_wave *w = *state;
	v(w, &g_load, 2);
	wait(w, 0xc07f); /* lgkmcnt(0), vmcnt(63) */
	assert_true(owes(w, EMU_OP_VGPR0 + 2));
	assert_int_equal(emu_owed_had(&w->owed, emu_owed_at(&w->owed, 0), EMU_CNT_VM), EMU_OWED_NO_WAIT);
}

/* vmcnt counts at most 63: with 63 younger vector memory instructions the
 * first load cannot be counted any more. */
static void saturation(void **state)
{
	struct emu_wave *w = *state;
	v(w, &g_load, 2);
	for (unsigned i = 0; i < 62; i++)
		emu_owed_issue(&w->owed, w->cnt_max, &g_store, 0, 0);
	assert_true(owes(w, EMU_OP_VGPR0 + 2));
	emu_owed_issue(&w->owed, w->cnt_max, &g_store, 0, 0);
	assert_false(owes(w, EMU_OP_VGPR0 + 2));
	assert_int_equal(w->owed.n, 0);
}

/* After a wait settled the oldest LDS read, the next one still saturates
 * at 15 younger instructions of its stream (lgkmcnt counts at most 15),
 * not at the count of the one that left. */
static void saturation_after_wait(void **state)
{
	struct emu_wave *w = *state;
	v(w, &ds, 2);
	v(w, &ds, 3);
	wait(w, 0xc17f); /* lgkmcnt(1): the read of v2 is done */
	assert_false(owes(w, EMU_OP_VGPR0 + 2));
	for (unsigned i = 0; i < 14; i++)
		v(w, &ds, 10 + i);
	assert_true(owes(w, EMU_OP_VGPR0 + 3));   /* 14 younger */
	v(w, &ds, 30);
	assert_false(owes(w, EMU_OP_VGPR0 + 3));  /* 15 younger: past counting */
	assert_true(owes(w, EMU_OP_VGPR0 + 10));  /* 14 younger */
	v(w, &ds, 31);
	assert_false(owes(w, EMU_OP_VGPR0 + 10));  /* the next, at its own 15 */
	assert_true(owes(w, EMU_OP_VGPR0 + 11));
}

/* Unordered results beyond the ledger's room drop the oldest; the fold
 * still covers every entry kept. */
static void room(void **state)
{
	struct emu_wave *w = *state;
	for (unsigned i = 0; i < EMU_MAX_OWED + 4; i++)
		emu_owed_issue(&w->owed, w->cnt_max, &smem, i % 100, i % 100 + 1);
	assert_int_equal(w->owed.n, EMU_MAX_OWED);
	for (uint32_t i = 0; i < w->owed.n; i++)
		assert_true((w->owed.e[i].fold & w->owed.regs) == w->owed.e[i].fold);
}

/* Random issues (loads of 1 to 8 registers anywhere in the SGPR, VGPR and
 * AGPR codes, runs that cross a 64-bit map word included; stores) and
 * waits: after each, the ledger's register map, its counts and its fold are
 * those of its entries, recounted here from their [lo, hi). */
static void regs_match_entries(void **state)
{
	struct emu_wave *w = *state;
	static const uint32_t waits[] = { 0x0f70, 0xc07f, 0x0f7e, 0x0f71, 0x0f7f };
	const struct emu_inst *kinds[] = { &g_load, &ds, &smem, &g_store };
	uint64_t seed = 0x2545f4914f6cdd1dull;
	for (unsigned step = 0; step < 4000; step++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		if (seed % 5 == 0) {
			wait(w, waits[(seed >> 8) % 5]);
		} else {
			const struct emu_inst *in = kinds[(seed >> 8) % 4];
			unsigned n = 1 + (unsigned)(seed >> 16) % 8;
			unsigned lo = in == &g_store ? 0 : in == &smem ? (unsigned)(seed >> 24) % 96
			                                               : EMU_OP_VGPR0 + (unsigned)(seed >> 24) % 500;
			emu_owed_issue(&w->owed, w->cnt_max, in, lo, in == &g_store ? 0 : lo + n);
		}
		uint64_t map[12] = { 0 }, regs = 0;
		uint8_t rc[768] = { 0 };
		for (uint32_t i = 0; i < w->owed.n; i++) {
			const struct emu_owed *e = emu_owed_at(&w->owed, i);
			for (unsigned r = e->lo; r < e->hi; r++) {
				rc[r]++;
				map[r >> 6] |= 1ull << (r & 63);
			}
			regs |= emu_reg_fold(e->lo, e->hi - e->lo);
		}
		assert_memory_equal(map, w->owed.map, sizeof(map));
		assert_memory_equal(rc, w->owed.rc, sizeof(rc));
		assert_true(regs == w->owed.regs);
	}
}

TU_MAIN(NULL, NULL, tu_test(decode_words), tu_test(vmem_in_order), tu_test(smem_unordered),
        tu_test(lds_in_order_beside_smem), tu_test(flat_both_counters), tu_test(max_field_no_wait),
        tu_test(saturation), tu_test(saturation_after_wait), tu_test(room),
        tu_test(regs_match_entries))
