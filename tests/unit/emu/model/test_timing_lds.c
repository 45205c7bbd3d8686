/*
 * test_timing_lds — the memo of the LDS bank model (emu_timing_lds.c) gives
 * the cycles the bank model itself gives (emu_lds_cost), access by access.
 *
 * A DS instruction's bank cycles are memoised per instruction and reused
 * for the same lane pattern at another base while it stays inside the
 * allocation, or at the same addresses when some lane is past it. Here one
 * instruction (and a few, sharing memo slots) runs sequences of patterns —
 * contiguous, strided by 2, 4 and 32 dwords, broadcast, random, partial
 * EXEC, lanes out of range, misaligned, each width class — repeated at
 * moving bases so that the memo hits, and the counters SQ_LDS_IDX_ACTIVE
 * and SQ_LDS_BANK_CONFLICT must grow by exactly what emu_lds_cost returns
 * for the same addresses, in both address forms the model takes (the DS
 * semantics' lds_va + lds_off, and a 64-bit address per lane).
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

struct fx {
	const struct emu_profile *prof;
	struct emu_timing *t;
	uint64_t counters[EMU_COUNTER_COUNT];
	struct emu_wave w;
	struct emu_inst in[3];
	uint64_t rng;
	unsigned hits_in, hits_exact;   /* memo slots seen holding each kind of entry */
};

static const struct emu_opdesc OP_DS = { "ds_read_b32", EMU_CLS_DS, 1, { 1, 0, 0 }, 1 };

static uint32_t rnd(struct fx *f)
{
	f->rng ^= f->rng << 13;
	f->rng ^= f->rng >> 7;
	f->rng ^= f->rng << 17;
	return (uint32_t)(f->rng >> 16);
}

static struct fx *fx_new(uint32_t lds_bytes)
{
	struct fx *f = calloc(1, sizeof(*f));
	assert_non_null(f);
	f->prof = emu_profile_get(EMU_GFX942);
	f->t = emu_timing_create(f->prof, 0, 0);
	assert_non_null(f->t);
	emu_timing_begin(f->t, &(struct emu_timing_run){ .counters = f->counters, .lds_bytes = lds_bytes });
	f->w.cycle = 1000;
	for (unsigned i = 0; i < 3; i++) {
		f->in[i] = (struct emu_inst){ .op = &OP_DS, .size = 8, .off = 0x100 + 8 * i };
	}
	f->in[2].off = f->in[0].off + 4 * EMU_LDS_MEMO;   /* shares in[0]'s memo slot */
	f->rng = 0x2545f4914f6cdd1dull;
	return f;
}

static void fx_free(struct fx *f)
{
	emu_timing_destroy(f->t);
	free(f);
}

/* One access by instruction in, of `bytes` per lane at va[l] + off for the
 * lanes of mask, through the model (64-bit form when wide): its counters
 * against emu_lds_cost of the same addresses. */
static void one(struct fx *f, unsigned in, const uint32_t *va, uint32_t off, uint64_t mask, unsigned bytes,
                bool wide)
{
	uint64_t a[EMU_LANES];
	for (unsigned l = 0; l < EMU_LANES; l++)
		a[l] = (uint32_t)(va[l] + off);
	struct emu_lds_cost want;
	emu_lds_cost(f->t->mp, f->t->lds_bytes, a, mask, bytes, &want);

	uint64_t i0 = f->counters[EMU_CNT_SQ_LDS_IDX_ACTIVE], c0 = f->counters[EMU_CNT_SQ_LDS_BANK_CONFLICT];
	struct emu_access acc = { .kind = EMU_ACC_LDS, .bytes = (uint8_t)bytes, .mask = mask };
	if (wide) {
		acc.addr = a;
	} else {
		acc.lds_va = va;
		acc.lds_off = off;
	}
	f->w.cur = &f->in[in];
	emu_timing_access(f->t, &f->w, &f->in[in], &acc);
	assert_int_equal(f->counters[EMU_CNT_SQ_LDS_IDX_ACTIVE] - i0, want.bank_cycles);
	assert_int_equal(f->counters[EMU_CNT_SQ_LDS_BANK_CONFLICT] - c0, want.conflicts);

	const struct emu_lds_memo *e = &f->t->lds_memo[(f->in[in].off >> 2) & (EMU_LDS_MEMO - 1)];
	if (e->in == &f->in[in]) {
		f->hits_in += !e->exact;
		f->hits_exact += e->exact;
	}
}

enum pattern { CONTIG, STRIDE2, STRIDE4, STRIDE32, BROADCAST, RANDOM, OOB, MISALIGNED, NPATTERN };

static void pattern(struct fx *f, enum pattern p, uint32_t size, unsigned bytes, uint32_t *va)
{
	for (unsigned l = 0; l < EMU_LANES; l++) {
		switch (p) {
		case CONTIG: va[l] = l * bytes; break;
		case STRIDE2: va[l] = l * 8; break;
		case STRIDE4: va[l] = l * 16; break;
		case STRIDE32: va[l] = l * 128; break;
		case BROADCAST: va[l] = 64; break;
		case RANDOM: va[l] = rnd(f) % (size / 4) * 4 % 2048; break;
		case OOB: va[l] = l < 40 ? l * 4 * 16 : size - 8 + l * 4; break;
		default: va[l] = l * bytes + 2; break;
		}
	}
}

/* Every pattern and width, each repeated at several bases (some of which
 * push lanes past the allocation, some wrap the 32-bit address), EXEC full
 * or not, by instructions sharing memo slots. */
static void run_all(uint32_t lds_bytes)
{
	struct fx *f = fx_new(lds_bytes);
	static const unsigned widths[] = { 1, 4, 8, 12, 16 };
	uint32_t va[EMU_LANES];
	for (unsigned p = 0; p < NPATTERN; p++) {
		for (unsigned wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++) {
			pattern(f, (enum pattern)p, lds_bytes, widths[wi], va);
			for (unsigned rep = 0; rep < 12; rep++) {
				uint64_t mask = rep % 4 == 3 ? (uint64_t)rnd(f) << 32 | rnd(f) : ~0ull;
				uint32_t off = rep < 4 ? 4 * rep : rep < 8 ? rnd(f) % lds_bytes & ~3u
				               : rep < 11 ? 0 : 0xfffffff0u;
				one(f, rep % 3, va, off, mask, widths[wi], rep % 2);
				one(f, rep % 3, va, off, mask, widths[wi], rep % 2);   /* the same again */
			}
		}
	}
	/* The memo held both kinds of entry many times. */
	assert_true(f->hits_in > 50);
	assert_true(f->hits_exact > 20);
	fx_free(f);
}

static void test_lds_memo_64k(void **state)
{
	(void)state;
	run_all(65536);
}

static void test_lds_memo_small(void **state)
{
	(void)state;
	run_all(4096);
}

TU_MAIN(NULL, NULL, cmocka_unit_test(test_lds_memo_64k), cmocka_unit_test(test_lds_memo_small))
