/*
 * emu_program — decode, bind semantics, annotate for the checks
 * (emu_program.h).
 */
#include "core/emu_program.h"
#include "core/emu_hazard.h"
#include "core/emu_hazard_nops.h"
#include "sem/emu_sem.h"

void emu_program_annotate(const struct emu_profile *prof, struct emu_inst *in)
{
	in->exec = emu_sem_bind(in);
	if (!in->op)
		return;  /* illegal: never issues, so never a hazard */
	in->hz_regs = emu_hazard_regs(in);
	emu_hazard_words(in);
	emu_hzn_classify(prof, in);
}

struct emu_program *emu_program_load(const struct emu_profile *prof, uint64_t base, const uint8_t *text,
                                     uint32_t size)
{
	struct emu_program *p = emu_program_create(prof, base, text, size);
	if (!p)
		return NULL;
	for (uint32_t i = 0; i < size / 4; i++)
		if (p->insts[i].size)
			emu_program_annotate(prof, &p->insts[i]);
	return p;
}
