/*
 * test_decode — the GFX9 decoder and disassembler against LLVM.
 *
 * tests/decode/corpus_<arch>.txt holds instruction words with the text
 * llvm-mc 19 prints for them (or INVALID when it rejects them), made by
 * tools/gen_optab.sh from modifier flips, source-class probes and random
 * instances of every opcode. Every line must decode to the same size and
 * legality and print character for character the same text; every mismatch is
 * listed. EMU_DECODE_CORPUS=<file>:<arch> checks another corpus the same way.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "isa/emu_isa.h"
#include "isa/emu_optab.h"
#include "arch/emu_profile.h"

#ifndef TEST_SRCDIR
#define TEST_SRCDIR "."
#endif

static struct emu_profile test_prof(enum emu_arch a)
{
	/* only arch and its processor row matter to the decoder */
	struct emu_profile p;
	memset(&p, 0, sizeof(p));
	p.arch = a;
	p.proc = a == EMU_GFX900 ? "gfx900" : a == EMU_GFX90A ? "gfx90a" : "gfx942";
	p.tgt = emu_profile_get(a)->tgt;
	return p;
}

/* gfx90a/gfx942 require 64-bit aligned VGPR/AGPR tuples (AMDGPUUsage); LLVM's
 * disassembler prints misaligned ones anyway, the emulator calls them illegal. */
static bool misaligned_vgpr_tuple(const char *text, enum emu_arch arch)
{
	if (arch == EMU_GFX900)
		return false;
	for (const char *p = text; (p = strchr(p, '[')); p++) {
		if (p == text || (p[-1] != 'v' && p[-1] != 'a'))
			continue;
		if (p - 1 > text && (p[-2] >= 'a' && p[-2] <= 'z'))
			continue; /* op_sel:[, neg_lo:[ ... */
		unsigned a, b;
		if (sscanf(p + 1, "%u:%u]", &a, &b) == 2 && b > a && (a & 1))
			return true;
	}
	return false;
}

/* Check one corpus file; returns the number of mismatching lines. */
static unsigned check_corpus(const char *path, enum emu_arch arch, unsigned *lines)
{
	struct emu_profile prof = test_prof(arch);
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "test_decode: cannot open %s (run tools/gen_optab.sh to make it)\n", path);
		return 1;
	}
	char line[512];
	unsigned bad = 0, n = 0, shown = 0;
	unsigned max_show = getenv("EMU_DECODE_SHOW") ? (unsigned)atoi(getenv("EMU_DECODE_SHOW")) : 50;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = 0;
		char *want = tab + 1;
		want[strcspn(want, "\n")] = 0;
		uint32_t w[4] = {0};
		unsigned nw = 0;
		for (char *p = line; *p && nw < 4;) {
			char *end;
			w[nw++] = (uint32_t)strtoul(p, &end, 16);
			p = end;
			while (*p == ' ')
				p++;
		}
		n++;
		struct emu_inst in;
		unsigned sz = emu_decode_one(&prof, w, nw, &in);
		char got[256];
		emu_disasm(&prof, &in, got, sizeof(got));
		bool invalid = !strcmp(want, "INVALID") || misaligned_vgpr_tuple(want, arch);
		bool ok;
		if (invalid)
			ok = in.op == NULL;
		else
			ok = in.op != NULL && sz == 4 * nw && !strcmp(got, want);
		if (!ok) {
			bad++;
			if (shown++ < max_show)
				fprintf(stderr, "%s %s: %-26s llvm: %s\n%*s  ours: %s%s (%u bytes)\n", prof.proc,
				        in.op ? "" : "illegal", line, want, 36, "", in.op ? "" : "[illegal] ", got, sz);
		}
	}
	fclose(f);
	*lines = n;
	return bad;
}

static void test_corpus_arch(enum emu_arch a)
{
	static const char *const names[] = {"gfx900", "gfx90a", "gfx942"};
	char path[512];
	/* make test exports GCNLAB_ROOT; run by hand from the repository root */
	const char *root = getenv("GCNLAB_ROOT") ? getenv("GCNLAB_ROOT") : TEST_SRCDIR;
	snprintf(path, sizeof(path), "%s/tests/decode/corpus_%s.txt", root, names[a]);
	unsigned lines = 0;
	unsigned bad = check_corpus(path, a, &lines);
	fprintf(stderr, "%s: %u corpus lines, %u mismatches\n", names[a], lines, bad);
	assert_true(lines > 1000);
	assert_int_equal(bad, 0);
}

static void test_corpus_gfx900(void **state)
{
	(void)state;
	test_corpus_arch(EMU_GFX900);
}
static void test_corpus_gfx90a(void **state)
{
	(void)state;
	test_corpus_arch(EMU_GFX90A);
}
static void test_corpus_gfx942(void **state)
{
	(void)state;
	test_corpus_arch(EMU_GFX942);
}

/* Field extraction of a few instructions, words from llvm-mc -show-encoding. */
static void test_fields(void **state)
{
	(void)state;
	struct emu_profile p942 = test_prof(EMU_GFX942), p900 = test_prof(EMU_GFX900);
	struct emu_inst in;

	/* s_load_dwordx2 s[10:11], s[20:21], 0x40 */
	uint32_t smem[] = {0xc006028a, 0x00000040};
	assert_int_equal(emu_decode_one(&p942, smem, 2, &in), 8);
	assert_int_equal(in.enc, EMU_ENC_SMEM);
	assert_string_equal(in.op->mnemonic, "s_load_dwordx2");
	assert_int_equal(in.dst, 10);
	assert_int_equal(in.addr, 20);
	assert_int_equal(in.imm, 0x40);
	assert_true(in.flags & EMU_F_IMM);
	assert_int_equal(in.op->dst_dw, 2);

	/* global_load_dword a10, v20, s[40:41] offset:16 (gfx942) */
	uint32_t gl[] = {0xdc508010, 0x0aa80014};
	assert_int_equal(emu_decode_one(&p942, gl, 2, &in), 8);
	assert_int_equal(in.enc, EMU_ENC_FLAT);
	assert_int_equal(in.seg, 2);
	assert_int_equal(in.dst, EMU_OP_AGPR0 + 10);
	assert_int_equal(in.addr, EMU_OP_VGPR0 + 20);
	assert_int_equal(in.soffset, 40);
	assert_int_equal(in.imm, 16);
	assert_true(in.flags & EMU_F_SADDR);
	assert_int_equal(in.op->cls, EMU_CLS_VMEM_LOAD);

	/* buffer_load_dword v10, v20, s[40:43], s50 offen offset:16 glc slc (gfx900) */
	uint32_t mb[] = {0xe0525010, 0x320a0a14};
	assert_int_equal(emu_decode_one(&p900, mb, 2, &in), 8);
	assert_int_equal(in.enc, EMU_ENC_MUBUF);
	assert_int_equal(in.dst, EMU_OP_VGPR0 + 10);
	assert_int_equal(in.srsrc, 40);
	assert_int_equal(in.soffset, 50);
	assert_int_equal(in.flags & (EMU_F_OFFEN | EMU_F_GLC | EMU_F_SLC), EMU_F_OFFEN | EMU_F_GLC | EMU_F_SLC);

	/* v_fma_f32 v10, v20, v40, v60 clamp mul:2 */
	uint32_t v3[] = {0xd1cb800a, 0x0cf25114};
	assert_int_equal(emu_decode_one(&p942, v3, 2, &in), 8);
	assert_int_equal(in.enc, EMU_ENC_VOP3);
	assert_int_equal(in.src[2], EMU_OP_VGPR0 + 60);
	assert_int_equal(in.omod, 1);
	assert_true(in.flags & EMU_F_CLAMP);
	assert_int_equal(in.op->cls, EMU_CLS_VALU);

	/* v_mad_u64_u32 v[10:11], s[30:31], v20, v40, v[60:61] */
	uint32_t v3b[] = {0xd1e81e0a, 0x04f25114};
	assert_int_equal(emu_decode_one(&p942, v3b, 2, &in), 8);
	assert_int_equal(in.sdst, 30);
	assert_true(in.flags & EMU_F_VOP3B);

	/* v_mfma_f32_32x32x2_f32 a[0:15], v20, v40, a[0:15] */
	uint32_t mf[] = {0xd3c48000, 0x04025114};
	assert_int_equal(emu_decode_one(&p942, mf, 2, &in), 8);
	assert_int_equal(in.op->cls, EMU_CLS_MFMA);
	assert_int_equal(in.dst, EMU_OP_AGPR0);
	assert_int_equal(in.src[2], EMU_OP_AGPR0);
	assert_int_equal(in.src[0], EMU_OP_VGPR0 + 20);
	assert_int_equal(in.op->dst_dw, 16);

	/* v_add_f32_e32 v0, 0x12345678, v1: literal */
	uint32_t lit[] = {0x020002ff, 0x12345678};
	assert_int_equal(emu_decode_one(&p942, lit, 2, &in), 8);
	assert_int_equal(in.src[0], EMU_OP_LITERAL);
	assert_int_equal(in.literal, 0x12345678);
	/* ... and with the literal missing it is illegal */
	assert_int_equal(emu_decode_one(&p942, lit, 1, &in), 4);
	assert_null(in.op);

	/* v_mov_b32_dpp v10, v20 row_shl:1 row_mask:0xa bank_mask:0x5 bound_ctrl:1 */
	uint32_t dpp[] = {0x7e1402fa, 0xa5090114};
	assert_int_equal(emu_decode_one(&p942, dpp, 2, &in), 8);
	assert_true(in.dpp);
	assert_int_equal(in.ext, 0xa5090114);
	assert_int_equal(in.src[0], EMU_OP_VGPR0 + 20);

	/* v_cmp_eq_f32_sdwa s[10:11], v20, v40 src0_sel:WORD_1 src1_sel:DWORD */
	uint32_t sd[] = {0x7c8450f9, 0x06058a14};
	assert_int_equal(emu_decode_one(&p900, sd, 2, &in), 8);
	assert_true(in.sdwa);
	assert_int_equal(in.sdst, 10);

	/* v_add_co_u32_e32 v1, vcc, v2, v3: implicit carry-out */
	uint32_t co[] = {0x32020702};
	assert_int_equal(emu_decode_one(&p900, co, 1, &in), 4);
	assert_int_equal(in.sdst, EMU_OP_VCC_LO);

	/* gfx942 has no v_interp/exp; gfx900 has no MFMA */
	uint32_t interp[] = {0xd4280d14};
	assert_int_equal(emu_decode_one(&p900, interp, 1, &in), 4);
	assert_non_null(in.op);
	emu_decode_one(&p942, interp, 1, &in);
	assert_null(in.op);
	emu_decode_one(&p900, mf, 2, &in);
	assert_null(in.op);
	assert_null(in.exec); /* the decoder binds no semantics (emu_sem_bind does) */
}

/* Linear decoding of a program, instruction starts and emu_program_at. */
static void test_program(void **state)
{
	(void)state;
	struct emu_profile p = test_prof(EMU_GFX90A);
	/* s_mov_b32 s0, 0x12345678; v_fma_f32 ...; s_endpgm; then a VOP3 cut short */
	uint32_t text[] = {0xbe8000ff, 0x12345678, 0xd1cb800a, 0x0cf25114, 0xbf810000, 0xd1cb800a};
	struct emu_program *prog = emu_program_create(&p, 0x1000, (const uint8_t *)text, sizeof(text));
	assert_non_null(prog);
	assert_int_equal(prog->insts[0].size, 8);
	assert_int_equal(prog->insts[1].size, 0);
	assert_int_equal(prog->insts[2].size, 8);
	assert_int_equal(prog->insts[4].size, 4);
	assert_int_equal(prog->insts[5].size, 4);
	assert_null(prog->insts[5].op); /* its second dword is past the end */
	assert_ptr_equal(emu_program_at(prog, 0x1008), &prog->insts[2]);
	assert_null(emu_program_at(prog, 0x1004));
	assert_null(emu_program_at(prog, 0x1018));
	assert_null(emu_program_at(prog, 0xffc));
	assert_int_equal(prog->insts[4].off, 16);
	assert_true(prog->text != (const uint8_t *)text);
	char buf[128];
	emu_disasm(&p, &prog->insts[0], buf, sizeof(buf));
	assert_string_equal(buf, "s_mov_b32 s0, 0x12345678");
	emu_disasm(&p, &prog->insts[5], buf, sizeof(buf));
	assert_string_equal(buf, ".long 0xd1cb800a");
	emu_program_destroy(prog);
}

int main(void)
{
	const char *extra = getenv("EMU_DECODE_CORPUS");
	if (extra) {
		/* EMU_DECODE_CORPUS=file:arch — report only */
		char path[512];
		snprintf(path, sizeof(path), "%s", extra);
		char *c = strrchr(path, ':');
		enum emu_arch a = EMU_GFX942;
		if (c) {
			*c = 0;
			a = !strcmp(c + 1, "gfx900") ? EMU_GFX900 : !strcmp(c + 1, "gfx90a") ? EMU_GFX90A : EMU_GFX942;
		}
		unsigned lines = 0, bad = check_corpus(path, a, &lines);
		fprintf(stderr, "%s: %u lines, %u mismatches\n", path, lines, bad);
		return bad != 0;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_program),
		cmocka_unit_test(test_corpus_gfx900),
		cmocka_unit_test(test_corpus_gfx90a),
		cmocka_unit_test(test_corpus_gfx942),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
