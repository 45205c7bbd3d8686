/*
 * emu_program — a code object's text made ready to run: decoded (isa/), each
 * instruction bound to its semantics (sem/) and annotated for the hazard and
 * register checks of the core (emu_hazard.h, emu_hazard_nops.h), once per
 * code object.
 */
#ifndef EMU_PROGRAM_H
#define EMU_PROGRAM_H

#include "isa/emu_isa.h"

/* emu_program_create, then per instruction: exec (emu_sem_bind) and, for
 * legal encodings, hz_regs (emu_hazard_regs) and the wait-state rules
 * (emu_hzn_classify). Free with emu_program_destroy; NULL if out of memory. */
struct emu_program *emu_program_load(const struct emu_profile *prof, uint64_t base, const uint8_t *text,
                                     uint32_t size);

/* The same for one instruction decoded alone (emu_decode_one): tests. */
void emu_program_annotate(const struct emu_profile *prof, struct emu_inst *in);

#endif
