/*
 * emu_wave_owed — the wave's guarantee ledger (emu_wave_owed.c): the register
 * results of its memory instructions that the counters do not promise yet.
 * Its own state, which the wave holds (emu_wave.owed) and emu_wave.c feeds:
 * emu_pend_end enters each memory instruction (its return stream's count,
 * and an entry if it writes registers), emu_wait settles what the wait
 * guarantees; the waitcnt check (core/emu_hazard.c) reads it.
 */
#ifndef EMU_WAVE_OWED_H
#define EMU_WAVE_OWED_H

#include <stdint.h>

#include "isa/emu_isa.h"
#include "isa/emu_waitcnt.h"

/* Registers folded to 64 bits, a filter in front of the exact
 * checks (core/emu_hazard.h, emu_check.h): operand
 * code c maps to bit (c + 32) % 64 for SGPRs and c % 64 for VGPRs/AGPRs, so
 * s0..s31 and v0..v31 (what most kernels use) do not share bits. A run of n
 * registers from code c is a rotated run of n bits as long as it does not
 * cross code 256 (no SGPR run does: codes 128..255 are not registers). */
static inline uint64_t emu_reg_fold(unsigned code, unsigned n)
{
	uint64_t ones = n >= 64 ? ~0ull : (1ull << n) - 1;
	unsigned s = (code + (code < EMU_OP_VGPR0 ? 32u : 0u)) & 63;
	return ones << s | ones >> ((64 - s) & 63);
}

/* One memory instruction whose register results the counters do not yet
 * guarantee: owed until an s_waitcnt forces each counter it is on low
 * enough (emu_waitcnt_covers), whatever the cycle model says of its data
 * (wave/emu_wave_owed.c). */
struct emu_owed {
	const struct emu_inst *in;
	uint64_t fold;         /* registers [lo, hi), folded (emu_reg_fold) */
	uint32_t seq;          /* its number in its return stream (ord_seq[ord] at issue) */
	uint16_t lo, hi;       /* the registers it writes, operand codes */
	uint8_t cnts;          /* counters it is still owed on, bit per enum emu_cnt */
	uint8_t ord;           /* enum emu_ord */
	uint32_t mark[2];      /* nwait[c] at issue: a wait on vmcnt / lgkmcnt
	                          since then left it owed (emu_owed_had) */
};
#define EMU_MAX_OWED 96        /* ordered: vmcnt 63 + lgkmcnt 15 at most; the rest unordered */
#define EMU_OWED_NO_WAIT 0xff

struct emu_owed_ledger {
	uint64_t regs;                  /* registers the entries will write, folded as
	                                   emu_reg_fold does (a superset: 0 = none) */
	uint32_t n;                     /* entries */
	uint32_t ord_seq[EMU_ORD_COUNT];  /* instructions issued per return stream */
	uint32_t n_ord[EMU_ORD_COUNT];    /* entries per return stream */
	uint32_t old_seq[EMU_ORD_COUNT];  /* while n_ord[o]: seq of the stream's oldest entry, or
	                                     of one settled before it (never a younger one) */
	uint32_t nwait[2];              /* waits on vmcnt / lgkmcnt so far */
	uint8_t lastn[2];               /* the count the last of them waited for */
	uint64_t map[12];               /* operand codes 0..767 an entry writes, exactly */
	uint8_t rc[768];                /* entries writing each operand code */
	uint8_t fc[64];                 /* entries setting each bit of regs */
	uint32_t h;                     /* the entries are e[h .. h + n): settling the
	                                   oldest moves h, not the others */
	struct emu_owed e[EMU_MAX_OWED];  /* in issue order */
};

/* Entry i (0: the oldest). */
static inline const struct emu_owed *emu_owed_at(const struct emu_owed_ledger *l, uint32_t i)
{
	return &l->e[l->h + i];
}

/* Enter instruction in, issued, writing registers [lo, hi) (none when
 * lo >= hi); cnt_max: the arch's counter limits (emu_wave.cnt_max). */
void emu_owed_issue(struct emu_owed_ledger *l, const uint32_t *cnt_max, const struct emu_inst *in,
                    unsigned lo, unsigned hi);
/* Settle what an s_waitcnt of counts wc guarantees. */
void emu_owed_wait(struct emu_owed_ledger *l, const uint32_t *cnt_max, const struct emu_waitcnt *wc);

/* The last vmcnt / lgkmcnt (c) the wave waited for since e issued, or
 * EMU_OWED_NO_WAIT if none: what the program had where it needed more. */
static inline unsigned emu_owed_had(const struct emu_owed_ledger *l, const struct emu_owed *e, unsigned c)
{
	return l->nwait[c] != e->mark[c] ? l->lastn[c] : EMU_OWED_NO_WAIT;
}

/* Instructions of e's return stream issued after e. */
static inline uint32_t emu_owed_younger(const struct emu_owed_ledger *l, const struct emu_owed *e)
{
	return l->ord_seq[e->ord] - e->seq;
}

#endif
