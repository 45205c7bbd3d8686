/*
 * emu_sem — the semantic handler of a mnemonic.
 *
 * The handlers live in the emu_exec_*.c files, each exporting a table of
 * {mnemonic, fn} pairs ended by {NULL, NULL}. Lookups happen only while a
 * program is decoded (once per code object), so a plain scan of the three
 * tables is enough and keeps no state; the unit test checks that no mnemonic
 * is registered twice.
 */
#include <string.h>

#include "isa/emu_isa.h"

extern const struct emu_sem emu_sem_scalar[];
extern const struct emu_sem emu_sem_vector[];
extern const struct emu_sem emu_sem_memory[];

emu_exec_fn emu_sem_find(const char *mnemonic)
{
	static const struct emu_sem *const tables[] = {emu_sem_scalar, emu_sem_vector, emu_sem_memory};
	if (!mnemonic)
		return NULL;
	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (const struct emu_sem *s = tables[t]; s->mnemonic; s++)
			if (s->mnemonic[0] == mnemonic[0] && !strcmp(s->mnemonic, mnemonic))
				return s->fn;
	return NULL;
}
