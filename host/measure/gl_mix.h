/*
 * gl_mix — instruction mix: instructions counted by class, and the
 * s_waitcnt instructions by the counters they wait for.
 *
 * Classes follow the issue paths of a GCN compute unit (and the SQ_INSTS_*
 * counters): SALU, VALU (MFMA apart), SMEM, vector memory split into load,
 * store and atomic (buffer_, tbuffer_, global_, flat_, scratch_; a
 * buffer_load ... lds is a load), DS (LDS), branch, s_waitcnt, s_nop, and
 * the rest (s_endpgm, s_barrier, s_sendmsg, cache control, ...).
 * Classification is by mnemonic, from a prefix table.
 */
#ifndef GL_MIX_H
#define GL_MIX_H

#include <stdint.h>

enum gl_mix_class {
	GL_MIX_SALU,
	GL_MIX_VALU,
	GL_MIX_MFMA,
	GL_MIX_SMEM,
	GL_MIX_VMEM_LOAD,
	GL_MIX_VMEM_STORE,
	GL_MIX_VMEM_ATOMIC,
	GL_MIX_DS,
	GL_MIX_BRANCH,
	GL_MIX_WAITCNT,
	GL_MIX_NOP,
	GL_MIX_OTHER,
	GL_MIX_COUNT
};

/* "SALU", "VMEM load", ... */
const char *gl_mix_class_name(enum gl_mix_class c);
enum gl_mix_class gl_mix_classify(const char *mnemonic);

#define GL_MIX_MAX_WAITS 32

struct gl_mix_wait {
	char what[64];        /* the s_waitcnt operands: "vmcnt(0) lgkmcnt(0)" */
	uint64_t count;
};

struct gl_mix {
	uint64_t total;
	uint64_t count[GL_MIX_COUNT];
	unsigned nwaits;                          /* distinct s_waitcnt operand sets */
	struct gl_mix_wait waits[GL_MIX_MAX_WAITS];
	uint64_t waits_dropped;                   /* beyond GL_MIX_MAX_WAITS distinct sets */
};

void gl_mix_init(struct gl_mix *m);
/* Count n instances of one instruction (n = 1 for the code, the issue count
 * for a trace). */
void gl_mix_add(struct gl_mix *m, const char *mnemonic, const char *operands, uint64_t n);
/* Count of the s_waitcnt set `what` (0 if absent). */
uint64_t gl_mix_wait_count(const struct gl_mix *m, const char *what);

#endif
