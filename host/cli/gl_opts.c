#include "cli/gl_opts.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gl_args.h"
#include "base/gl_str.h"

static const struct gl_opt *find_opt(const struct gl_opt *opts, const char *name, size_t len)
{
	for (; opts->type != GL_OPT_END; opts++)
		if (strlen(opts->name) == len && strncmp(opts->name, name, len) == 0)
			return opts;
	return NULL;
}

static bool set_value(const char *cmd, const struct gl_opt *o, void *target, const char *v,
                      struct gl_err *e)
{
	char *field = (char *)target + o->offset;

	switch (o->type) {
	case GL_OPT_UINT: {
		uint64_t x;
		struct gl_err sub;

		if (!gl_args_parse_u64(o->name, v, UINT64_MAX, &x, &sub) || x < o->min || x > o->max)
			return gl_err_set(e, "%s: %s expects an integer in %llu..%llu, got '%s'", cmd,
			                  o->name, (unsigned long long)o->min, (unsigned long long)o->max, v);
		*(unsigned *)field = (unsigned)x;
		return true;
	}
	case GL_OPT_DOUBLE: {
		char *end;
		double x;

		errno = 0;
		x = strtod(v, &end);
		if (!v[0] || *end || (errno && errno != ERANGE) || isnan(x) || x <= 0)
			return gl_err_set(e, "%s: %s expects a positive number%s, got '%s'", cmd, o->name,
			                  o->max ? " (seconds)" : "", v);
		/* 1e99 is a number, just too large: say the limit. */
		if (errno == ERANGE || !isfinite(x) || (o->max && x > (double)o->max))
			return gl_err_set(e, "%s: %s '%s' is too large (at most %llu)", cmd, o->name, v,
			                  (unsigned long long)(o->max ? o->max : UINT64_MAX));
		*(double *)field = x;
		return true;
	}
	case GL_OPT_STRING:
		if (o->choices) {
			bool ok = false;
			char list[256] = "";
			size_t used = 0;

			for (const char *const *c = o->choices; *c; c++) {
				ok |= strcmp(*c, v) == 0;
				int n = snprintf(list + used, sizeof(list) - used, "%s%s",
				                 c == o->choices ? "" : ", ", *c);
				if (n > 0 && (size_t)n < sizeof(list) - used)
					used += (size_t)n;
			}
			if (!ok)
				return gl_err_set(e, "%s: %s expects one of %s, got '%s'", cmd, o->name, list, v);
		}
		if (o->check && !o->check(o->name, v, e))
			return gl_err_prefix(e, "%s: ", cmd);
		if (!gl_str_copy(field, o->size, v))
			return gl_err_set(e, "%s: %s value '%s' is too long (at most %zu characters)", cmd,
			                  o->name, v, o->size - 1);
		return true;
	case GL_OPT_DIMS: {
		struct gl_dims *d = (struct gl_dims *)field;

		if (!gl_args_parse_dims(o->name, v, o->max, d->v, &d->n, e))
			return gl_err_prefix(e, "%s: ", cmd);
		return true;
	}
	case GL_OPT_FLAG:
	case GL_OPT_END:
		break;
	}
	return gl_err_set(e, "%s: internal error: option %s has no value type", cmd, o->name);
}

bool gl_opts_parse(const char *cmd, const struct gl_opt *opts, void *target, int argc,
                   char **argv, const char **pos, unsigned max_pos, unsigned *npos,
                   bool *help, struct gl_err *e)
{
	bool only_pos = false;

	*npos = 0;
	*help = false;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (only_pos || a[0] != '-' || a[1] == '\0') {
			if (*npos == max_pos)
				return gl_err_set(e, "%s: unexpected argument '%s' (see %s --help)", cmd, a, cmd);
			pos[(*npos)++] = a;
			continue;
		}
		if (strcmp(a, "--") == 0) {
			only_pos = true;
			continue;
		}
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			*help = true;
			return true;
		}
		const char *eq = strchr(a, '=');
		size_t len = eq ? (size_t)(eq - a) : strlen(a);
		const struct gl_opt *o = find_opt(opts, a, len);

		if (!o)
			return gl_err_set(e, "%s: unknown option '%.*s' (see %s --help)", cmd, (int)len, a, cmd);
		if (o->type == GL_OPT_FLAG) {
			if (eq)
				return gl_err_set(e, "%s: %s takes no value", cmd, o->name);
			*(bool *)((char *)target + o->offset) = true;
			continue;
		}
		const char *v = eq ? eq + 1 : NULL;

		if (!v) {
			if (i + 1 >= argc)
				return gl_err_set(e, "%s: %s needs a value (%s)", cmd, o->name, o->metavar);
			v = argv[++i];
		}
		if (!set_value(cmd, o, target, v, e))
			return false;
	}
	return true;
}

void gl_opts_md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

void gl_opts_print_markdown(FILE *f, const struct gl_opt *opts)
{
	fprintf(f, "| option | meaning |\n| --- | --- |\n");
	for (const struct gl_opt *o = opts; o->type != GL_OPT_END; o++) {
		fprintf(f, "| `%s", o->name);
		if (o->type != GL_OPT_FLAG) {
			fputc(' ', f);
			gl_opts_md_cell(f, o->metavar);
		}
		fprintf(f, "` | ");
		gl_opts_md_cell(f, o->help);
		fprintf(f, " |\n");
	}
}

void gl_opts_print_help(FILE *f, const struct gl_opt *opts)
{
	size_t w = 0;

	for (const struct gl_opt *o = opts; o->type != GL_OPT_END; o++) {
		size_t n = strlen(o->name) + (o->type == GL_OPT_FLAG ? 0 : 1 + strlen(o->metavar));
		if (n > w)
			w = n;
	}
	fprintf(f, "Options:\n");
	for (const struct gl_opt *o = opts; o->type != GL_OPT_END; o++) {
		char head[128];

		if (o->type == GL_OPT_FLAG)
			gl_str_copy(head, sizeof(head), o->name);
		else
			gl_str_fmt(head, sizeof(head), "%s %s", o->name, o->metavar);
		fprintf(f, "  %-*s  %s\n", (int)w, head, o->help);
	}
	fprintf(f, "  %-*s  %s\n", (int)w, "--help", "this text");
}
