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
 * its DS instructions wrote (emu_check.c); a read of a byte not written is
 * reported once per byte.
 */
#ifndef EMU_CHECK_H
#define EMU_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "wave/emu_wave.h"

/* The poison: as f32 a signalling NaN (exponent all ones, quiet bit 22
 * clear), as f64 (two of them) a NaN, as an address (any pair) outside the
 * 48-bit canonical range, as an integer -4.5e6. Chosen to be recognisable
 * in a dump ("bad bad"). */
#define EMU_POISON 0xffbadbadu

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

/* LDS of a new workgroup: `size` bytes (a multiple of the granule) of
 * poison and an empty written map. False if out of memory. */
bool emu_check_lds_init(struct emu_workgroup *wg, uint32_t size);

enum emu_check_lds_op { EMU_CHECK_LDS_READ = 1, EMU_CHECK_LDS_WRITE = 2, EMU_CHECK_LDS_RW = 3 };

/* A DS access of `bytes` per lane at va[l] + off for the lanes in mask:
 * reports lanes out of range (warning) and reads of bytes not written;
 * marks written bytes. Call before the data moves (an atomic reads first). */
void emu_check_lds(struct emu_wave *w, const uint32_t *va, uint32_t off, uint64_t mask, unsigned bytes,
                   enum emu_check_lds_op op);

/* A DS load's fast path (all lanes in range) gathered ndw dwords per lane
 * (1, 2, 4 or 8) into buf (the pending layout) from va[l] + offsets: false
 * when that read nothing unwritten for sure (no poison in the data, every
 * address dword-aligned: checked here when va is given, offs being the OR
 * of the offsets; a NULL va says the caller knows them aligned), true when
 * the caller must run the read check of emu_check_lds. */
bool emu_check_lds_suspect(struct emu_wave *w, const uint32_t *buf, unsigned ndw, const uint32_t *va,
                           uint32_t offs);
/* The screen itself: whether buf[0 .. 64 x ndw) holds EMU_POISON. */
bool emu_check_lds_poisoned(const uint32_t *buf, unsigned ndw);

/* One out-of-range LDS access by `in` (lane address addr), for paths that
 * do not go through emu_check_lds (FLAT to the shared aperture, the LDS
 * return of buffer_load ... lds). */
void emu_check_lds_oob(struct emu_wave *w, const struct emu_inst *in, uint64_t addr, unsigned bytes);

/* End of dispatch (also a failed one): a summary line of what was reported;
 * the kernel is then quiet for the GPU's later dispatches. */
void emu_check_summary(struct emu_dispatch_ctx *ctx);
/* Whether kernel descriptor kd_addr printed its warnings already. */
struct emu_gpu;
bool emu_check_quiet(const struct emu_gpu *g, uint64_t kd_addr);

#endif
