#include "measure/gl_inst_mix.h"

#include <string.h>

#include "base/gl_str.h"

static const char *const class_names[GL_INST_MIX_COUNT] = {
	[GL_INST_MIX_SALU] = "SALU",
	[GL_INST_MIX_VALU] = "VALU",
	[GL_INST_MIX_MFMA] = "MFMA",
	[GL_INST_MIX_SMEM] = "SMEM",
	[GL_INST_MIX_VMEM_LOAD] = "VMEM load",
	[GL_INST_MIX_VMEM_STORE] = "VMEM store",
	[GL_INST_MIX_VMEM_ATOMIC] = "VMEM atomic",
	[GL_INST_MIX_DS] = "DS (LDS)",
	[GL_INST_MIX_BRANCH] = "branch",
	[GL_INST_MIX_WAITCNT] = "s_waitcnt",
	[GL_INST_MIX_NOP] = "s_nop",
	[GL_INST_MIX_OTHER] = "other",
};

const char *gl_inst_mix_class_name(enum gl_inst_mix_class c)
{
	return c < GL_INST_MIX_COUNT ? class_names[c] : "?";
}

/* First matching row wins: a mnemonic starting with `prefix` (and, when set,
 * containing `infix`) is of `cls`. Scalar rows before the catch-all "s_";
 * the vector-memory prefixes are split by the operation in their name. */
static const struct rule {
	const char *prefix;
	const char *infix;
	enum gl_inst_mix_class cls;
} rules[] = {
	{ "s_waitcnt", NULL, GL_INST_MIX_WAITCNT },
	{ "s_nop", NULL, GL_INST_MIX_NOP },
	{ "s_branch", NULL, GL_INST_MIX_BRANCH },
	{ "s_cbranch_", NULL, GL_INST_MIX_BRANCH },
	{ "s_setpc_", NULL, GL_INST_MIX_BRANCH },
	{ "s_swappc_", NULL, GL_INST_MIX_BRANCH },
	{ "s_call_", NULL, GL_INST_MIX_BRANCH },
	{ "s_subvector_loop_", NULL, GL_INST_MIX_BRANCH },
	/* SMEM: the scalar cache path (lgkmcnt), incl. the clock reads. */
	{ "s_load_", NULL, GL_INST_MIX_SMEM },
	{ "s_buffer_", NULL, GL_INST_MIX_SMEM },
	{ "s_store_", NULL, GL_INST_MIX_SMEM },
	{ "s_scratch_", NULL, GL_INST_MIX_SMEM },
	{ "s_atomic_", NULL, GL_INST_MIX_SMEM },
	{ "s_memtime", NULL, GL_INST_MIX_SMEM },
	{ "s_memrealtime", NULL, GL_INST_MIX_SMEM },
	{ "s_dcache_", NULL, GL_INST_MIX_SMEM },
	{ "s_atc_probe", NULL, GL_INST_MIX_SMEM },
	/* Program control that is neither ALU work nor a branch. */
	{ "s_endpgm", NULL, GL_INST_MIX_OTHER },
	{ "s_barrier", NULL, GL_INST_MIX_OTHER },
	{ "s_sleep", NULL, GL_INST_MIX_OTHER },
	{ "s_sendmsg", NULL, GL_INST_MIX_OTHER },
	{ "s_setprio", NULL, GL_INST_MIX_OTHER },
	{ "s_trap", NULL, GL_INST_MIX_OTHER },
	{ "s_icache_inv", NULL, GL_INST_MIX_OTHER },
	{ "s_ttracedata", NULL, GL_INST_MIX_OTHER },
	{ "s_code_end", NULL, GL_INST_MIX_OTHER },
	{ "s_incperflevel", NULL, GL_INST_MIX_OTHER },
	{ "s_decperflevel", NULL, GL_INST_MIX_OTHER },
	{ "s_", NULL, GL_INST_MIX_SALU },
	{ "v_mfma", NULL, GL_INST_MIX_MFMA },
	{ "v_smfmac", NULL, GL_INST_MIX_MFMA },
	{ "v_", NULL, GL_INST_MIX_VALU },
	{ "ds_", NULL, GL_INST_MIX_DS },
	{ "buffer_", "_atomic", GL_INST_MIX_VMEM_ATOMIC },
	{ "buffer_", "_load", GL_INST_MIX_VMEM_LOAD },
	{ "buffer_", "_store", GL_INST_MIX_VMEM_STORE },
	{ "tbuffer_", "_load", GL_INST_MIX_VMEM_LOAD },
	{ "tbuffer_", "_store", GL_INST_MIX_VMEM_STORE },
	{ "global_", "_atomic", GL_INST_MIX_VMEM_ATOMIC },
	{ "global_", "_load", GL_INST_MIX_VMEM_LOAD },
	{ "global_", "_store", GL_INST_MIX_VMEM_STORE },
	{ "flat_", "_atomic", GL_INST_MIX_VMEM_ATOMIC },
	{ "flat_", "_load", GL_INST_MIX_VMEM_LOAD },
	{ "flat_", "_store", GL_INST_MIX_VMEM_STORE },
	{ "scratch_", "_load", GL_INST_MIX_VMEM_LOAD },
	{ "scratch_", "_store", GL_INST_MIX_VMEM_STORE },
};

enum gl_inst_mix_class gl_inst_mix_classify(const char *mnemonic)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct rule *r = &rules[i];
		size_t n = strlen(r->prefix);

		if (strncmp(mnemonic, r->prefix, n) == 0 && (!r->infix || strstr(mnemonic + n - 1, r->infix)))
			return r->cls;
	}
	return GL_INST_MIX_OTHER;   /* buffer_wbl2, buffer_inv, exp, <unknown> ... */
}

void gl_inst_mix_init(struct gl_inst_mix *m)
{
	memset(m, 0, sizeof(*m));
}

void gl_inst_mix_add(struct gl_inst_mix *m, const char *mnemonic, const char *operands, uint64_t n)
{
	enum gl_inst_mix_class c = gl_inst_mix_classify(mnemonic);
	char what[sizeof(m->waits[0].what)];
	unsigned i;

	m->total += n;
	m->count[c] += n;
	if (c != GL_INST_MIX_WAITCNT)
		return;
	/* s_waitcnt by its operands; other s_waitcnt_* forms by their full text. */
	if (strcmp(mnemonic, "s_waitcnt") == 0)
		gl_str_copy(what, sizeof(what), operands && operands[0] ? operands : "0");
	else
		gl_str_fmt(what, sizeof(what), "%s %s", mnemonic, operands ? operands : "");
	for (i = 0; i < m->nwaits; i++)
		if (strcmp(m->waits[i].what, what) == 0)
			break;
	if (i == m->nwaits) {
		if (m->nwaits == GL_INST_MIX_MAX_WAITS) {
			m->waits_dropped += n;
			return;
		}
		gl_str_copy(m->waits[i].what, sizeof(m->waits[i].what), what);
		m->nwaits++;
	}
	m->waits[i].count += n;
}

uint64_t gl_inst_mix_wait_count(const struct gl_inst_mix *m, const char *what)
{
	for (unsigned i = 0; i < m->nwaits; i++)
		if (strcmp(m->waits[i].what, what) == 0)
			return m->waits[i].count;
	return 0;
}
