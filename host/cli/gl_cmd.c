#include "cli/gl_cmd.h"

#include <stdio.h>
#include <string.h>

#include "gcn_proc.h"
#include "base/gl_env.h"
#include "base/gl_str.h"
#include "gpu/gl_args.h"

bool gl_cmd_check_arch(const char *opt, const char *v, struct gl_err *e)
{
	if (!gcn_proc_find(v))
		return gl_err_set(e, "%s '%s': unknown processor (expected one of %s)", opt, v, gcn_proc_list());
	return true;
}

bool gl_cmd_check_size(const char *opt, const char *v, struct gl_err *e)
{
	uint64_t x;

	if (!gl_args_parse_size(v, &x, e))
		return gl_err_prefix(e, "%s: ", opt);
	return true;
}

const char *const gl_cmd_backend_choices[] = { "auto", "rocr", "emu", "rocr-emu", NULL };
const char *const gl_cmd_clocks_choices[] = { "sweep", NULL };

static void defaults(struct gl_cmd_opts *o)
{
	memset(o, 0, sizeof(*o));
	gl_str_copy(o->backend, sizeof(o->backend), "auto");
	o->reps = 20;
	o->warmup = 3;
	gl_str_copy(o->out, sizeof(o->out), "results");
	o->timeout = 10.0;
	o->trace_wave = UINT_MAX;
	o->repeat = 1;
	o->exec_warmup = UINT_MAX;
}

void gl_cmd_hsa_cfg(const struct gl_cmd_opts *o, struct gl_hsa_cfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	gl_backend_parse(o->backend, &cfg->backend);   /* validated by the option table */
	gl_str_copy(cfg->arch, sizeof(cfg->arch), o->arch);
	cfg->device = o->device;
	cfg->timeout_s = o->timeout;
	cfg->verbose = o->verbose;
}

void gl_cmd_timing_mode(const struct gl_cmd_opts *o, struct gl_timing_mode *m)
{
	memset(m, 0, sizeof(*m));
	m->flush_cache = o->flush_cache;
	m->flush_per_cu = o->flush_per_cu;
	m->rotating_count = o->rotating_count;
	if (o->rotating_cap[0])   /* validated by check_size */
		gl_args_parse_size(o->rotating_cap, &m->rotating_cap, NULL);
}

int gl_cmd_fail(const char *cmd, const struct gl_err *e, int code)
{
	fprintf(stderr, "%s: %s\n", cmd, e->msg);
	return code;
}

void gl_cmd_help(const struct gl_cmd *c)
{
	printf("Usage: %s\n\n%s\n\n", c->usage, c->summary);
	gl_opts_print_help(stdout, c->opts);
}

int gl_cmd_parse(const struct gl_cmd *c, const char *cmd, int argc, char **argv, struct gl_cmd_opts *o,
                 const char **pos, unsigned *npos)
{
	const char *none[GL_CMD_MAX_POSITIONAL];
	unsigned nnone;
	struct gl_err e;
	bool help;

	defaults(o);
	if (!pos) {
		pos = none;
		npos = &nnone;
	}
	if (!gl_opts_parse(cmd, c->opts, o, argc, argv, pos, GL_CMD_MAX_POSITIONAL, npos, &help, &e)) {
		fprintf(stderr, "%s\n", e.msg);
		return GL_CMD_EXIT_USAGE;
	}
	if (help) {
		gl_cmd_help(c);
		return 0;
	}
	if (!gl_env_check(&e)) {
		fprintf(stderr, "%s: %s\n", cmd, e.msg);
		return GL_CMD_EXIT_USAGE;
	}
	if (pos == none && nnone) {
		fprintf(stderr, "%s: unexpected argument '%s' (see %s --help)\n", cmd, pos[0], cmd);
		return GL_CMD_EXIT_USAGE;
	}
	return -1;
}
