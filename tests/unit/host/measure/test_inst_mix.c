/*
 * test_inst_mix — gcnlab compare's static analysis: the instruction mix of a
 * small hand-counted kernel, the parsing of llvm-objdump's listing (symbol
 * size, labels, padding, the neighbouring function left out), the
 * normalisation (registers renamed in order of first use, labels L0..), the
 * occupancy model, and the diff-based alignment.
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
#include "cli/gl_compare.h"
#include "report/gl_disasm.h"
#include "gpu/gl_occupancy.h"
#include "measure/gl_inst_mix.h"

/* `llvm-objdump -d -t --symbolize-operands --mcpu=gfx942` of this kernel,
 * assembled with llvm-mc 19 (an unlinked object, so the loop label is a
 * local symbol), after a two-instruction function `other` whose padding
 * (60 s_nop 0, cut here to two) precedes it, and with two s_nop 0 after
 * `.size mixk` that are not part of mixk:
 *
 *	mixk:
 *		s_load_dwordx2 s[4:5], s[0:1], 0x0            SMEM
 *		s_mov_b32 s6, 0                               SALU
 *		v_mov_b32 v1, 0                               VALU
 *		s_waitcnt lgkmcnt(0)                          s_waitcnt lgkmcnt(0)
 *	mixk_loop:
 *		global_load_dword v2, v1, s[4:5]              VMEM load
 *		buffer_load_dword v1, s[8:11], 0 offen lds    VMEM load (to LDS)
 *		s_waitcnt vmcnt(1)                            s_waitcnt vmcnt(1)
 *		v_add_f32 v3, v2, v2                          VALU
 *		v_mfma_f32_4x4x1f32 a[0:3], v2, v3, a[0:3]    MFMA
 *		ds_write_b32 v1, v3                           DS
 *		ds_read_b32 v4, v1 offset:16                  DS
 *		s_waitcnt vmcnt(0) lgkmcnt(0)                 s_waitcnt vmcnt(0) lgkmcnt(0)
 *		global_atomic_add v1, v4, s[4:5]              VMEM atomic
 *		global_store_dword v1, v4, s[4:5] offset:64   VMEM store
 *		s_nop 1                                       s_nop
 *		s_add_u32 s6, s6, 1                           SALU
 *		s_cmp_lt_u32 s6, 4                            SALU
 *		s_cbranch_scc1 mixk_loop                      branch
 *		s_barrier                                     other
 *		s_waitcnt vmcnt(0)                            s_waitcnt vmcnt(0)
 *		s_endpgm                                      other
 */
static const char listing[] =
	"\n"
	"mixk.o:\tfile format elf64-amdgpu\n"
	"\n"
	"SYMBOL TABLE:\n"
	"0000000000000114 l       .text\t0000000000000000 mixk_loop\n"
	"0000000000000000 g     F .text\t0000000000000008 other\n"
	"0000000000000100 g     F .text\t0000000000000074 mixk\n"
	"\n"
	"Disassembly of section .text:\n"
	"\n"
	"0000000000000000 <other>:\n"
	"\ts_nop 0                                                    // 000000000000: BF800000\n"
	"\ts_endpgm                                                   // 000000000004: BF810000\n"
	"\ts_nop 0                                                    // 000000000008: BF800000\n"
	"\ts_nop 0                                                    // 0000000000FC: BF800000\n"
	"\n"
	"0000000000000100 <mixk>:\n"
	"\ts_load_dwordx2 s[4:5], s[0:1], 0x0                         // 000000000100: C0060100 00000000\n"
	"\ts_mov_b32 s6, 0                                            // 000000000108: BE860080\n"
	"\tv_mov_b32_e32 v1, 0                                        // 00000000010C: 7E020280\n"
	"\ts_waitcnt lgkmcnt(0)                                       // 000000000110: BF8CC07F\n"
	"\n"
	"0000000000000114 <mixk_loop>:\n"
	"\tglobal_load_dword v2, v1, s[4:5]                           // 000000000114: DC508000 02040001\n"
	"\tbuffer_load_dword v1, s[8:11], 0 offen lds                 // 00000000011C: E0511000 80020001\n"
	"\ts_waitcnt vmcnt(1)                                         // 000000000124: BF8C0F71\n"
	"\tv_add_f32_e32 v3, v2, v2                                   // 000000000128: 02060502\n"
	"\tv_mfma_f32_4x4x1_16b_f32 a[0:3], v2, v3, a[0:3]            // 00000000012C: D3C28000 04020702\n"
	"\tds_write_b32 v1, v3                                        // 000000000134: D81A0000 00000301\n"
	"\tds_read_b32 v4, v1 offset:16                               // 00000000013C: D86C0010 04000001\n"
	"\ts_waitcnt vmcnt(0) lgkmcnt(0)                              // 000000000144: BF8C0070\n"
	"\tglobal_atomic_add v1, v4, s[4:5]                           // 000000000148: DD088000 00040401\n"
	"\tglobal_store_dword v1, v4, s[4:5] offset:64                // 000000000150: DC708040 00040401\n"
	"\ts_nop 1                                                    // 000000000158: BF800001\n"
	"\ts_add_u32 s6, s6, 1                                        // 00000000015C: 80068106\n"
	"\ts_cmp_lt_u32 s6, 4                                         // 000000000160: BF0A8406\n"
	"\ts_cbranch_scc1 mixk_loop                                   // 000000000164: BF85FFEB\n"
	"\ts_barrier                                                  // 000000000168: BF8A0000\n"
	"\ts_waitcnt vmcnt(0)                                         // 00000000016C: BF8C0F70\n"
	"\ts_endpgm                                                   // 000000000170: BF810000\n"
	"\ts_nop 0                                                    // 000000000174: BF800000\n"
	"\ts_nop 0                                                    // 000000000178: BF800000\n";

static void parse_mixk(struct gl_disasm *d)
{
	struct gl_err e = { "" };

	if (!gl_disasm_parse(listing, "mixk", d, &e))
		fail_msg("parse: %s", e.msg);
}

/* The hand count in the comment above, class by class. */
static void test_mix_counts(void **state)
{
	struct gl_disasm d;
	struct gl_inst_mix m;
	static const struct {
		enum gl_inst_mix_class cls;
		uint64_t n;
	} want[] = {
		{ GL_INST_MIX_SALU, 3 },       { GL_INST_MIX_VALU, 2 },        { GL_INST_MIX_MFMA, 1 },
		{ GL_INST_MIX_SMEM, 1 },       { GL_INST_MIX_VMEM_LOAD, 2 },   { GL_INST_MIX_VMEM_STORE, 1 },
		{ GL_INST_MIX_VMEM_ATOMIC, 1 }, { GL_INST_MIX_DS, 2 },         { GL_INST_MIX_BRANCH, 1 },
		{ GL_INST_MIX_WAITCNT, 4 },    { GL_INST_MIX_NOP, 1 },         { GL_INST_MIX_OTHER, 2 },
	};

	(void)state;
	parse_mixk(&d);
	gl_inst_mix_init(&m);
	for (size_t i = 0; i < d.n; i++)
		gl_inst_mix_add(&m, d.insns[i].mnemonic, d.insns[i].operands, 1);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		if (m.count[want[i].cls] != want[i].n)
			fail_msg("%s: %llu, hand count %llu", gl_inst_mix_class_name(want[i].cls),
			         (unsigned long long)m.count[want[i].cls], (unsigned long long)want[i].n);
	assert_int_equal(m.total, 21);
	/* The four s_waitcnt: each operand set once, none left over. */
	assert_int_equal(m.nwaits, 4);
	assert_int_equal(gl_inst_mix_wait_count(&m, "lgkmcnt(0)"), 1);
	assert_int_equal(gl_inst_mix_wait_count(&m, "vmcnt(1)"), 1);
	assert_int_equal(gl_inst_mix_wait_count(&m, "vmcnt(0) lgkmcnt(0)"), 1);
	assert_int_equal(gl_inst_mix_wait_count(&m, "vmcnt(0)"), 1);
	assert_int_equal(gl_inst_mix_wait_count(&m, "vmcnt(2)"), 0);
	/* Weighted adds (the trace's issue counts) add up the same way. */
	gl_inst_mix_add(&m, "s_waitcnt", "vmcnt(0)", 1000);
	assert_int_equal(gl_inst_mix_wait_count(&m, "vmcnt(0)"), 1001);
	assert_int_equal(m.count[GL_INST_MIX_WAITCNT], 1004);
	gl_disasm_free(&d);
}

/* Mnemonics from other kernels than mixk. */
static void test_classify(void **state)
{
	static const struct {
		const char *m;
		enum gl_inst_mix_class cls;
	} cases[] = {
		{ "buffer_load_dwordx4", GL_INST_MIX_VMEM_LOAD },   { "buffer_store_dwordx4", GL_INST_MIX_VMEM_STORE },
		{ "buffer_atomic_add_f32", GL_INST_MIX_VMEM_ATOMIC }, { "global_load_lds_dword", GL_INST_MIX_VMEM_LOAD },
		{ "flat_load_dword", GL_INST_MIX_VMEM_LOAD },      { "scratch_store_dword", GL_INST_MIX_VMEM_STORE },
		{ "buffer_wbl2", GL_INST_MIX_OTHER },              { "s_buffer_load_dword", GL_INST_MIX_SMEM },
		{ "s_memtime", GL_INST_MIX_SMEM },                 { "s_waitcnt_vscnt", GL_INST_MIX_WAITCNT },
		{ "s_cbranch_execz", GL_INST_MIX_BRANCH },         { "s_branch", GL_INST_MIX_BRANCH },
		{ "s_setpc_b64", GL_INST_MIX_BRANCH },             { "s_endpgm", GL_INST_MIX_OTHER },
		{ "s_and_saveexec_b64", GL_INST_MIX_SALU },        { "v_readfirstlane_b32", GL_INST_MIX_VALU },
		{ "v_mfma_f32_32x32x8_f16", GL_INST_MIX_MFMA },    { "v_accvgpr_read_b32", GL_INST_MIX_VALU },
		{ "ds_read_b128", GL_INST_MIX_DS },                { "<unknown>", GL_INST_MIX_OTHER },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (gl_inst_mix_classify(cases[i].m) != cases[i].cls)
			fail_msg("%s: %s, expected %s", cases[i].m, gl_inst_mix_class_name(gl_inst_mix_classify(cases[i].m)),
			         gl_inst_mix_class_name(cases[i].cls));
}

/* Only mixk's 21 instructions: not `other`, not the padding after .size. */
static void test_parse(void **state)
{
	struct gl_disasm d;
	struct gl_err e = { "" };

	(void)state;
	parse_mixk(&d);
	assert_int_equal(d.n, 21);
	assert_int_equal(d.address, 0x100);
	assert_int_equal(d.size, 0x74);
	assert_string_equal(d.insns[0].mnemonic, "s_load_dwordx2");
	assert_string_equal(d.insns[0].operands, "s[4:5], s[0:1], 0x0");
	assert_int_equal(d.insns[0].size, 8);
	assert_int_equal(d.insns[2].size, 4);
	assert_int_equal(d.insns[4].offset, 0x14);
	assert_string_equal(d.insns[20].mnemonic, "s_endpgm");
	assert_int_equal(d.insns[20].offset + d.insns[20].size, d.size);
	assert_int_equal(gl_disasm_at(&d, 0x14), 4);
	assert_int_equal(gl_disasm_at(&d, 0x16), -1);
	gl_disasm_free(&d);
	/* `other` has no code at mixk's addresses and vice versa. */
	if (!gl_disasm_parse(listing, "other", &d, &e))
		fail_msg("parse other: %s", e.msg);
	assert_int_equal(d.n, 2);
	gl_disasm_free(&d);
	assert_false(gl_disasm_parse(listing, "missing", &d, &e));
	assert_non_null(strstr(e.msg, "missing"));
}

static void test_normalise(void **state)
{
	struct gl_disasm d;

	(void)state;
	parse_mixk(&d);
	gl_disasm_normalise(&d);
	/* s[4:5] is the first SGPR range used: s[0:1]; the kernarg pointer next. */
	assert_string_equal(d.insns[0].norm, "s_load_dwordx2 s[0:1], s[2:3], 0x0");
	assert_string_equal(d.insns[0].shape, "s_load_dwordx2 s[2], s[2], #");
	assert_string_equal(d.insns[1].norm, "s_mov_b32 s4, 0");
	/* v1 is the first VGPR, v2 the second, v3 the third. */
	assert_string_equal(d.insns[2].norm, "v_mov_b32_e32 v0, 0");
	assert_string_equal(d.insns[4].norm, "global_load_dword v1, v0, s[0:1]");
	assert_string_equal(d.insns[4].label, "L0");
	assert_string_equal(d.insns[5].norm, "buffer_load_dword v0, s[5:8], 0 offen lds");
	assert_string_equal(d.insns[5].shape, "buffer_load_dword v, s[4], # offen lds");
	assert_string_equal(d.insns[6].shape, "s_waitcnt vmcnt(#)");
	assert_string_equal(d.insns[8].norm, "v_mfma_f32_4x4x1_16b_f32 a[0:3], v1, v2, a[0:3]");
	assert_string_equal(d.insns[10].norm, "ds_read_b32 v3, v0 offset:16");
	assert_string_equal(d.insns[10].shape, "ds_read_b32 v, v offset:#");
	assert_string_equal(d.insns[17].norm, "s_cbranch_scc1 L0");
	assert_string_equal(d.insns[17].shape, "s_cbranch_scc1 L");
	assert_string_equal(d.insns[0].label, "");
	/* Special registers keep their names. */
	assert_string_equal(d.insns[20].norm, "s_endpgm");
	gl_disasm_free(&d);
}

/* Two listings that differ only in register numbers and label names
 * normalise to the same text. */
static void test_normalise_same(void **state)
{
	static const char a[] = "0000000000001000 g     F .text\t0000000000000010 k\n"
	                        "0000000000001000 <k>:\n"
	                        "\tv_add_u32_e32 v7, s9, v7                    // 000000001000: 680E0E09\n"
	                        "\n0000000000001004 <L0>:\n"
	                        "\ts_sub_u32 s9, s9, 1                         // 000000001004: 80898109\n"
	                        "\ts_cbranch_scc1 L0                           // 000000001008: BF85FFFE\n"
	                        "\ts_endpgm                                    // 00000000100C: BF810000\n";
	static const char b[] = "0000000000002000 g     F .text\t0000000000000010 k\n"
	                        "0000000000002000 <k>:\n"
	                        "\tv_add_u32_e32 v3, s2, v3                    // 000000002000: 68060602\n"
	                        "\n0000000000002004 <L5>:\n"
	                        "\ts_sub_u32 s2, s2, 1                         // 000000002004: 80828102\n"
	                        "\ts_cbranch_scc1 L5                           // 000000002008: BF85FFFE\n"
	                        "\ts_endpgm                                    // 00000000200C: BF810000\n";
	struct gl_disasm x, y;
	struct gl_err e = { "" };

	(void)state;
	assert_true(gl_disasm_parse(a, "k", &x, &e));
	assert_true(gl_disasm_parse(b, "k", &y, &e));
	gl_disasm_normalise(&x);
	gl_disasm_normalise(&y);
	assert_int_equal(x.n, 4);
	assert_int_equal(y.n, 4);
	for (size_t i = 0; i < 4; i++)
		assert_string_equal(x.insns[i].norm, y.insns[i].norm);
	assert_string_equal(x.insns[0].norm, "v_add_u32_e32 v0, s0, v0");
	assert_string_equal(y.insns[2].norm, "s_cbranch_scc1 L0");
	gl_disasm_free(&x);
	gl_disasm_free(&y);
}

/* gfx900 and gfx942 occupancy, worked by hand from the LLVM formulas the
 * module cites. */
static void test_occupancy(void **state)
{
	const struct gcn_proc *g900 = gl_occupancy_arch("gfx900"), *g942 = gl_occupancy_arch("gfx942");
	static const struct {
		bool gfx942;
		unsigned vgpr, sgpr, lds, wg;
		unsigned occ_vgpr, occ_sgpr, occ_lds, occ;
	} cases[] = {
		/* gfx900: 36 VGPRs -> 256 / 36 = 7; 25 SGPRs -> 10; 4 KiB LDS,
		 * 256-wide groups (4 waves): min(64K/4K = 16, 40/4 = 10) groups
		 * -> 40 waves / 4 SIMDs = 10. */
		{ false, 36, 25, 4096, 256, 7, 10, 10, 7 },
		/* gfx942: 40 VGPRs -> 512 / 40 = 12, capped at 8; 90 SGPRs -> 8
		 * (LLVM: <= 100 -> 8); 24 KiB LDS -> 2 groups of 4 waves -> 2. */
		{ true, 40, 90, 24 * 1024, 256, 8, 8, 2, 2 },
		/* gfx942: 128 VGPRs -> 4; 102 SGPRs -> 7; 1024-wide groups, no LDS:
		 * 32 / 16 = 2 groups -> 32 waves / 4 = 8. */
		{ true, 128, 102, 0, 1024, 4, 7, 8, 4 },
	};
	struct gl_occupancy r;

	(void)state;
	assert_non_null(g900);
	assert_non_null(g942);
	assert_null(gl_occupancy_arch("gfx1100"));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(&r, 0, sizeof(r));
		r.vgpr_alloc = cases[i].vgpr;
		r.sgprs = cases[i].sgpr;
		r.lds_bytes = cases[i].lds;
		r.wg_size = cases[i].wg;
		gl_occupancy_compute(cases[i].gfx942 ? g942 : g900, &r);
		assert_int_equal(r.occ_vgpr, cases[i].occ_vgpr);
		assert_int_equal(r.occ_sgpr, cases[i].occ_sgpr);
		assert_int_equal(r.occ_lds, cases[i].occ_lds);
		assert_int_equal(r.occ, cases[i].occ);
	}
	/* r keeps the last case: 128 VGPRs, 1024-wide groups, no LDS. */
	/* 88 SGPRs: 9 waves on gfx900 (LLVM's table), capped at 8 on gfx942. */
	r.sgprs = 88;
	gl_occupancy_compute(g900, &r);
	assert_int_equal(r.occ_sgpr, 9);
	gl_occupancy_compute(g942, &r);
	assert_int_equal(r.occ_sgpr, 8);
}

/* The alignment through diff: every line once, in order, equal lines paired. */
static void test_align_lines(void **state)
{
	const char *a[] = { "A", "B", "C", "D" };
	const char *b[] = { "X", "B", "C", "Y", "D" };
	struct gl_compare_row *rows = NULL;
	size_t n = 0, same = 0;
	long next_l = 0, next_r = 0;
	struct gl_err e = { "" };

	(void)state;
	if (!gl_compare_align_lines(a, 4, b, 5, &rows, &n, &e))
		fail_msg("align: %s", e.msg);
	for (size_t i = 0; i < n; i++) {
		if (rows[i].left >= 0)
			assert_int_equal(rows[i].left, next_l++);
		if (rows[i].right >= 0)
			assert_int_equal(rows[i].right, next_r++);
		if (rows[i].mark == GL_CMP_SAME) {
			assert_string_equal(a[rows[i].left], b[rows[i].right]);
			same++;
		} else {
			assert_true((rows[i].mark == GL_CMP_LEFT && rows[i].right < 0) ||
			            (rows[i].mark == GL_CMP_RIGHT && rows[i].left < 0));
		}
	}
	assert_int_equal(next_l, 4);
	assert_int_equal(next_r, 5);
	assert_int_equal(same, 3);   /* B, C, D */
	assert_int_equal(n, 6);
	free(rows);
	/* Empty sides. */
	assert_true(gl_compare_align_lines(a, 0, b, 2, &rows, &n, &e));
	assert_int_equal(n, 2);
	assert_int_equal(rows[1].mark, GL_CMP_RIGHT);
	free(rows);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_mix_counts),
	cmocka_unit_test(test_classify),
	cmocka_unit_test(test_parse),
	cmocka_unit_test(test_normalise),
	cmocka_unit_test(test_normalise_same),
	cmocka_unit_test(test_occupancy),
	cmocka_unit_test(test_align_lines))
