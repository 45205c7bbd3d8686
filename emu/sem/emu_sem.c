/*
 * emu_sem — the semantic handler of a mnemonic (emu_sem.h).
 *
 * Lookups happen only while a program is loaded (once per code object), so
 * a plain scan of the family tables is enough and keeps no state.
 */
#include <string.h>

#include "sem/emu_sem.h"
#include "wave/emu_wave.h"

const struct emu_sem *const emu_sem_families[] = {
	emu_sem_scalar,
	emu_sem_valu_int,
	emu_sem_valu_float,
	emu_sem_valu_f16,
	emu_sem_valu_cmp,
	emu_sem_valu_mfma,
	emu_sem_ds,
	emu_sem_vmem,
	NULL,
};

emu_exec_fn emu_sem_find(const char *mnemonic)
{
	if (!mnemonic)
		return NULL;
	for (const struct emu_sem *const *t = emu_sem_families; *t; t++)
		for (const struct emu_sem *s = *t; s->mnemonic; s++)
			if (s->mnemonic[0] == mnemonic[0] && !strcmp(s->mnemonic, mnemonic))
				return s->fn;
	return NULL;
}

emu_exec_fn emu_sem_bind(const struct emu_inst *in)
{
	if (!in->op)
		return emu_exec_illegal;
	emu_exec_fn fn = emu_sem_find(in->op->mnemonic);
	return fn ? fn : emu_exec_unimplemented;
}

void emu_exec_unimplemented(struct emu_wave *w, const struct emu_inst *in)
{
	emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0, "%s is not implemented by the emulator",
	          in->op ? in->op->mnemonic : "instruction");
}

void emu_exec_illegal(struct emu_wave *w, const struct emu_inst *in)
{
	emu_fault(w, in, EMU_FAULT_ILLEGAL, 0, "illegal instruction encoding 0x%08x", in->w[0]);
}
