/*
 * test_one_wave — the semantics need a wave and nothing else: s_add_u32
 * executes on a bare struct emu_wave (its SGPRs and SCC), with no
 * dispatch, workgroup, program, memory, cycle model or machine operations
 * (w->ops stays NULL, so a handler that reached for the machine would
 * crash the test). The instruction is decoded from its words.
 *
 * GFX9 ISA, SOP2 S_ADD_U32: D.u = S0.u + S1.u; SCC = carry out (the
 * unsigned sum does not fit in 32 bits). Words from llvm-mc 19
 * -mcpu=gfx900 -show-encoding: s_add_u32 s2, s0, s1 is [0x00,0x01,0x02,0x80];
 * s_add_u32 s3, s3, 64 is [0x03,0xc0,0x03,0x80] (64 is inline constant 192).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "isa/emu_isa.h"
#include "arch/emu_profile.h"
#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

/* Decode one SOP2 word for gfx900 and bind its handler. */
static void decode(uint32_t word, struct emu_inst *in)
{
	struct emu_profile prof;
	memset(&prof, 0, sizeof(prof));
	prof.arch = EMU_GFX900;
	prof.tgt = emu_profile_get(EMU_GFX900)->tgt;
	assert_int_equal(emu_decode_one(&prof, &word, 1, in), 4);
	assert_non_null(in->op);
	assert_string_equal(in->op->mnemonic, "s_add_u32");
	in->exec = emu_sem_bind(in);
}

static void test_s_add_u32(void **state)
{
	(void)state;
	struct emu_wave w;
	struct emu_inst in;
	memset(&w, 0, sizeof(w));
	decode(0x80020100, &in); /* s_add_u32 s2, s0, s1 */

	w.s[0] = 5;
	w.s[1] = 7;
	w.scc = true;
	in.exec(&w, &in);
	assert_int_equal(w.s[2], 12);
	assert_false(w.scc); /* no carry: SCC cleared */
	assert_int_equal(w.state, EMU_WAVE_READY);

	w.s[0] = 0xffffffffu;
	w.s[1] = 2;
	in.exec(&w, &in);
	assert_int_equal(w.s[2], 1); /* 0x1_0000_0001 wraps */
	assert_true(w.scc);          /* carry out */
	assert_int_equal(w.s[0], 0xffffffffu);
	assert_int_equal(w.s[1], 2);

	decode(0x8003c003, &in); /* s_add_u32 s3, s3, 64 */
	w.s[3] = 0x7fffffc0u;
	in.exec(&w, &in);
	assert_int_equal(w.s[3], 0x80000000u);
	assert_false(w.scc);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_s_add_u32))
