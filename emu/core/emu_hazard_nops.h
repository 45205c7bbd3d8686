/*
 * emu_hazard_nops — software wait states ("manually inserted wait states",
 * the s_nop hazards) of gfx900, gfx90a and gfx942, checked as the wave runs
 * (emu_hazard_nops.c).
 *
 * The hardware does not interlock some register dependencies: a program
 * must put N wait states between the producing and the consuming
 * instruction, where s_nop K counts K + 1 and every other instruction one
 * (GFX9 ISA "Manually Inserted Wait States (NOPs)"; LLVM
 * GCNHazardRecognizer::getWaitStatesSince counts the same way). The checker
 * keeps the wave's last EMU_HZN_RING issued instructions and, at a possible
 * consumer, counts the wait states since the producer.
 *
 * Cost: each rule has one bit. The decoder stores in in->hzn the rules the
 * instruction may be a consumer of and in in->hzn_arms the rules it may be a
 * producer for; a wave's hzn_armed holds the rules with a producer in
 * reach. An instruction pays the AND of the two and, after it issues, one
 * ring store and one OR (emu_hzn_after).
 */
#ifndef EMU_HAZARD_NOPS_H
#define EMU_HAZARD_NOPS_H

#include "wave/emu_wave.h"

/* Pre-issue bit: a VALU that writes SGPRs saves their old values, which a
 * VMEM issued too soon after it reads (rule vmem_sgpr). */
#define EMU_HZN_CAPTURE (1u << 31)

/* Classify one decoded instruction for prof's arch: in->hzn, in->hzn_arms,
 * in->nws. Called by the decoder. */
void emu_hzn_classify(const struct emu_profile *prof, struct emu_inst *in);

/* Check `in`, about to issue on w, against the wave's recent instructions:
 * reports (warning, or a fault in strict mode) and arranges the stale SGPR
 * values a VMEM reads. Called when in->hzn & (w->hzn_armed | EMU_HZN_CAPTURE).
 * Returns the hazards found, for the caller's trace. */
unsigned emu_hzn_check(struct emu_wave *w, const struct emu_inst *in);

/* Put back the SGPR values emu_hzn_check replaced by stale ones. */
void emu_hzn_restore(struct emu_wave *w);

/* The rule engine alone, for the dynamic check and core/emu_lint.c: rule
 * r for consumer c, given the instructions issued before it as a ring
 * (ring[(pos - 1 - k) % EMU_HZN_RING] is the k-th most recent, k < avail;
 * the start of the kernel before those). 1: violated (f says by which
 * producer, k = f->back); 0: satisfied or no producer needs it; -1: no
 * producer of the rule in reach. */
struct emu_hzn_finding {
	const struct emu_inst *producer;
	unsigned back;         /* instructions between it and the consumer, + 1 */
	int need;              /* wait states the rule needs */
	unsigned got;          /* wait states that elapsed */
};
int emu_hzn_eval(const struct emu_profile *prof, const struct emu_inst *c, unsigned r,
                 const struct emu_inst *const *ring, uint32_t pos, unsigned avail, struct emu_hzn_finding *f);
const char *emu_hzn_rule_name(unsigned r);
const char *emu_hzn_rule_source(unsigned r);
unsigned emu_hzn_rule_window(unsigned r);   /* the most wait states it can need */

/* After `in` issued: remember it and the rules it arms. */
static inline void emu_hzn_after(struct emu_wave *w, const struct emu_inst *in)
{
	w->hzn_ring[w->hzn_pos++ & (EMU_HZN_RING - 1)] = in;
	w->hzn_armed |= in->hzn_arms;
	if (__builtin_expect(w->hzn_nrestore != 0, 0))
		emu_hzn_restore(w);
}

#endif
