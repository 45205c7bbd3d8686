/*
 * emu_lint — the emulator's strictness rules without running: every path
 * of a kernel's control-flow graph checked for waitcnt hazards (the same
 * guarantee rule as the wave's ledger, emu_waitcnt_covers, and the same
 * register test, emu_hazard_touch) and for the software wait-state rules of
 * emu_hazard_nops.c (its rule engine, emu_hzn_eval, over every path into
 * an instruction). What `gcnlab check` reports (emu_lint.c).
 */
#ifndef EMU_LINT_H
#define EMU_LINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/emu_isa.h"

/* One instruction some path reaches in a state the rules forbid. */
struct emu_lint_finding {
	uint32_t off;           /* the instruction, bytes from the kernel entry */
	uint32_t prod_off;      /* the instruction it depends on, likewise */
	bool waitcnt;           /* a waitcnt hazard; else wait-state rule `rule` */
	unsigned rule;
	char inst[96], prod[96];   /* their disassembly */
	char detail[320];       /* what the rule needs, and on which path */
};

struct emu_lint {
	struct emu_lint_finding *f;
	size_t n, cap;
	char note[256];         /* what the walk could not follow ("" if nothing) */
};

/* Check the kernel whose first instruction is at GPU address entry of
 * prog (loaded with emu_program_load). Findings are appended to out, in
 * order of offset. False only when out of memory. */
bool emu_lint_kernel(const struct emu_program *prog, uint64_t entry, struct emu_lint *out);
void emu_lint_free(struct emu_lint *l);

#endif
