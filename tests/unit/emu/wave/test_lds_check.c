/*
 * test_lds_check — the LDS checks of wave/emu_wave_lds.c (emu_lds_check)
 * against a lane-by-lane model written here from the rules of emu_check.h
 * and emu_wave.h: lanes in lane order; a lane whose bytes [a, a + n) reach
 * past the allocation is reported once per instruction (its address) and
 * touches nothing; a read of a byte no write marked is reported at the
 * lane's first such byte, and the lane's bytes are then marked (reported
 * once per byte); a write marks its bytes; a sub-dword or misaligned write
 * sets lds_partial.
 *
 * emu_lds_check answers the common lane (in range, every byte it reads
 * already written) with a compare and whole-word loads of the shadow, and
 * leaves the rest to a byte-exact search; a whole-wave read at addresses
 * read quietly before is answered from memory. The patterns below reach
 * all three
 * (contiguous, strided by 2, 4 and 32 dwords, broadcast, random, partial
 * EXEC, lanes out of range, misaligned, every width), and the reports and
 * the written map must equal the model's after every access.
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

#define LDS_ALLOC 8192u
#define MAXREP 256

struct rep {
	enum emu_lds_report what;
	uint64_t addr;
	unsigned bytes;
};

/* The wave's reports, in order. */
struct log {
	struct rep r[MAXREP];
	unsigned n;
};

static struct log got;

static void log_report(struct emu_wave *w, const struct emu_inst *in, enum emu_lds_report what, uint64_t addr,
                       unsigned bytes)
{
	(void)w, (void)in;
	if (got.n < MAXREP)
		got.r[got.n++] = (struct rep){ what, addr, bytes };
}

struct fx {
	struct tu_wave t;
	struct emu_wave_ops ops;
	uint8_t model[LDS_ALLOC];   /* the model's written map: 1 once written */
	bool model_partial;
	uint32_t va[EMU_LANES];
	uint64_t rng;
};

static int setup(void **state)
{
	struct fx *f = calloc(1, sizeof(*f));
	*state = f;
	if (!f || !tu_wave_init(&f->t, EMU_GFX942) || !emu_wave_lds_init(&f->t.wg, LDS_ALLOC))
		return -1;
	f->ops = tu_wave_ops;
	f->ops.lds_report = log_report;
	f->t.w.ops = &f->ops;
	f->rng = 0x9e3779b97f4a7c15ull;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;
	if (f) {
		free(f->t.wg.lds);
		free(f->t.wg.lds_sh);
		tu_wave_fini(&f->t);
	}
	free(f);
	return 0;
}

static uint32_t rnd(struct fx *f)
{
	f->rng ^= f->rng << 13;
	f->rng ^= f->rng >> 7;
	f->rng ^= f->rng << 17;
	return (uint32_t)(f->rng >> 16);
}

/* The model's reports for the same access. */
static void model_check(struct fx *f, uint32_t off, uint64_t mask, unsigned bytes, enum emu_lds_op op,
                        struct log *want)
{
	bool oob = false;
	want->n = 0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!((mask >> l) & 1))
			continue;
		uint32_t a = f->va[l] + off;
		if ((uint64_t)a + bytes > LDS_ALLOC) {
			if (!oob)
				want->r[want->n++] = (struct rep){ EMU_LDS_OOB, a, bytes };
			oob = true;
			continue;
		}
		bool mark = op & EMU_LDS_WRITE;
		if (op & EMU_LDS_READ) {
			for (unsigned i = 0; i < bytes; i++) {
				if (!f->model[a + i]) {
					want->r[want->n++] = (struct rep){ EMU_LDS_UNINIT, a + i, 1 };
					mark = true;
					break;
				}
			}
		}
		if (mark) {
			memset(f->model + a, 1, bytes);
			if ((a | bytes) & 3)
				f->model_partial = true;
		}
	}
}

/* One access through emu_lds_check and through the model: the same reports,
 * the same written map. */
static void check(struct fx *f, uint32_t off, uint64_t mask, unsigned bytes, enum emu_lds_op op)
{
	struct log want;
	got.n = 0;
	model_check(f, off, mask, bytes, op, &want);
	emu_lds_check(&f->t.w, f->va, off, mask, bytes, op);
	assert_int_equal(got.n, want.n);
	for (unsigned i = 0; i < want.n; i++) {
		assert_int_equal(got.r[i].what, want.r[i].what);
		assert_int_equal(got.r[i].addr, want.r[i].addr);
		if (want.r[i].what == EMU_LDS_OOB)
			assert_int_equal(got.r[i].bytes, want.r[i].bytes);
	}
	for (uint32_t b = 0; b < LDS_ALLOC; b++)
		if ((f->t.wg.lds_sh[b] != 0) != (f->model[b] != 0))
			fail_msg("written map differs at LDS byte 0x%x", b);
	assert_int_equal(f->t.wg.lds_partial, f->model_partial);
}

enum pattern { CONTIG, STRIDE2, STRIDE4, STRIDE32, BROADCAST, RANDOM, RANDOM_OOB, MISALIGNED, NPATTERN };

/* Lane addresses of a pattern: lane l at base + l x the width (CONTIG), at
 * base + l x stride dwords, all at base, anywhere (RANDOM: aligned to the
 * width, in range), some lanes past the allocation, or off by one byte. */
static void pattern(struct fx *f, enum pattern p, uint32_t base, unsigned bytes)
{
	for (unsigned l = 0; l < EMU_LANES; l++) {
		uint32_t a;
		switch (p) {
		case CONTIG: a = base + l * bytes; break;
		case STRIDE2: a = base + l * 8; break;
		case STRIDE4: a = base + l * 16; break;
		case STRIDE32: a = base + l * 128; break;
		case BROADCAST: a = base; break;
		case RANDOM: a = rnd(f) % (LDS_ALLOC / 16) * 16; break;
		case RANDOM_OOB: a = rnd(f) % 3 ? rnd(f) % (LDS_ALLOC / 16) * 16 : LDS_ALLOC - 4 + rnd(f) % 64; break;
		default: a = base + l * bytes + 1; break;
		}
		f->va[l] = a;
	}
}

static const unsigned widths[] = { 1, 2, 4, 8, 12, 16 };

/* Every pattern, width, EXEC and direction, in a sequence that starts from
 * an LDS never written (every read reported), goes on with reads of what
 * earlier writes covered (the quiet answer) and mixes in partly covered
 * ones; some offsets are large, so that wrapped and out-of-range addresses
 * come up too. */
static void test_lds_check_patterns(void **state)
{
	struct fx *f = *state;
	static const enum emu_lds_op ops[] = { EMU_LDS_READ, EMU_LDS_WRITE, EMU_LDS_READ, EMU_LDS_RW };
	unsigned quiet = 0, loud = 0;
	for (unsigned round = 0; round < 6; round++) {
		for (unsigned p = 0; p < NPATTERN; p++) {
			for (unsigned wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++) {
				for (unsigned k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
					unsigned bytes = widths[wi];
					uint64_t mask = (k + round) % 3 == 0 ? ~0ull
					                : (uint64_t)rnd(f) << 32 | rnd(f);
					uint32_t base = rnd(f) % 4096 & ~15u;
					uint32_t off = round == 5 && k == 3 ? 0xfffffff0u : rnd(f) % 64 * 4;
					pattern(f, (enum pattern)p, base, bytes);
					/* reads again and again: once quiet, they stay so */
					for (unsigned again = 0; again < (ops[k] == EMU_LDS_READ ? 3 : 1); again++) {
						check(f, off, mask, bytes, ops[k]);
						if (got.n)
							loud++;
						else
							quiet++;
					}
				}
			}
		}
	}
	/* Both outcomes came up many times. */
	assert_true(quiet > 100);
	assert_true(loud > 100);
}

/* A whole-wave dword read of what the wave wrote but one lane's dword:
 * exactly that dword's first byte is reported, once; the reads after it
 * (the checks remember a quiet whole-wave read) report nothing. */
static void test_lds_check_one_unwritten(void **state)
{
	struct fx *f = *state;
	pattern(f, CONTIG, 0x100, 4);
	f->va[37] = 0x1000;
	check(f, 0, ~0ull, 4, EMU_LDS_WRITE);
	f->va[37] = 0x100 + 4 * 37;
	check(f, 0, ~0ull, 4, EMU_LDS_READ);
	assert_int_equal(got.n, 1);
	assert_int_equal(got.r[0].what, EMU_LDS_UNINIT);
	assert_int_equal(got.r[0].addr, 0x100 + 4 * 37);
	for (unsigned i = 0; i < 3; i++) {
		check(f, 0, ~0ull, 4, EMU_LDS_READ);   /* reported once per byte */
		assert_int_equal(got.n, 0);
	}
	/* Another lane's dword never written, at an offset: reported although
	 * the same lane addresses were quiet at offset 0. */
	check(f, 4, ~0ull, 4, EMU_LDS_READ);
	assert_int_equal(got.n, 1);
	assert_int_equal(got.r[0].addr, 0x100 + 4 * 64);
}

#define TU_SETUP setup
#define TU_TEARDOWN teardown
TU_MAIN(NULL, NULL, tu_test(test_lds_check_patterns), tu_test(test_lds_check_one_unwritten))
