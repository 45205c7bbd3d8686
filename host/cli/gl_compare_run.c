/*
 * The run part of gcnlab compare: the same launch for both kernels, from
 * the same initial buffer contents. One dispatch each whose buffers are
 * compared byte for byte (asm against reference), then the shared timing
 * loop, the emulator's counters of the last timed dispatch, and one traced
 * dispatch (trace on for that dispatch only, so the timed ones run as
 * always).
 */
#include "cli/gl_compare.h"
#include "report/gl_ulp.h"
#include "gpu/gl_hsa_timeline.h"

#include <stdlib.h>
#include <string.h>

#include "gpu/gl_args.h"
#include "gpu/gl_kernarg.h"
#include "base/gl_str.h"
#include "measure/gl_trace.h"

struct run_ctx {
	struct gl_hsa *h;
	unsigned nargs;
	struct gl_arg *args;
	struct gl_kernarg_val *vals;
	struct gl_hsa_buf *bufs;
	uint8_t **first;              /* the asm kernel's buffers after its dispatch */
};

struct timed {
	struct gl_hsa *h;
	const struct gl_hsa_launch *l;
};

static bool timed_dispatch(void *user, double *gpu_us, struct gl_err *e)
{
	struct timed *t = user;

	return gl_hsa_dispatch(t->h, t->l, gpu_us, e);
}

/* Fill and upload every buffer argument with its INIT. */
static bool fill_buffers(struct run_ctx *r, struct gl_err *e)
{
	for (unsigned i = 0; i < r->nargs; i++) {
		if (!gl_arg_is_buffer(&r->args[i]))
			continue;
		if (!gl_args_fill(&r->args[i], r->bufs[i].host, e) || !gl_hsa_buf_upload(r->h, &r->bufs[i], e))
			return false;
	}
	return true;
}

/* After the asm kernel's dispatch keep its buffers; after the reference's
 * compare, and say what differs first. */
/* Buffer i as f32 elements within c->ulp ULP (--ulp). False when an element
 * is farther apart: c->outputs says where, both values and the distance.
 * Tracks the largest distance over all buffers in *max_ulp. */
static bool ulp_check(struct gl_compare *c, const struct run_ctx *r, unsigned i, const uint8_t *a,
                      const uint8_t *b, size_t n, uint64_t *max_ulp, unsigned *max_arg, size_t *max_at)
{
	uint64_t m;
	size_t at, k = gl_ulp_first_beyond(a, b, n, c->ulp, &m, &at);
	uint32_t wa = 0, wb = 0;
	float fa, fb;

	if (m > *max_ulp || (m && !*max_ulp)) {
		*max_ulp = m;
		*max_arg = i;
		*max_at = at;
	}
	if (k > n / 4)
		return true;
	memcpy(&wa, a + 4 * k, n - 4 * k < 4 ? n - 4 * k : 4);
	memcpy(&wb, b + 4 * k, n - 4 * k < 4 ? n - 4 * k : 4);
	memcpy(&fa, &wa, 4);
	memcpy(&fb, &wb, 4);
	if (m == UINT64_MAX)
		gl_str_fmt(c->outputs, sizeof(c->outputs),
		           "DIFFER beyond %u ULP: argument %u (%s) first at f32 element %zu: %.9g (0x%08x) after %s, "
		           "%.9g (0x%08x) after %s: a NaN against a number", c->ulp, i + 1, r->args[i].text, k,
		           (double)fa, wa, c->side[0].kernel, (double)fb, wb, c->side[1].kernel);
	else
		gl_str_fmt(c->outputs, sizeof(c->outputs),
		           "DIFFER beyond %u ULP: argument %u (%s) first at f32 element %zu: %.9g (0x%08x) after %s, "
		           "%.9g (0x%08x) after %s: %llu ULP apart", c->ulp, i + 1, r->args[i].text, k, (double)fa,
		           wa, c->side[0].kernel, (double)fb, wb, c->side[1].kernel,
		           (unsigned long long)gl_ulp_f32(wa, wb));
	return false;
}

static bool check_buffers(struct gl_compare *c, struct run_ctx *r, int which, struct gl_err *e)
{
	unsigned nbuf = 0, max_arg = 0;
	uint64_t max_ulp = 0;
	size_t max_at = 0;
	char max_where[96] = "";

	c->outputs_same = true;
	for (unsigned i = 0; i < r->nargs; i++) {
		const uint8_t *a, *b;
		size_t n = r->bufs[i].size;

		if (!gl_arg_is_buffer(&r->args[i]))
			continue;
		nbuf++;
		if (!gl_hsa_buf_download(r->h, &r->bufs[i], e))
			return false;
		if (which == 0) {
			r->first[i] = malloc(n);
			if (!r->first[i])
				return gl_err_set(e, "out of memory keeping argument %u's %zu bytes", i + 1, n);
			memcpy(r->first[i], r->bufs[i].host, n);
			continue;
		}
		a = r->first[i];
		b = r->bufs[i].host;
		if (c->outputs_same && c->ulp_given) {
			if (!ulp_check(c, r, i, a, b, n, &max_ulp, &max_arg, &max_at))
				c->outputs_same = false;
			continue;
		}
		if (c->outputs_same && memcmp(a, b, n) != 0) {
			size_t k = 0;
			uint32_t wa = 0, wb = 0;

			while (a[k] == b[k])
				k++;
			memcpy(&wa, a + (k & ~(size_t)3), n - (k & ~(size_t)3) < 4 ? n - (k & ~(size_t)3) : 4);
			memcpy(&wb, b + (k & ~(size_t)3), n - (k & ~(size_t)3) < 4 ? n - (k & ~(size_t)3) : 4);
			c->outputs_same = false;
			gl_str_fmt(c->outputs, sizeof(c->outputs),
			           "DIFFER: argument %u (%s) first at byte %zu: word %zu is 0x%08x after %s, "
			           "0x%08x after %s", i + 1, r->args[i].text, k, k / 4, wa, c->side[0].kernel, wb,
			           c->side[1].kernel);
		}
	}
	if (max_ulp)
		gl_str_fmt(max_where, sizeof(max_where), " (argument %u, element %zu)", max_arg + 1, max_at);
	if (which == 1 && c->outputs_same && c->ulp_given)
		gl_str_fmt(c->outputs, sizeof(c->outputs),
		           "equal within %u ULP: all %u buffer argument%s as f32 arrays; largest distance %llu ULP%s",
		           c->ulp, nbuf, nbuf == 1 ? "" : "s", (unsigned long long)max_ulp, max_where);
	else if (which == 1 && c->outputs_same)
		gl_str_fmt(c->outputs, sizeof(c->outputs),
		           "identical: all %u buffer argument%s hold the same bytes after either kernel", nbuf,
		           nbuf == 1 ? "" : "s");
	return true;
}

/* Copy the trace rows (valid only until the next dispatch) and sum them. */
static void take_trace(struct gl_compare_side *s, const struct gcnlab_emu_trace_row *rows, size_t n)
{
	s->trace = malloc((n ? n : 1) * sizeof(*rows));
	if (!s->trace)
		return;
	memcpy(s->trace, rows, n * sizeof(*rows));
	s->ntrace = n;
	s->traced = true;
	gl_inst_mix_init(&s->exec_mix);
	for (size_t i = 0; i < n; i++) {
		long k = gl_disasm_at(&s->dis, rows[i].offset);

		uint64_t st[GL_TRACE_CAUSES];

		s->trace_cycles += rows[i].cycles;
		s->trace_stall += gl_trace_row_stalls(&rows[i], st);  /* mfma-pipe counted (gl_trace.h) */
		/* An offset outside the function (cannot happen for one
		 * kernel's code) is counted as "other". */
		if (k >= 0)
			gl_inst_mix_add(&s->exec_mix, s->dis.insns[k].mnemonic, s->dis.insns[k].operands, rows[i].issues);
		else
			gl_inst_mix_add(&s->exec_mix, "?", "", rows[i].issues);
	}
}

static bool run_side(struct gl_compare *c, struct run_ctx *r, int which, struct gl_err *e)
{
	struct gl_compare_side *s = &c->side[which];
	struct gl_hsa_code *code = NULL;
	struct gl_hsa_kernel k;
	struct gl_hsa_launch l;
	struct timed td = { .h = r->h, .l = &l };
	struct gl_timing_cfg tc = {
		.warmup = c->warmup, .reps = c->reps, .dispatch = timed_dispatch, .user = &td,
	};
	const struct gcnlab_emu_trace_row *rows;
	size_t nrows;
	double us;
	bool ok = false;

	if (!gl_hsa_code_load(r->h, s->code, &code, e) || !gl_hsa_kernel_get(r->h, code, s->kernel, &k, e))
		goto fail;
	memset(&l, 0, sizeof(l));
	l.kernel = &k;
	l.args = r->vals;
	l.nargs = r->nargs;
	l.dims = c->launch.dims;
	memcpy(l.grid, c->launch.grid, sizeof(l.grid));
	memcpy(l.block, c->launch.block, sizeof(l.block));
	l.dynamic_lds = c->launch.dynamic_lds;
	if (!gl_hsa_launch_check(r->h, &l, e) || !fill_buffers(r, e) || !gl_hsa_dispatch(r->h, &l, &us, e) ||
	    !check_buffers(c, r, which, e))
		goto fail;
	if (!gl_timing_run(&tc, &s->st, NULL, e))
		goto fail;
	s->timed = true;
	s->have_counters = gl_hsa_counters(r->h, &s->counters) && s->counters.count > 0;
	if (s->counters.count > GCNLAB_MAX_COUNTERS)
		s->counters.count = GCNLAB_MAX_COUNTERS;
	if (gl_hsa_trace_enable(r->h, true, -1)) {
		/* The same warm dispatch draws the timeline that the page links
		 * (the defaults of --timeline-html: the first workgroup's waves). */
		bool tl = gl_hsa_timeline_available(r->h) && gl_timeline_init(&s->tl, &s->tl_opts, 1, e) &&
		          gl_timeline_before(&s->tl, r->h, 0, e);
		bool got = gl_hsa_dispatch(r->h, &l, &us, e) && gl_hsa_trace(r->h, &rows, &nrows) &&
		           (!tl || (gl_timeline_after(&s->tl, r->h, 0, e) && gl_timeline_before(&s->tl, r->h, 1, e)));

		gl_hsa_trace_enable(r->h, false, -1);
		if (!got) {
			gl_err_prefix(e, "the traced dispatch: ");
			goto fail;
		}
		take_trace(s, rows, nrows);
	}
	ok = true;
fail:
	if (!ok)
		gl_err_prefix(e, "%s: ", s->kernel);
	gl_hsa_code_free(r->h, code);
	return ok;
}

bool gl_compare_run(struct gl_compare *c, struct gl_hsa *h, struct gl_err *e)
{
	struct run_ctx r = { .h = h, .nargs = c->launch.nargs };
	unsigned n = r.nargs ? r.nargs : 1;
	bool ok = false;

	r.args = calloc(n, sizeof(*r.args));
	r.vals = calloc(n, sizeof(*r.vals));
	r.bufs = calloc(n, sizeof(*r.bufs));
	r.first = calloc(n, sizeof(*r.first));
	if (!r.args || !r.vals || !r.bufs || !r.first) {
		gl_err_set(e, "out of memory");
		goto fail;
	}
	for (unsigned i = 0; i < r.nargs; i++) {
		if (!gl_args_parse(c->launch.args[i], &r.args[i], e))
			goto fail;
		if (r.args[i].kind == GL_ARG_OUT) {
			gl_err_set(e, "argument '%s': compare takes buf: arguments only (it compares every buffer "
			           "of the two kernels itself)", r.args[i].text);
			goto fail;
		}
		r.vals[i].label = r.args[i].text;
		if (gl_arg_is_buffer(&r.args[i])) {
			r.vals[i].kind = GL_KV_BUFFER;
		} else {
			r.vals[i].kind = GL_KV_SCALAR;
			r.vals[i].size = r.args[i].scalar_size;
			memcpy(r.vals[i].bytes, r.args[i].bytes, sizeof(r.vals[i].bytes));
		}
	}
	for (int s = 0; s < 2; s++)
		if (!gl_kernarg_check(c->side[s].meta, r.vals, r.nargs, e)) {
			gl_err_prefix(e, "%s: ", c->side[s].kernel);
			goto fail;
		}
	for (unsigned i = 0; i < r.nargs; i++) {
		if (!gl_arg_is_buffer(&r.args[i]))
			continue;
		if (!gl_hsa_buf_create(h, r.args[i].size, &r.bufs[i], e))
			goto fail;
		r.vals[i].address = (uint64_t)(uintptr_t)r.bufs[i].dev;
	}
	if (!run_side(c, &r, 0, e) || !run_side(c, &r, 1, e))
		goto fail;
	if (!c->side[0].traced || !c->side[1].traced)
		gl_str_fmt(c->trace_note, sizeof(c->trace_note),
		           "no per-instruction trace: the %s backend has no gcnlab trace extension (the emulated "
		           "GPU has)", c->backend);
	c->ran = true;
	ok = true;
fail:
	for (unsigned i = 0; r.bufs && i < r.nargs; i++) {
		gl_hsa_buf_destroy(h, &r.bufs[i]);
		if (r.first)
			free(r.first[i]);
	}
	free(r.args);
	free(r.vals);
	free(r.bufs);
	free(r.first);
	return ok;
}
