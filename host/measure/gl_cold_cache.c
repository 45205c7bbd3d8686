#include "measure/gl_cold_cache.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_str.h"

#define GL_COLD_CACHE_REACH_BYTES 512   /* 4096 ids: 4 bits XCC, 8 bits HW_ID[15:8] */

/* One input buffer and its copies; copy[0] is the caller's buffer. */
struct gl_cold_cache_input {
	struct gl_hsa_buf *copy;   /* [info.rotating_count] */
};

struct gl_cold_cache {
	struct gl_hsa *h;
	struct gl_cold_cache_info info;
	/* the flush kernel */
	struct gl_hsa_code *code;
	struct gl_hsa_kernel kernel;
	struct gl_hsa_launch flush_launch;
	/* flush_icache's reach bitmap: bit (XCC_ID << 8 | HW_ID[15:8]) per CU
	 * a wave ran on (asm/icache/flush_icache.s), and its union over the
	 * flushes so far (which CU ids exist). */
	struct gl_hsa_buf reach;
	struct gl_kernarg_val reach_arg;
	uint32_t seen[GL_COLD_CACHE_REACH_BYTES / 4];
	/* rotation */
	unsigned ninputs;
	struct gl_cold_cache_input *in;
	unsigned sel;                   /* selected copy */
	struct gl_hsa_launch launch;    /* the caller's launch, redirected */
	struct gl_kernarg_val args[GL_COLD_CACHE_MAX_ARGS];
};

/* A buffer of which only one side is kept: gl_hsa_buf_alloc allocates the
 * device buffer and its host staging copy; the other half is released
 * (gl_hsa_buf_destroy frees whichever pointers are set). Not cleared: the
 * kept side is a copy's target before anything reads it. */
static bool buf_half(struct gl_hsa *h, size_t size, bool keep_dev, struct gl_hsa_buf *out,
                     struct gl_err *e)
{
	struct gl_hsa_buf drop = { 0 };

	if (!gl_hsa_buf_alloc(h, size, out, e))
		return false;
	if (keep_dev) {
		drop.host = out->host;
		out->host = NULL;
	} else {
		drop.dev = out->dev;
		out->dev = NULL;
	}
	gl_hsa_buf_destroy(h, &drop);
	return true;
}

/* Device-to-device through host staging: hsa_memory_copy is what gl_hsa
 * offers, and it works alike on ROCr and on the emulator. */
static bool copy_in(struct gl_hsa *h, void *dev, void *host, size_t size, bool to_dev,
                    struct gl_err *e)
{
	struct gl_hsa_buf b = { .dev = dev, .host = host, .size = size };

	return to_dev ? gl_hsa_buf_upload(h, &b, e) : gl_hsa_buf_download(h, &b, e);
}

static bool make_copies(struct gl_cold_cache *c, const struct gl_hsa_buf *inputs, struct gl_err *e)
{
	unsigned n = c->info.rotating_count;
	struct gl_hsa_buf stage = { 0 }, check = { 0 };
	bool ok = false;

	c->in = calloc(c->ninputs, sizeof(*c->in));
	if (!c->in)
		return gl_err_set(e, "out of memory for rotating copies");
	for (unsigned i = 0; i < c->ninputs; i++) {
		const struct gl_hsa_buf *src = &inputs[i];
		struct gl_cold_cache_input *in = &c->in[i];

		in->copy = calloc(n, sizeof(*in->copy));
		if (!in->copy) {
			gl_err_set(e, "out of memory for rotating copies");
			goto fail;
		}
		in->copy[0] = *src;
		if (!buf_half(c->h, src->size, false, &stage, e) ||
		    !buf_half(c->h, src->size, false, &check, e) ||
		    !copy_in(c->h, src->dev, stage.host, src->size, false, e))
			goto fail;
		for (unsigned k = 1; k < n; k++) {
			if (!buf_half(c->h, src->size, true, &in->copy[k], e) ||
			    !copy_in(c->h, in->copy[k].dev, stage.host, src->size, true, e) ||
			    !copy_in(c->h, in->copy[k].dev, check.host, src->size, false, e))
				goto fail;
			/* Validation of every copy's results rests on this. */
			if (memcmp(stage.host, check.host, src->size) != 0) {
				gl_err_set(e, "rotating copy %u of input %u (%zu bytes) differs from the original after the copy",
				           k, i, src->size);
				goto fail;
			}
		}
		gl_hsa_buf_destroy(c->h, &stage);
		gl_hsa_buf_destroy(c->h, &check);
	}
	ok = true;
fail:
	gl_hsa_buf_destroy(c->h, &stage);
	gl_hsa_buf_destroy(c->h, &check);
	return ok;
}

/* The count the cap allows; note says why it is lower than asked. */
static void plan_rotation(struct gl_cold_cache *c, const struct gl_timing_mode *m,
                          const struct gl_hsa_buf *inputs)
{
	struct gl_cold_cache_info *i = &c->info;
	uint64_t per = 0;
	char s_per[32], s_all[32], s_cap[32];

	i->rotating_asked = m->rotating_count > 1 ? m->rotating_count : 1;
	i->rotating_cap = gl_timing_mode_cap(m);
	i->rotating_count = i->rotating_asked;
	for (unsigned k = 0; k < c->ninputs; k++)
		per += inputs[k].size;
	if (i->rotating_asked > 1 && c->ninputs == 0) {
		gl_str_copy(i->note, sizeof(i->note), "the kernel has no input buffers: nothing rotates");
		i->rotating_count = 1;
	} else if (i->rotating_asked > 1 && per * i->rotating_asked > i->rotating_cap) {
		uint64_t fit = i->rotating_cap / per;

		i->rotating_count = fit < 1 ? 1 : (unsigned)fit;
		gl_str_bytes(per, false, s_per, sizeof(s_per));
		gl_str_bytes(per * i->rotating_asked, false, s_all, sizeof(s_all));
		gl_str_bytes(i->rotating_cap, false, s_cap, sizeof(s_cap));
		gl_str_fmt(i->note, sizeof(i->note),
		           "--rotating-count %u needs %u x %s = %s, more than the --rotating-cap of %s: using %u cop%s%s",
		           i->rotating_asked, i->rotating_asked, s_per, s_all, s_cap, i->rotating_count,
		           i->rotating_count == 1 ? "y (no rotation)" : "ies",
		           i->rotating_count == 1 ? "; raise --rotating-cap to rotate" : "");
	}
	i->rotating_bytes = per * i->rotating_count;
}

static bool open_flush(struct gl_cold_cache *c, const char *build_dir, const struct gl_timing_mode *m,
                       struct gl_err *e)
{
	struct gl_hsa_info hi;
	char path[PATH_MAX];
	uint64_t grid;

	if (!gl_str_fmt(path, sizeof(path), "%s/%s/%s", build_dir, gl_hsa_arch(c->h), GL_COLD_CACHE_FLUSH_CO))
		return gl_err_set(e, "flush kernel: path too long under %s", build_dir);
	if (access(path, R_OK) != 0)
		return gl_err_set(e, "the flush kernel %s is not built (run: make kernels ARCH=%s)", path,
		                  gl_hsa_arch(c->h));
	if (!gl_hsa_info(c->h, &hi, e))
		return false;
	if (!hi.compute_units)
		return gl_err_set(e, "the GPU reports 0 compute units: cannot size the flush kernel's grid");
	c->info.compute_units = hi.compute_units;
	c->info.flush_per_cu = gl_timing_mode_per_cu(m);
	grid = (uint64_t)hi.compute_units * c->info.flush_per_cu * 64u;
	if (grid > UINT32_MAX)
		return gl_err_set(e, "--flush-per-cu %u x %u compute units x 64 work-items exceeds a 32-bit grid",
		                  c->info.flush_per_cu, hi.compute_units);
	c->info.flush_workgroups = hi.compute_units * c->info.flush_per_cu;
	if (!gl_hsa_code_load(c->h, path, &c->code, e) ||
	    !gl_hsa_kernel_get(c->h, c->code, GL_COLD_CACHE_FLUSH_KERNEL, &c->kernel, e))
		return gl_err_prefix(e, "flush kernel: ");
	if (!gl_hsa_buf_create(c->h, GL_COLD_CACHE_REACH_BYTES, &c->reach, e))
		return gl_err_prefix(e, "flush kernel reach bitmap: ");
	c->reach_arg = (struct gl_kernarg_val){ .kind = GL_KV_BUFFER, .label = "reach",
	                                        .address = (uint64_t)(uintptr_t)c->reach.dev };
	c->flush_launch = (struct gl_hsa_launch){
		.kernel = &c->kernel, .grid = { (uint32_t)grid, 1, 1 }, .block = { 64, 1, 1 }, .dims = 1,
		.args = &c->reach_arg, .nargs = 1,
	};
	c->info.flush = true;
	return true;
}

bool gl_cold_cache_open(struct gl_hsa *h, const char *build_dir, const struct gl_timing_mode *m,
                  const struct gl_hsa_buf *inputs, unsigned ninputs, const char *who,
                  struct gl_cold_cache **out, struct gl_err *e)
{
	struct gl_cold_cache *c = calloc(1, sizeof(*c));

	*out = NULL;
	if (!c)
		return gl_err_set(e, "out of memory");
	c->h = h;
	c->ninputs = ninputs;
	c->info.flush_per_cu = gl_timing_mode_per_cu(m);
	plan_rotation(c, m, inputs);
	if (c->info.note[0] && who)
		fprintf(stderr, "%s: %s\n", who, c->info.note);
	if (m->flush_cache && !open_flush(c, build_dir, m, e))
		goto fail;
	if (c->info.rotating_count > 1 && !make_copies(c, inputs, e))
		goto fail;
	*out = c;
	return true;
fail:
	gl_cold_cache_close(c);
	return false;
}

bool gl_cold_cache_open_ctx(struct gl_run_ctx *ctx, const struct gl_hsa_buf *inputs, unsigned ninputs,
                      const char *who, struct gl_cold_cache **out, struct gl_err *e)
{
	ctx->timing.applied = true;
	return gl_cold_cache_open(ctx->hsa, ctx->build_dir, &ctx->timing, inputs, ninputs, who, out, e);
}

void gl_cold_cache_close(struct gl_cold_cache *c)
{
	if (!c)
		return;
	if (c->in) {
		for (unsigned i = 0; i < c->ninputs; i++) {
			if (!c->in[i].copy)
				continue;
			/* copy[0] is the caller's. */
			for (unsigned k = 1; k < c->info.rotating_count; k++)
				gl_hsa_buf_destroy(c->h, &c->in[i].copy[k]);
			free(c->in[i].copy);
		}
		free(c->in);
	}
	if (c->reach.dev)
		gl_hsa_buf_destroy(c->h, &c->reach);
	gl_hsa_code_free(c->h, c->code);
	free(c);
}

bool gl_cold_cache_is_cold(const struct gl_cold_cache *c)
{
	return c && (c->info.flush || c->info.rotating_count > 1);
}

bool gl_cold_cache_has_flush(const struct gl_cold_cache *c)
{
	return c && c->info.flush;
}

static unsigned popcount_words(const uint32_t *w, size_t n)
{
	unsigned k = 0;

	for (size_t i = 0; i < n; i++)
		k += (unsigned)__builtin_popcount(w[i]);
	return k;
}

/* " xcc0/se1/sh0/cu3, ..." for the ids seen in other flushes but not in
 * got (at most a few). */
static void missed_ids(const uint32_t *seen, const uint32_t *got, char *buf, size_t len)
{
	size_t used = 0;
	unsigned listed = 0;

	buf[0] = '\0';
	for (unsigned id = 0; id < GL_COLD_CACHE_REACH_BYTES * 8 && listed < 8; id++) {
		uint32_t bit = 1u << (id % 32);

		if (!(seen[id / 32] & bit) || (got[id / 32] & bit))
			continue;
		/* id = XCC_ID << 8 | SE_ID[7:5] SH_ID[4] CU_ID[3:0] */
		if (!gl_str_fmt(buf + used, len - used, "%sxcc%u/se%u/sh%u/cu%u", listed ? ", " : "", id >> 8,
		                (id >> 5) & 7, (id >> 4) & 1, id & 15))
			break;
		used += strlen(buf + used);
		listed++;
	}
}

bool gl_cold_cache_flush(struct gl_cold_cache *c, double *gpu_us, struct gl_err *e)
{
	uint32_t *got = c->reach.host;
	unsigned reached;

	*gpu_us = 0;
	if (!c->info.flush)
		return gl_err_set(e, "internal error: no flush kernel loaded");
	memset(got, 0, GL_COLD_CACHE_REACH_BYTES);
	if (!gl_hsa_buf_upload(c->h, &c->reach, e) || !gl_hsa_dispatch(c->h, &c->flush_launch, gpu_us, e) ||
	    !gl_hsa_buf_download(c->h, &c->reach, e))
		return gl_err_prefix(e, "cache flush: ");
	c->info.flushes++;
	for (size_t i = 0; i < GL_COLD_CACHE_REACH_BYTES / 4; i++)
		c->seen[i] |= got[i];
	reached = popcount_words(got, GL_COLD_CACHE_REACH_BYTES / 4);
	if (!c->info.cus_checked || reached < c->info.cus_reached_min)
		c->info.cus_reached_min = reached;
	c->info.cus_checked = true;
	if (reached < c->info.compute_units) {
		char which[256];

		missed_ids(c->seen, got, which, sizeof(which));
		return gl_err_set(e, "flush %u ran on %u of the %u compute units (its HW_ID bitmap)%s%s, so some instruction caches kept their code: raise --flush-per-cu (now %u)",
		                  c->info.flushes, reached, c->info.compute_units,
		                  which[0] ? "; it missed " : "", which, c->info.flush_per_cu);
	}
	return true;
}

void gl_cold_cache_select(struct gl_cold_cache *c, unsigned k)
{
	if (c && c->info.rotating_count > 1)
		c->sel = k % c->info.rotating_count;
}

unsigned gl_cold_cache_copy(const struct gl_cold_cache *c)
{
	return c ? c->sel : 0;
}

unsigned gl_cold_cache_copies(const struct gl_cold_cache *c)
{
	return c ? c->info.rotating_count : 1;
}

bool gl_cold_cache_prepare(struct gl_cold_cache *c, unsigned rep, double *flush_us, struct gl_err *e)
{
	*flush_us = 0;
	if (!c)
		return true;
	if (c->info.flush && !gl_cold_cache_flush(c, flush_us, e))
		return false;
	gl_cold_cache_select(c, rep + 1);
	return true;
}

const struct gl_hsa_launch *gl_cold_cache_launch(struct gl_cold_cache *c, const struct gl_hsa_launch *l)
{
	if (!c || c->info.rotating_count <= 1 || c->sel == 0)
		return l;
	if (l->nargs > GL_COLD_CACHE_MAX_ARGS)
		return NULL;
	if (l->nargs)
		memcpy(c->args, l->args, l->nargs * sizeof(*c->args));
	for (uint32_t a = 0; a < l->nargs; a++) {
		if (c->args[a].kind != GL_KV_BUFFER)
			continue;
		for (unsigned i = 0; i < c->ninputs; i++) {
			if (c->args[a].address == (uint64_t)(uintptr_t)c->in[i].copy[0].dev) {
				c->args[a].address = (uint64_t)(uintptr_t)c->in[i].copy[c->sel].dev;
				break;
			}
		}
	}
	c->launch = *l;
	c->launch.args = c->args;
	return &c->launch;
}

bool gl_cold_cache_dispatch(struct gl_cold_cache *c, struct gl_hsa *h, const struct gl_hsa_launch *l, int rep,
                      double *gpu_us, double *flush_us, struct gl_err *e)
{
	const struct gl_hsa_launch *x;
	double f = 0;

	if (rep < 0)
		gl_cold_cache_select(c, 0);
	else if (!gl_cold_cache_prepare(c, (unsigned)rep, &f, e))
		return false;
	if (flush_us)
		*flush_us = f;
	x = gl_cold_cache_launch(c, l);
	if (!x)
		return gl_err_set(e, "kernel %s: too many arguments to redirect to rotating copies (at most %u)",
		                  l->kernel->meta->name, GL_COLD_CACHE_MAX_ARGS);
	return gl_hsa_dispatch(h, x, gpu_us, e);
}

void gl_cold_cache_info(const struct gl_cold_cache *c, struct gl_cold_cache_info *out)
{
	if (c)
		*out = c->info;
	else
		*out = (struct gl_cold_cache_info){ .rotating_asked = 1, .rotating_count = 1 };
}

void gl_cold_cache_reach(const struct gl_cold_cache *c, char *buf, size_t len)
{
	if (!c || !c->info.flush)
		gl_str_copy(buf, len, "not run");
	else if (!c->info.cus_checked)
		gl_str_fmt(buf, len, "%u workgroups of 64 per flush; no flush ran yet", c->info.flush_workgroups);
	else if (c->info.cus_reached_min >= c->info.compute_units)
		gl_str_fmt(buf, len, "%u workgroups of 64 per flush; every one of %u flushes reached all %u CUs (HW_ID bitmap)",
		           c->info.flush_workgroups, c->info.flushes, c->info.compute_units);
	else
		gl_str_fmt(buf, len, "%u workgroups of 64 per flush; the fewest CUs one of %u flushes reached: %u of %u (HW_ID bitmap)",
		           c->info.flush_workgroups, c->info.flushes, c->info.cus_reached_min,
		           c->info.compute_units);
}

void gl_cold_cache_describe(const struct gl_cold_cache_info *i, char *buf, size_t len)
{
	char flush[160] = "", rot[160] = "", sz[32];

	if (!i->flush && i->rotating_count <= 1) {
		gl_str_copy(buf, len, "hot (each timed dispatch right after the previous one)");
		return;
	}
	if (i->flush)
		gl_str_fmt(flush, sizeof(flush), "flush_icache (%u CUs x %u workgroups) before each timed dispatch, timed apart",
		           i->compute_units, i->flush_per_cu);
	if (i->rotating_count > 1) {
		gl_str_bytes(i->rotating_bytes, false, sz, sizeof(sz));
		gl_str_fmt(rot, sizeof(rot), "%u rotating copies of the inputs (%s in all)", i->rotating_count, sz);
	}
	gl_str_fmt(buf, len, "cold: %s%s%s", flush, flush[0] && rot[0] ? "; " : "", rot);
}

void gl_cold_cache_params(const struct gl_cold_cache_info *i, struct gl_table *t)
{
	char desc[400], sz[32], cap[32];

	gl_cold_cache_describe(i, desc, sizeof(desc));
	gl_table_param(t, "timing", "%s", desc);
	if (i->flush) {
		gl_table_param(t, "flush_cache", "flush_icache: %u workgroups of 64 work-items (%u CUs x %u) before each timed dispatch; its time is reported apart, never in the kernel's",
		               i->flush_workgroups, i->compute_units, i->flush_per_cu);
		if (i->cus_checked)
			gl_table_param(t, "flush_cus_reached", "%u of %u (HW_ID bitmap, fewest over %u flushes)",
			               i->cus_reached_min, i->compute_units, i->flushes);
		else
			gl_table_param(t, "flush_cus_reached", "no flush ran");
	} else {
		gl_table_param(t, "flush_cache", "no");
	}
	gl_str_bytes(i->rotating_bytes, false, sz, sizeof(sz));
	gl_str_bytes(i->rotating_cap, false, cap, sizeof(cap));
	if (i->rotating_asked > 1) {
		gl_table_param(t, "rotating_count", "%u (asked %u); timed rep r reads copy (r + 1) mod %u",
		               i->rotating_count, i->rotating_asked, i->rotating_count);
		gl_table_param(t, "rotating_bytes", "%s of %s allowed (--rotating-cap)", sz, cap);
	} else {
		gl_table_param(t, "rotating_count", "1 (no rotation)");
	}
	if (i->note[0])
		gl_table_param(t, "rotating_note", "%s", i->note);
}
