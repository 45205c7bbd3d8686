/*
 * gcnlab compare: options, finding the two kernels and their launch, and
 * the order of the work (code and resources first, so that they are shown
 * even when a dispatch fails).
 */
#include "cli/gl_compare.h"
#include "gpu/gl_kd.h"

#include <dirent.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gcn_proc.h"
#include "cli/gl_cmd.h"
#include "cli/gl_outfile.h"
#include "gpu/gl_args.h"
#include "measure/gl_run_ctx.h"
#include "base/gl_file.h"
#include "base/gl_str.h"
#include "base/gl_suggest.h"

#define MAX_POSITIONAL (1 + GL_SUITE_LAUNCH_MAX_ARGS)
#define DEFAULT_TOP 8

struct compare_opts {
	char ref[128];
	char arch[16];
	char backend[16];
	unsigned device;
	struct gl_dims grid;
	struct gl_dims block;
	unsigned dynamic_lds;
	char bytes[32];
	unsigned reps;
	unsigned warmup;
	unsigned top;
	unsigned ulp;
	bool raw;
	char out[PATH_MAX];
	double timeout;
};

static bool check_arch(const char *opt, const char *v, struct gl_err *e)
{
	if (!gcn_proc_find(v))
		return gl_err_set(e, "%s '%s': unknown processor (%s)", opt, v, gcn_proc_list());
	return true;
}


#define O(field) offsetof(struct compare_opts, field)
#define SZ(field) sizeof(((struct compare_opts *)0)->field)
const struct gl_opt gl_compare_opts[] = {
	{ "--ref", GL_OPT_STRING, O(ref), "KERNEL",
	  "the reference kernel (default: the one the kernel's suite names, else ASM_KERNEL_hip)", .size = SZ(ref) },
	{ "--arch", GL_OPT_STRING, O(arch), "ARCH",
	  "target processor: gfx900, gfx90a, gfx942 (default: the backend's; the emulator's is gfx942)",
	  .size = SZ(arch), .check = check_arch },
	{ "--backend", GL_OPT_STRING, O(backend), "B",
	  "auto (ROCr if it has a matching GPU, else the emulator), rocr, emu or rocr-emu (default auto)",
	  .size = SZ(backend), .choices = gl_cmd_backend_choices },
	{ "--device", GL_OPT_UINT, O(device), "N", "use the runtime's GPU number N (default 0)", .min = 0,
	  .max = 63 },
	{ "--grid", GL_OPT_DIMS, O(grid), "X[,Y[,Z]]",
	  "launch: total work-items per dimension (with --block and the ARGs; default: the suite's launch)",
	  .max = UINT32_MAX },
	{ "--block", GL_OPT_DIMS, O(block), "X[,Y[,Z]]", "launch: work-items per workgroup", .max = UINT16_MAX },
	{ "--dynamic-lds", GL_OPT_UINT, O(dynamic_lds), "BYTES",
	  "launch: LDS bytes added to the kernels' static group segment (default 0)", .min = 0, .max = 1u << 20 },
	{ "--bytes", GL_OPT_STRING, O(bytes), "SIZE",
	  "bytes a dispatch reads + writes, for GB/s (like 2M; default: the suite's, else no GB/s)",
	  .size = SZ(bytes), .check = gl_cmd_check_size },
	{ "--reps", GL_OPT_UINT, O(reps), "N", "timed dispatches per kernel (default 20)", .min = 1,
	  .max = 1000000 },
	{ "--warmup", GL_OPT_UINT, O(warmup), "N", "untimed dispatches before them (default 3)", .min = 0,
	  .max = 1000000 },
	{ "--top", GL_OPT_UINT, O(top), "N", "stall sites shown per kernel (default 8)", .min = 1, .max = 1000 },
	{ "--raw", GL_OPT_FLAG, O(raw), NULL,
	  "show the code as llvm-objdump printed it (registers and labels not renumbered; the alignment is the same)", .min = 0 },
	{ "--ulp", GL_OPT_UINT, O(ulp), "N",
	  "outputs are f32 arrays equal within N units in the last place (default: every byte equal)",
	  .min = 0, .max = 1u << 30 },
	{ "--out", GL_OPT_STRING, O(out), "DIR",
	  "results root: the page goes to DIR/<arch>-<backend>/compare-<kernel>.html (default results)",
	  .size = PATH_MAX },
	{ "--timeout", GL_OPT_DOUBLE, O(timeout), "SECONDS",
	  "fail a dispatch that has not completed after SECONDS (default 10)", .max = 86400 },
	{ 0 },
};
#undef O
#undef SZ

/* --- finding kernels ------------------------------------------------------- */

/* True when the code object at path defines kernel. */
static bool defines(const char *path, const char *kernel)
{
	void *data = NULL;
	size_t size;
	struct gcn_codeobj co;
	char perr[256];
	struct gl_err e;
	bool yes = false;

	if (!gl_file_read(path, "code object", &data, &size, &e))
		return false;
	if (gcn_codeobj_parse(data, size, &co, perr, sizeof(perr))) {
		yes = gcn_codeobj_find_kernel(&co, kernel) != NULL;
		gcn_codeobj_free(&co);
	}
	free(data);
	return yes;
}

static int co_filter(const struct dirent *d)
{
	size_t n = strlen(d->d_name);

	return n > 3 && strcmp(d->d_name + n - 3, ".co") == 0;
}

/* <build>/<arch>/<kernel>.co, test/<kernel>.co, then any code object in the
 * two directories (in name order) that defines kernel. */
static bool find_code(const char *build, const char *arch, const char *kernel, char *out, size_t len)
{
	static const char *const subs[] = { "", "/test" };

	for (int i = 0; i < 2; i++) {
		char p[PATH_MAX];

		if (gl_str_fmt(p, sizeof(p), "%s/%s%s/%s.co", build, arch, subs[i], kernel) && access(p, R_OK) == 0 &&
		    defines(p, kernel))
			return gl_str_copy(out, len, p);
	}
	for (int i = 0; i < 2; i++) {
		char dir[PATH_MAX];
		struct dirent **list = NULL;
		int n;
		bool found = false;

		gl_str_fmt(dir, sizeof(dir), "%s/%s%s", build, arch, subs[i]);
		n = scandir(dir, &list, co_filter, alphasort);
		for (int k = 0; k < n; k++) {
			char p[PATH_MAX];

			if (!found && gl_str_fmt(p, sizeof(p), "%s/%s", dir, list[k]->d_name) && defines(p, kernel))
				found = gl_str_copy(out, len, p);
			free(list[k]);
		}
		free(list);
		if (found)
			return true;
	}
	return false;
}

/* --- one side: code object, disassembly, mix, resources --------------------- */

static bool load_side(struct gl_compare_side *s, const char *objdump, const char *arch, uint32_t wg_size,
                      struct gl_err *e)
{
	char perr[512];

	if (!gl_file_read(s->code, "code object", &s->file, &s->file_size, e))
		return false;
	if (!gcn_codeobj_parse(s->file, s->file_size, &s->co, perr, sizeof(perr)))
		return gl_err_set(e, "%s: %s", s->code, perr);
	s->have_co = true;
	if (strcmp(s->co.target.proc, arch) != 0)
		return gl_err_set(e, "%s is built for %s, not %s", s->code, s->co.target.proc, arch);
	s->meta = gcn_codeobj_find_kernel(&s->co, s->kernel);
	if (!s->meta)
		return gl_err_set(e, "%s has no kernel %s", s->code, s->kernel);
	if (!gl_disasm_load(objdump, s->code, arch, s->kernel, &s->dis, e))
		return false;
	gl_disasm_normalise(&s->dis);
	gl_inst_mix_init(&s->mix);
	for (size_t i = 0; i < s->dis.n; i++)
		gl_inst_mix_add(&s->mix, s->dis.insns[i].mnemonic, s->dis.insns[i].operands, 1);
	if (!gl_kd_read(s->file, s->file_size, s->meta, s->kd, e))
		return false;
	return gl_occupancy_get(s->file, s->file_size, s->meta, arch, wg_size, &s->res, e);
}

static void free_side(struct gl_compare_side *s)
{
	gl_disasm_free(&s->dis);
	if (s->have_co)
		gcn_codeobj_free(&s->co);
	free(s->file);
	free(s->trace);
	gl_timeline_free(&s->tl);
}

/* --- the command ----------------------------------------------------------- */

static void defaults(struct compare_opts *o)
{
	memset(o, 0, sizeof(*o));
	gl_str_copy(o->backend, sizeof(o->backend), "auto");
	o->reps = 20;
	o->warmup = 3;
	o->top = DEFAULT_TOP;
	o->ulp = UINT_MAX;   /* not given: bytes must be equal */
	gl_str_copy(o->out, sizeof(o->out), "results");
	o->timeout = 10.0;
}

/* The launch: the command line's, else the owning suite's. Returns -1 when
 * found, else an exit code (message printed). */
static int resolve_launch(const char *cmd, const struct compare_opts *o, const char *const *pos, unsigned npos,
                          const struct gl_run_ctx *ctx, struct gl_compare *c)
{
	const char *kernel = pos[0];
	const char *suite = NULL;
	struct gl_err e;
	int r;

	if (o->grid.n) {
		gl_str_copy(c->launch.kernel, sizeof(c->launch.kernel), kernel);
		c->launch.dims = o->grid.n > o->block.n ? o->grid.n : o->block.n;
		for (unsigned d = 0; d < 3; d++) {
			c->launch.grid[d] = o->grid.v[d];
			c->launch.block[d] = o->block.v[d];
		}
		c->launch.dynamic_lds = o->dynamic_lds;
		c->launch.nargs = npos - 1;
		for (unsigned i = 1; i < npos; i++)
			if (!gl_str_copy(c->launch.args[i - 1], sizeof(c->launch.args[0]), pos[i])) {
				fprintf(stderr, "%s: argument '%.40s...' is too long\n", cmd, pos[i]);
				return GL_CMD_EXIT_USAGE;
			}
		gl_str_copy(c->launch_from, sizeof(c->launch_from), "the command line");
		return -1;
	}
	r = gl_suites_launch(ctx, kernel, &c->launch, &suite, &e);
	if (r == GL_SUITE_LAUNCH_OK) {
		gl_str_fmt(c->launch_from, sizeof(c->launch_from), "the %s suite", suite);
		return -1;
	}
	if (r == GL_SUITE_LAUNCH_ERROR) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		return GL_CMD_EXIT_FAILED;
	}
	struct gl_suggest sg;
	const char *near = gl_suites_suggest(ctx, kernel, &sg);

	if (near) {
		fprintf(stderr, "%s: no such kernel '%s'; did you mean %s? (gcnlab list shows the suites' kernels; "
		        "another kernel needs --grid, --block and its arguments)\n", cmd, kernel, near);
		return GL_CMD_EXIT_USAGE;
	}
	fprintf(stderr,
	        "%s: no launch known for %s: no suite has it. Give --grid, --block and its arguments as for "
	        "gcnlab exec (make compare reads them from a `// gcnlab-compare: %s ...` line in its source)\n",
	        cmd, kernel, kernel);
	return GL_CMD_EXIT_USAGE;
}

/* Code objects of both kernels. Returns -1 when found, else an exit code. */
static int resolve_code(const char *cmd, const struct compare_opts *o, const struct gl_run_ctx *ctx,
                        struct gl_compare *c)
{
	struct gl_compare_side *a = &c->side[0], *b = &c->side[1];
	struct gl_suite_launch rl;
	const char *suite;
	struct gl_err e;

	gl_str_copy(a->kernel, sizeof(a->kernel), c->launch.kernel);
	if (!c->launch.code[0] && !find_code(ctx->build_dir, c->arch, a->kernel, a->code, sizeof(a->code))) {
		fprintf(stderr, "%s: no code object in %s/%s defines a kernel %s (make kernels ARCH=%s builds "
		                "asm/; gcnlab list shows the suites' kernels)\n",
		        cmd, ctx->build_dir, c->arch, a->kernel, c->arch);
		return GL_CMD_EXIT_USAGE;
	}
	if (c->launch.code[0])
		gl_str_copy(a->code, sizeof(a->code), c->launch.code);
	if (o->ref[0])
		gl_str_copy(b->kernel, sizeof(b->kernel), o->ref);
	else if (c->launch.ref[0])
		gl_str_copy(b->kernel, sizeof(b->kernel), c->launch.ref);
	else
		gl_str_fmt(b->kernel, sizeof(b->kernel), "%s_hip", a->kernel);
	if (gl_suites_launch(ctx, b->kernel, &rl, &suite, &e) == GL_SUITE_LAUNCH_OK && rl.code[0]) {
		gl_str_copy(b->code, sizeof(b->code), rl.code);
		return -1;
	}
	if (find_code(ctx->build_dir, c->arch, b->kernel, b->code, sizeof(b->code)))
		return -1;
	if (o->ref[0] || c->launch.ref[0])
		fprintf(stderr, "%s: the reference %s of %s is not built for %s (no code object in %s/%s defines "
		                "it; make kernels ARCH=%s)\n",
		        cmd, b->kernel, a->kernel, c->arch, ctx->build_dir, c->arch, c->arch);
	else
		fprintf(stderr, "%s: no reference for %s: no kernel %s is built for %s. Write it in a .hip file "
		                "beside the kernel's .s (make kernels ARCH=%s builds it), or name one with --ref\n",
		        cmd, a->kernel, b->kernel, c->arch, c->arch);
	return GL_CMD_EXIT_USAGE;
}

/* The launch's ARGs parse, and none is an out: (compare checks the buffers
 * itself). Returns -1 when fine, else GL_CMD_EXIT_USAGE (message printed). */
static int check_args(const char *cmd, const struct gl_suite_launch *l)
{
	/* In 64 bits: three 16-bit block sizes overflow 32. 1024 work-items is
	 * every GFX9 agent's HSA_AGENT_INFO_WORKGROUP_MAX_SIZE (rocminfo). */
	uint64_t wg = (uint64_t)l->block[0] * l->block[1] * l->block[2];

	if (wg == 0 || wg > 1024) {
		fprintf(stderr, "%s: --block %u,%u,%u is a workgroup of %llu work-items; a GFX9 workgroup has 1 to 1024\n",
		        cmd, l->block[0], l->block[1], l->block[2], (unsigned long long)wg);
		return GL_CMD_EXIT_USAGE;
	}
	for (unsigned i = 0; i < l->nargs; i++) {
		struct gl_arg a;
		struct gl_err e;

		if (!gl_args_parse(l->args[i], &a, &e)) {
			fprintf(stderr, "%s: %s\n", cmd, e.msg);
			return GL_CMD_EXIT_USAGE;
		}
		if (a.kind == GL_ARG_OUT) {
			fprintf(stderr, "%s: argument '%s': compare takes buf: arguments only (it compares every "
			                "buffer of the two kernels itself)\n", cmd, a.text);
			return GL_CMD_EXIT_USAGE;
		}
	}
	return -1;
}

/* Each side's timeline as an offline page beside the compare page, which
 * links them: compare-<asm kernel>-<role>-timeline.html. */
static bool write_timelines(const char *cmd, struct gl_compare *c, const char *dir, struct gl_err *e)
{
	for (int i = 0; i < 2; i++) {
		struct gl_compare_side *s = &c->side[i];
		struct gl_outfile of;

		if (!s->tl.captured)
			continue;
		if (!gl_str_fmt(s->timeline_page, sizeof(s->timeline_page), "compare-%s-%s-timeline.html",
		                c->side[0].kernel, s->role) ||
		    !gl_str_fmt(s->tl_opts.timeline_html, sizeof(s->tl_opts.timeline_html), "%s/%s", dir,
		                s->timeline_page) ||
		    !gl_outfile_check(s->tl_opts.timeline_html, "the timeline page", &of, e) ||
		    !gl_timeline_write(&s->tl, &of, &of, s->kernel, c->arch, e)) {
			s->timeline_page[0] = 0;
			gl_err_prefix(e, "%s: %s timeline: ", cmd, s->role);
			return false;
		}
	}
	return true;
}

static int report(const char *cmd, const struct compare_opts *o, struct gl_compare *c)
{
	struct gl_compare_tab tabs[GL_COMPARE_NTABS];
	char dir[PATH_MAX], path[PATH_MAX];
	struct gl_err e;

	if (!gl_compare_tables(c, tabs)) {
		fprintf(stderr, "%s: out of memory\n", cmd);
		return GL_CMD_EXIT_FAILED;
	}
	gl_compare_print(stdout, c, tabs);
	fflush(stdout);
	if (!gl_results_dir(dir, sizeof(dir), o->out, c->arch, c->backend, &e) || !gl_results_mkdirs(dir, &e) ||
	    !write_timelines(cmd, c, dir, &e) ||
	    !gl_str_fmt(path, sizeof(path), "%s/compare-%s.html", dir, c->side[0].kernel) ||
	    !gl_compare_html(c, tabs, path, &e)) {
		gl_compare_tables_free(tabs);
		fprintf(stderr, "%s: the HTML page: %s\n", cmd, e.msg);
		return GL_CMD_EXIT_FAILED;
	}
	gl_compare_tables_free(tabs);
	fprintf(stderr, "%s: wrote %s\n", cmd, path);
	return 0;
}

int gl_compare_cmd(const char *cmd, int argc, char **argv)
{
	struct compare_opts o;
	const char *pos[MAX_POSITIONAL];
	unsigned npos;
	bool help;
	char build[PATH_MAX], objdump[PATH_MAX];
	struct gl_hsa_cfg cfg;
	struct gl_hsa *h = NULL;
	struct gl_run_ctx ctx;
	struct gl_compare *c = calloc(1, sizeof(*c));
	struct gl_err e;
	uint32_t wg;
	int rc = GL_CMD_EXIT_USAGE, r;

	if (!c) {
		fprintf(stderr, "%s: out of memory\n", cmd);
		return GL_CMD_EXIT_FAILED;
	}
	defaults(&o);
	if (!gl_opts_parse(cmd, gl_compare_opts, &o, argc, argv, pos, MAX_POSITIONAL, &npos, &help, &e)) {
		fprintf(stderr, "%s\n", e.msg);
		goto out;
	}
	if (help) {
		gl_cmd_help(&gl_cmd_compare);
		rc = 0;
		goto out;
	}
	if (npos < 1) {
		fprintf(stderr, "%s: name the hand-written kernel (see %s --help)\n", cmd, cmd);
		goto out;
	}
	if (!o.grid.n != !o.block.n || (npos > 1 && !o.grid.n)) {
		fprintf(stderr, "%s: a launch needs --grid, --block and the kernel's arguments together "
		                "(or none of them, for a suite kernel)\n", cmd);
		goto out;
	}
	rc = GL_CMD_EXIT_FAILED;
	if (!gl_run_ctx_default_build_dir(build, sizeof(build))) {
		fprintf(stderr, "%s: cannot find the build directory (set GCNLAB_BUILD_DIR)\n", cmd);
		goto out;
	}
	if (!gl_disasm_find_objdump(objdump, sizeof(objdump), &e)) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		goto out;
	}
	memset(&cfg, 0, sizeof(cfg));
	gl_backend_parse(o.backend, &cfg.backend);   /* validated by the option table */
	gl_str_copy(cfg.arch, sizeof(cfg.arch), o.arch);
	cfg.device = o.device;
	cfg.timeout_s = o.timeout;
	if (!gl_hsa_open(&cfg, &h, &e)) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		goto out;
	}
	gl_str_copy(c->arch, sizeof(c->arch), gl_hsa_arch(h));
	gl_str_copy(c->backend, sizeof(c->backend), gl_backend_name(gl_hsa_backend(h)));
	if (!gl_occupancy_arch(c->arch)) {
		fprintf(stderr, "%s: the backend's GPU is %s; compare knows %s\n", cmd, c->arch, gcn_proc_list());
		goto out;
	}
	memset(&ctx, 0, sizeof(ctx));
	gl_str_copy(ctx.arch, sizeof(ctx.arch), c->arch);
	gl_str_copy(ctx.build_dir, sizeof(ctx.build_dir), build);
	c->side[0].role = "asm";
	c->side[1].role = "ref";
	c->reps = o.reps;
	c->warmup = o.warmup;
	c->top = o.top;
	c->raw = o.raw;
	c->ulp_given = o.ulp != UINT_MAX;
	c->ulp = c->ulp_given ? o.ulp : 0;
	if ((r = resolve_launch(cmd, &o, pos, npos, &ctx, c)) >= 0 || (r = check_args(cmd, &c->launch)) >= 0 ||
	    (r = resolve_code(cmd, &o, &ctx, c)) >= 0) {
		rc = r;
		goto out;
	}
	if (o.bytes[0])
		gl_args_parse_size(o.bytes, &c->launch.bytes, &e);   /* checked by the option table */
	wg = (uint32_t)((uint64_t)c->launch.block[0] * c->launch.block[1] * c->launch.block[2]);   /* <= 1024: check_args */
	for (int s = 0; s < 2; s++)
		if (!load_side(&c->side[s], objdump, c->arch, wg, &e)) {
			fprintf(stderr, "%s: %s\n", cmd, e.msg);
			goto out;
		}
	if (!gl_compare_align(c, &e)) {
		fprintf(stderr, "%s: aligning the code: %s\n", cmd, e.msg);
		goto out;
	}
	rc = 0;
	if (!gl_compare_run(c, h, &e)) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		rc = GL_CMD_EXIT_FAILED;
	}
	r = report(cmd, &o, c);
	if (r)
		rc = r;
	if (c->ran && !c->outputs_same) {
		fprintf(stderr, "%s: the two kernels' outputs differ (%s)\n", cmd, c->outputs);
		rc = GL_CMD_EXIT_FAILED;
	}
out:
	if (c) {
		free_side(&c->side[0]);
		free_side(&c->side[1]);
		free(c->rows);
		free(c);
	}
	gl_hsa_close(h);
	return rc;
}

const struct gl_cmd gl_cmd_compare = {
	.name = "compare",
	.usage = GL_COMPARE_USAGE,
	.brief = GL_COMPARE_BRIEF,
	.summary = GL_COMPARE_SUMMARY,
	.opts = gl_compare_opts,
	.fn = gl_compare_cmd,
};
