/*
 * emu_hazard — detection of registers read or overwritten while an
 * outstanding memory instruction will still write them (emu_hazard.c).
 */
#ifndef EMU_HAZARD_H
#define EMU_HAZARD_H

#include "emu_wave.h"

/* Check `in`, about to execute on w, against w's pending register writes.
 * Warns on stderr (first few per dispatch) or, in strict mode, faults. */
void emu_hazard_check(struct emu_wave *w, const struct emu_inst *in);

#endif
