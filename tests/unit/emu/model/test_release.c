/*
 * test_release — the packet processor's system-scope release in the cycle
 * model (emu_timing_release_system), driven directly on the model:
 *
 *   gfx90a  the L2 is written back (AMDGPUUsage, memory model GFX90A: a
 *           system-scope release is buffer_wbl2): 1 MiB of dirty lines
 *           takes at least its time at the HBM2e peak (4096 bits x 2 x
 *           1600 MHz = 1.64 TB/s, the CDNA2 data sheet) and at most twice
 *           that; a second release finds nothing dirty and costs nothing;
 *           evicting the written-back lines later writes nothing more.
 *   gfx900  nothing is written back (memory model GFX6-GFX9: the host sees
 *           the L2 through bypass, the release is s_waitcnt only): the
 *           release costs nothing and the lines stay dirty, so evicting
 *           them later still writes them to HBM.
 * Expected figures come from those published rates, never from the model's
 * parameters.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "tu_main.h"
#include "arch/emu_profile.h"
#include "model/emu_timing.h"
#include "model/emu_timing_l2.h"
#include "model/emu_timing_state.h"

#define MIB (1024ull * 1024ull)
#define BASE 0x100000000ull

struct rel_fx {
	struct emu_timing *t;
	uint64_t counters[EMU_COUNTER_COUNT];
	uint32_t line;
};

static void rel_setup(struct rel_fx *f, enum emu_arch arch, uint32_t sclk, uint32_t mclk)
{
	const struct emu_profile *p = emu_profile_get(arch);

	assert_non_null(p);
	f->t = emu_timing_create(p, sclk, mclk);
	assert_non_null(f->t);
	f->line = 1u << f->t->l2[0].line_shift;
}

/* Write `bytes` from BASE through the L2 (byte-masked stores: allocated
 * dirty), all at cycle 0. */
static void dirty(struct rel_fx *f, uint64_t bytes)
{
	emu_timing_begin(f->t, &(struct emu_timing_run){ .counters = f->counters });
	for (uint64_t a = 0; a < bytes; a += f->line)
		emu_timing_l2(f->t, 0, BASE + a, 0, EMU_L2_WRITE);
}

/* Read 64 MiB elsewhere (16 x any L2 here): every line written before is
 * evicted. Returns the HBM bytes written meanwhile. */
static uint64_t evict(struct rel_fx *f, uint64_t at)
{
	uint64_t before = f->counters[EMU_CNT_HBM_WRITE_BYTES];

	emu_timing_begin(f->t, &(struct emu_timing_run){ .counters = f->counters });
	for (uint64_t a = 0; a < 64 * MIB; a += f->line)
		emu_timing_l2(f->t, 0, BASE + 256 * MIB + a, at, 0);
	return f->counters[EMU_CNT_HBM_WRITE_BYTES] - before;
}

static void test_gfx90a_writes_back(void **state)
{
	struct rel_fx f = { 0 };
	const uint32_t sclk = 1700, mclk = 1600;
	/* 1 MiB at the peak 4096 / 8 x 2 x 1600e6 B/s, in shader cycles. */
	double peak_cycles = (double)MIB / (4096.0 / 8 * 2 * mclk * 1e6) * sclk * 1e6;
	uint64_t at = 100000, done, again;

	(void)state;
	rel_setup(&f, EMU_GFX90A, sclk, mclk);
	dirty(&f, MIB);
	done = emu_timing_release_system(f.t, at);
	if (!((double)(done - at) >= peak_cycles && (double)(done - at) <= 2 * peak_cycles))
		fail_msg("write-back of 1 MiB took %llu cycles, expected %.0f .. %.0f",
		         (unsigned long long)(done - at), peak_cycles, 2 * peak_cycles);
	again = emu_timing_release_system(f.t, done);
	assert_int_equal(again, done);
	assert_int_equal(evict(&f, done), 0);
	emu_timing_destroy(f.t);
}

static void test_gfx900_keeps_dirty(void **state)
{
	struct rel_fx f = { 0 };
	uint64_t at = 100000;

	(void)state;
	rel_setup(&f, EMU_GFX900, 1630, 945);
	dirty(&f, MIB);
	assert_int_equal(emu_timing_release_system(f.t, at), at);
	assert_int_equal(evict(&f, at), MIB);
	emu_timing_destroy(f.t);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_gfx90a_writes_back),
	cmocka_unit_test(test_gfx900_keeps_dirty))
