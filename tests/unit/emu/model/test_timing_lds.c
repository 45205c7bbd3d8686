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
 * semantics' lds_va + lds_off, and a 64-bit address per lane). And
 * emu_lds_cost itself against the bank model written out by its
 * definition, on edge and random patterns.
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

/* The bank model by its definition (emu_timing_lds.c's header): lane
 * groups by width class, a group costing the largest number of distinct
 * in-range dwords one of the 32 banks is asked for (at least 1), each
 * dword counted once per bank. Written out here, distinct dword by
 * distinct dword, with no shortcut. */
static void ref_cost(uint32_t size, const uint64_t *a, uint64_t mask, unsigned bytes, struct emu_lds_cost *c)
{
	uint64_t groups[8];
	unsigned ng = bytes <= 4 ? 2 : bytes <= 8 ? 4 : 8, n = EMU_LANES / ng;
	for (unsigned g = 0; g < ng; g++) {
		if (ng < 8) {
			groups[g] = (n == 64 ? ~0ull : ((1ull << n) - 1)) << (g * n);
		} else {
			unsigned j = g % 4, h = g / 4 * 32;   /* {4j..+3} u {16 + 4(j^1)..+3}, + 32 */
			groups[g] = 0xfull << (h + 4 * j) | 0xfull << (h + 16 + 4 * (j ^ 1));
		}
	}
	c->bank_cycles = c->conflicts = 0;
	for (unsigned g = 0; g < ng; g++) {
		uint64_t dw[EMU_LANES * 4];
		unsigned nd = 0, best = 1;
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!((mask & groups[g]) >> l & 1))
				continue;
			for (uint64_t d = a[l] / 4; d <= (a[l] + (bytes ? bytes : 4) - 1) / 4 && d * 4 < size; d++) {
				bool dup = false;
				for (unsigned i = 0; i < nd; i++)
					dup |= dw[i] == d;
				if (!dup)
					dw[nd++] = d;
			}
		}
		for (unsigned b = 0; b < 32; b++) {
			unsigned k = 0;
			for (unsigned i = 0; i < nd; i++)
				k += dw[i] % 32 == b;
			best = k > best ? k : best;
		}
		c->bank_cycles += best;
		c->conflicts += best - 1;
	}
}

/* emu_lds_cost against ref_cost on edge and random patterns: spans of
 * dwords just inside and just past 32 (the model's span test), uniform
 * strides, groups of rows at a padded pitch (a 16 x 17 tile), broadcasts,
 * lanes at and past the end of the allocation, partial EXEC, every width. */
static void test_lds_cost_ref(void **state)
{
	(void)state;
	struct fx *f = fx_new(4096);
	static const unsigned widths[] = { 1, 2, 4, 8, 12, 16 };
	const uint32_t size = 4096;
	unsigned conflicted = 0;
	for (unsigned k = 0; k < 3000; k++) {
		uint64_t a[EMU_LANES];
		unsigned bytes = widths[k % 6], kind = k / 6 % 6;
		uint32_t base = rnd(f) % size, stride = rnd(f) % 40 * (rnd(f) % 2 ? 4 : 1), pitch = 4 * (15 + rnd(f) % 4);
		for (unsigned l = 0; l < EMU_LANES; l++) {
			switch (kind) {
			case 0: a[l] = base + l * stride; break;                       /* uniform stride */
			case 1: a[l] = base + l % 16 * 4 + l / 16 * pitch; break;      /* tile rows */
			case 2: a[l] = base + l / 16 * pitch; break;                   /* broadcasts */
			case 3: a[l] = base + rnd(f) % (31 * 4 + 4 - bytes % 4); break; /* span near 32 dwords */
			case 4: a[l] = size - 64 + rnd(f) % 128; break;                /* around the end */
			default: a[l] = rnd(f) % size; break;                          /* random */
			}
		}
		uint64_t mask = k % 5 == 4 ? (uint64_t)rnd(f) << 32 | rnd(f) : ~0ull;
		struct emu_lds_cost got, want;
		emu_lds_cost(f->t->mp, size, a, mask, bytes, &got);
		ref_cost(size, a, mask, bytes, &want);
		assert_int_equal(got.bank_cycles, want.bank_cycles);
		assert_int_equal(got.conflicts, want.conflicts);
		conflicted += want.conflicts > 0;
	}
	assert_true(conflicted > 300 && conflicted < 2700);   /* both outcomes, many times */
	fx_free(f);
}

TU_MAIN(NULL, NULL, cmocka_unit_test(test_lds_memo_64k), cmocka_unit_test(test_lds_memo_small),
        cmocka_unit_test(test_lds_cost_ref))
