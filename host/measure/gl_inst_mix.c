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

/* First matching row wins: a mnemonic starting with `text` is of `cls`.
 * Scalar rows before the catch-all "s_". */
static const struct rule {
	const char *text;
	enum gl_inst_mix_class cls;
} rules[] = {
	{ "s_waitcnt", GL_INST_MIX_WAITCNT },
	{ "s_nop", GL_INST_MIX_NOP },
	{ "s_branch", GL_INST_MIX_BRANCH },
	{ "s_cbranch_", GL_INST_MIX_BRANCH },
	{ "s_setpc_", GL_INST_MIX_BRANCH },
	{ "s_swappc_", GL_INST_MIX_BRANCH },
	{ "s_call_", GL_INST_MIX_BRANCH },
	{ "s_subvector_loop_", GL_INST_MIX_BRANCH },
	/* SMEM: the scalar cache path (lgkmcnt), incl. the clock reads. */
	{ "s_load_", GL_INST_MIX_SMEM },
	{ "s_buffer_", GL_INST_MIX_SMEM },
	{ "s_store_", GL_INST_MIX_SMEM },
	{ "s_scratch_", GL_INST_MIX_SMEM },
	{ "s_atomic_", GL_INST_MIX_SMEM },
	{ "s_memtime", GL_INST_MIX_SMEM },
	{ "s_memrealtime", GL_INST_MIX_SMEM },
	{ "s_dcache_", GL_INST_MIX_SMEM },
	{ "s_atc_probe", GL_INST_MIX_SMEM },
	/* Program control that is neither ALU work nor a branch. */
	{ "s_endpgm", GL_INST_MIX_OTHER },
	{ "s_barrier", GL_INST_MIX_OTHER },
	{ "s_sleep", GL_INST_MIX_OTHER },
	{ "s_sendmsg", GL_INST_MIX_OTHER },
	{ "s_setprio", GL_INST_MIX_OTHER },
	{ "s_trap", GL_INST_MIX_OTHER },
	{ "s_icache_inv", GL_INST_MIX_OTHER },
	{ "s_ttracedata", GL_INST_MIX_OTHER },
	{ "s_code_end", GL_INST_MIX_OTHER },
	{ "s_incperflevel", GL_INST_MIX_OTHER },
	{ "s_decperflevel", GL_INST_MIX_OTHER },
	{ "s_", GL_INST_MIX_SALU },
	{ "v_mfma", GL_INST_MIX_MFMA },
	{ "v_smfmac", GL_INST_MIX_MFMA },
	{ "v_", GL_INST_MIX_VALU },
	{ "ds_", GL_INST_MIX_DS },
};

/* Vector memory (MUBUF, MTBUF, FLAT and its global and scratch forms) is
 * split by the operation in the name after the prefix, atomics first
 * ("buffer_atomic_add", "global_load_dword", "scratch_store_dword"). */
static const char *const vmem_prefixes[] = { "buffer_", "tbuffer_", "global_", "flat_", "scratch_" };
static const struct rule vmem_ops[] = {    /* text: found in the name */
	{ "_atomic", GL_INST_MIX_VMEM_ATOMIC },
	{ "_load", GL_INST_MIX_VMEM_LOAD },
	{ "_store", GL_INST_MIX_VMEM_STORE },
};

static bool starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

enum gl_inst_mix_class gl_inst_mix_classify(const char *mnemonic)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (starts_with(mnemonic, rules[i].text))
			return rules[i].cls;
	for (size_t i = 0; i < sizeof(vmem_prefixes) / sizeof(vmem_prefixes[0]); i++) {
		if (!starts_with(mnemonic, vmem_prefixes[i]))
			continue;
		for (size_t k = 0; k < sizeof(vmem_ops) / sizeof(vmem_ops[0]); k++)
			/* from the prefix's own '_' on */
			if (strstr(mnemonic + strlen(vmem_prefixes[i]) - 1, vmem_ops[k].text))
				return vmem_ops[k].cls;
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
