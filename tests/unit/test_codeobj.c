/*
 * test_codeobj — gcn_codeobj against code objects built in the set-up by
 * LLVM 19 (llvm-mc + ld.lld from assembly, clang from a tiny HIP kernel),
 * and against corrupted copies of them.
 *
 * LLVM binaries: $GCNLAB_LLVM_BIN or $LLVM_BIN, default /usr/lib/llvm-19/bin.
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
#include <elf.h>

#include "gcn_codeobj.h"
#include "tu_tools.h"

enum {
	CO_GFX942_V4 = 0, CO_GFX942_V5, CO_GFX942_V6, CO_GFX942_ANY, CO_GFX900, CO_GFX90A_XNACK,
	CO_RELOCATABLE, CO_HIP_BUNDLE, CO_HIP_ELF, CO_COUNT
};

struct state {
	char dir[64];
	struct tu_blob co[CO_COUNT];
};

/* The kernel: copy one dword per lane from src to dst. The metadata is
 * written by hand, as the project's assembly kernels do. */
static const char asm_fmt[] =
	".amdgcn_target \"%s\"\n"
	TU_ASM_COPY
	".rodata\n"
	".p2align 6\n"
	".amdhsa_kernel copy\n"
	"  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
	"  .amdhsa_next_free_vgpr 2\n"
	"  .amdhsa_next_free_sgpr 4\n"
	"%s"
	".end_amdhsa_kernel\n"
	TU_ASM_COPY_META
	"    .max_flat_workgroup_size: 256\n"
	"    .args:\n"
	"      - { .size: 8, .offset: 0, .value_kind: global_buffer, .address_space: global, .name: src, .type_name: 'float*' }\n"
	"      - { .size: 8, .offset: 8, .value_kind: global_buffer, .address_space: global, .name: dst }\n"
	"...\n"
	".end_amdgpu_metadata\n";

static const char hip_src[] =
	"__attribute__((global)) void add1(float *p, int n) {\n"
	"  int i = __builtin_amdgcn_workitem_id_x();\n"
	"  if (i < n) p[i] += 1.0f;\n"
	"}\n";

/* Assemble and link one variant; out = <dir>/<name>.co (or .o if !link). */
static bool build_asm(struct state *s, const char *name, const char *mcpu, const char *mattr,
                      const char *target, int cov, bool link, struct tu_blob *out)
{
	static const char accum[] = "  .amdhsa_accum_offset 4\n";
	char src[4096], path[128];
	bool gfx90a_plus = strcmp(mcpu, "gfx900") != 0;

	snprintf(src, sizeof(src), asm_fmt, target, gfx90a_plus ? accum : "");
	snprintf(path, sizeof(path), "%s/%s.s", s->dir, name);
	if (!tu_write_file(path, src))
		return false;
	if (!tu_run("%s/llvm-mc -triple amdgcn-amd-amdhsa -mcpu=%s%s%s "
	         "--amdhsa-code-object-version=%d -filetype=obj -o %s/%s.o %s",
	         tu_llvm_bin(), mcpu, *mattr ? " -mattr=" : "", mattr, cov, s->dir, name, path))
		return false;
	if (!link) {
		snprintf(path, sizeof(path), "%s/%s.o", s->dir, name);
		return tu_read_file(path, out);
	}
	if (!tu_run("%s/ld.lld -shared -o %s/%s.co %s/%s.o", tu_llvm_bin(), s->dir, name, s->dir, name))
		return false;
	snprintf(path, sizeof(path), "%s/%s.co", s->dir, name);
	return tu_read_file(path, out);
}

static int group_setup(void **st)
{
	struct state *s = calloc(1, sizeof(*s));
	char path[128];

	if (!s)
		return -1;
	snprintf(s->dir, sizeof(s->dir), "/tmp/gcnlab-codeobj-XXXXXX");
	if (!mkdtemp(s->dir))
		goto fail;
	*st = s;
	if (!build_asm(s, "v4", "gfx942", "+sramecc,-xnack", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
	               4, true, &s->co[CO_GFX942_V4]) ||
	    !build_asm(s, "v5", "gfx942", "+sramecc,-xnack", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
	               5, true, &s->co[CO_GFX942_V5]) ||
	    !build_asm(s, "v6", "gfx942", "+sramecc,-xnack", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
	               6, true, &s->co[CO_GFX942_V6]) ||
	    !build_asm(s, "any", "gfx942", "", "amdgcn-amd-amdhsa--gfx942", 5, true,
	               &s->co[CO_GFX942_ANY]) ||
	    !build_asm(s, "g900", "gfx900", "-xnack", "amdgcn-amd-amdhsa--gfx900:xnack-", 5, true,
	               &s->co[CO_GFX900]) ||
	    !build_asm(s, "g90a", "gfx90a", "+sramecc,+xnack",
	               "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+", 5, true, &s->co[CO_GFX90A_XNACK]) ||
	    !build_asm(s, "rel", "gfx942", "+sramecc,-xnack", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
	               5, false, &s->co[CO_RELOCATABLE]))
		goto fail;
	snprintf(path, sizeof(path), "%s/k.hip", s->dir);
	/* clang writes the bundle through clang-offload-bundler. */
	if (!tu_write_file(path, hip_src) || !tu_llvm_has("clang") ||
	    !tu_llvm_has("clang-offload-bundler") ||
	    !tu_run("%s/clang -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=gfx942 -O3 "
	         "-o %s/k_bundle.co %s", tu_llvm_bin(), s->dir, path) ||
	    !tu_run("%s/clang -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=gfx942 -O3 "
	         "--no-gpu-bundle-output -o %s/k.co %s", tu_llvm_bin(), s->dir, path))
		goto fail;
	snprintf(path, sizeof(path), "%s/k_bundle.co", s->dir);
	if (!tu_read_file(path, &s->co[CO_HIP_BUNDLE]))
		goto fail;
	snprintf(path, sizeof(path), "%s/k.co", s->dir);
	if (!tu_read_file(path, &s->co[CO_HIP_ELF]))
		goto fail;
	return 0;
fail:
	fprintf(stderr, "test_codeobj: set-up failed: LLVM 19 tools are required (%s)\n", tu_llvm_bin());
	return -1;
}

static int group_teardown(void **st)
{
	struct state *s = *st;

	if (!s)
		return 0;
	for (int i = 0; i < CO_COUNT; i++)
		free(s->co[i].data);
	if (s->dir[0] && strncmp(s->dir, "/tmp/gcnlab-codeobj-", 20) == 0)
		tu_run("rm -rf '%s'", s->dir);
	free(s);
	return 0;
}

static struct state *S(void **st)
{
	return *st;
}

/* ---- well-formed objects ---- */

static void check_copy_kernel(const struct gcn_codeobj *co, const struct tu_blob *b)
{
	const struct gcn_kernel *k;
	uint32_t last;

	assert_int_equal(co->nkernels, 1);
	k = &co->kernels[0];
	assert_string_equal(k->name, "copy");
	assert_string_equal(k->symbol, "copy.kd");
	assert_int_equal(k->kernarg_size, 16);
	assert_int_equal(k->kernarg_align, 8);
	assert_int_equal(k->group_segment_size, 0);
	assert_int_equal(k->private_segment_size, 0);
	assert_int_equal(k->wavefront_size, 64);
	assert_int_equal(k->sgpr_count, 4);
	assert_int_equal(k->vgpr_count, 2);
	assert_int_equal(k->agpr_count, 0);
	assert_int_equal(k->max_flat_workgroup_size, 256);
	assert_false(k->uses_dynamic_stack);
	assert_int_equal(k->nargs, 2);
	assert_string_equal(k->args[0].name, "src");
	assert_string_equal(k->args[0].type_name, "float*");
	assert_string_equal(k->args[0].value_kind, "global_buffer");
	assert_int_equal(k->args[0].offset, 0);
	assert_int_equal(k->args[0].size, 8);
	assert_false(k->args[0].hidden);
	assert_string_equal(k->args[1].name, "dst");
	assert_string_equal(k->args[1].type_name, "");
	assert_int_equal(k->args[1].offset, 8);
	/* Kernel descriptors are 64-byte aligned; .text holds the 7 instructions
	 * (8+4+4+8+4+8+4 bytes), the last being s_endpgm (SOPP 0xbf810000). */
	assert_int_equal(k->kd_offset % 64, 0);
	assert_int_equal(co->text_size, 40);
	assert_true(co->text_offset + co->text_size <= b->size);
	memcpy(&last, b->data + co->text_offset + co->text_size - 4, 4);
	assert_int_equal(last, 0xbf810000u);
}

/* One code object of the group's set: its code-object version and target. */
struct target_case {
	int co;
	unsigned abi;
	const char *proc;
	unsigned mach;     /* EF_AMDGPU_MACH_AMDGCN_* */
	const char *full;
	int xnack, sramecc;
};

static void check_targets(struct state *s, const struct target_case *cases, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct gcn_codeobj co;
		char err[256];
		const struct tu_blob *b = &s->co[cases[i].co];

		assert_true(gcn_codeobj_parse(b->data, b->size, &co, err, sizeof(err)));
		assert_int_equal(co.abi_version, cases[i].abi);
		assert_string_equal(co.target.proc, cases[i].proc);
		assert_int_equal(co.target.mach, cases[i].mach);
		assert_int_equal(co.target.mach, gcn_mach_from_name(cases[i].proc));
		assert_string_equal(co.target.full, cases[i].full);
		assert_int_equal(co.target.xnack, cases[i].xnack);
		assert_int_equal(co.target.sramecc, cases[i].sramecc);
		check_copy_kernel(&co, b);
		gcn_codeobj_free(&co);
		assert_int_equal(co.nkernels, 0);
		assert_null(co.kernels);
	}
}

static void test_gfx942_versions(void **st)
{
	static const struct target_case cases[] = {
		{ CO_GFX942_V4, 4, "gfx942", 0x4c, "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", 0, 1 },
		{ CO_GFX942_V5, 5, "gfx942", 0x4c, "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", 0, 1 },
		{ CO_GFX942_V6, 6, "gfx942", 0x4c, "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", 0, 1 },
	};

	check_targets(S(st), cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_targets(void **st)
{
	static const struct target_case cases[] = {
		{ CO_GFX942_ANY, 5, "gfx942", 0x4c, "amdgcn-amd-amdhsa--gfx942", -1, -1 },
		{ CO_GFX900, 5, "gfx900", 0x2c, "amdgcn-amd-amdhsa--gfx900:xnack-", 0, -1 },
		{ CO_GFX90A_XNACK, 5, "gfx90a", 0x3f, "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+", 1, 1 },
	};

	check_targets(S(st), cases, sizeof(cases) / sizeof(cases[0]));
}

static void test_hip(void **st)
{
	struct state *s = S(st);
	struct gcn_codeobj co;
	const struct gcn_kernel *k;
	char err[256];

	/* clang's default output for --cuda-device-only is an offload bundle. */
	assert_false(gcn_codeobj_parse(s->co[CO_HIP_BUNDLE].data, s->co[CO_HIP_BUNDLE].size, &co,
	                               err, sizeof(err)));
	assert_non_null(strstr(err, "offload bundle"));
	assert_null(co.kernels);

	assert_true(gcn_codeobj_parse(s->co[CO_HIP_ELF].data, s->co[CO_HIP_ELF].size, &co, err,
	                              sizeof(err)));
	assert_string_equal(co.target.proc, "gfx942");
	assert_int_equal(co.abi_version, 5);   /* LLVM 19's default */
	assert_string_equal(co.target.full, "amdgcn-amd-amdhsa--gfx942");
	k = gcn_codeobj_find_kernel(&co, "_Z4add1Pfi");
	assert_non_null(k);
	assert_ptr_equal(gcn_codeobj_find_kernel(&co, "_Z4add1Pfi.kd"), k);
	assert_null(gcn_codeobj_find_kernel(&co, "add1"));
	assert_string_equal(k->symbol, "_Z4add1Pfi.kd");
	assert_int_equal(k->wavefront_size, 64);
	assert_true(k->nargs >= 2);
	assert_string_equal(k->args[0].value_kind, "global_buffer");
	assert_int_equal(k->args[0].offset, 0);
	assert_int_equal(k->args[0].size, 8);
	assert_string_equal(k->args[1].value_kind, "by_value");
	assert_int_equal(k->args[1].offset, 8);
	assert_int_equal(k->args[1].size, 4);
	for (uint32_t i = 2; i < k->nargs; i++)
		assert_true(k->args[i].hidden);
	assert_true(k->args[k->nargs - 1].offset + k->args[k->nargs - 1].size <= k->kernarg_size);
	assert_true(co.text_size > 0 && co.text_size % 4 == 0);
	gcn_codeobj_free(&co);
}

static void test_mach_names(void **st)
{
	(void)st;
	assert_string_equal(gcn_mach_name(0x2c), "gfx900");
	assert_string_equal(gcn_mach_name(0x3f), "gfx90a");
	assert_string_equal(gcn_mach_name(0x4c), "gfx942");
	assert_null(gcn_mach_name(0));
	assert_null(gcn_mach_name(0xff));
	assert_int_equal(gcn_mach_from_name("gfx942"), 0x4c);
	assert_int_equal(gcn_mach_from_name("gfx1100"), 0);
	assert_int_equal(gcn_mach_from_name(NULL), 0);
}

/* ---- corrupt input ---- */

static void expect_error(const void *data, size_t size, const char *needle)
{
	struct gcn_codeobj co;
	char err[256] = "untouched";

	assert_false(gcn_codeobj_parse(data, size, &co, err, sizeof(err)));
	assert_true(err[0] != '\0' && strcmp(err, "untouched") != 0);
	assert_null(co.kernels);
	assert_int_equal(co.nkernels, 0);
	if (needle && !strstr(err, needle)) {
		fprintf(stderr, "error \"%s\" does not mention \"%s\"\n", err, needle);
		fail();
	}
}

static uint8_t *dup_blob(const struct tu_blob *b)
{
	uint8_t *p = malloc(b->size);
	assert_non_null(p);
	memcpy(p, b->data, b->size);
	return p;
}

/* Replace the first occurrence of `from` by `to` (same length). */
static void patch(uint8_t *p, size_t n, const char *from, const char *to)
{
	size_t len = strlen(from);

	assert_int_equal(len, strlen(to));
	for (size_t i = 0; i + len <= n; i++) {
		if (memcmp(p + i, from, len) == 0) {
			memcpy(p + i, to, len);
			return;
		}
	}
	fail_msg("pattern %s not found", from);
}

static void test_truncated(void **st)
{
	const struct tu_blob *b = &S(st)->co[CO_GFX942_V5];

	expect_error(NULL, 0, "not an ELF");
	expect_error(b->data, 0, "not an ELF");
	expect_error(b->data, 10, "not an ELF");
	/* Every cut short of the section headers at the end must fail cleanly;
	 * the copy makes ASan see reads past the end. */
	for (size_t n = 16; n < b->size; n += 7) {
		uint8_t *p = malloc(n);
		assert_non_null(p);
		memcpy(p, b->data, n);
		expect_error(p, n, NULL);
		free(p);
	}
}

static void test_random_bytes(void **st)
{
	const struct tu_blob *b = &S(st)->co[CO_GFX942_V5];
	uint64_t x = 0x9e3779b97f4a7c15ull;
	uint8_t *p = malloc(b->size);

	assert_non_null(p);
	for (int round = 0; round < 64; round++) {
		for (size_t i = 0; i < b->size; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;  /* xorshift64 */
			p[i] = (uint8_t)x;
		}
		expect_error(p, b->size, "ELF");
		/* Random bytes behind a valid ELF identification. */
		memcpy(p, b->data, 64);
		expect_error(p, b->size, NULL);
	}
	free(p);
}

static void test_flipped_bytes(void **st)
{
	const struct tu_blob *b = &S(st)->co[CO_GFX942_V5];
	uint8_t *p = dup_blob(b);

	/* Any single corrupted byte must give either a parse or a clean error. */
	for (size_t i = 0; i < b->size; i++) {
		static const uint8_t vals[] = { 0x00, 0xff, 0xdd, 0xdf, 0x7f };
		for (size_t v = 0; v < sizeof(vals); v++) {
			struct gcn_codeobj co;
			char err[256];
			p[i] = vals[v];
			if (gcn_codeobj_parse(p, b->size, &co, err, sizeof(err)))
				gcn_codeobj_free(&co);
			else
				assert_true(err[0] != '\0');
		}
		p[i] = b->data[i];
	}
	free(p);
}

static void test_wrong_header(void **st)
{
	struct state *s = S(st);
	const struct tu_blob *b = &s->co[CO_GFX942_V5];
	uint8_t *p = dup_blob(b);
	uint16_t em_x86_64 = 62;

	memcpy(p + 18, &em_x86_64, 2);           /* e_machine */
	expect_error(p, b->size, "EM_AMDGPU");
	memcpy(p, b->data, b->size);
	p[EI_ABIVERSION] = 1;                /* code object v3 */
	expect_error(p, b->size, "code object v3 is not supported");
	p[EI_ABIVERSION] = 0;                /* v2 */
	expect_error(p, b->size, "code object v2");
	p[EI_ABIVERSION] = 9;
	expect_error(p, b->size, "ABI version");
	memcpy(p, b->data, b->size);
	p[7] = 0;                                /* EI_OSABI: System V */
	expect_error(p, b->size, "ELFOSABI_AMDGPU_HSA");
	memcpy(p, b->data, b->size);
	p[4] = 1;                                /* ELFCLASS32 */
	expect_error(p, b->size, "ELFCLASS64");
	memcpy(p, b->data, b->size);
	p[48] = 0x01;                            /* e_flags mach byte: unknown 0x001 */
	expect_error(p, b->size, "EF_AMDGPU_MACH");
	free(p);

	expect_error(s->co[CO_RELOCATABLE].data, s->co[CO_RELOCATABLE].size, "ld.lld -shared");
}

static void test_bad_metadata(void **st)
{
	const struct tu_blob *b = &S(st)->co[CO_GFX942_V5];
	uint8_t *p = dup_blob(b);
	size_t i;

	patch(p, b->size, ".sgpr_count", ".sgpr_cXunt");
	expect_error(p, b->size, "kernel copy: metadata has no .sgpr_count");

	memcpy(p, b->data, b->size);
	patch(p, b->size, "copy.kd", "copy.kx");  /* the note comes before .dynstr */
	expect_error(p, b->size, "descriptor symbol copy.kx not found");

	memcpy(p, b->data, b->size);
	patch(p, b->size, "AMDGPU\0", "AMDGPX\0");
	expect_error(p, b->size, "no NT_AMDGPU_METADATA");

	/* amdhsa.kernels claims 2^32-1 entries: must be refused before anything
	 * tries to allocate them. */
	memcpy(p, b->data, b->size);
	for (i = 0; i + 15 <= b->size && memcmp(p + i, "amdhsa.kernels", 14); i++)
		;
	assert_true(i + 15 + 4 <= b->size);
	assert_int_equal(p[i + 14] & 0xf0, 0x90);  /* fixarray header follows the key */
	p[i + 14] = 0xdd;
	memset(p + i + 15, 0xff, 4);
	expect_error(p, b->size, "msgpack");
	free(p);
}

TU_MAIN(group_setup, group_teardown,
	cmocka_unit_test(test_gfx942_versions),
	cmocka_unit_test(test_targets),
	cmocka_unit_test(test_hip),
	cmocka_unit_test(test_mach_names),
	cmocka_unit_test(test_truncated),
	cmocka_unit_test(test_random_bytes),
	cmocka_unit_test(test_flipped_bytes),
	cmocka_unit_test(test_wrong_header),
	cmocka_unit_test(test_bad_metadata))
