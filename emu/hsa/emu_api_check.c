/*
 * emu_api_check — the extension's static check (gcnlab_emu_ext_1
 * .check_code_object): a code object's kernels through core/emu_lint.c,
 * for the arch the code object names, without an agent or a dispatch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/emu_hazard_nops.h"
#include "core/emu_lint.h"
#include "core/emu_program.h"
#include "gcn_codeobj.h"
#include "gcn_proc.h"
#include "hsa/emu_runtime.h"

/* kernel_code_entry_byte_offset: bytes 16..23 of the descriptor
 * (AMDGPUUsage, "Kernel Descriptor"). */
#define KD_ENTRY_OFFSET 16

static bool append(struct gcnlab_emu_finding **out, size_t *count, size_t *cap, const char *kernel,
                   const struct emu_lint_finding *f)
{
	if (*count == *cap) {
		size_t c = *cap ? 2 * *cap : 16;
		struct gcnlab_emu_finding *n = realloc(*out, c * sizeof(*n));
		if (!n)
			return false;
		*out = n;
		*cap = c;
	}
	struct gcnlab_emu_finding *g = &(*out)[(*count)++];
	memset(g, 0, sizeof(*g));
	snprintf(g->kernel, sizeof(g->kernel), "%s", kernel);
	g->offset = f->off;
	g->producer_offset = f->prod_off;
	snprintf(g->inst, sizeof(g->inst), "%s", f->inst);
	snprintf(g->producer, sizeof(g->producer), "%s", f->prod);
	snprintf(g->rule, sizeof(g->rule), "%s", f->waitcnt ? "waitcnt" : emu_hzn_rule_name(f->rule));
	snprintf(g->detail, sizeof(g->detail), "%s", f->detail);
	return true;
}

hsa_status_t emu_ext_check_code_object(const void *data, size_t size, const char *kernel,
                                       struct gcnlab_emu_finding **out, size_t *count, char *note,
                                       size_t note_len)
{
	struct gcn_codeobj co;
	struct emu_program *prog = NULL;
	struct emu_lint lint = { 0 };
	size_t cap = 0;
	hsa_status_t st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	char err[256];

	if (!data || !out || !count || !note || !note_len)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	*out = NULL;
	*count = 0;
	note[0] = '\0';
	if (!gcn_codeobj_parse(data, size, &co, err, sizeof(err))) {
		snprintf(note, note_len, "%s", err);
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
	}
	const struct emu_profile *prof = emu_profile_find(co.target.proc);
	if (!prof) {
		snprintf(note, note_len, "the code object is for %s, which the emulator does not know (%s)",
		         co.target.proc, gcn_proc_list());
		st = HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
		goto fail;
	}
	if (kernel && !gcn_codeobj_find_kernel(&co, kernel)) {
		snprintf(note, note_len, "the code object has no kernel named %s", kernel);
		st = HSA_STATUS_ERROR_INVALID_ARGUMENT;
		goto fail;
	}
	if (co.text_offset > size || co.text_size > size - co.text_offset) {
		snprintf(note, note_len, "the .text section lies outside the file (truncated code object?)");
		st = HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
		goto fail;
	}
	prog = emu_program_load(prof, co.text_vaddr, (const uint8_t *)data + co.text_offset, (uint32_t)co.text_size);
	if (!prog)
		goto fail;
	for (uint32_t i = 0; i < co.nkernels; i++) {
		const struct gcn_kernel *k = &co.kernels[i];
		if (kernel && strcmp(k->name, kernel) && strcmp(k->symbol, kernel))
			continue;
		const uint8_t *kd = gcn_codeobj_at(data, size, k->kd_offset, 64);
		if (!kd) {
			snprintf(note, note_len, "kernel %s: its descriptor at 0x%llx is not in a loaded segment", k->name,
			         (unsigned long long)k->kd_offset);
			st = HSA_STATUS_ERROR_INVALID_CODE_OBJECT;
			goto fail;
		}
		int64_t eo;
		memcpy(&eo, kd + KD_ENTRY_OFFSET, sizeof(eo));
		lint.n = 0;
		lint.note[0] = '\0';
		if (!emu_lint_kernel(prog, k->kd_offset + (uint64_t)eo, &lint))
			goto fail;
		for (size_t j = 0; j < lint.n; j++)
			if (!append(out, count, &cap, k->name, &lint.f[j]))
				goto fail;
		if (lint.note[0]) {
			size_t n = strlen(note);
			snprintf(note + n, note_len - n, "%s%s: %s", n ? "; " : "", k->name, lint.note);
		}
	}
	st = HSA_STATUS_SUCCESS;
fail:
	if (st != HSA_STATUS_SUCCESS) {
		free(*out);
		*out = NULL;
		*count = 0;
		if (st == HSA_STATUS_ERROR_OUT_OF_RESOURCES && !note[0])
			snprintf(note, note_len, "out of host memory");
	}
	emu_lint_free(&lint);
	if (prog)
		emu_program_destroy(prog);
	gcn_codeobj_free(&co);
	return st;
}

void emu_ext_free_findings(struct gcnlab_emu_finding *f)
{
	free(f);
}
