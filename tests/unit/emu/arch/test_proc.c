/*
 * test_proc — the processor rows (common/gcn_proc.c) and the emulator's
 * profiles (emu/arch/emu_profile.c) that point at them agree on every fact
 * both hold, so the host (which reads only the rows) and the emulator print
 * the same GPU: name, ELF mach, XCDs, wave slots, SIMDs, LDS, and the scalar
 * and instruction caches `gcnlab info` names. Also: the feature sets follow
 * generation order, and gcn_kd_decode splits a unified file at ACCUM_OFFSET.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "gcn_mfma.h"
#include "gcn_proc.h"
#include "arch/emu_profile.h"

static void test_profiles_match_rows(void **state)
{
	(void)state;
	for (unsigned a = 0; a < EMU_ARCH_COUNT; a++) {
		const struct emu_profile *p = emu_profile_get((enum emu_arch)a);
		const struct gcn_proc *t = p->tgt;
		assert_non_null(t);
		assert_ptr_equal(gcn_proc_find(p->proc), t);
		assert_ptr_equal(gcn_proc_by_mach(p->mach), t);
		assert_int_equal(p->num_xcd, t->num_xcd);
		assert_int_equal(p->max_waves_per_simd, t->max_waves_per_simd);
		assert_int_equal(p->simd_per_cu, t->simd_per_cu);
		assert_int_equal(p->lds_bytes, t->lds_bytes);
		assert_int_equal(p->max_vgpr, t->max_vgpr);
		assert_int_equal(p->model.sqc.bytes, t->sqc_bytes);
		assert_int_equal(p->model.sqc.shared_by, t->sqc_shared_by);
		assert_int_equal(p->model.icache.bytes, t->icache_bytes);
		assert_int_equal(p->model.icache.shared_by, t->icache_shared_by);
		/* matrix cores exactly where the row has MFMA */
		assert_int_equal(p->model.mfma_flops[EMU_MFMA_F16] != 0, gcn_has(t, GCN_F_MAI));
	}
	assert_null(gcn_proc_at(GCN_PROC_COUNT));
	assert_null(gcn_proc_find("gfx1100"));
	assert_string_equal(gcn_proc_list(), "gfx900, gfx90a, gfx942");
}

static void test_generation_order(void **state)
{
	(void)state;
	for (size_t i = 1; gcn_proc_at(i); i++)
		assert_true(gcn_proc_at(i)->gen >= gcn_proc_at(i - 1)->gen);
	/* LLVM: gfx940 insts imply gfx90a insts */
	for (size_t i = 0; gcn_proc_at(i); i++)
		if (gcn_has(gcn_proc_at(i), GCN_F_GFX940_INSTS))
			assert_true(gcn_has(gcn_proc_at(i), GCN_F_GFX90A_INSTS));
}

static void test_kd_decode(void **state)
{
	(void)state;
	uint8_t kd[GCN_KD_SIZE] = { 0 };
	struct gcn_kd d;
	uint32_t rsrc1 = 15 | (3u << 6), rsrc3 = 15; /* 16 granules; accum_offset 64 */
	memcpy(kd + 48, &rsrc1, 4);
	memcpy(kd + 44, &rsrc3, 4);
	gcn_kd_decode(gcn_proc_find("gfx942"), kd, &d);
	assert_int_equal(d.vgpr_alloc, 128);
	assert_int_equal(d.accum_offset, 64);
	assert_int_equal(d.vgprs, 64);
	assert_int_equal(d.agprs, 64);
	assert_int_equal(d.sgprs, 32);
	gcn_kd_decode(gcn_proc_find("gfx900"), kd, &d);
	assert_int_equal(d.vgpr_alloc, 64);
	assert_int_equal(d.accum_offset, 0);
	assert_int_equal(d.agprs, 0);
	/* one MFMA table for all readers: 16 passes on CDNA2, 8 on CDNA3 */
	assert_int_equal(gcn_mfma_passes(gcn_proc_find("gfx90a"), "v_mfma_f32_32x32x8f16"), 16);
	assert_int_equal(gcn_mfma_passes(gcn_proc_find("gfx942"), "v_mfma_f32_32x32x8_f16"), 8);
	assert_int_equal(gcn_mfma_passes(gcn_proc_find("gfx900"), "v_mfma_f32_32x32x8f16"), 0);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_profiles_match_rows),
	cmocka_unit_test(test_generation_order),
	cmocka_unit_test(test_kd_decode))
