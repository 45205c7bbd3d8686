/*
 * test_kernarg — gl_kernarg against metadata clang writes: a small
 * HIP file is compiled in the set-up (at -O3, where only the hidden
 * arguments the kernel uses are listed, and at -O0, where clang lists the
 * whole code object v5 implicit block), read with gcn_codeobj, packed, and
 * every byte of the segment is checked. Hand-made metadata covers the kinds
 * clang does not emit for gfx942 (private/shared base, printf buffer) and
 * the error paths.
 *
 * clang: $GCNLAB_LLVM_BIN or $LLVM_BIN, default /usr/lib/llvm-19/bin.
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

#include "gcn_codeobj.h"
#include "tu_tools.h"
#include "gpu/gl_kernarg.h"
#include "tu_files.h"

/* __global__ spelled out: no HIP headers (-nogpuinc). */
static const char hip_src[] =
	"#define __global__ __attribute__((global))\n"
	"typedef int int4v __attribute__((ext_vector_type(4)));\n"
	"extern \"C\" __global__ void k(const int4v *in, int4v *out, unsigned n, double d)\n"
	"{\n"
	"  extern __attribute__((shared)) int dyn[];\n"
	"  unsigned t = __builtin_amdgcn_workitem_id_x();\n"
	"  unsigned i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() + t;\n"
	"  dyn[t] = (int)__builtin_amdgcn_workgroup_size_y();\n"
	"  if (i < n)\n"
	"    out[i] = in[i] + (int)d + dyn[0];\n"
	"}\n"
	"extern \"C\" __global__ void kc(int *out, char c) { out[0] = c; }\n";

struct state {
	char dir[128];
	struct gcn_codeobj o3, o0;
};

static int compile_and_parse(struct state *s, const char *opt, struct gcn_codeobj *co)
{
	char cmd[1024], path[256], err[256];
	FILE *f;
	long size;
	void *data;
	int ok;

	/* --no-gpu-bundle-output: a plain ELF code object, not a clang
	 * offload bundle. */
	snprintf(path, sizeof(path), "%s/k%s.co", s->dir, opt);
	snprintf(cmd, sizeof(cmd),
	         "%s/clang -x hip --cuda-device-only --no-gpu-bundle-output -nogpulib -nogpuinc "
	         "--offload-arch=gfx942 -%s -o %s %s/k.hip", tu_llvm_bin(), opt, path, s->dir);
	if (system(cmd) != 0) {
		fprintf(stderr, "setup: '%s' failed\n", cmd);
		return -1;
	}
	f = fopen(path, "rb");
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	data = malloc((size_t)size);
	if (!data || fread(data, 1, (size_t)size, f) != (size_t)size) {
		fclose(f);
		free(data);
		return -1;
	}
	fclose(f);
	ok = gcn_codeobj_parse(data, (size_t)size, co, err, sizeof(err));
	free(data);
	unlink(path);
	if (!ok) {
		fprintf(stderr, "setup: gcn_codeobj_parse: %s\n", err);
		return -1;
	}
	return 0;
}

static int setup(void **pstate)
{
	struct state *s = calloc(1, sizeof(*s));
	char path[256];
	FILE *f;

	if (!s)
		return -1;
	if (!tu_tmpdir(s->dir, sizeof(s->dir), "test-kernarg"))
		return -1;
	snprintf(path, sizeof(path), "%s/k.hip", s->dir);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(hip_src, f);
	fclose(f);
	if (compile_and_parse(s, "O3", &s->o3) || compile_and_parse(s, "O0", &s->o0))
		return -1;
	unlink(path);
	rmdir(s->dir);
	*pstate = s;
	return 0;
}

static int teardown(void **pstate)
{
	struct state *s = *pstate;

	gcn_codeobj_free(&s->o3);
	gcn_codeobj_free(&s->o0);
	free(s);
	return 0;
}

/* The launch every test packs: a 2-D grid with partial workgroups in X and Y. */
static const struct gl_kernarg_launch launch = {
	.grid = { 100, 6, 1 },
	.block = { 32, 4, 1 },
	.dims = 2,
	.dynamic_lds = 512,
	.queue_ptr = 0x1122334455667788ull,
	.private_base = 0xaabbccddu,
	.shared_base = 0x11223344u,
};

static const uint64_t addr_in = 0x00007f0012340000ull, addr_out = 0x00007f00abcd0000ull;

static void vals_for_k(struct gl_kernarg_val v[4])
{
	uint32_t n = 77;
	double d = 2.5;

	memset(v, 0, 4 * sizeof(*v));
	v[0] = (struct gl_kernarg_val){ .kind = GL_KV_BUFFER, .address = addr_in, .label = "buf:1M" };
	v[1] = (struct gl_kernarg_val){ .kind = GL_KV_BUFFER, .address = addr_out, .label = "out:1M:x" };
	v[2] = (struct gl_kernarg_val){ .kind = GL_KV_SCALAR, .size = 4, .label = "u32:77" };
	memcpy(v[2].bytes, &n, 4);
	v[3] = (struct gl_kernarg_val){ .kind = GL_KV_SCALAR, .size = 8, .label = "f64:2.5" };
	memcpy(v[3].bytes, &d, 8);
}

static uint64_t le(const uint8_t *p, uint32_t size)
{
	uint64_t v = 0;

	memcpy(&v, p, size);
	return v;
}

/* The value each hidden kind must hold for `launch` — worked out by hand
 * from AMDGPUUsage and ROCm's device library, not from gl_kernarg. Kinds
 * per axis (<kind>_x, _y, _z) first, then the others. */
static const struct {
	const char *kind;
	uint32_t size;
	uint64_t value[3];      /* x, y, z */
} expect_hidden_xyz[] = {
	{ "hidden_block_count", 4, { 3, 1, 1 } },     /* 100 / 32, 6 / 4 full workgroups */
	{ "hidden_group_size", 2, { 32, 4, 1 } },
	{ "hidden_remainder", 2, { 4, 2, 0 } },       /* 100 - 3 * 32, 6 - 4 */
	{ "hidden_global_offset", 8, { 0, 0, 0 } },
};

static const struct {
	const char *kind;
	uint32_t size;
	uint64_t value;
} expect_hidden[] = {
	{ "hidden_grid_dims", 2, 2 },
	{ "hidden_dynamic_lds_size", 4, 512 },
	{ "hidden_queue_ptr", 8, 0x1122334455667788ull },
	{ "hidden_private_base", 4, 0xaabbccddu },
	{ "hidden_shared_base", 4, 0x11223344u },
};

/* 8-byte pointers to services of the HIP runtime that a gcnlab launch
 * does not offer (and padding, hidden_none): all NULL. */
static const char *const null_hidden[] = {
	"hidden_hostcall_buffer", "hidden_printf_buffer", "hidden_multigrid_sync_arg", "hidden_heap_v1",
	"hidden_default_queue", "hidden_completion_action", "hidden_none",
};

/* What hidden kind `kind` must hold: its size and value; false for a kind
 * this test does not know. */
static bool expected_hidden(const char *kind, uint32_t *size, uint64_t *value)
{
	size_t n = strlen(kind);

	for (size_t i = 0; i < sizeof(expect_hidden_xyz) / sizeof(expect_hidden_xyz[0]); i++) {
		size_t m = strlen(expect_hidden_xyz[i].kind);

		if (n == m + 2 && !strncmp(kind, expect_hidden_xyz[i].kind, m) && kind[m] == '_' &&
		    kind[m + 1] >= 'x' && kind[m + 1] <= 'z') {
			*size = expect_hidden_xyz[i].size;
			*value = expect_hidden_xyz[i].value[kind[m + 1] - 'x'];
			return true;
		}
	}
	for (size_t i = 0; i < sizeof(expect_hidden) / sizeof(expect_hidden[0]); i++) {
		if (!strcmp(kind, expect_hidden[i].kind)) {
			*size = expect_hidden[i].size;
			*value = expect_hidden[i].value;
			return true;
		}
	}
	for (size_t i = 0; i < sizeof(null_hidden) / sizeof(null_hidden[0]); i++) {
		if (!strcmp(kind, null_hidden[i])) {
			*size = 8;
			*value = 0;
			return true;
		}
	}
	return false;
}

/* Check the whole segment: explicit values, hidden values, zeros elsewhere.
 * Returns the number of hidden kinds checked. */
static unsigned check_segment(const struct gcn_kernel *k, const uint8_t *seg, size_t size,
                              const struct gl_kernarg_val *vals)
{
	uint8_t *covered = calloc(size, 1);
	unsigned nhidden = 0, v = 0;

	assert_non_null(covered);
	for (uint32_t i = 0; i < k->nargs; i++) {
		const struct gcn_kernarg *a = &k->args[i];
		uint64_t got;

		assert_true(a->offset + a->size <= size);
		got = le(seg + a->offset, a->size);
		memset(covered + a->offset, 1, a->size);
		if (!a->hidden) {
			const struct gl_kernarg_val *val = &vals[v++];
			uint64_t want = val->kind == GL_KV_BUFFER ? val->address : le(val->bytes, val->size);

			if (got != want)
				fail_msg("explicit argument %u at %u: 0x%llx, want 0x%llx", v - 1, a->offset,
				         (unsigned long long)got, (unsigned long long)want);
			continue;
		}
		uint32_t want_size;
		uint64_t want;
		if (!expected_hidden(a->value_kind, &want_size, &want))
			fail_msg("clang emitted %s, which this test does not know", a->value_kind);
		assert_int_equal(a->size, want_size);
		if (got != want)
			fail_msg("%s at %u: 0x%llx, want 0x%llx", a->value_kind, a->offset,
			         (unsigned long long)got, (unsigned long long)want);
		nhidden++;
	}
	for (size_t i = 0; i < size; i++)
		if (!covered[i] && seg[i] != 0)
			fail_msg("byte %zu belongs to no argument but is 0x%02x", i, seg[i]);
	free(covered);
	return nhidden;
}

static bool has_kind(const struct gcn_kernel *k, const char *kind)
{
	for (uint32_t i = 0; i < k->nargs; i++)
		if (strcmp(k->args[i].value_kind, kind) == 0)
			return true;
	return false;
}

/* k's metadata lists each of kinds[] (NULL-terminated). */
static void has_kinds(const struct gcn_kernel *k, const char *const *kinds)
{
	for (; *kinds; kinds++)
		if (!has_kind(k, *kinds))
			fail_msg("kernel %s lists no %s argument", k->name, *kinds);
}

/* Pack k's segment for vals_for_k and the launch into a buffer first filled
 * with fill (pack must clear what it does not set); check_segment must
 * find at least min_hidden hidden arguments right. */
static void pack_checked(const struct gcn_kernel *k, uint8_t fill, unsigned min_hidden)
{
	struct gl_kernarg_val v[4];
	struct gl_err e = { "" };
	uint8_t *seg = malloc(k->kernarg_size);

	assert_non_null(seg);
	vals_for_k(v);
	memset(seg, fill, k->kernarg_size);
	if (!gl_kernarg_pack(k, v, 4, &launch, seg, k->kernarg_size, &e))
		fail_msg("pack: %s", e.msg);
	assert_true(check_segment(k, seg, k->kernarg_size, v) >= min_hidden);
	free(seg);
}

static void test_pack_o3(void **pstate)
{
	struct state *s = *pstate;
	const struct gcn_kernel *k = gcn_codeobj_find_kernel(&s->o3, "k");

	assert_non_null(k);
	assert_int_equal(gl_kernarg_explicit_count(k), 4);
	/* What makes this test meaningful: clang lists these for this kernel. */
	has_kinds(k, (const char *const[]){ "hidden_block_count_x", "hidden_group_size_y", "hidden_remainder_x",
	                                    "hidden_grid_dims", "hidden_dynamic_lds_size", NULL });
	pack_checked(k, 0xa5, 11);
}

static void test_pack_o0(void **pstate)
{
	struct state *s = *pstate;
	const struct gcn_kernel *k = gcn_codeobj_find_kernel(&s->o0, "k");

	assert_non_null(k);
	has_kinds(k, (const char *const[]){ "hidden_queue_ptr", "hidden_heap_v1", "hidden_hostcall_buffer",
	                                    "hidden_completion_action", NULL });
	pack_checked(k, 0x5a, 19);
}

static void test_pack_3d(void **pstate)
{
	struct state *s = *pstate;
	const struct gcn_kernel *k = gcn_codeobj_find_kernel(&s->o3, "k");
	struct gl_kernarg_launch l = { .grid = { 64, 64, 10 }, .block = { 16, 16, 4 }, .dims = 3 };
	struct gl_kernarg_val v[4];
	struct gl_err e = { "" };
	uint8_t seg[512];

	assert_non_null(k);
	assert_true(k->kernarg_size <= sizeof(seg));
	vals_for_k(v);
	assert_true(gl_kernarg_pack(k, v, 4, &l, seg, k->kernarg_size, &e));
	for (uint32_t i = 0; i < k->nargs; i++) {
		const struct gcn_kernarg *a = &k->args[i];
		uint64_t got = le(seg + a->offset, a->size);

		if (strcmp(a->value_kind, "hidden_block_count_z") == 0)
			assert_int_equal(got, 2);     /* 10 / 4 */
		else if (strcmp(a->value_kind, "hidden_remainder_z") == 0)
			assert_int_equal(got, 2);     /* 10 - 2 * 4 */
		else if (strcmp(a->value_kind, "hidden_remainder_x") == 0)
			assert_int_equal(got, 0);     /* 64 = 4 * 16 */
		else if (strcmp(a->value_kind, "hidden_block_count_x") == 0)
			assert_int_equal(got, 4);
		else if (strcmp(a->value_kind, "hidden_grid_dims") == 0)
			assert_int_equal(got, 3);
		else if (strcmp(a->value_kind, "hidden_dynamic_lds_size") == 0)
			assert_int_equal(got, 0);
	}
}

static void pack_bad(const struct gcn_kernel *k, const struct gl_kernarg_val *v, uint32_t n,
                     const struct gl_kernarg_launch *l, size_t size, const char *what)
{
	uint8_t seg[512];
	struct gl_err e = { "" };

	assert_true(size <= sizeof(seg));
	if (gl_kernarg_pack(k, v, n, l, seg, size, &e))
		fail_msg("pack accepted, expected \"%s\"", what);
	assert_contains(e.msg, k->name);
	assert_contains(e.msg, what);
}

static void test_errors(void **pstate)
{
	struct state *s = *pstate;
	const struct gcn_kernel *k = gcn_codeobj_find_kernel(&s->o3, "k");
	const struct gcn_kernel *kc = gcn_codeobj_find_kernel(&s->o3, "kc");
	struct gl_kernarg_val v[4], w[4];
	struct gl_kernarg_launch l = launch;
	struct gl_err e;

	assert_non_null(k);
	assert_non_null(kc);
	vals_for_k(v);
	pack_bad(k, v, 3, &launch, k->kernarg_size, "takes 4 explicit arguments, 3 given");
	pack_bad(k, v, 0, &launch, k->kernarg_size, "takes 4 explicit arguments, 0 given");

	memcpy(w, v, sizeof(w));
	w[0] = v[2];   /* a scalar where a pointer goes */
	pack_bad(k, w, 4, &launch, k->kernarg_size, "is a pointer: pass buf:SIZE");
	assert_true(!gl_kernarg_check(k, w, 4, &e));
	assert_contains(e.msg, "u32:77");

	memcpy(w, v, sizeof(w));
	w[2] = v[0];   /* a buffer where a u32 goes */
	pack_bad(k, w, 4, &launch, k->kernarg_size, "argument 3 (by_value, 4 bytes) is a value: pass u32:, i32: or f32:");

	memcpy(w, v, sizeof(w));
	w[3] = v[2];   /* u32 for a double */
	pack_bad(k, w, 4, &launch, k->kernarg_size, "argument 4 (by_value, 8 bytes): 'u32:77' is 4 bytes; pass u64:, i64:, f64:");

	{
		struct gl_kernarg_val c[2] = {
			{ .kind = GL_KV_BUFFER, .address = 0x1000, .label = "buf:4" },
			{ .kind = GL_KV_SCALAR, .size = 4, .label = "u32:1", .bytes = { 1 } },
		};
		pack_bad(kc, c, 2, &launch, kc->kernarg_size, "1 bytes): 'u32:1' is 4 bytes; pass u8:, i8: or bool: with 1 bytes");
	}

	/* A segment smaller than the metadata's layout. */
	pack_bad(k, v, 4, &launch, 24, "past the 24-byte kernarg segment");

	l.block[0] = 70000;
	pack_bad(k, v, 4, &l, k->kernarg_size, "16-bit hidden_group_size");
	l = launch;
	l.grid[1] = 0;
	pack_bad(k, v, 4, &l, k->kernarg_size, "at least 1");
	l = launch;
	l.dims = 4;
	pack_bad(k, v, 4, &l, k->kernarg_size, "1, 2 or 3");
}

/* Metadata as a pre-gfx9 target or an older code object would list it. */
static void test_handmade(void **pstate)
{
	struct gcn_kernarg args[] = {
		{ .value_kind = "global_buffer", .offset = 0, .size = 8 },
		{ .value_kind = "hidden_printf_buffer", .offset = 8, .size = 8, .hidden = true },
		{ .value_kind = "hidden_private_base", .offset = 16, .size = 4, .hidden = true },
		{ .value_kind = "hidden_shared_base", .offset = 20, .size = 4, .hidden = true },
		{ .value_kind = "hidden_none", .offset = 24, .size = 8, .hidden = true },
		{ .value_kind = "hidden_tool_correlation_id", .offset = 32, .size = 8, .hidden = true },
		{ .value_kind = "hidden_queue_ptr", .offset = 40, .size = 8, .hidden = true },
	};
	struct gcn_kernel k = { .name = "hand", .kernarg_size = 48, .nargs = 7, .args = args };
	struct gl_kernarg_val v = { .kind = GL_KV_BUFFER, .address = 0xdeadbeef000ull, .label = "buf:4" };
	struct gl_err e = { "" };
	uint8_t seg[48];

	(void)pstate;
	memset(seg, 0xee, sizeof(seg));
	if (!gl_kernarg_pack(&k, &v, 1, &launch, seg, sizeof(seg), &e))
		fail_msg("pack: %s", e.msg);
	assert_int_equal(le(seg + 0, 8), 0xdeadbeef000ull);
	assert_int_equal(le(seg + 8, 8), 0);
	assert_int_equal(le(seg + 16, 4), 0xaabbccddu);
	assert_int_equal(le(seg + 20, 4), 0x11223344u);
	assert_int_equal(le(seg + 24, 8), 0);
	assert_int_equal(le(seg + 32, 8), 0);
	assert_true(le(seg + 40, 8) == 0x1122334455667788ull);

	/* A hidden argument whose size disagrees with AMDGPUUsage. */
	args[2] = (struct gcn_kernarg){ .value_kind = "hidden_block_count_x", .offset = 16, .size = 8,
	                                .hidden = true };
	pack_bad(&k, &v, 1, &launch, sizeof(seg), "hidden_block_count_x 8 bytes; AMDGPUUsage defines it as 4");

	/* An explicit kind gcnlab cannot pass. */
	args[0] = (struct gcn_kernarg){ .name = "lds", .value_kind = "dynamic_shared_pointer", .offset = 0,
	                                .size = 4 };
	pack_bad(&k, &v, 1, &launch, sizeof(seg), "argument 1 ('lds', dynamic_shared_pointer, 4 bytes)");
}

/* By-value arguments of 1, 2 and 12 bytes (bool, half, a struct of three
 * floats) land at their .offset with exactly their bytes; the rest of the
 * segment stays zero. A struct of the wrong size names the argument, its
 * metadata type and size. */
static void test_by_value_kinds(void **pstate)
{
	struct gcn_kernarg args[] = {
		{ .name = "flag", .value_kind = "by_value", .offset = 0, .size = 1 },
		{ .name = "h", .value_kind = "by_value", .offset = 2, .size = 2 },
		{ .name = "s", .value_kind = "by_value", .type_name = "struct abc", .offset = 4, .size = 12 },
		{ .value_kind = "hidden_block_count_x", .offset = 16, .size = 4, .hidden = true },
	};
	struct gcn_kernel k = { .name = "bv", .kernarg_size = 24, .nargs = 4, .args = args };
	struct gl_kernarg_val v[3] = {
		{ .kind = GL_KV_SCALAR, .size = 1, .bytes = { 1 }, .label = "bool:1" },
		{ .kind = GL_KV_SCALAR, .size = 2, .bytes = { 0x00, 0x3c }, .label = "f16:1" },
		{ .kind = GL_KV_SCALAR, .size = 12, .label = "bytes:..." },
	};
	struct gl_err e = { "" };
	uint8_t seg[24];

	(void)pstate;
	for (unsigned i = 0; i < 12; i++)
		v[2].bytes[i] = (uint8_t)(0xa0 + i);
	memset(seg, 0xee, sizeof(seg));
	if (!gl_kernarg_pack(&k, v, 3, &launch, seg, sizeof(seg), &e))
		fail_msg("pack: %s", e.msg);
	assert_int_equal(seg[0], 1);
	assert_int_equal(seg[1], 0);   /* padding: zero, not left over */
	assert_int_equal(le(seg + 2, 2), 0x3c00);
	for (unsigned i = 0; i < 12; i++)
		assert_int_equal(seg[4 + i], 0xa0 + i);
	assert_int_equal(le(seg + 16, 4), launch.grid[0] / launch.block[0]);
	assert_int_equal(le(seg + 20, 4), 0);

	v[2].size = 8;
	v[2].label = "bytes:0001020304050607";
	pack_bad(&k, v, 3, &launch, sizeof(seg),
	         "argument 3 ('s', by_value, struct abc, 12 bytes): 'bytes:0001020304050607' is 8 bytes; pass bytes:HEX with 12 bytes");
}

TU_MAIN(setup, teardown,
	cmocka_unit_test(test_pack_o3),
	cmocka_unit_test(test_pack_o0),
	cmocka_unit_test(test_pack_3d),
	cmocka_unit_test(test_errors),
	cmocka_unit_test(test_handmade),
	cmocka_unit_test(test_by_value_kinds))
