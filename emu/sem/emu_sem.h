/*
 * emu_sem — the instruction semantics: which handler executes a decoded
 * instruction.
 *
 * Registration, the one way every family does it: each emu_exec_<family>.c
 * ends with one table, `const struct emu_sem emu_sem_<family>[]`, of
 * {mnemonic, handler} pairs closed by EMU_SEM_END, and emu_sem.c lists the
 * family tables (emu_sem_families). A handler sees only the wave
 * (wave/emu_wave.h) and the decoded instruction (isa/emu_isa.h).
 */
#ifndef EMU_SEM_H
#define EMU_SEM_H

#include "isa/emu_isa.h"

/* A semantic handler registered under an LLVM mnemonic. */
struct emu_sem {
	const char *mnemonic;
	emu_exec_fn fn;
};
#define EMU_SEM_END {NULL, NULL}

extern const struct emu_sem emu_sem_scalar[];     /* SOP*, SMEM: emu_exec_scalar.c */
extern const struct emu_sem emu_sem_valu_int[];   /* integer VALU: emu_exec_valu_int.c */
extern const struct emu_sem emu_sem_valu_float[]; /* f32/f64 VALU: emu_exec_valu_float.c */
extern const struct emu_sem emu_sem_valu_f16[];   /* f16, packed, dot: emu_exec_valu_f16.c */
extern const struct emu_sem emu_sem_valu_cmp[];   /* VOPC: emu_exec_valu_cmp.c */
extern const struct emu_sem emu_sem_valu_mfma[];  /* MFMA: emu_exec_valu_mfma.c */
extern const struct emu_sem emu_sem_ds[];         /* DS: emu_exec_ds.c */
extern const struct emu_sem emu_sem_vmem[];       /* MUBUF, MTBUF, FLAT: emu_exec_vmem.c */

/* Every family table, NULL-terminated (the unit test checks that no
 * mnemonic is registered twice). */
extern const struct emu_sem *const emu_sem_families[];

/* Handler for a mnemonic; NULL if none. */
emu_exec_fn emu_sem_find(const char *mnemonic);

/* Handler of a decoded instruction: its mnemonic's, emu_exec_unimplemented
 * when it has none, emu_exec_illegal for an illegal encoding (op NULL). */
emu_exec_fn emu_sem_bind(const struct emu_inst *in);

/* Semantics for instructions without a handler / illegal encodings: a
 * fault naming the instruction. */
void emu_exec_unimplemented(struct emu_wave *w, const struct emu_inst *in);
void emu_exec_illegal(struct emu_wave *w, const struct emu_inst *in);

#endif
