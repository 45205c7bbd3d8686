/*
 * test_args — gl_args: every argument form of `gcnlab exec`, every
 * error message, the launch dimensions, and the INIT fills.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tu_main.h"
#include "tu_assert.h"

#include "gpu/gl_args.h"

static struct gl_arg arg;

static void parse_ok(const char *text)
{
	struct gl_err e = { "" };

	if (!gl_args_parse(text, &arg, &e))
		fail_msg("'%s' rejected: %s", text, e.msg);
}

/* The argument must fail, its message must name the argument and contain
 * what. */
static void parse_bad(const char *text, const char *what)
{
	struct gl_err e = { "" };

	if (gl_args_parse(text, &arg, &e))
		fail_msg("'%s' accepted", text);
	assert_contains(e.msg, text);
	assert_contains(e.msg, what);
}

static void test_buffers(void **state)
{
	(void)state;
	parse_ok("buf:4096");
	assert_int_equal(arg.kind, GL_ARG_BUF);
	assert_true(gl_arg_is_buffer(&arg));
	assert_int_equal(arg.size, 4096);
	assert_int_equal(arg.init, GL_INIT_ZERO);

	parse_ok("buf:4K");
	assert_int_equal(arg.size, 4096);
	parse_ok("buf:3k");
	assert_int_equal(arg.size, 3072);
	parse_ok("buf:1M:iota32");
	assert_int_equal(arg.size, 1 << 20);
	assert_int_equal(arg.init, GL_INIT_IOTA32);
	parse_ok("buf:2G:zero");
	assert_int_equal(arg.size, 2ull << 30);
	assert_int_equal(arg.init, GL_INIT_ZERO);
	parse_ok("buf:16:rand:42");
	assert_int_equal(arg.init, GL_INIT_RAND);
	assert_int_equal(arg.seed, 42);
	parse_ok("buf:16:rand:0xffffffffffffffff");
	assert_true(arg.seed == UINT64_MAX);
	parse_ok("buf:8:file:/tmp/a:b");
	assert_int_equal(arg.init, GL_INIT_FILE);
	assert_string_equal(arg.init_path, "/tmp/a:b");
	parse_ok("buf:64G");
	assert_true(arg.size == GL_ARGS_SIZE_MAX);

	parse_ok("out:1M:/tmp/x.bin");
	assert_int_equal(arg.kind, GL_ARG_OUT);
	assert_true(gl_arg_is_buffer(&arg));
	assert_string_equal(arg.out_path, "/tmp/x.bin");
	assert_int_equal(arg.init, GL_INIT_ZERO);
	parse_ok("out:64:res.bin:iota32");
	assert_string_equal(arg.out_path, "res.bin");
	assert_int_equal(arg.init, GL_INIT_IOTA32);
	parse_ok("out:64:res.bin:rand:7");
	assert_int_equal(arg.init, GL_INIT_RAND);
	assert_int_equal(arg.seed, 7);
	parse_ok("out:64:res.bin:file:in.bin");
	assert_string_equal(arg.out_path, "res.bin");
	assert_string_equal(arg.init_path, "in.bin");
}

static void test_buffer_errors(void **state)
{
	(void)state;
	parse_bad("buf:", "buf:SIZE[:INIT]");
	parse_bad("buf", "expected buf:SIZE[:INIT]");
	parse_bad("buf:0", "greater than 0");
	parse_bad("buf:12Q", "K, M or G");
	parse_bad("buf:-1", "positive integer");
	parse_bad("buf:K", "positive integer");
	parse_bad("buf:65G", "too large");
	parse_bad("buf:99999999999999999999999", "too large");
	parse_bad("buf:4:bogus", "unknown INIT 'bogus'");
	parse_bad("buf:4:", "empty INIT");
	parse_bad("buf:6:iota32", "multiple of 4");
	parse_bad("buf:4:rand:x", "rand:SEED");
	parse_bad("buf:4:rand:", "rand:SEED");
	parse_bad("buf:4:rand:-3", "rand:SEED");
	parse_bad("buf:4:file:", "file:PATH needs a path");
	parse_bad("out:4", "output path is missing");
	parse_bad("out:4:", "output path is missing");
	parse_bad("out:4::zero", "output path is missing");
	parse_bad("out:4:x.bin:", "empty INIT");
	parse_bad("out:4:x.bin:nope", "unknown INIT 'nope'");
	parse_bad("out:", "out:SIZE:PATH[:INIT]");
	parse_bad("buf:123456789012345678901234567890123", "buf:SIZE[:INIT]");

	/* Paths longer than PATH_MAX. */
	{
		static char text[GL_ARGS_PATH_MAX + 64];
		struct gl_err e = { "" };

		strcpy(text, "buf:4:file:");
		memset(text + strlen(text), 'p', GL_ARGS_PATH_MAX);
		assert_false(gl_args_parse(text, &arg, &e));
		assert_contains(e.msg, "file path is too long");
		strcpy(text, "out:4:");
		memset(text + strlen(text), 'p', GL_ARGS_PATH_MAX);
		assert_false(gl_args_parse(text, &arg, &e));
		assert_contains(e.msg, "output path is too long");
	}
}

static void scalar_ok(const char *text, enum gl_arg_kind kind, const void *bytes, uint32_t size)
{
	parse_ok(text);
	assert_int_equal(arg.kind, kind);
	assert_false(gl_arg_is_buffer(&arg));
	assert_int_equal(arg.scalar_size, size);
	assert_memory_equal(arg.bytes, bytes, size);
}

static void test_scalars(void **state)
{
	uint32_t u32;
	int32_t i32;
	uint64_t u64;
	float f;
	double d;

	(void)state;
	u32 = 7;
	scalar_ok("u32:7", GL_ARG_U32, &u32, 4);
	u32 = UINT32_MAX;
	scalar_ok("u32:0xffffffff", GL_ARG_U32, &u32, 4);
	i32 = -5;
	scalar_ok("i32:-5", GL_ARG_I32, &i32, 4);
	i32 = INT32_MIN;
	scalar_ok("i32:-2147483648", GL_ARG_I32, &i32, 4);
	i32 = 0x7fffffff;
	scalar_ok("i32:0x7fffffff", GL_ARG_I32, &i32, 4);
	u64 = UINT64_MAX;
	scalar_ok("u64:18446744073709551615", GL_ARG_U64, &u64, 8);
	u64 = 0;
	scalar_ok("u64:0", GL_ARG_U64, &u64, 8);
	f = 1.5f;
	scalar_ok("f32:1.5", GL_ARG_F32, &f, 4);
	f = -0.25f;
	scalar_ok("f32:-2.5e-1", GL_ARG_F32, &f, 4);
	d = -2e300;
	scalar_ok("f64:-2e300", GL_ARG_F64, &d, 8);
	d = 0.1;
	scalar_ok("f64:0.1", GL_ARG_F64, &d, 8);
}

/* 1- and 2-byte kinds, bool, f16/bf16 rounding, bytes:HEX. Expected bit
 * patterns are IEEE binary16 / bfloat16 encodings worked by hand. */
static void test_small_scalars(void **state)
{
	static const uint8_t u8_255[] = { 0xff }, i8_m1[] = { 0xff }, i8_min[] = { 0x80 };
	static const uint8_t u16_max[] = { 0xff, 0xff }, i16_m2[] = { 0xfe, 0xff };
	static const uint8_t one[] = { 1 }, zero[] = { 0 };
	static const uint8_t h_one[] = { 0x00, 0x3c };        /* 1.0 = 0x3c00 */
	static const uint8_t h_m2[] = { 0x00, 0xc0 };         /* -2.0 = 0xc000 */
	static const uint8_t h_max[] = { 0xff, 0x7b };        /* 65504 = 0x7bff */
	static const uint8_t h_tiny[] = { 0x01, 0x00 };       /* 2^-24, smallest subnormal */
	static const uint8_t h_third[] = { 0x55, 0x35 };      /* 1/3 -> 0x3555 (RNE) */
	static const uint8_t b_one[] = { 0x80, 0x3f };        /* bf16 1.0 = 0x3f80 */
	static const uint8_t b_pi[] = { 0x49, 0x40 };         /* bf16 3.14159 = 0x4049 */
	static const uint8_t b_tie[] = { 0x80, 0x3f };        /* 1 + 2^-8: tie, even -> 0x3f80 */
	static const uint8_t b_above[] = { 0x81, 0x3f };      /* 1 + 2^-8 + 2^-30: above the tie -> 0x3f81 */
	static const uint8_t i64_m1[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const uint8_t st[] = { 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20, 0x40, 0xab };

	(void)state;
	scalar_ok("u8:255", GL_ARG_U8, u8_255, 1);
	scalar_ok("u8:0xff", GL_ARG_U8, u8_255, 1);
	scalar_ok("i8:-1", GL_ARG_I8, i8_m1, 1);
	scalar_ok("i8:-128", GL_ARG_I8, i8_min, 1);
	scalar_ok("u16:65535", GL_ARG_U16, u16_max, 2);
	scalar_ok("i16:-2", GL_ARG_I16, i16_m2, 2);
	scalar_ok("i64:-1", GL_ARG_I64, i64_m1, 8);
	scalar_ok("bool:1", GL_ARG_BOOL, one, 1);
	scalar_ok("bool:true", GL_ARG_BOOL, one, 1);
	scalar_ok("bool:false", GL_ARG_BOOL, zero, 1);
	scalar_ok("b8:1", GL_ARG_BOOL, one, 1);
	scalar_ok("f16:1", GL_ARG_F16, h_one, 2);
	scalar_ok("f16:-2", GL_ARG_F16, h_m2, 2);
	scalar_ok("f16:65504", GL_ARG_F16, h_max, 2);
	scalar_ok("f16:5.9604644775390625e-8", GL_ARG_F16, h_tiny, 2);
	scalar_ok("f16:0.333333333333", GL_ARG_F16, h_third, 2);
	scalar_ok("bf16:1", GL_ARG_BF16, b_one, 2);
	scalar_ok("bf16:3.14159", GL_ARG_BF16, b_pi, 2);
	scalar_ok("bf16:1.00390625", GL_ARG_BF16, b_tie, 2);
	scalar_ok("bf16:1.0039062509313226", GL_ARG_BF16, b_above, 2);
	scalar_ok("bytes:0100000000002040ab", GL_ARG_BYTES, st, 9);
	scalar_ok("bytes:01000000_00002040_AB", GL_ARG_BYTES, st, 9);
}

static void test_scalar_errors(void **state)
{
	(void)state;
	parse_bad("u32:4294967296", "out of range");
	parse_bad("u32:-1", "not an unsigned integer");
	parse_bad("u32:abc", "not an unsigned integer");
	parse_bad("u32:", "not an unsigned integer");
	parse_bad("u32:12x", "not an unsigned integer");
	parse_bad("i32:2147483648", "does not fit in i32");
	parse_bad("i32:-2147483649", "does not fit in i32");
	parse_bad("i32:", "not an integer");
	parse_bad("i32:1.5", "not an integer");
	parse_bad("u64:18446744073709551616", "out of range");
	parse_bad("u64: 5", "not an unsigned integer");
	parse_bad("f32:abc", "not a number");
	parse_bad("f32:", "not a number");
	parse_bad("f32:1e39", "overflows f32");
	parse_bad("f64:1e400", "overflows f64");
	parse_bad("f64:1.0x", "not a number");
	parse_bad("int:5", "u8:, i8:, u16:, i16:, u32:, i32:, u64:, i64:, f16:, bf16:, f32:, f64:, bool: (b8:) or bytes:HEX");
	parse_bad("u8:256", "out of range");
	parse_bad("u8:-1", "not an unsigned integer");
	parse_bad("i8:128", "does not fit in i8 (-128..127)");
	parse_bad("i8:-129", "does not fit in i8");
	parse_bad("u16:65536", "out of range");
	parse_bad("i16:-32769", "does not fit in i16 (-32768..32767)");
	parse_bad("i64:9223372036854775808", "does not fit in i64");
	parse_bad("f16:65520", "overflows f16");
	parse_bad("f16:x", "not a number");
	parse_bad("bf16:1e39", "overflows bf16");
	parse_bad("bool:2", "not a bool (0, 1, true or false)");
	parse_bad("b8:yes", "not a bool");
	parse_bad("bytes:", "at least one byte");
	parse_bad("bytes:123", "two hex digits per byte");
	parse_bad("bytes:0g", "two hex digits per byte");
	parse_bad("bytes:_00", "two hex digits per byte");
	parse_bad("bytes:00__11", "two hex digits per byte");
	parse_bad("5", "expected buf:SIZE");
}

static void test_sizes(void **state)
{
	struct gl_err e;
	uint64_t v;

	(void)state;
	assert_true(gl_args_parse_size("1", &v, &e));
	assert_int_equal(v, 1);
	assert_true(gl_args_parse_size("1K", &v, &e));
	assert_int_equal(v, 1024);
	assert_true(gl_args_parse_size("5m", &v, &e));
	assert_int_equal(v, 5 << 20);
	assert_true(gl_args_parse_size("1g", &v, &e));
	assert_int_equal(v, 1 << 30);
	assert_false(gl_args_parse_size("", &v, &e));
	assert_contains(e.msg, "positive integer");
	assert_false(gl_args_parse_size("1KB", &v, &e));
	assert_false(gl_args_parse_size("1.5M", &v, &e));
	assert_false(gl_args_parse_size("0x10", &v, &e));
}

static void dims_ok(const char *text, uint32_t x, uint32_t y, uint32_t z, unsigned n)
{
	struct gl_err e = { "" };
	uint32_t d[3];
	unsigned nd;

	if (!gl_args_parse_dims("--grid", text, UINT32_MAX, d, &nd, &e))
		fail_msg("'%s' rejected: %s", text, e.msg);
	assert_int_equal(d[0], x);
	assert_int_equal(d[1], y);
	assert_int_equal(d[2], z);
	assert_int_equal(nd, n);
}

static void dims_bad(const char *text, uint64_t max, const char *what)
{
	struct gl_err e = { "" };
	uint32_t d[3];
	unsigned nd;

	if (gl_args_parse_dims("--block", text, max, d, &nd, &e))
		fail_msg("'%s' accepted", text);
	assert_contains(e.msg, "--block");
	assert_contains(e.msg, what);
}

static void test_dims(void **state)
{
	(void)state;
	dims_ok("256", 256, 1, 1, 1);
	dims_ok("16,8", 16, 8, 1, 2);
	dims_ok("4,2,3", 4, 2, 3, 3);
	dims_ok("0x10,1", 16, 1, 1, 2);
	dims_ok("4294967295", UINT32_MAX, 1, 1, 1);
	dims_bad("", 1024, "X[,Y[,Z]]");
	dims_bad("0", 1024, "at least 1");
	dims_bad("4,0", 1024, "at least 1");
	dims_bad("1,,2", 1024, "X[,Y[,Z]]");
	dims_bad("1,", 1024, "X[,Y[,Z]]");
	dims_bad(",1", 1024, "X[,Y[,Z]]");
	dims_bad("1,2,3,4", 1024, "at most 3");
	dims_bad("a", 1024, "1..1024");
	dims_bad("2048", 1024, "1..1024");
	dims_bad("-4", 1024, "1..1024");
	dims_bad("1111111111,1111111111,1111111111,1111111111,1111111111,1111111111,1111111111,1111111111,1111111111,1",
	         UINT32_MAX, "X[,Y[,Z]]");
}

static void test_fill(void **state)
{
	struct gl_err e = { "" };
	uint8_t buf[24];
	uint32_t w;
	uint64_t q, s;

	(void)state;
	parse_ok("buf:24:iota32");
	memset(buf, 0xaa, sizeof(buf));
	assert_true(gl_args_fill(&arg, buf, &e));
	for (uint32_t i = 0; i < 6; i++) {
		memcpy(&w, buf + 4 * i, 4);
		assert_int_equal(w, i);
	}
	parse_ok("buf:24");
	assert_true(gl_args_fill(&arg, buf, &e));
	for (size_t i = 0; i < sizeof(buf); i++)
		assert_int_equal(buf[i], 0);

	/* splitmix64 reference vector: seed 0 gives 0xe220a8397b1dcdaf first. */
	s = 0;
	assert_true(gl_args_splitmix64(&s) == 0xe220a8397b1dcdafull);
	parse_ok("buf:20:rand:0");
	assert_true(gl_args_fill(&arg, buf, &e));
	memcpy(&q, buf, 8);
	assert_true(q == 0xe220a8397b1dcdafull);
	s = 0;
	gl_args_splitmix64(&s);
	gl_args_splitmix64(&s);
	q = gl_args_splitmix64(&s);
	/* 20 bytes: the third word contributes its low 4 bytes. */
	assert_memory_equal(buf + 16, &q, 4);
	/* Deterministic: the same seed fills the same bytes. */
	{
		uint8_t again[20];
		assert_true(gl_args_fill(&arg, again, &e));
		assert_memory_equal(again, buf, 20);
	}
}

static void test_fill_file(void **state)
{
	char dir[] = "/tmp/gcnlab-test-args-XXXXXX";
	char path[128], text[200];
	struct gl_err e = { "" };
	uint8_t buf[8];
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/in.bin", dir);
	f = fopen(path, "wb");
	assert_non_null(f);
	fwrite("ABCDEFGH", 1, 8, f);
	fclose(f);

	snprintf(text, sizeof(text), "buf:8:file:%s", path);
	parse_ok(text);
	assert_true(gl_args_fill(&arg, buf, &e));
	assert_memory_equal(buf, "ABCDEFGH", 8);

	snprintf(text, sizeof(text), "buf:16:file:%s", path);
	parse_ok(text);
	assert_false(gl_args_fill(&arg, buf, &e));
	assert_contains(e.msg, "has 8 bytes, the buffer has 16");

	snprintf(text, sizeof(text), "buf:8:file:%s/missing.bin", dir);
	parse_ok(text);
	assert_false(gl_args_fill(&arg, buf, &e));
	assert_contains(e.msg, "cannot open");
	assert_contains(e.msg, "missing.bin");

	snprintf(text, sizeof(text), "buf:8:file:%s", dir);
	parse_ok(text);
	assert_false(gl_args_fill(&arg, buf, &e));
	assert_contains(e.msg, "not a regular file");

	unlink(path);
	rmdir(dir);
}

TU_MAIN(NULL, NULL,
	cmocka_unit_test(test_buffers),
	cmocka_unit_test(test_buffer_errors),
	cmocka_unit_test(test_scalars),
	cmocka_unit_test(test_scalar_errors),
	cmocka_unit_test(test_small_scalars),
	cmocka_unit_test(test_sizes),
	cmocka_unit_test(test_dims),
	cmocka_unit_test(test_fill),
	cmocka_unit_test(test_fill_file))
