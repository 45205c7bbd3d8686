/*
 * test_opts — gl_opts: the table-driven option parser of the gcnlab
 * subcommands (values, positionals, --help, "--", and every error).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "tu_assert.h"

#include "cli/gl_opts.h"

struct o {
	bool verbose;
	unsigned reps;
	double timeout;
	char backend[8];
	char arch[8];
	struct gl_dims grid;
};

static bool check_gfx(const char *opt, const char *v, struct gl_err *e)
{
	if (strncmp(v, "gfx", 3) != 0)
		return gl_err_set(e, "%s '%s' is not a gfx name", opt, v);
	return true;
}

static const char *const backends[] = { "auto", "rocr", "emu", NULL };

static const struct gl_opt opts[] = {
	{ "--verbose", GL_OPT_FLAG, offsetof(struct o, verbose), "", "talk", .max = 0 },
	{ "--reps", GL_OPT_UINT, offsetof(struct o, reps), "N", "reps", .min = 1, .max = 100 },
	{ "--timeout", GL_OPT_DOUBLE, offsetof(struct o, timeout), "S", "timeout", .max = 60 },
	{ "--backend", GL_OPT_STRING, offsetof(struct o, backend), "B", "backend", .size = 8,
	  .choices = backends },
	{ "--arch", GL_OPT_STRING, offsetof(struct o, arch), "A", "arch", .size = 8, .check = check_gfx },
	{ "--grid", GL_OPT_DIMS, offsetof(struct o, grid), "X[,Y[,Z]]", "grid", .max = 1024 },
	{ 0 },
};

static struct o o;
static const char *pos[4];
static unsigned npos;
static bool help;

static bool run(struct gl_err *e, int argc, ...)
{
	char *argv[16];
	va_list ap;

	va_start(ap, argc);
	for (int i = 0; i < argc; i++)
		argv[i] = va_arg(ap, char *);
	va_end(ap);
	memset(&o, 0, sizeof(o));
	return gl_opts_parse("gcnlab t", opts, &o, argc, argv, pos, 4, &npos, &help, e);
}

static void test_values(void **state)
{
	struct gl_err e = { "" };

	(void)state;
	assert_true(run(&e, 8, "a", "--reps", "7", "--timeout=2.5", "--verbose", "b", "--grid", "16,4"));
	assert_true(o.verbose);
	assert_int_equal(o.reps, 7);
	assert_true(o.timeout == 2.5);
	assert_int_equal(o.grid.n, 2);
	assert_int_equal(o.grid.v[0], 16);
	assert_int_equal(o.grid.v[1], 4);
	assert_int_equal(o.grid.v[2], 1);
	assert_int_equal(npos, 2);
	assert_string_equal(pos[0], "a");
	assert_string_equal(pos[1], "b");
	assert_false(help);

	assert_true(run(&e, 4, "--backend", "emu", "--arch=gfx900", "--"));
	assert_string_equal(o.backend, "emu");
	assert_string_equal(o.arch, "gfx900");
	assert_int_equal(npos, 0);

	/* After "--" everything is positional, even dashes. */
	assert_true(run(&e, 3, "--", "--reps", "-"));
	assert_int_equal(npos, 2);
	assert_string_equal(pos[0], "--reps");
	assert_int_equal(o.reps, 0);

	assert_true(run(&e, 3, "x", "--help", "--bogus"));
	assert_true(help);
	assert_true(run(&e, 1, "-h"));
	assert_true(help);
}

static void bad(const char *what, int argc, char *a0, char *a1)
{
	struct gl_err e = { "" };

	if (run(&e, argc, a0, a1))
		fail_msg("accepted %s %s", a0, a1 ? a1 : "");
	assert_contains(e.msg, "gcnlab t");
	assert_contains(e.msg, what);
}

static void test_errors(void **state)
{
	(void)state;
	bad("unknown option '--bogus' (see gcnlab t --help)", 1, "--bogus", NULL);
	bad("unknown option '--rep'", 2, "--rep", "3");
	bad("--reps needs a value (N)", 1, "--reps", NULL);
	bad("--reps expects an integer in 1..100, got '0'", 2, "--reps", "0");
	bad("--reps expects an integer in 1..100, got '101'", 2, "--reps", "101");
	bad("--reps expects an integer in 1..100, got 'x'", 1, "--reps=x", NULL);
	bad("--reps expects an integer in 1..100, got '-1'", 2, "--reps", "-1");
	bad("--timeout expects a positive number (seconds), got '0'", 2, "--timeout", "0");
	/* A number above the bound: said so, with the bound (issue 19). */
	bad("--timeout '61' is too large (at most 60)", 2, "--timeout", "61");
	bad("--timeout expects a positive number (seconds), got 'nan'", 2, "--timeout", "nan");
	bad("--backend expects one of auto, rocr, emu, got 'gpu'", 2, "--backend", "gpu");
	bad("--arch 'x86' is not a gfx name", 2, "--arch", "x86");
	bad("--arch value 'gfx90000' is too long (at most 7 characters)", 2, "--arch", "gfx90000");
	bad("--grid '0'", 2, "--grid", "0");
	bad("--grid '2048': 2048 is not an integer in 1..1024", 2, "--grid", "2048");
	bad("--verbose takes no value", 1, "--verbose=1", NULL);
	{
		struct gl_err e = { "" };
		char *argv[] = { "1", "2", "3", "4", "5" };

		memset(&o, 0, sizeof(o));
		assert_false(gl_opts_parse("gcnlab t", opts, &o, 5, argv, pos, 4, &npos, &help, &e));
		assert_contains(e.msg, "unexpected argument '5'");
	}
}

static void test_help(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	gl_opts_print_help(f, opts);
	fclose(f);
	assert_contains(buf, "  --reps N          reps\n");
	assert_contains(buf, "  --grid X[,Y[,Z]]  grid\n");
	assert_contains(buf, "  --verbose         talk\n");
	assert_contains(buf, "  --help            this text\n");
	free(buf);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_values),
	cmocka_unit_test(test_errors),
	cmocka_unit_test(test_help))
