/*
 * emu_check — state a kernel must not rely on: registers the launch does
 * not initialise and LDS its workgroup never wrote hold a poison pattern,
 * and the first read of each is reported (emu_check.c); LDS accesses past
 * the allocation are reported too.
 *
 * Registers. A wave tracks, per register, whether it has been written:
 * s0..s101 below the grant's trailer, VGPRs and AGPRs inside the grant
 * (operand codes, a 768-bit map). What the launch ABI initialises is
 * marked written at wave start (AMDGPUUsage "Initial Kernel Execution
 * State": the USER_SGPR_COUNT user SGPRs, the enabled system SGPRs, v0 and
 * on gfx900 v1/v2 per ENABLE_VGPR_WORKITEM_ID). Special registers (VCC,
 * M0, EXEC, FLAT_SCRATCH, XNACK_MASK, TTMP) are not tracked: instructions
 * write VCC and M0 implicitly, which the operand spans do not show.
 * A register is poisoned (all 64 lanes set to EMU_POISON) the first time
 * an instruction names it, read or write, so the lanes no write reaches
 * hold poison as on the hardware they hold a previous wave's data; a read
 * of a register never written is reported once per register and wave.
 * A register counts as written when any lane of it was written (EXEC is
 * not tracked per lane). The run loop reaches emu_check_regs only when the
 * instruction's folded register mask (in->hz_regs) meets the wave's folded
 * mask of unwritten registers the program names (w->unw_fold), which is
 * empty once the wave has written what it uses.
 *
 * LDS. A workgroup's LDS starts filled with EMU_POISON, with maps of what
 * its DS instructions wrote (wave/emu_wave_lds.c); a read of a byte not
 * written is reported once per byte, here.
 */
#ifndef EMU_CHECK_H
#define EMU_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "wave/emu_wave.h"

/* Most user SGPRs the enables can ask for (4 + 2 x 5 + 1) plus the gfx942
 * kernarg preload; the SPI loads at most 16. */
#define EMU_USER_SGPR_MAX 32

/* Registers tracked: operand codes 0..767 as 12 words. */
#define EMU_CHECK_WORDS 12

struct emu_program;
struct emu_workgroup;
struct emu_dispatch_ctx;

/* The registers any instruction of prog names (read or write), for the
 * dispatch: ctx->check_regs. */
void emu_check_prog_regs(const struct emu_program *prog, uint64_t regs[EMU_CHECK_WORDS]);

/* Wave start: every tracked register of the grant unwritten; then the ABI's
 * registers marked written; then the folded mask made. */
void emu_check_wave_begin(struct emu_wave *w);
void emu_check_wave_abi_sgprs(struct emu_wave *w, unsigned lo, unsigned hi);
void emu_check_wave_abi_vgprs(struct emu_wave *w, unsigned n);
void emu_check_wave_ready(struct emu_wave *w);

/* Before `in` executes, when in->hz_regs & w->unw_fold: poison what it
 * names for the first time, report reads of unwritten registers. */
void emu_check_regs(struct emu_wave *w, const struct emu_inst *in);

/* w->ops->lds_report of a dispatch's waves (the LDS checks themselves are
 * the wave's, wave/emu_wave_lds.c): a warning on stderr (the first few per
 * dispatch), or for an uninitialised read in strict mode a fault. */
void emu_check_lds_report(struct emu_wave *w, const struct emu_inst *in, enum emu_lds_report what,
                          uint64_t addr, unsigned bytes);

/* End of dispatch (also a failed one): a summary line of what was reported;
 * the kernel is then quiet for the GPU's later dispatches. */
void emu_check_summary(struct emu_dispatch_ctx *ctx);
/* Whether kernel descriptor kd_addr printed its warnings already. */
struct emu_gpu;
bool emu_check_quiet(const struct emu_gpu *g, uint64_t kd_addr);

#endif
