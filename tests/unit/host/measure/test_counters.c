/*
 * test_counters — the host side of counters and trace: result columns
 * added after the rows are in (gl_table_add_col / gl_table_set_cell /
 * gl_counters_table_row), counter lookup and printing, the trace printout
 * (rows, not-executed rows, totals per cause) and the exec argument list
 * gcnlab trace builds from a suite launch.
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

#include "measure/gl_counters.h"
#include "report/gl_results.h"
#include "measure/gl_trace.h"
#include "suites/gl_suite.h"

static void counters_of(struct gl_counters *c, unsigned n, const char *const *names, const uint64_t *values)
{
	memset(c, 0, sizeof(*c));
	c->valid = true;
	c->c.count = n;
	for (unsigned i = 0; i < n; i++) {
		snprintf(c->c.name[i], GCNLAB_COUNTER_NAME_MAX, "%s", names[i]);
		c->c.value[i] = values[i];
	}
}

/* Text a FILE-writing function produced. */
static char *capture(void (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	fn(f, arg);
	fclose(f);
	return buf;
}

static void test_table_columns(void **state)
{
	(void)state;
	const char *cols[] = { "kernel", "µs" };
	struct gl_table *t = gl_table_new("t", 2, cols);
	const char *r0[] = { "a", "1.0" }, *r1[] = { "b", "2.0" };

	assert_non_null(t);
	assert_true(gl_table_add_row(t, r0));
	assert_true(gl_table_add_row(t, r1));
	assert_int_equal(gl_table_col(t, "µs"), 1);
	assert_int_equal(gl_table_col(t, "nope"), -1);
	int c = gl_table_add_col(t, "SQ_INSTS");
	assert_int_equal(c, 2);
	/* old rows got an empty cell, their cells are untouched */
	assert_string_equal(gl_table_cell(t, 0, 2), "");
	assert_string_equal(gl_table_cell(t, 1, 0), "b");
	assert_true(gl_table_set_cell(t, 1, 2, "42"));
	assert_string_equal(gl_table_cell(t, 1, 2), "42");
	assert_false(gl_table_set_cell(t, 2, 0, "x"));
	assert_false(gl_table_set_cell(t, 0, 3, "x"));
	gl_table_free(t);
}

static void test_counters_table_row(void **state)
{
	(void)state;
	const char *cols[] = { "kernel" };
	struct gl_table *t = gl_table_new("t", 1, cols);
	const char *r0[] = { "a" }, *r1[] = { "b" };
	const char *names[] = { "SQ_WAVES", "SQ_LDS_BANK_CONFLICT" };
	const uint64_t v0[] = { 4, 62 }, v1[] = { 8, 0 };
	struct gl_counters c0, c1, none = { 0 };
	char *csv = NULL;
	size_t len = 0;
	FILE *f;

	assert_true(gl_table_add_row(t, r0));
	assert_true(gl_table_add_row(t, r1));
	counters_of(&c0, 2, names, v0);
	counters_of(&c1, 2, names, v1);
	assert_true(gl_counters_table_row(t, 0, &c0));
	assert_true(gl_counters_table_row(t, 1, &c1));
	assert_true(gl_counters_table_row(t, 1, &none));  /* ROCr: nothing */
	f = open_memstream(&csv, &len);
	gl_table_emit_csv(t, f);
	fclose(f);
	/* Result columns are snake_case: the counters' names in lower case. */
	assert_contains(csv, "kernel,sq_waves,sq_lds_bank_conflict");
	assert_contains(csv, "a,4,62");
	assert_contains(csv, "b,8,0");
	free(csv);
	gl_table_free(t);
}

static void print_counters(FILE *f, const void *c)
{
	gl_counters_print(f, c);
}

static void test_counters_get_print(void **state)
{
	(void)state;
	const char *names[] = { "SQ_INSTS", "TCC_HIT" };
	const uint64_t v[] = { 5928, 16384 };
	struct gl_counters c, none = { 0 };
	uint64_t x = 0;
	char *text;

	counters_of(&c, 2, names, v);
	assert_true(gl_counters_get(&c, "TCC_HIT", &x));
	assert_int_equal(x, 16384);
	assert_false(gl_counters_get(&c, "TCC_MISS", &x));
	assert_false(gl_counters_get(&none, "SQ_INSTS", &x));
	text = capture(print_counters, &c);
	assert_contains(text, "SQ_INSTS");
	assert_contains(text, "5928");
	assert_contains(text, "all wave-instructions issued");
	free(text);
	text = capture(print_counters, &none);
	assert_contains(text, "not available on ROCr");
	assert_contains(text, "rocprofv3 --pmc");
	free(text);
	assert_string_equal(gl_counters_meaning("NOT_A_COUNTER"), "");
}

struct trace_arg {
	const struct gcnlab_emu_trace_row *rows;
	size_t n;
	int wave;
	const char *sort;
	unsigned top, ndispatch;
};

static void print_trace(FILE *f, const void *p)
{
	const struct trace_arg *a = p;
	struct gl_trace_view v = { .wave = a->wave, .waves = 4, .sort = a->sort, .top = a->top,
	                           .dispatch = a->ndispatch, .ndispatch = a->ndispatch };
	gl_trace_print(f, "k", a->rows, a->n, &v);
}

/* One trace row: offset, text, issues, cycles (no stalls). */
static void set_row(struct gcnlab_emu_trace_row *r, uint32_t offset, const char *text, uint64_t issues,
                    uint64_t cycles)
{
	memset(r, 0, sizeof(*r));
	r->offset = offset;
	snprintf(r->text, sizeof(r->text), "%s", text);
	r->issues = issues;
	r->cycles = cycles;
}

static void test_trace_print(void **state)
{
	(void)state;
	struct gcnlab_emu_trace_row rows[3];
	char *text;

	set_row(&rows[0], 0, "s_load_dwordx4 s[4:7], s[0:1], 0x0", 4, 2660);
	rows[0].stall[GCNLAB_STALL_ICACHE] = 2644;
	set_row(&rows[1], 8, "s_nop 0", 0, 0);  /* never reached */
	set_row(&rows[2], 12, "s_waitcnt vmcnt(0)", 4, 340);
	rows[2].stall[GCNLAB_STALL_VMCNT] = 300;
	rows[2].stall[GCNLAB_STALL_LDS_BANK] = 24;
	struct trace_arg a = { rows, 3, -1, NULL, 0, 0 };
	text = capture(print_trace, &a);
	assert_contains(text, "trace of k: all 4 waves, summed");
	assert_contains(text, "icache 2644");
	assert_contains(text, "665.0");                          /* avg cycles */
	assert_contains(text, "vmcnt 300, lds-bank 24");
	assert_contains(text, "total: 8 issues, 3000 cycles charged");
	assert_contains(text, "stalls: vmcnt 300, lgkmcnt 0");
	/* the row never executed is shown with dashes */
	assert_contains(text, "0x000008         -");
	free(text);
	a.wave = 9;
	a.n = 0;
	text = capture(print_trace, &a);
	assert_contains(text, "wave 9 of 4");
	assert_contains(text, "no such wave");
	free(text);
	assert_string_equal(gl_trace_cause_name(GCNLAB_STALL_VMEM_QUEUE), "vmem-queue");
}

/* mfma-pipe is counted where the gemm suite counts it; --sort, --top and
 * the cold/warm header. */
static void test_trace_mfma_sort_top(void **state)
{
	(void)state;
	struct gcnlab_emu_trace_row rows[3];
	uint64_t st[GL_TRACE_CAUSES];
	struct gl_err e;
	char *text;

	/* 40 issue + 60 lgkmcnt + 600 matrix core */
	set_row(&rows[0], 0, "v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]", 10, 700);
	rows[0].stall[GCNLAB_STALL_LGKMCNT] = 60;
	set_row(&rows[1], 8, "s_waitcnt vmcnt(0)", 10, 900);
	rows[1].stall[GCNLAB_STALL_VMCNT] = 880;
	set_row(&rows[2], 12, "v_add_f32 v0, v1, v2", 10, 1000);  /* not an MFMA: no mfma-pipe however long */
	assert_int_equal(gl_trace_row_stalls(&rows[0], st), 660);
	assert_int_equal(st[GL_TRACE_MFMA_PIPE], 600);
	assert_int_equal(gl_trace_row_stalls(&rows[2], st), 0);
	assert_string_equal(gl_trace_cause_name(GL_TRACE_MFMA_PIPE), "mfma-pipe");

	struct trace_arg a = { rows, 3, -1, "stall", 2, 1 };
	text = capture(print_trace, &a);
	assert_contains(text, "its first dispatch, cold");
	assert_contains(text, "(2 of 3 instructions, by stall)");
	assert_contains(text, "lgkmcnt 60, mfma-pipe 600");
	assert_contains(text, "mfma-pipe 600\n");         /* the totals count it too */
	assert_true(strstr(text, "s_waitcnt") < strstr(text, "v_mfma"));  /* 880 before 660 */
	assert_null(strstr(text, "v_add_f32"));              /* --top 2 */
	free(text);
	a.sort = "mfma-pipe";
	a.top = 1;
	a.ndispatch = 4;
	text = capture(print_trace, &a);
	assert_contains(text, "dispatch 4 of 4 (warm)");
	assert_non_null(strstr(text, "v_mfma"));
	assert_null(strstr(text, "s_waitcnt vmcnt(0)"));
	free(text);
	assert_true(gl_trace_sort_check("--sort", "cycles", &e));
	assert_true(gl_trace_sort_check("--sort", "lds-bank", &e));
	assert_false(gl_trace_sort_check("--sort", "cycle", &e));
	assert_contains(e.msg, "--sort 'cycle'");
}

static void test_exec_argv(void **state)
{
	(void)state;
	struct gl_suite_launch l;
	static char store[32][GL_SUITES_ARG_LEN];
	char *argv[32];

	memset(&l, 0, sizeof(l));
	snprintf(l.code, sizeof(l.code), "/b/gfx942/copy.co");
	snprintf(l.kernel, sizeof(l.kernel), "copy_256_4_64_256");
	l.dims = 1;
	l.grid[0] = l.block[0] = 256;
	l.grid[1] = l.grid[2] = l.block[1] = l.block[2] = 1;
	l.nargs = 2;
	snprintf(l.args[0], sizeof(l.args[0]), "buf:1048576:iota32");
	snprintf(l.args[1], sizeof(l.args[1]), "buf:1048576");
	unsigned n = gl_suites_exec_argv(&l, store, argv, 32);
	assert_int_equal(n, 8);
	assert_string_equal(argv[0], "/b/gfx942/copy.co");
	assert_string_equal(argv[1], "copy_256_4_64_256");
	assert_string_equal(argv[2], "--grid");
	assert_string_equal(argv[3], "256");
	assert_string_equal(argv[5], "256");
	assert_string_equal(argv[7], "buf:1048576");
	l.dims = 2;
	l.grid[1] = 16;
	l.dynamic_lds = 1024;
	n = gl_suites_exec_argv(&l, store, argv, 32);
	assert_int_equal(n, 10);
	assert_string_equal(argv[3], "256,16");
	assert_string_equal(argv[6], "--dynamic-lds");
	assert_string_equal(argv[7], "1024");
	assert_int_equal(gl_suites_exec_argv(&l, store, argv, 9), 0);  /* too small */
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_table_columns),
	cmocka_unit_test(test_counters_table_row),
	cmocka_unit_test(test_counters_get_print),
	cmocka_unit_test(test_trace_print),
		cmocka_unit_test(test_trace_mfma_sort_top),
	cmocka_unit_test(test_exec_argv))
