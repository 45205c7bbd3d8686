/*
 * gl_hsa_code.c — code objects: target check, the HSA loader sequence, and
 * kernel symbols.
 */
#include "gpu/gl_hsa_priv.h"
#include "base/gl_file.h"
#include "base/gl_str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gl_hsa_code {
	char path[4096];
	void *data;                       /* the file; the reader refers to it */
	size_t size;
	struct gcn_codeobj co;
	bool have_co;
	hsa_code_object_reader_t reader;
	bool have_reader;
	hsa_executable_t exe;
	bool have_exe;
};

/* "gfx90a", "gfx942:xnack-": the code object's target without the triple. */
static const char *co_target(const struct gcn_codeobj *co)
{
	const char *t = strstr(co->target.full, "--");

	return t ? t + 2 : co->target.proc;
}

/* A feature the code object pins (0/1) must equal the agent's; -1 ("any")
 * matches everything. A pinned feature the agent does not report cannot be
 * honoured either. */
static bool feature_ok(int co, int agent)
{
	return co < 0 || co == agent;
}

bool gl_hsa_target_check(const struct gl_hsa *h, const char *what,
                         const struct gcn_codeobj *co, struct gl_err *e)
{
	if (strcmp(co->target.proc, h->proc) != 0 ||
	    !feature_ok(co->target.xnack, h->xnack) ||
	    !feature_ok(co->target.sramecc, h->sramecc))
		return gl_err_set(e, "%s is %s, the agent is %s", what, co_target(co), h->target);
	return true;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* A runtime call of the load failed: its status, and what the emulator's
 * loader says is wrong in the file (ROCr's says nothing). */
static void load_failed(struct gl_hsa *h, struct gl_err *e, hsa_status_t s, const char *call,
                        const char *path)
{
	char report[1024];

	gl_hsa_emu_report(h, report, sizeof(report));
	if (report[0] && strcmp(report, h->last_report) != 0) {
		gl_hsa_fail(h, e, s, "%s: %s: %s", path, report, call);
		gl_str_copy(h->last_report, sizeof(h->last_report), report);
	} else {
		gl_hsa_fail(h, e, s, "%s: %s", path, call);
	}
}

bool gl_hsa_code_load(struct gl_hsa *h, const char *path, struct gl_hsa_code **out,
                      struct gl_err *e)
{
	struct gl_hsa_code *c = calloc(1, sizeof(*c));
	char perr[512];
	uint32_t invalid = 0;
	hsa_status_t s;

	*out = NULL;
	if (!c)
		return gl_err_set(e, "out of memory");
	if (!gl_str_copy(c->path, sizeof(c->path), path)) {
		gl_err_set(e, "code object path too long");
		goto fail;
	}
	if (!gl_file_read(path, "code object", &c->data, &c->size, e))
		goto fail;
	if (!gcn_codeobj_parse(c->data, c->size, &c->co, perr, sizeof(perr))) {
		gl_err_set(e, "%s: %s", path, perr);
		goto fail;
	}
	c->have_co = true;
	if (!gl_hsa_target_check(h, base_name(path), &c->co, e))
		goto fail;

	/* A loader refusal's reason, from the emulator, is the report it
	 * leaves; none from an earlier dispatch may be taken for it. */
	gl_hsa_emu_report(h, h->last_report, sizeof(h->last_report));
	s = h->api.hsa_code_object_reader_create_from_memory(c->data, c->size, &c->reader);
	if (s != HSA_STATUS_SUCCESS) {
		load_failed(h, e, s, "hsa_code_object_reader_create_from_memory", path);
		goto fail;
	}
	c->have_reader = true;
	s = h->api.hsa_executable_create_alt(h->profile, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
	                                     NULL, &c->exe);
	if (s != HSA_STATUS_SUCCESS) {
		gl_hsa_fail(h, e, s, "%s: hsa_executable_create_alt", path);
		goto fail;
	}
	c->have_exe = true;
	s = h->api.hsa_executable_load_agent_code_object(c->exe, h->gpu, c->reader, NULL, NULL);
	if (s != HSA_STATUS_SUCCESS) {
		load_failed(h, e, s, "hsa_executable_load_agent_code_object", path);
		goto fail;
	}
	s = h->api.hsa_executable_freeze(c->exe, NULL);
	if (s != HSA_STATUS_SUCCESS) {
		load_failed(h, e, s, "hsa_executable_freeze", path);
		goto fail;
	}
	s = h->api.hsa_executable_validate(c->exe, &invalid);
	if (s != HSA_STATUS_SUCCESS) {
		load_failed(h, e, s, "hsa_executable_validate", path);
		goto fail;
	}
	if (invalid) {
		gl_err_set(e, "%s: the runtime rejects the loaded executable (hsa_executable_validate result %u)",
		           path, invalid);
		goto fail;
	}
	*out = c;
	return true;
fail:
	gl_hsa_code_free(h, c);
	return false;
}

void gl_hsa_code_free(struct gl_hsa *h, struct gl_hsa_code *c)
{
	if (!c)
		return;
	if (c->have_exe)
		h->api.hsa_executable_destroy(c->exe);
	if (c->have_reader)
		h->api.hsa_code_object_reader_destroy(c->reader);
	if (c->have_co)
		gcn_codeobj_free(&c->co);
	free(c->data);
	free(c);
}

const struct gcn_codeobj *gl_hsa_code_meta(const struct gl_hsa_code *c)
{
	return &c->co;
}

const char *gl_hsa_code_path(const struct gl_hsa_code *c)
{
	return c->path;
}

bool gl_hsa_kernel_get(struct gl_hsa *h, const struct gl_hsa_code *c, const char *name,
                       struct gl_hsa_kernel *out, struct gl_err *e)
{
	const struct gcn_kernel *k = gcn_codeobj_find_kernel(&c->co, name);
	hsa_executable_symbol_t sym;
	hsa_status_t s;

	memset(out, 0, sizeof(*out));
	if (!k) {
		char list[1024] = "";
		size_t used = 0;

		for (uint32_t i = 0; i < c->co.nkernels && used < sizeof(list) - 1; i++) {
			int n = snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "",
			                 c->co.kernels[i].name);
			if (n < 0)
				break;
			used += (size_t)n;
		}
		return gl_err_set(e, "%s has no kernel %s (it has: %s)", c->path, name,
		                  c->co.nkernels ? list : "none");
	}
	out->meta = k;
	s = h->api.hsa_executable_get_symbol_by_name(c->exe, k->symbol, &h->gpu, &sym);
	if (s != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "%s: symbol %s", c->path, k->symbol);
	if ((s = h->api.hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT,
	                                               &out->object)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
	                                               &out->kernarg_size)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT,
	                                               &out->kernarg_align)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
	                                               &out->group_size)) != HSA_STATUS_SUCCESS ||
	    (s = h->api.hsa_executable_symbol_get_info(sym, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE,
	                                               &out->private_size)) != HSA_STATUS_SUCCESS)
		return gl_hsa_fail(h, e, s, "%s: kernel %s symbol info", c->path, name);
	if (!out->object)
		return gl_err_set(e, "%s: kernel %s has a null kernel object", c->path, name);
	if (k->kernarg_size && out->kernarg_size && out->kernarg_size != k->kernarg_size)
		fprintf(stderr, "gcnlab: warning: kernel %s: its kernel descriptor's kernarg_size (.amdhsa_kernarg_size) "
		        "is %u bytes but the metadata's .kernarg_segment_size is %u; running with a %u-byte kernarg "
		        "segment (the larger), as ROCr would\n", name, out->kernarg_size, k->kernarg_size,
		        out->kernarg_size > k->kernarg_size ? out->kernarg_size : k->kernarg_size);
	return true;
}
