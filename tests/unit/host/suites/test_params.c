/*
 * test_params — gl_params: `gcnlab run --param KEY=VALUE,...` checked
 * against the suites being run, qualified keys winning over bare ones,
 * numbers, sizes and ':' lists with their bounds, --long defaults, and
 * every error naming what is wrong.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tu_main.h"
#include "tu_assert.h"

#include "suites/gl_params.h"

static const struct gl_suite_param lat_params[] = {
	{ "cus", "CUs" }, { "strides", "strides" }, { "footprints", "sizes" }, { NULL, NULL },
};
static const struct gl_suite_param banks_params[] = { { "cus", "CUs" }, { "waves", "waves" }, { NULL, NULL } };
static const struct gl_suite_params lat_set = { lat_params, NULL }, banks_set = { banks_params, NULL };
static const struct gl_suite lat = { .name = "latency", .params = &lat_set };
static const struct gl_suite banks = { .name = "lds_banks", .params = &banks_set };
static const struct gl_suite bare = { .name = "copy" };

static void ctx_with(struct gl_run_ctx *ctx, const char *text, bool long_run)
{
	memset(ctx, 0, sizeof(*ctx));
	snprintf(ctx->params, sizeof(ctx->params), "%s", text);
	ctx->long_run = long_run;
}

static void test_check(void **state)
{
	const struct gl_suite *both[] = { &lat, &banks }, *one[] = { &bare };
	struct gl_err e;
	(void)state;

	assert_true(gl_params_check("", both, 2, &e));
	assert_true(gl_params_check(NULL, both, 2, &e));
	assert_true(gl_params_check("cus=4,waves=8,latency.strides=1:8", both, 2, &e));
	/* a key nobody running reads: named, with the keys that exist */
	assert_false(gl_params_check("cus=4,wave=8", both, 2, &e));
	assert_contains(e.msg, "'wave'");
	assert_contains(e.msg, "lds_banks.waves");
	/* a qualified key belongs to its suite only */
	assert_false(gl_params_check("latency.waves=8", both, 2, &e));
	assert_contains(e.msg, "latency.waves");
	assert_false(gl_params_check("cus=4", one, 1, &e));
	assert_contains(e.msg, "none");
	/* malformed items and repeats */
	assert_false(gl_params_check("cus", both, 2, &e));
	assert_contains(e.msg, "KEY=VALUE");
	assert_false(gl_params_check("cus=", both, 2, &e));
	assert_false(gl_params_check("cus=1,cus=2", both, 2, &e));
	assert_contains(e.msg, "twice");
}

static void test_values(void **state)
{
	struct gl_run_ctx ctx;
	struct gl_err e;
	unsigned u;
	uint64_t v, list[GL_PARAMS_LIST_MAX];
	unsigned n;
	char buf[128];
	static const uint64_t def[] = { 1, 8, 32 };
	(void)state;

	/* qualified wins over bare, for its suite only */
	ctx_with(&ctx, "cus=4,latency.cus=8", false);
	assert_true(gl_params_uint(&ctx, "latency", "cus", 1, 1, 100, &u, &e));
	assert_int_equal(u, 8);
	assert_true(gl_params_uint(&ctx, "lds_banks", "cus", 1, 1, 100, &u, &e));
	assert_int_equal(u, 4);
	/* absent: the default, short or long */
	assert_true(gl_params_uint(&ctx, "latency", "waves", 16, 1, 100, &u, &e));
	assert_int_equal(u, 16);
	assert_int_equal(gl_params_pick(&ctx, 3, 30), 3);
	ctx.long_run = true;
	assert_int_equal(gl_params_pick(&ctx, 3, 30), 30);
	/* bounds and syntax */
	ctx_with(&ctx, "cus=200,steps=12x", false);
	assert_false(gl_params_uint(&ctx, "latency", "cus", 1, 1, 100, &u, &e));
	assert_contains(e.msg, "latency.cus");
	assert_contains(e.msg, "1..100");
	assert_false(gl_params_uint(&ctx, "latency", "steps", 64, 64, 1024, &u, &e));
	assert_contains(e.msg, "12x");
	/* sizes */
	ctx_with(&ctx, "warm_max=256M,zero=0", false);
	assert_true(gl_params_u64(&ctx, "latency", "warm_max", 0, 0, 1ull << 40, true, &v, &e));
	assert_int_equal(v, 256ull << 20);
	assert_true(gl_params_u64(&ctx, "latency", "zero", 5, 0, 10, true, &v, &e));
	assert_int_equal(v, 0);
	/* lists */
	ctx_with(&ctx, "strides=1:8:32:64,footprints=4K:1M:1G,bad=1::2,big=1:999", false);
	assert_true(gl_params_list(&ctx, "latency", "strides", def, 3, 0, 1024, false, list, &n, &e));
	assert_int_equal(n, 4);
	assert_int_equal(list[3], 64);
	assert_true(gl_params_list(&ctx, "latency", "footprints", def, 3, 4096, 1ull << 31, true, list, &n, &e));
	assert_int_equal(n, 3);
	assert_int_equal(list[2], 1ull << 30);
	gl_params_list_str(list, n, true, buf, sizeof(buf));
	assert_string_equal(buf, "4K:1M:1G");
	assert_true(gl_params_list(&ctx, "latency", "bad", def, 3, 0, 10, false, list, &n, &e));
	assert_int_equal(n, 2);  /* empty items between ':' are skipped */
	assert_false(gl_params_list(&ctx, "latency", "big", def, 3, 0, 100, false, list, &n, &e));
	assert_contains(e.msg, "999");
	assert_true(gl_params_list(&ctx, "latency", "absent", def, 3, 0, 100, false, list, &n, &e));
	assert_int_equal(n, 3);
	assert_int_equal(list[1], 8);
	gl_params_list_str(list, n, false, buf, sizeof(buf));
	assert_string_equal(buf, "1:8:32");
	/* a list of nothing */
	ctx_with(&ctx, "strides=:", false);
	assert_false(gl_params_list(&ctx, "latency", "strides", def, 3, 0, 100, false, list, &n, &e));
	assert_contains(e.msg, "at least one");
}

static void test_argv(void **state)
{
	char *argv[] = { "latency", "--param", "cus=2", "--reps", "3", "--param=strides=1:8", "--param", "",
	                 "--", "--param", "seed=9" };
	char out[64], tiny[8];
	struct gl_err e;
	(void)state;

	assert_true(gl_params_from_argv(11, argv, out, sizeof(out), &e));
	assert_string_equal(out, "cus=2,strides=1:8");   /* nothing after "--" */
	assert_false(gl_params_from_argv(11, argv, tiny, sizeof(tiny), &e));
	assert_contains(e.msg, "longer than 7");
	assert_true(gl_params_from_argv(1, argv, out, sizeof(out), &e));
	assert_string_equal(out, "");
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_check),
	cmocka_unit_test(test_values),
	cmocka_unit_test(test_argv))
