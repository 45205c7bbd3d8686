/*
 * gl_inst_mix — instruction mix: instructions counted by class, and the
 * s_waitcnt instructions by the counters they wait for.
 *
 * Classes follow the issue paths of a GCN compute unit (and the SQ_INSTS_*
 * counters): SALU, VALU (MFMA apart), SMEM, vector memory split into load,
 * store and atomic (buffer_, tbuffer_, global_, flat_, scratch_; a
 * buffer_load ... lds is a load), DS (LDS), branch, s_waitcnt, s_nop, and
 * the rest (s_endpgm, s_barrier, s_sendmsg, cache control, ...).
 * Classification is by mnemonic, from a prefix table.
 */
#ifndef GL_INST_MIX_H
#define GL_INST_MIX_H

#include <stdint.h>

enum gl_inst_mix_class {
	GL_INST_MIX_SALU,
	GL_INST_MIX_VALU,
	GL_INST_MIX_MFMA,
	GL_INST_MIX_SMEM,
	GL_INST_MIX_VMEM_LOAD,
	GL_INST_MIX_VMEM_STORE,
	GL_INST_MIX_VMEM_ATOMIC,
	GL_INST_MIX_DS,
	GL_INST_MIX_BRANCH,
	GL_INST_MIX_WAITCNT,
	GL_INST_MIX_NOP,
	GL_INST_MIX_OTHER,
	GL_INST_MIX_COUNT
};

/* "SALU", "VMEM load", ... */
const char *gl_inst_mix_class_name(enum gl_inst_mix_class c);
enum gl_inst_mix_class gl_inst_mix_classify(const char *mnemonic);

#define GL_INST_MIX_MAX_WAITS 32

struct gl_inst_mix_wait {
	char what[64];        /* the s_waitcnt operands: "vmcnt(0) lgkmcnt(0)" */
	uint64_t count;
};

struct gl_inst_mix {
	uint64_t total;
	uint64_t count[GL_INST_MIX_COUNT];
	unsigned nwaits;                          /* distinct s_waitcnt operand sets */
	struct gl_inst_mix_wait waits[GL_INST_MIX_MAX_WAITS];
	uint64_t waits_dropped;                   /* beyond GL_INST_MIX_MAX_WAITS distinct sets */
};

void gl_inst_mix_init(struct gl_inst_mix *m);
/* Count n instances of one instruction (n = 1 for the code, the issue count
 * for a trace). */
void gl_inst_mix_add(struct gl_inst_mix *m, const char *mnemonic, const char *operands, uint64_t n);
/* Count of the s_waitcnt set `what` (0 if absent). */
uint64_t gl_inst_mix_wait_count(const struct gl_inst_mix *m, const char *what);

#endif
