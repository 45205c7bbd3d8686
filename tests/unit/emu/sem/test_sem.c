/*
 * test_sem — the registration of the instruction semantics (sem/emu_sem.c):
 * every family table names mnemonics of the generated opcode tables, each
 * once, and a decoded instruction is bound to its handler, to the
 * unimplemented handler, or (illegal encoding) to the illegal one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "arch/emu_profile.h"
#include "isa/emu_isa.h"
#include "isa/emu_optab.h"
#include "sem/emu_sem.h"

static bool in_optabs(const char *mnemonic)
{
	for (int a = 0; a < EMU_ARCH_COUNT; a++)
		for (int k = 0; k < EMU_TAB_COUNT; k++) {
			const struct emu_optab *tab = emu_optab_get((enum emu_arch)a, (enum emu_tab)k);
			for (uint32_t i = 0; i < tab->n; i++)
				if (tab->desc[i].mnemonic && !strcmp(tab->desc[i].mnemonic, mnemonic))
					return true;
		}
	return false;
}

/* Every registered handler names a mnemonic of some opcode table, once. */
static void test_sem_tables(void **state)
{
	(void)state;
	unsigned unknown = 0, dup = 0, n = 0;
	for (const struct emu_sem *const *t = emu_sem_families; *t; t++)
		for (const struct emu_sem *s = *t; s->mnemonic; s++, n++) {
			if (!in_optabs(s->mnemonic)) {
				fprintf(stderr, "handler for unknown mnemonic %s\n", s->mnemonic);
				unknown++;
			}
			assert_true(emu_sem_find(s->mnemonic) != NULL);
			/* registered again later, in this table or a later one */
			for (const struct emu_sem *const *t2 = t; *t2; t2++)
				for (const struct emu_sem *s2 = t2 == t ? s + 1 : *t2; s2->mnemonic; s2++)
					if (!strcmp(s2->mnemonic, s->mnemonic)) {
						fprintf(stderr, "mnemonic %s registered twice\n", s->mnemonic);
						dup++;
					}
		}
	assert_true(n > 1000); /* every family's table is listed */
	assert_int_equal(unknown, 0);
	assert_int_equal(dup, 0);
	assert_null(emu_sem_find("v_no_such_op"));
	assert_null(emu_sem_find(NULL));
}

/* Binding a decoded instruction. Words from llvm-mc 19 -mcpu=gfx900. */
static void test_sem_bind(void **state)
{
	(void)state;
	struct emu_profile p;
	memset(&p, 0, sizeof(p));
	p.arch = EMU_GFX900;
	p.tgt = emu_profile_get(EMU_GFX900)->tgt;
	struct emu_inst in;

	/* s_add_u32 s2, s0, s1: [0x00,0x01,0x02,0x80] */
	uint32_t add[] = {0x80020100};
	assert_int_equal(emu_decode_one(&p, add, 1, &in), 4);
	assert_true(emu_sem_bind(&in) == emu_sem_find("s_add_u32"));
	assert_non_null(emu_sem_bind(&in));

	/* v_mfma_f32_32x32x1f32 does not exist on gfx900: illegal there */
	uint32_t mf[] = {0xd3c00000, 0x04020300};
	emu_decode_one(&p, mf, 2, &in);
	assert_null(in.op);
	assert_true(emu_sem_bind(&in) == emu_exec_illegal);

	/* a decoded instruction whose mnemonic has no handler */
	assert_int_equal(emu_decode_one(&p, add, 1, &in), 4);
	struct emu_opdesc fake = *in.op;
	fake.mnemonic = "s_no_such_op";
	in.op = &fake;
	assert_true(emu_sem_bind(&in) == emu_exec_unimplemented);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_sem_tables),
	cmocka_unit_test(test_sem_bind))
