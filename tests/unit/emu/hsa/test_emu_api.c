/*
 * test_emu_api — the HSA runtime surface of libhsa-emu (agents, ISAs,
 * extensions, pools, signals, queues and the packet processor, code object
 * loading, dispatch plumbing), called the way a host calls ROCr.
 *
 * The code objects are assembled in the set-up with LLVM 19
 * ($GCNLAB_LLVM_BIN or $LLVM_BIN, default /usr/lib/llvm-19/bin). Each test runs between
 * its own hsa_init and hsa_shut_down with GCNLAB_EMU_ARCH=gfx942.
 */
#include <elf.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tu_main.h"
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "gcnlab_emu_ext.h"
#include "tu_tools.h"

#define WAIT_NS 5000000000ull    /* generous bound for anything that must happen */

enum { CO_MAIN = 0, CO_GFX90A, CO_XNACK_ON, CO_ANY, CO_COUNT };

static struct {
	char dir[64];
	struct tu_blob co[CO_COUNT];
} G;

/* copy: dst[i] = src[i] for the 64 lanes of one workgroup; kernarg = {src, dst}.
 * Plus two variables: data (4 dwords) and table = { &data, &local_data },
 * which the loader must relocate (R_AMDGPU_ABS64 and R_AMDGPU_RELATIVE64). */
static const char asm_fmt[] =
	".amdgcn_target \"%s\"\n"
	TU_ASM_COPY
	".globl priv\n"
	".p2align 8\n"
	".type priv,@function\n"
	"priv:\n"
	"  s_endpgm\n"
	".globl fat\n"
	".p2align 8\n"
	".type fat,@function\n"
	"fat:\n"
	"  s_endpgm\n"
	".data\n"
	".globl data\n"
	".type data,@object\n"
	".p2align 4\n"
	"data: .long 1, 2, 3, 4\n"
	".size data, 16\n"
	"local_data: .long 5, 6, 7, 8\n"
	".globl table\n"
	".type table,@object\n"
	".p2align 3\n"
	"table: .quad data\n"
	"  .quad local_data\n"
	".size table, 16\n"
	".rodata\n"
	".p2align 6\n"
	".amdhsa_kernel copy\n"
	"  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
	"  .amdhsa_kernarg_size 16\n"
	"  .amdhsa_next_free_vgpr 2\n"
	"  .amdhsa_next_free_sgpr 4\n"
	"  .amdhsa_accum_offset 4\n"
	".end_amdhsa_kernel\n"
	".amdhsa_kernel priv\n"
	"  .amdhsa_next_free_vgpr 1\n"
	"  .amdhsa_next_free_sgpr 1\n"
	"  .amdhsa_accum_offset 4\n"
	"  .amdhsa_private_segment_fixed_size 64\n"
	".end_amdhsa_kernel\n"
	".amdhsa_kernel fat\n"
	"  .amdhsa_next_free_vgpr 256\n"
	"  .amdhsa_next_free_sgpr 1\n"
	"  .amdhsa_accum_offset 256\n"
	".end_amdhsa_kernel\n"
	TU_ASM_COPY_META
	"    .max_flat_workgroup_size: 64\n"
	"    .args:\n"
	"      - { .size: 8, .offset: 0, .value_kind: global_buffer, .address_space: global }\n"
	"      - { .size: 8, .offset: 8, .value_kind: global_buffer, .address_space: global }\n"
	"  - .name: priv\n"
	"    .symbol: priv.kd\n"
	"    .kernarg_segment_size: 0\n"
	"    .group_segment_fixed_size: 0\n"
	"    .private_segment_fixed_size: 64\n"
	"    .kernarg_segment_align: 8\n"
	"    .wavefront_size: 64\n"
	"    .sgpr_count: 1\n"
	"    .vgpr_count: 1\n"
	"    .max_flat_workgroup_size: 64\n"
	"  - .name: fat\n"
	"    .symbol: fat.kd\n"
	"    .kernarg_segment_size: 0\n"
	"    .group_segment_fixed_size: 0\n"
	"    .private_segment_fixed_size: 0\n"
	"    .kernarg_segment_align: 8\n"
	"    .wavefront_size: 64\n"
	"    .sgpr_count: 1\n"
	"    .vgpr_count: 256\n"
	"    .max_flat_workgroup_size: 1024\n"
	"...\n"
	".end_amdgpu_metadata\n";

static bool build(const char *name, const char *mcpu, const char *mattr, const char *target,
                  struct tu_blob *out)
{
	char src[8192], path[160];
	FILE *f;

	snprintf(src, sizeof(src), asm_fmt, target);
	snprintf(path, sizeof(path), "%s/%s.s", G.dir, name);
	f = fopen(path, "w");
	if (!f || fputs(src, f) < 0) {
		if (f)
			fclose(f);
		return false;
	}
	fclose(f);
	if (!tu_run("%s/llvm-mc -triple amdgcn-amd-amdhsa -mcpu=%s%s%s -filetype=obj -o %s/%s.o %s",
	         tu_llvm_bin(), mcpu, *mattr ? " -mattr=" : "", mattr, G.dir, name, path) ||
	    !tu_run("%s/ld.lld -shared -o %s/%s.co %s/%s.o", tu_llvm_bin(), G.dir, name, G.dir, name))
		return false;
	snprintf(path, sizeof(path), "%s/%s.co", G.dir, name);
	return tu_read_file(path, out);
}

static int group_setup(void **st)
{
	(void)st;
	/* The profile's own clocks are checked below. */
	unsetenv("GCNLAB_EMU_SCLK_MHZ");
	unsetenv("GCNLAB_EMU_MCLK_MHZ");
	snprintf(G.dir, sizeof(G.dir), "/tmp/gcnlab-emuapi-XXXXXX");
	if (!mkdtemp(G.dir) ||
	    !build("main", "gfx942", "+sramecc,-xnack", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
	           &G.co[CO_MAIN]) ||
	    !build("g90a", "gfx90a", "+sramecc,-xnack", "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-",
	           &G.co[CO_GFX90A]) ||
	    !build("xnack", "gfx942", "+sramecc,+xnack", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack+",
	           &G.co[CO_XNACK_ON]) ||
	    !build("any", "gfx942", "", "amdgcn-amd-amdhsa--gfx942", &G.co[CO_ANY])) {
		fprintf(stderr, "test_emu_api: set-up failed: LLVM 19 tools are required (%s)\n",
		        tu_llvm_bin());
		return -1;
	}
	return 0;
}

static int group_teardown(void **st)
{
	(void)st;
	for (int i = 0; i < CO_COUNT; i++)
		free(G.co[i].data);
	if (strncmp(G.dir, "/tmp/gcnlab-emuapi-", 19) == 0)
		tu_run("rm -rf '%s'", G.dir);
	return 0;
}

static int init(void **st)
{
	(void)st;
	setenv("GCNLAB_EMU_ARCH", "gfx942", 1);
	return hsa_init() == HSA_STATUS_SUCCESS ? 0 : -1;
}

static int fini(void **st)
{
	(void)st;
	return hsa_shut_down() == HSA_STATUS_SUCCESS ? 0 : -1;
}

/* ---- helpers ---- */

struct agents {
	hsa_agent_t cpu, gpu;
	int n;
};

static hsa_status_t agent_cb(hsa_agent_t a, void *data)
{
	struct agents *ag = data;
	hsa_device_type_t t;

	assert_int_equal(hsa_agent_get_info(a, HSA_AGENT_INFO_DEVICE, &t), HSA_STATUS_SUCCESS);
	if (t == HSA_DEVICE_TYPE_GPU)
		ag->gpu = a;
	else if (t == HSA_DEVICE_TYPE_CPU && !ag->n)
		ag->cpu = a;  /* CPU first, as ROCr lists them */
	ag->n++;
	return HSA_STATUS_SUCCESS;
}

static struct agents get_agents(void)
{
	struct agents ag = { { 0 }, { 0 }, 0 };

	assert_int_equal(hsa_iterate_agents(agent_cb, &ag), HSA_STATUS_SUCCESS);
	assert_int_equal(ag.n, 2);
	assert_true(ag.cpu.handle && ag.gpu.handle);
	return ag;
}

struct pools {
	hsa_amd_memory_pool_t p[4];
	int n;
};

static hsa_status_t pool_cb(hsa_amd_memory_pool_t p, void *data)
{
	struct pools *ps = data;

	if (ps->n < 4)
		ps->p[ps->n] = p;
	ps->n++;
	return HSA_STATUS_SUCCESS;
}

static struct pools get_pools(hsa_agent_t a)
{
	struct pools ps = { .n = 0 };

	assert_int_equal(hsa_amd_agent_iterate_memory_pools(a, pool_cb, &ps), HSA_STATUS_SUCCESS);
	return ps;
}

/* Coarse VRAM pool of the GPU and kernarg pool of the CPU. */
static void get_alloc_pools(const struct agents *ag, hsa_amd_memory_pool_t *vram,
                            hsa_amd_memory_pool_t *kernarg)
{
	struct pools g = get_pools(ag->gpu), c = get_pools(ag->cpu);

	assert_true(g.n >= 1 && c.n >= 2);
	*vram = g.p[0];
	*kernarg = c.p[1];
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Put a 64-byte packet in the next slot: body first, header+setup last. */
static uint64_t submit(hsa_queue_t *q, const void *pkt)
{
	uint64_t idx = hsa_queue_add_write_index_screlease(q, 1);
	uint8_t *slot = (uint8_t *)q->base_address + (idx % q->size) * 64;
	uint32_t first;

	memcpy(slot + 4, (const uint8_t *)pkt + 4, 60);
	memcpy(&first, pkt, 4);
	__atomic_store_n((uint32_t *)slot, first, __ATOMIC_RELEASE);
	hsa_signal_store_screlease(q->doorbell_signal, (hsa_signal_value_t)idx);
	return idx;
}

static uint16_t hdr(hsa_packet_type_t type)
{
	return (uint16_t)(type << HSA_PACKET_HEADER_TYPE |
	                  1 << HSA_PACKET_HEADER_BARRIER |
	                  HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE |
	                  HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
}

static hsa_signal_value_t wait_lt1(hsa_signal_t s)
{
	return hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 1, WAIT_NS,
	                                 HSA_WAIT_STATE_BLOCKED);
}

/* A packet of `type` with an empty barrier body and completion signal
 * done, in q's next slot. */
static void submit_empty(hsa_queue_t *q, hsa_packet_type_t type, hsa_signal_t done)
{
	hsa_barrier_and_packet_t bp;

	memset(&bp, 0, sizeof(bp));
	bp.header = hdr(type);
	bp.completion_signal = done;
	submit(q, &bp);
}

/* The value of s once it is not 0, or after timeout_ns. */
static hsa_signal_value_t wait_ne0(hsa_signal_t s, uint64_t timeout_ns)
{
	return hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_NE, 0, timeout_ns, HSA_WAIT_STATE_BLOCKED);
}

/* What completes s (from 1) has not been processed 50 ms later. */
static void assert_pending(hsa_signal_t s)
{
	assert_int_equal(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 1, 50000000,
	                                           HSA_WAIT_STATE_BLOCKED), 1);
}

/* Queue error callback: stores the status in the signal given as data. */
static void queue_err_cb(hsa_status_t status, hsa_queue_t *source, void *data)
{
	(void)source;
	hsa_signal_store_screlease(*(hsa_signal_t *)data, (hsa_signal_value_t)status);
}

static hsa_queue_t *make_queue(hsa_agent_t gpu, hsa_signal_t *err_flag)
{
	hsa_queue_t *q = NULL;

	assert_int_equal(hsa_queue_create(gpu, 256, HSA_QUEUE_TYPE_MULTI, queue_err_cb, err_flag,
	                                  UINT32_MAX, UINT32_MAX, &q), HSA_STATUS_SUCCESS);
	assert_non_null(q);
	return q;
}

/* ---- runtime, agents, ISAs, extensions ---- */

static void test_init_refcount(void **st)
{
	const char *s;

	(void)st;
	assert_int_equal(hsa_init(), HSA_STATUS_SUCCESS);       /* second reference */
	assert_int_equal(hsa_shut_down(), HSA_STATUS_SUCCESS);
	get_agents();                                           /* still open */
	assert_int_equal(hsa_shut_down(), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_iterate_agents(agent_cb, NULL), HSA_STATUS_ERROR_NOT_INITIALIZED);
	assert_int_equal(hsa_shut_down(), HSA_STATUS_ERROR_NOT_INITIALIZED);
	setenv("GCNLAB_EMU_ARCH", "gfx1100", 1);
	assert_int_equal(hsa_init(), HSA_STATUS_ERROR);
	assert_int_equal(init(NULL), 0);                        /* fini() closes it */
	assert_int_equal(hsa_status_string(HSA_STATUS_ERROR_INVALID_ISA_NAME, &s), HSA_STATUS_SUCCESS);
	assert_non_null(strstr(s, "HSA_STATUS_ERROR_INVALID_ISA_NAME"));
}

static void test_status_strings(void **st)
{
	static const hsa_status_t all[] = {
		HSA_STATUS_SUCCESS, HSA_STATUS_INFO_BREAK, HSA_STATUS_ERROR,
		HSA_STATUS_ERROR_INVALID_ARGUMENT, HSA_STATUS_ERROR_INVALID_QUEUE_CREATION,
		HSA_STATUS_ERROR_INVALID_ALLOCATION, HSA_STATUS_ERROR_INVALID_AGENT,
		HSA_STATUS_ERROR_INVALID_REGION, HSA_STATUS_ERROR_INVALID_SIGNAL,
		HSA_STATUS_ERROR_INVALID_QUEUE, HSA_STATUS_ERROR_OUT_OF_RESOURCES,
		HSA_STATUS_ERROR_INVALID_PACKET_FORMAT, HSA_STATUS_ERROR_RESOURCE_FREE,
		HSA_STATUS_ERROR_NOT_INITIALIZED, HSA_STATUS_ERROR_REFCOUNT_OVERFLOW,
		HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS, HSA_STATUS_ERROR_INVALID_INDEX,
		HSA_STATUS_ERROR_INVALID_ISA, HSA_STATUS_ERROR_INVALID_ISA_NAME,
		HSA_STATUS_ERROR_INVALID_CODE_OBJECT, HSA_STATUS_ERROR_INVALID_EXECUTABLE,
		HSA_STATUS_ERROR_FROZEN_EXECUTABLE, HSA_STATUS_ERROR_INVALID_SYMBOL_NAME,
		HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED, HSA_STATUS_ERROR_VARIABLE_UNDEFINED,
		HSA_STATUS_ERROR_EXCEPTION, HSA_STATUS_ERROR_INVALID_CODE_SYMBOL,
		HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL, HSA_STATUS_ERROR_INVALID_FILE,
		HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER, HSA_STATUS_ERROR_INVALID_CACHE,
		HSA_STATUS_ERROR_INVALID_WAVEFRONT, HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP,
		HSA_STATUS_ERROR_INVALID_RUNTIME_STATE, HSA_STATUS_ERROR_FATAL,
		(hsa_status_t)HSA_STATUS_ERROR_INVALID_MEMORY_POOL,
		(hsa_status_t)HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
		(hsa_status_t)HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION,
		(hsa_status_t)HSA_STATUS_ERROR_MEMORY_FAULT, (hsa_status_t)HSA_STATUS_CU_MASK_REDUCED,
	};
	const char *s = NULL;

	(void)st;
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		assert_int_equal(hsa_status_string(all[i], &s), HSA_STATUS_SUCCESS);
		assert_true(strncmp(s, "HSA_STATUS_", 11) == 0 && strchr(s, ':'));
	}
	assert_int_equal(hsa_status_string((hsa_status_t)0x7777, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_status_string(HSA_STATUS_SUCCESS, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

struct arch_case {
	const char *arch, *isa, *product;
	uint32_t cus, waves_per_cu, sclk, mclk;
};

static hsa_status_t isa_cb(hsa_isa_t isa, void *data)
{
	hsa_isa_t *out = data;
	*out = isa;
	return HSA_STATUS_SUCCESS;
}

static void check_arch(const struct arch_case *c)
{
	struct agents ag;
	char name[64], product[64];
	uint32_t v32, len;
	uint16_t dims[3];
	/* The agent's uint32_t attributes (ROCr's values for the fixed ones). */
	const struct {
		int attr;
		uint32_t want;
	} u32s[] = {
		{ HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT, c->cus },
		{ HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU, c->waves_per_cu },
		{ HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY, c->sclk },
		{ HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY, c->mclk },
		{ HSA_AGENT_INFO_WAVEFRONT_SIZE, 64 },
		{ HSA_AGENT_INFO_WORKGROUP_MAX_SIZE, 1024 },
		{ HSA_AGENT_INFO_QUEUE_MIN_SIZE, 64 },
		{ HSA_AGENT_INFO_QUEUE_MAX_SIZE, 131072 },
	};
	hsa_isa_t isa = { 0 }, from_name, agent_isa;
	char isa_name[96];
	hsa_agent_feature_t feat;
	const struct gcnlab_emu_ext_1 *ext;
	struct gcnlab_emu_ext_1 table;
	uint32_t sclk, mclk;

	setenv("GCNLAB_EMU_ARCH", c->arch, 1);
	assert_int_equal(hsa_init(), HSA_STATUS_SUCCESS);
	ag = get_agents();
	assert_int_equal(hsa_agent_get_info(ag.gpu, HSA_AGENT_INFO_NAME, name), HSA_STATUS_SUCCESS);
	assert_string_equal(name, c->arch);
	assert_int_equal(hsa_agent_get_info(ag.gpu, HSA_AGENT_INFO_VENDOR_NAME, name), HSA_STATUS_SUCCESS);
	assert_string_equal(name, "AMD");
	assert_int_equal(hsa_agent_get_info(ag.gpu, (hsa_agent_info_t)HSA_AMD_AGENT_INFO_PRODUCT_NAME,
	                                    product), HSA_STATUS_SUCCESS);
	assert_non_null(strstr(product, c->product));
	assert_int_equal(hsa_agent_get_info(ag.gpu, HSA_AGENT_INFO_FEATURE, &feat), HSA_STATUS_SUCCESS);
	assert_int_equal(feat, HSA_AGENT_FEATURE_KERNEL_DISPATCH);
	for (size_t i = 0; i < sizeof(u32s) / sizeof(u32s[0]); i++) {
		v32 = 0;
		assert_int_equal(hsa_agent_get_info(ag.gpu, (hsa_agent_info_t)u32s[i].attr, &v32), HSA_STATUS_SUCCESS);
		if (v32 != u32s[i].want)
			fail_msg("%s: agent attribute 0x%x is %u, want %u", c->arch, u32s[i].attr, v32, u32s[i].want);
	}
	assert_int_equal(hsa_agent_get_info(ag.gpu, HSA_AGENT_INFO_WORKGROUP_MAX_DIM, dims), HSA_STATUS_SUCCESS);
	assert_true(dims[0] == 1024 && dims[1] == 1024 && dims[2] == 1024);
	assert_int_equal(hsa_agent_get_info(ag.gpu, (hsa_agent_info_t)0x7fff, &v32),
	                 HSA_STATUS_ERROR_INVALID_ARGUMENT);

	/* ISA: one per GPU agent, none for the CPU; full target name. */
	assert_int_equal(hsa_agent_iterate_isas(ag.gpu, isa_cb, &isa), HSA_STATUS_SUCCESS);
	assert_true(isa.handle != 0);
	assert_int_equal(hsa_agent_get_info(ag.gpu, HSA_AGENT_INFO_ISA, &agent_isa), HSA_STATUS_SUCCESS);
	assert_int_equal(agent_isa.handle, isa.handle);
	assert_int_equal(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME_LENGTH, &len), HSA_STATUS_SUCCESS);
	assert_int_equal(len, strlen(c->isa) + 1);  /* ROCr counts the NUL */
	assert_int_equal(hsa_isa_get_info_alt(isa, HSA_ISA_INFO_NAME, isa_name), HSA_STATUS_SUCCESS);
	assert_string_equal(isa_name, c->isa);
	assert_int_equal(hsa_isa_from_name(c->isa, &from_name), HSA_STATUS_SUCCESS);
	assert_int_equal(from_name.handle, isa.handle);
	isa.handle = 0;
	assert_int_equal(hsa_agent_iterate_isas(ag.cpu, isa_cb, &isa), HSA_STATUS_SUCCESS);
	assert_int_equal(isa.handle, 0);

	/* The extension reports the profile's clocks. */
	assert_int_equal(hsa_system_get_major_extension_table(GCNLAB_EXTENSION_EMU, 1, sizeof(table),
	                                                      &table), HSA_STATUS_SUCCESS);
	ext = &table;
	assert_int_equal(ext->get_clocks(ag.gpu, &sclk, &mclk), HSA_STATUS_SUCCESS);
	assert_int_equal(sclk, c->sclk);
	assert_int_equal(mclk, c->mclk);
	assert_int_equal(ext->get_clocks(ag.cpu, &sclk, &mclk), HSA_STATUS_ERROR_INVALID_AGENT);
	assert_int_equal(hsa_shut_down(), HSA_STATUS_SUCCESS);
}

static void test_arch_profiles(void **st)
{
	/* Numbers from the issue: Vega 64 / one MI250X GCD / MI300X. */
	static const struct arch_case cases[] = {
		{ "gfx900", "amdgcn-amd-amdhsa--gfx900:xnack-", "Vega 64", 64, 40, 1630, 945 },
		{ "gfx90a", "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-", "MI250X", 110, 32, 1700, 1600 },
		{ "gfx942", "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", "MI300X", 304, 32, 2100, 1300 },
	};

	(void)st;
	assert_int_equal(hsa_shut_down(), HSA_STATUS_SUCCESS);  /* undo init() */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_arch(&cases[i]);
	assert_int_equal(init(NULL), 0);
}

static void test_isa_compat(void **st)
{
	hsa_isa_t any, on, off, agent, g90a;
	bool r;

	(void)st;
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx942", &any), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx942:xnack+", &on), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx942:xnack-", &off), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-", &agent),
	                 HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx90a", &g90a), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx900:sramecc+", &g90a),
	                 HSA_STATUS_ERROR_INVALID_ISA_NAME);  /* gfx900 has no sramecc */
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx942:xnack-:sramecc+", &on),
	                 HSA_STATUS_ERROR_INVALID_ISA_NAME);  /* features in LLVM's order only */
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx942:xnack+", &on), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_from_name("amdgcn-amd-amdhsa--gfx90a", &g90a), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_isa_compatible(any, agent, &r), HSA_STATUS_SUCCESS);
	assert_true(r);
	assert_int_equal(hsa_isa_compatible(off, agent, &r), HSA_STATUS_SUCCESS);
	assert_true(r);
	assert_int_equal(hsa_isa_compatible(on, agent, &r), HSA_STATUS_SUCCESS);
	assert_false(r);
	assert_int_equal(hsa_isa_compatible(g90a, agent, &r), HSA_STATUS_SUCCESS);
	assert_false(r);
	assert_int_equal(hsa_isa_compatible((hsa_isa_t){ 0 }, agent, &r), HSA_STATUS_ERROR_INVALID_ISA);
}

static void test_system_and_extensions(void **st)
{
	uint64_t freq, t0, t1;
	uint16_t major, minor;
	hsa_endianness_t end;
	hsa_machine_model_t mm;
	bool ok;
	uint8_t mask[128];
	struct gcnlab_emu_ext_1 table;
	struct gcnlab_emu_counters c;
	struct agents ag = get_agents();
	char report[64];

	(void)st;
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY, &freq), HSA_STATUS_SUCCESS);
	assert_int_equal(freq, 1000000000ull);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t0), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_TIMESTAMP, &t1), HSA_STATUS_SUCCESS);
	assert_true(t1 >= t0);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MAJOR, &major), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_VERSION_MINOR, &minor), HSA_STATUS_SUCCESS);
	assert_true(major == 1 && minor == 1);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_ENDIANNESS, &end), HSA_STATUS_SUCCESS);
	assert_int_equal(end, HSA_ENDIANNESS_LITTLE);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_MACHINE_MODEL, &mm), HSA_STATUS_SUCCESS);
	assert_int_equal(mm, HSA_MACHINE_MODEL_LARGE);
	assert_int_equal(hsa_system_get_info(HSA_SYSTEM_INFO_EXTENSIONS, mask), HSA_STATUS_SUCCESS);
	assert_true(mask[GCNLAB_EXTENSION_EMU / 8] & (1u << (GCNLAB_EXTENSION_EMU % 8)));

	assert_int_equal(hsa_system_extension_supported(GCNLAB_EXTENSION_EMU, 1, 0, &ok), HSA_STATUS_SUCCESS);
	assert_true(ok);
	assert_int_equal(hsa_system_major_extension_supported(GCNLAB_EXTENSION_EMU, 1, &minor, &ok),
	                 HSA_STATUS_SUCCESS);
	assert_true(ok);
	assert_int_equal(minor, 0);
	assert_int_equal(hsa_system_extension_supported(GCNLAB_EXTENSION_EMU, 2, 0, &ok), HSA_STATUS_SUCCESS);
	assert_false(ok);
	assert_int_equal(hsa_system_extension_supported(HSA_EXTENSION_AMD_LOADER, 1, 0, &ok),
	                 HSA_STATUS_SUCCESS);
	assert_false(ok);
	assert_int_equal(hsa_system_extension_supported(0x1ff, 1, 0, &ok), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_agent_extension_supported(GCNLAB_EXTENSION_EMU, ag.gpu, 1, 0, &ok),
	                 HSA_STATUS_SUCCESS);
	assert_true(ok);
	assert_int_equal(hsa_agent_extension_supported(GCNLAB_EXTENSION_EMU, ag.cpu, 1, 0, &ok),
	                 HSA_STATUS_SUCCESS);
	assert_false(ok);

	memset(&table, 0, sizeof(table));
	assert_int_equal(hsa_system_get_major_extension_table(GCNLAB_EXTENSION_EMU, 1, sizeof(table), &table),
	                 HSA_STATUS_SUCCESS);
	assert_true(table.get_counters && table.set_trace && table.get_trace && table.get_clocks &&
	            table.get_last_report);
	assert_int_equal(hsa_system_get_major_extension_table(HSA_EXTENSION_AMD_LOADER, 1, sizeof(table),
	                                                      &table), HSA_STATUS_ERROR);
	/* Nothing dispatched yet: no counters, empty report. */
	assert_int_equal(table.get_counters(ag.gpu, (hsa_signal_t){ 1 }, &c), HSA_STATUS_ERROR_INVALID_SIGNAL);
	assert_int_equal(table.get_last_report(ag.gpu, report, sizeof(report)), HSA_STATUS_SUCCESS);
	assert_string_equal(report, "");
}

/* ---- memory ---- */

static void test_pools(void **st)
{
	struct agents ag = get_agents();
	struct pools g = get_pools(ag.gpu), c = get_pools(ag.cpu);
	hsa_amd_segment_t seg;
	uint32_t flags;
	bool b;
	size_t sz, gran;
	hsa_amd_memory_pool_access_t acc;

	(void)st;
	assert_int_equal(g.n, 2);
	assert_int_equal(c.n, 2);
	/* GPU: coarse-grained global VRAM, then the group segment. */
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[0], HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg), 0);
	assert_int_equal(seg, HSA_AMD_SEGMENT_GLOBAL);
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[0], HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags), 0);
	assert_int_equal(flags, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED);
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[0], HSA_AMD_MEMORY_POOL_INFO_SIZE, &sz), 0);
	assert_int_equal(sz, 192ull << 30);  /* MI300X: 192 GiB HBM3 */
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[0], HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED,
	                                              &b), 0);
	assert_true(b);
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[0], HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE,
	                                              &gran), 0);
	assert_int_equal(gran, 4096);
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[0], HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL,
	                                              &b), 0);
	assert_false(b);
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[1], HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg), 0);
	assert_int_equal(seg, HSA_AMD_SEGMENT_GROUP);
	assert_int_equal(hsa_amd_memory_pool_get_info(g.p[1], HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED,
	                                              &b), 0);
	assert_false(b);
	/* CPU: fine-grained, then fine-grained + kernarg; both accessible by all. */
	assert_int_equal(hsa_amd_memory_pool_get_info(c.p[0], HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags), 0);
	assert_int_equal(flags, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED);
	assert_int_equal(hsa_amd_memory_pool_get_info(c.p[1], HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS, &flags), 0);
	assert_int_equal(flags, HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED |
	                        HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT);
	assert_int_equal(hsa_amd_memory_pool_get_info(c.p[1], HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL,
	                                              &b), 0);
	assert_true(b);
	assert_int_equal(hsa_amd_memory_pool_get_info((hsa_amd_memory_pool_t){ 42 },
	                                              HSA_AMD_MEMORY_POOL_INFO_SEGMENT, &seg),
	                 HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
	/* Access as ROCr's GetAccessInfo. */
	assert_int_equal(hsa_amd_agent_memory_pool_get_info(ag.gpu, g.p[0], HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
	                                                    &acc), 0);
	assert_int_equal(acc, HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT);
	assert_int_equal(hsa_amd_agent_memory_pool_get_info(ag.cpu, g.p[0], HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
	                                                    &acc), 0);
	assert_int_equal(acc, HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT);
	assert_int_equal(hsa_amd_agent_memory_pool_get_info(ag.cpu, g.p[1], HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS,
	                                                    &acc), 0);
	assert_int_equal(acc, HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED);
}

static void test_allocate_free(void **st)
{
	struct agents ag = get_agents();
	struct pools g = get_pools(ag.gpu);
	hsa_amd_memory_pool_t vram, kernarg;
	uint8_t *p = NULL, *k = NULL;

	(void)st;
	get_alloc_pools(&ag, &vram, &kernarg);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 0, 0, (void **)&p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 64, 0, NULL), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, (193ull << 30), 0, (void **)&p),
	                 HSA_STATUS_ERROR_INVALID_ALLOCATION);
	assert_int_equal(hsa_amd_memory_pool_allocate(g.p[1], 64, 0, (void **)&p),
	                 HSA_STATUS_ERROR_INVALID_ALLOCATION);
	assert_int_equal(hsa_amd_memory_pool_allocate((hsa_amd_memory_pool_t){ 7 }, 64, 0, (void **)&p),
	                 HSA_STATUS_ERROR_INVALID_MEMORY_POOL);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 100, 0, (void **)&p), HSA_STATUS_SUCCESS);
	assert_int_equal((uintptr_t)p % 4096, 0);
	for (int i = 0; i < 4096; i++)  /* zeroed, and the whole page is usable */
		assert_int_equal(p[i], 0);
	assert_int_equal(hsa_amd_memory_pool_allocate(kernarg, 64, 0, (void **)&k), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_amd_memory_pool_free(p + 4), HSA_STATUS_ERROR_INVALID_ALLOCATION);
	assert_int_equal(hsa_amd_memory_pool_free(p), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_amd_memory_pool_free(p), HSA_STATUS_ERROR_INVALID_ALLOCATION);
	assert_int_equal(hsa_amd_memory_pool_free(NULL), HSA_STATUS_SUCCESS);
	/* k is left for hsa_shut_down to release (checked by ASan's leak report). */
	assert_int_equal(hsa_amd_agents_allow_access(1, &ag.gpu, NULL, k), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_amd_agents_allow_access(1, &ag.gpu, NULL, &ag), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_agents_allow_access(0, &ag.gpu, NULL, k), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

/* Whether r is a global region that holds kernel arguments. */
static bool is_kernarg_region(hsa_region_t r)
{
	hsa_region_segment_t seg;
	uint32_t flags = 0;

	assert_int_equal(hsa_region_get_info(r, HSA_REGION_INFO_SEGMENT, &seg), HSA_STATUS_SUCCESS);
	if (seg == HSA_REGION_SEGMENT_GLOBAL)
		assert_int_equal(hsa_region_get_info(r, HSA_REGION_INFO_GLOBAL_FLAGS, &flags), 0);
	return flags & HSA_REGION_GLOBAL_FLAG_KERNARG;
}

/* How many regions an agent lists, and its (last) kernarg region. */
struct region_find {
	hsa_region_t kernarg;
	int n;
};

static hsa_status_t region_cb(hsa_region_t r, void *data)
{
	struct region_find *f = data;

	f->n++;
	if (is_kernarg_region(r))
		f->kernarg = r;
	return HSA_STATUS_SUCCESS;
}

static void test_regions(void **st)
{
	struct agents ag = get_agents();
	struct region_find f = { { 0 }, 0 };
	void *p = NULL;
	bool b;

	(void)st;
	/* Old code finds a kernarg region through the GPU agent. */
	assert_int_equal(hsa_agent_iterate_regions(ag.gpu, region_cb, &f), HSA_STATUS_SUCCESS);
	assert_int_equal(f.n, 4);
	assert_true(f.kernarg.handle != 0);
	assert_int_equal(hsa_region_get_info(f.kernarg, HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED, &b), 0);
	assert_true(b);
	assert_int_equal(hsa_memory_allocate(f.kernarg, 0, &p), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_memory_allocate((hsa_region_t){ 3 }, 8, &p), HSA_STATUS_ERROR_INVALID_REGION);
	assert_int_equal(hsa_memory_allocate(f.kernarg, 256, &p), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_memory_free(p), HSA_STATUS_SUCCESS);
}

static void test_copy_fill(void **st)
{
	struct agents ag = get_agents();
	hsa_amd_memory_pool_t vram, kernarg;
	uint32_t *a = NULL, *b = NULL, host[16];
	hsa_signal_t done, dep;
	hsa_amd_profiling_async_copy_time_t t;

	(void)st;
	get_alloc_pools(&ag, &vram, &kernarg);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 4096, 0, (void **)&a), 0);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 4096, 0, (void **)&b), 0);
	assert_int_equal(hsa_amd_memory_fill(a, 0xdeadbeef, 1024), HSA_STATUS_SUCCESS);
	assert_int_equal(a[0], 0xdeadbeef);
	assert_int_equal(a[1023], 0xdeadbeef);
	assert_int_equal(hsa_amd_memory_fill((uint8_t *)a + 2, 1, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_memory_fill(a, 1, 1025), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_memory_fill(host, 1, 16), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	for (int i = 0; i < 16; i++)
		host[i] = (uint32_t)i * 7u;
	assert_int_equal(hsa_memory_copy(b, host, sizeof(host)), HSA_STATUS_SUCCESS);
	assert_memory_equal(b, host, sizeof(host));
	assert_int_equal(hsa_memory_copy(NULL, host, 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);

	/* Asynchronous copy: done at once without dependencies... */
	assert_int_equal(hsa_amd_profiling_async_copy_enable(true), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_signal_create(1, 0, NULL, &done), 0);
	assert_int_equal(hsa_amd_memory_async_copy(a, ag.gpu, b, ag.gpu, 64, 0, NULL, done), 0);
	assert_int_equal(wait_lt1(done), 0);
	assert_memory_equal(a, host, sizeof(host));
	assert_int_equal(hsa_amd_profiling_get_async_copy_time(done, &t), HSA_STATUS_SUCCESS);
	assert_true(t.end >= t.start);
	/* ...and only after its dependency reached 0 otherwise. */
	assert_int_equal(hsa_signal_create(1, 0, NULL, &dep), 0);
	hsa_signal_store_relaxed(done, 1);
	assert_int_equal(hsa_amd_memory_fill(a, 0, 16), 0);
	assert_int_equal(hsa_amd_memory_async_copy(a, ag.gpu, b, ag.gpu, 64, 1, &dep, done), 0);
	assert_pending(done);
	assert_int_equal(a[3], 0);
	hsa_signal_store_screlease(dep, 0);
	assert_int_equal(wait_lt1(done), 0);
	assert_memory_equal(a, host, sizeof(host));
	assert_int_equal(hsa_amd_memory_async_copy(a, ag.gpu, b, ag.gpu, 64, 0, NULL, (hsa_signal_t){ 8 }),
	                 HSA_STATUS_ERROR_INVALID_SIGNAL);
	/* A copy still waiting at shut-down must not hang it. */
	hsa_signal_store_relaxed(dep, 1);
	assert_int_equal(hsa_amd_memory_async_copy(a, ag.gpu, b, ag.gpu, 64, 1, &dep, done), 0);
}

static void test_lock_userptr(void **st)
{
	struct agents ag = get_agents();
	static uint32_t host[256];
	void *gpu_ptr = NULL;

	(void)st;
	assert_int_equal(hsa_amd_memory_lock(host, sizeof(host), &ag.gpu, 1, &gpu_ptr), HSA_STATUS_SUCCESS);
	assert_ptr_equal(gpu_ptr, host);
	assert_int_equal(hsa_amd_memory_fill(host, 3, 256), HSA_STATUS_SUCCESS);  /* now GPU-visible */
	assert_int_equal(host[255], 3);
	assert_int_equal(hsa_amd_memory_pool_free(host), HSA_STATUS_ERROR_INVALID_ALLOCATION);
	assert_int_equal(hsa_amd_memory_unlock(host), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_amd_memory_fill(host, 3, 256), HSA_STATUS_ERROR_INVALID_ARGUMENT);
}

/* ---- signals ---- */

static void test_signal_ops(void **st)
{
	hsa_signal_t s;
	volatile hsa_signal_value_t *vp;

	(void)st;
	assert_int_equal(hsa_signal_create(5, 0, NULL, &s), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_signal_load_relaxed(s), 5);
	/* The value sits at byte 8 of the handle's object, as in ROCr's amd_signal_t. */
	assert_int_equal(hsa_amd_signal_value_pointer(s, &vp), HSA_STATUS_SUCCESS);
	assert_ptr_equal((const void *)vp, (const void *)(uintptr_t)(s.handle + 8));
	hsa_signal_add_relaxed(s, 3);
	assert_int_equal(hsa_signal_load_scacquire(s), 8);
	hsa_signal_subtract_screlease(s, 10);
	assert_int_equal(hsa_signal_load_relaxed(s), -2);
	hsa_signal_store_relaxed(s, 0xf0);
	hsa_signal_and_scacq_screl(s, 0x3c);
	assert_int_equal(hsa_signal_load_relaxed(s), 0x30);
	hsa_signal_or_relaxed(s, 0x1);
	hsa_signal_xor_scacquire(s, 0x10);
	assert_int_equal(hsa_signal_load_relaxed(s), 0x21);
	assert_int_equal(hsa_signal_exchange_scacq_screl(s, 9), 0x21);
	assert_int_equal(hsa_signal_cas_scacq_screl(s, 8, 1), 9);   /* fails: returns the value */
	assert_int_equal(hsa_signal_load_relaxed(s), 9);
	assert_int_equal(hsa_signal_cas_screlease(s, 9, 1), 9);     /* succeeds */
	assert_int_equal(hsa_signal_load_relaxed(s), 1);
	assert_int_equal(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_signal_destroy(s), HSA_STATUS_ERROR_INVALID_SIGNAL);
	assert_int_equal(hsa_signal_destroy((hsa_signal_t){ 0 }), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_signal_create(0, 1, NULL, &s), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_signal_create(0, 0, NULL, HSA_AMD_SIGNAL_IPC, &s),
	                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_signal_create(1, 0, NULL, HSA_AMD_SIGNAL_AMD_GPU_ONLY, &s),
	                 HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_signal_destroy(s), HSA_STATUS_SUCCESS);
}

struct delayed_store {
	hsa_signal_t s;
	hsa_signal_value_t v;
	long delay_ms;
};

static void *delayed_store_thread(void *arg)
{
	struct delayed_store *d = arg;
	struct timespec ts = { d->delay_ms / 1000, (d->delay_ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
	hsa_signal_store_screlease(d->s, d->v);
	return NULL;
}

static void test_signal_wait(void **st)
{
	hsa_signal_t s;
	pthread_t th;
	struct delayed_store d;
	uint64_t t0, dt;

	(void)st;
	assert_int_equal(hsa_signal_create(1, 0, NULL, &s), 0);
	/* Already satisfied: returns at once with the value. */
	assert_int_equal(hsa_signal_wait_relaxed(s, HSA_SIGNAL_CONDITION_GTE, 1, 0, HSA_WAIT_STATE_ACTIVE), 1);
	assert_int_equal(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_NE, 0, 0, HSA_WAIT_STATE_BLOCKED), 1);
	/* Timeout (hint in ns: the timestamp frequency is 1 GHz). */
	t0 = now_ns();
	assert_int_equal(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_EQ, 0, 30000000,
	                                           HSA_WAIT_STATE_BLOCKED), 1);
	dt = now_ns() - t0;
	assert_true(dt >= 30000000ull && dt < WAIT_NS);
	/* Woken by another thread's store, long before the timeout. */
	d = (struct delayed_store){ s, 0, 30 };
	assert_int_equal(pthread_create(&th, NULL, delayed_store_thread, &d), 0);
	t0 = now_ns();
	assert_int_equal(hsa_signal_wait_scacquire(s, HSA_SIGNAL_CONDITION_LT, 1, UINT64_MAX,
	                                           HSA_WAIT_STATE_BLOCKED), 0);
	assert_true(now_ns() - t0 < WAIT_NS);
	pthread_join(th, NULL);
	d = (struct delayed_store){ s, 77, 10 };
	assert_int_equal(pthread_create(&th, NULL, delayed_store_thread, &d), 0);
	assert_int_equal(hsa_signal_wait_relaxed(s, HSA_SIGNAL_CONDITION_GTE, 50, WAIT_NS,
	                                         HSA_WAIT_STATE_BLOCKED), 77);
	pthread_join(th, NULL);
	assert_int_equal(hsa_signal_destroy(s), 0);
}

/* ---- queues ---- */

static void test_queue_create(void **st)
{
	struct agents ag = get_agents();
	hsa_queue_t *q = NULL;

	(void)st;
	assert_int_equal(hsa_queue_create(ag.gpu, 100, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
	                                  UINT32_MAX, &q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_queue_create(ag.gpu, 32, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
	                                  UINT32_MAX, &q), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_queue_create(ag.gpu, 262144, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
	                                  UINT32_MAX, &q), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
	assert_int_equal(hsa_queue_create(ag.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, 300000,
	                                  UINT32_MAX, &q), HSA_STATUS_ERROR_OUT_OF_RESOURCES);
	assert_int_equal(hsa_queue_create(ag.cpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
	                                  UINT32_MAX, &q), HSA_STATUS_ERROR);
	assert_int_equal(hsa_queue_create(ag.gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
	                                  UINT32_MAX, &q), HSA_STATUS_SUCCESS);
	assert_int_equal(q->size, 64);
	assert_int_equal(q->type, HSA_QUEUE_TYPE_MULTI);
	assert_true(q->features & HSA_QUEUE_FEATURE_KERNEL_DISPATCH);
	assert_true(q->doorbell_signal.handle != 0);
	assert_int_equal((uintptr_t)q->base_address % 64, 0);
	for (uint32_t i = 0; i < q->size; i++)  /* every slot starts INVALID */
		assert_int_equal(((uint16_t *)q->base_address)[i * 32] & 0xff, HSA_PACKET_TYPE_INVALID);
	assert_int_equal(hsa_queue_load_write_index_relaxed(q), 0);
	assert_int_equal(hsa_queue_add_write_index_relaxed(q, 2), 0);
	assert_int_equal(hsa_queue_cas_write_index_scacq_screl(q, 1, 5), 2);
	assert_int_equal(hsa_queue_cas_write_index_scacq_screl(q, 2, 5), 2);
	assert_int_equal(hsa_queue_load_write_index_scacquire(q), 5);
	hsa_queue_store_write_index_screlease(q, 0);
	assert_int_equal(hsa_queue_load_read_index_scacquire(q), 0);
	assert_int_equal(hsa_amd_queue_set_priority(q, HSA_AMD_QUEUE_PRIORITY_HIGH), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_queue_destroy(q), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_queue_destroy(q), HSA_STATUS_ERROR_INVALID_QUEUE);
	/* A queue left alive is destroyed by hsa_shut_down. */
	assert_int_equal(hsa_queue_create(ag.gpu, 64, HSA_QUEUE_TYPE_SINGLE, NULL, NULL, 0, 0, &q), 0);
}

static void test_barrier_packets(void **st)
{
	struct agents ag = get_agents();
	hsa_signal_t err, dep1, dep2, done;
	hsa_queue_t *q;
	hsa_barrier_and_packet_t bp;
	uint64_t idx;

	(void)st;
	assert_int_equal(hsa_signal_create(0, 0, NULL, &err), 0);
	assert_int_equal(hsa_signal_create(1, 0, NULL, &dep1), 0);
	assert_int_equal(hsa_signal_create(1, 0, NULL, &dep2), 0);
	assert_int_equal(hsa_signal_create(1, 0, NULL, &done), 0);
	q = make_queue(ag.gpu, &err);

	/* BARRIER_AND waits for both dependencies. */
	memset(&bp, 0, sizeof(bp));
	bp.header = hdr(HSA_PACKET_TYPE_BARRIER_AND);
	bp.dep_signal[0] = dep1;
	bp.dep_signal[3] = dep2;
	bp.completion_signal = done;
	idx = submit(q, &bp);
	assert_int_equal(idx, 0);
	hsa_signal_store_screlease(dep1, 0);
	assert_pending(done);
	assert_int_equal(hsa_queue_load_read_index_scacquire(q), 0);
	hsa_signal_store_screlease(dep2, 0);
	assert_int_equal(wait_lt1(done), 0);
	assert_int_equal(hsa_queue_load_read_index_scacquire(q), 1);
	assert_int_equal(((uint16_t *)q->base_address)[0] & 0xff, HSA_PACKET_TYPE_INVALID);

	/* BARRIER_OR: one satisfied dependency is enough. */
	hsa_signal_store_relaxed(dep1, 1);
	hsa_signal_store_relaxed(dep2, 0);
	hsa_signal_store_relaxed(done, 1);
	bp.header = hdr(HSA_PACKET_TYPE_BARRIER_OR);
	submit(q, &bp);
	assert_int_equal(wait_lt1(done), 0);

	/* A packet whose doorbell has not been rung is not processed. */
	hsa_signal_store_relaxed(done, 1);
	memset(&bp, 0, sizeof(bp));
	bp.header = hdr(HSA_PACKET_TYPE_BARRIER_AND);
	bp.completion_signal = done;
	idx = hsa_queue_add_write_index_screlease(q, 1);
	memcpy((uint8_t *)q->base_address + (idx % q->size) * 64, &bp, sizeof(bp));
	assert_pending(done);
	hsa_signal_store_screlease(q->doorbell_signal, (hsa_signal_value_t)idx);
	assert_int_equal(wait_lt1(done), 0);
	assert_int_equal(hsa_queue_load_read_index_scacquire(q), 3);
	assert_int_equal(hsa_signal_load_relaxed(err), 0);  /* no error reported */

	assert_int_equal(hsa_queue_destroy(q), 0);
	hsa_signal_destroy(dep1);
	hsa_signal_destroy(dep2);
	hsa_signal_destroy(done);
	hsa_signal_destroy(err);
}

static void test_invalid_packet(void **st)
{
	struct agents ag = get_agents();
	hsa_signal_t err, done, done2;
	hsa_queue_t *q;

	(void)st;
	assert_int_equal(hsa_signal_create(0, 0, NULL, &err), 0);
	assert_int_equal(hsa_signal_create(1, 0, NULL, &done), 0);
	assert_int_equal(hsa_signal_create(1, 0, NULL, &done2), 0);
	q = make_queue(ag.gpu, &err);
	submit_empty(q, HSA_PACKET_TYPE_AGENT_DISPATCH, done);  /* not for a GPU queue */
	assert_int_equal(wait_ne0(err, WAIT_NS), HSA_STATUS_ERROR_INVALID_PACKET_FORMAT);
	/* The failed packet is not completed and the queue stops. */
	submit_empty(q, HSA_PACKET_TYPE_BARRIER_AND, done2);
	assert_pending(done2);
	assert_int_equal(hsa_signal_load_relaxed(done), 1);
	assert_int_equal(hsa_queue_load_read_index_relaxed(q), 0);
	assert_int_equal(hsa_queue_destroy(q), 0);
	hsa_signal_destroy(done);
	hsa_signal_destroy(done2);
	hsa_signal_destroy(err);
}

struct fault_seen {
	hsa_signal_t flag;
	uint64_t addr;
	uint32_t reason;
	hsa_agent_t agent;
};

static hsa_status_t event_cb(const hsa_amd_event_t *ev, void *data)
{
	struct fault_seen *f = data;

	if (ev->event_type == HSA_AMD_GPU_MEMORY_FAULT_EVENT) {
		f->addr = ev->memory_fault.virtual_address;
		f->reason = ev->memory_fault.fault_reason_mask;
		f->agent = ev->memory_fault.agent;
		hsa_signal_store_screlease(f->flag, 1);
	}
	return HSA_STATUS_SUCCESS;
}

/* Error callback that destroys its queue and reports the destroy's status. */
static void destroy_in_cb(hsa_status_t status, hsa_queue_t *source, void *data)
{
	hsa_signal_t flag = *(hsa_signal_t *)data;

	hsa_signal_store_screlease(flag, (hsa_signal_value_t)status);
	if (hsa_queue_destroy(source) != HSA_STATUS_SUCCESS)
		hsa_signal_store_screlease(flag, -1);
}

/* After a memory fault no queue runs packets, not even a new one: a
 * barrier with no dependencies stays pending. */
static void assert_evicted(hsa_agent_t gpu)
{
	hsa_queue_t *q2 = NULL;
	hsa_signal_t done;

	assert_int_equal(hsa_signal_create(1, 0, NULL, &done), 0);
	assert_int_equal(hsa_queue_create(gpu, 64, HSA_QUEUE_TYPE_MULTI, NULL, NULL, UINT32_MAX,
	                                  UINT32_MAX, &q2), 0);
	submit_empty(q2, HSA_PACKET_TYPE_BARRIER_AND, done);
	assert_pending(done);
	assert_int_equal(hsa_queue_load_read_index_relaxed(q2), 0);
	assert_int_equal(hsa_queue_destroy(q2), 0);
	hsa_signal_destroy(done);
}

static void test_bad_signal_in_packet(void **st)
{
	struct agents ag = get_agents();
	struct fault_seen f;
	hsa_signal_t err;
	hsa_queue_t *q = NULL;

	(void)st;
	assert_int_equal(hsa_signal_create(0, 0, NULL, &err), 0);
	assert_int_equal(hsa_signal_create(0, 0, NULL, &f.flag), 0);
	assert_int_equal(hsa_amd_register_system_event_handler(event_cb, &f), 0);
	assert_int_equal(hsa_queue_create(ag.gpu, 64, HSA_QUEUE_TYPE_MULTI, destroy_in_cb, &err,
	                                  UINT32_MAX, UINT32_MAX, &q), 0);
	submit_empty(q, HSA_PACKET_TYPE_BARRIER_AND, (hsa_signal_t){ 0x1000 });  /* not a signal */
	assert_int_equal(wait_ne0(f.flag, WAIT_NS), 1);
	assert_int_equal(f.addr, 0x1008);  /* the value field the CP would write */
	assert_int_equal(f.agent.handle, ag.gpu.handle);
	assert_true(f.reason & HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT);
	/* As ROCr: a memory fault does not reach the queue's error callback. */
	assert_int_equal(wait_ne0(err, 50000000), 0);
	assert_evicted(ag.gpu);
	assert_int_equal(hsa_queue_destroy(q), 0);
	hsa_signal_destroy(err);
	hsa_signal_destroy(f.flag);
}

/* ---- code objects and executables ---- */

static hsa_status_t load(const struct tu_blob *b, hsa_agent_t agent, hsa_executable_t *x)
{
	hsa_code_object_reader_t r;
	hsa_status_t st;

	assert_int_equal(hsa_code_object_reader_create_from_memory(b->data, b->size, &r), 0);
	assert_int_equal(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
	                                           NULL, x), 0);
	st = hsa_executable_load_agent_code_object(*x, agent, r, NULL, NULL);
	assert_int_equal(hsa_code_object_reader_destroy(r), 0);
	return st;
}

static hsa_status_t count_cb(hsa_executable_t x, hsa_executable_symbol_t s, void *data)
{
	(void)x;
	(void)s;
	(*(int *)data)++;
	return HSA_STATUS_SUCCESS;
}

static void test_executable(void **st)
{
	struct agents ag = get_agents();
	hsa_executable_t x;
	hsa_executable_symbol_t k, v, t;
	hsa_symbol_kind_t kind;
	uint32_t len, u32;
	char name[32] = { 0 };
	uint64_t kobj, data_addr, table_addr;
	bool b;
	int n = 0;
	uint32_t valid = 1;
	hsa_executable_state_t state;
	const uint64_t *table;
	const uint32_t *data;

	(void)st;
	assert_int_equal(load(&G.co[CO_MAIN], ag.gpu, &x), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_executable_get_symbol_by_name(x, "copy.kd", &ag.gpu, &k), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_executable_get_symbol_by_name(x, "copy", &ag.gpu, &v),
	                 HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);
	assert_int_equal(hsa_executable_get_symbol_by_name(x, "copy.kd", NULL, &v),
	                 HSA_STATUS_ERROR_INVALID_SYMBOL_NAME);  /* agent symbols need the agent */
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind), 0);
	assert_int_equal(kind, HSA_SYMBOL_KIND_KERNEL);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH, &len), 0);
	assert_int_equal(len, 7);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_NAME, name), 0);
	assert_string_equal(name, "copy.kd");
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &kobj), 0);
	assert_true(kobj != 0 && kobj % 64 == 0);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE,
	                                                &u32), 0);
	assert_int_equal(u32, 16);  /* .amdhsa_kernarg_size, read from the loaded descriptor */
	assert_int_equal(((const uint32_t *)(uintptr_t)kobj)[2], 16);
	assert_int_equal(hsa_executable_symbol_get_info(k,
	                 HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT, &u32), 0);
	assert_int_equal(u32, 16);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE,
	                                                &u32), 0);
	assert_int_equal(u32, 0);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK,
	                                                &b), 0);
	assert_false(b);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS, &data_addr),
	                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_executable_symbol_get_info((hsa_executable_symbol_t){ 5 },
	                                                HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind),
	                 HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL);

	/* Variables, and the relocations that point table at them. */
	assert_int_equal(hsa_executable_get_symbol_by_name(x, "data", &ag.gpu, &v), 0);
	assert_int_equal(hsa_executable_get_symbol_by_name(x, "table", &ag.gpu, &t), 0);
	assert_int_equal(hsa_executable_symbol_get_info(v, HSA_EXECUTABLE_SYMBOL_INFO_TYPE, &kind), 0);
	assert_int_equal(kind, HSA_SYMBOL_KIND_VARIABLE);
	assert_int_equal(hsa_executable_symbol_get_info(v, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS,
	                                                &data_addr), 0);
	assert_int_equal(hsa_executable_symbol_get_info(t, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS,
	                                                &table_addr), 0);
	assert_int_equal(hsa_executable_symbol_get_info(v, HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE, &u32), 0);
	assert_int_equal(u32, 16);
	data = (const uint32_t *)(uintptr_t)data_addr;
	table = (const uint64_t *)(uintptr_t)table_addr;
	assert_int_equal(data[0], 1);
	assert_int_equal(data[3], 4);
	assert_int_equal(table[0], data_addr);        /* R_AMDGPU_ABS64 against data */
	assert_int_equal(table[1], data_addr + 16);   /* R_AMDGPU_RELATIVE64 to local_data */
	assert_int_equal(((const uint32_t *)(uintptr_t)table[1])[0], 5);
	assert_int_equal(hsa_executable_iterate_symbols(x, count_cb, &n), 0);
	assert_int_equal(n, 5);  /* copy, priv, fat, data, table */

	assert_int_equal(hsa_executable_validate(x, &valid), 0);
	assert_int_equal(valid, 0);
	assert_int_equal(hsa_executable_freeze(x, NULL), 0);
	assert_int_equal(hsa_executable_get_info(x, HSA_EXECUTABLE_INFO_STATE, &state), 0);
	assert_int_equal(state, HSA_EXECUTABLE_STATE_FROZEN);
	assert_int_equal(hsa_executable_freeze(x, NULL), HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
	{
		hsa_code_object_reader_t r;
		assert_int_equal(hsa_code_object_reader_create_from_memory(G.co[CO_ANY].data,
		                                                           G.co[CO_ANY].size, &r), 0);
		assert_int_equal(hsa_executable_load_agent_code_object(x, ag.gpu, r, NULL, NULL),
		                 HSA_STATUS_ERROR_FROZEN_EXECUTABLE);
		hsa_code_object_reader_destroy(r);
	}
	assert_int_equal(hsa_executable_destroy(x), 0);
	assert_int_equal(hsa_executable_destroy(x), HSA_STATUS_ERROR_INVALID_EXECUTABLE);
}

static void test_load_refusals(void **st)
{
	struct agents ag = get_agents();
	hsa_executable_t x;
	uint8_t *p;
	hsa_code_object_reader_t r;
	char path[128];
	int fd;

	(void)st;
	/* The target must run on the agent, exactly as ROCr decides. */
	assert_int_equal(load(&G.co[CO_GFX90A], ag.gpu, &x), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
	assert_int_equal(hsa_executable_destroy(x), 0);
	assert_int_equal(load(&G.co[CO_XNACK_ON], ag.gpu, &x), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
	assert_int_equal(hsa_executable_destroy(x), 0);
	assert_int_equal(load(&G.co[CO_ANY], ag.gpu, &x), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_executable_destroy(x), 0);
	assert_int_equal(load(&G.co[CO_MAIN], ag.cpu, &x), HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS);
	assert_int_equal(hsa_executable_destroy(x), 0);
	/* Loading the same object twice defines its symbols twice. */
	assert_int_equal(load(&G.co[CO_MAIN], ag.gpu, &x), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_code_object_reader_create_from_memory(G.co[CO_MAIN].data, G.co[CO_MAIN].size,
	                                                           &r), 0);
	assert_int_equal(hsa_executable_load_agent_code_object(x, ag.gpu, r, NULL, NULL),
	                 HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED);
	assert_int_equal(hsa_code_object_reader_destroy(r), 0);
	assert_int_equal(hsa_executable_destroy(x), 0);

	/* Code object v3 and garbage. */
	p = malloc(G.co[CO_MAIN].size);
	assert_non_null(p);
	memcpy(p, G.co[CO_MAIN].data, G.co[CO_MAIN].size);
	p[EI_ABIVERSION] = 1;
	{
		struct tu_blob b3 = { p, G.co[CO_MAIN].size };
		assert_int_equal(load(&b3, ag.gpu, &x), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
		assert_int_equal(hsa_executable_destroy(x), 0);
		memset(p, 0x5a, b3.size);
		assert_int_equal(load(&b3, ag.gpu, &x), HSA_STATUS_ERROR_INVALID_CODE_OBJECT);
		assert_int_equal(hsa_executable_destroy(x), 0);
	}
	free(p);

	/* Readers: from a file, bad file, bad handles. */
	snprintf(path, sizeof(path), "%s/main.co", G.dir);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(hsa_code_object_reader_create_from_file(fd, &r), HSA_STATUS_SUCCESS);
	close(fd);
	assert_int_equal(hsa_executable_create_alt(HSA_PROFILE_FULL, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT,
	                                           NULL, &x), 0);
	assert_int_equal(hsa_executable_load_agent_code_object(x, ag.gpu, r, NULL, NULL), 0);
	assert_int_equal(hsa_executable_load_agent_code_object(x, ag.gpu, (hsa_code_object_reader_t){ 9 },
	                                                       NULL, NULL),
	                 HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
	assert_int_equal(hsa_code_object_reader_destroy(r), 0);
	assert_int_equal(hsa_code_object_reader_destroy(r), HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER);
	assert_int_equal(hsa_code_object_reader_create_from_file(-1, &r), HSA_STATUS_ERROR_INVALID_FILE);
	assert_int_equal(hsa_code_object_reader_create_from_memory(NULL, 4, &r),
	                 HSA_STATUS_ERROR_INVALID_ARGUMENT);
	/* x is left for hsa_shut_down. */
}

/* ---- dispatch through the packet processor ---- */

struct kernel_run {
	hsa_executable_t x;
	uint64_t kobj;
	uint32_t *src, *dst;
	uint64_t *kernarg;
	hsa_signal_t done, err;
	hsa_queue_t *q;
};

/* The kernel object of symbol name ("copy.kd") in x. */
static uint64_t kernel_object(hsa_executable_t x, hsa_agent_t gpu, const char *name)
{
	hsa_executable_symbol_t k;
	uint64_t kobj = 0;

	assert_int_equal(hsa_executable_get_symbol_by_name(x, name, &gpu, &k), 0);
	assert_int_equal(hsa_executable_symbol_get_info(k, HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT, &kobj), 0);
	return kobj;
}

/* A dispatch of kobj over grid x 1 x 1 work-items in work-groups of wg x 1
 * x 1, with dims dimensions, kr's kernarg and completion signal. */
static void packet_1d(hsa_kernel_dispatch_packet_t *p, const struct kernel_run *kr, uint64_t kobj, unsigned dims,
                      uint32_t grid, uint32_t wg)
{
	memset(p, 0, sizeof(*p));
	p->header = hdr(HSA_PACKET_TYPE_KERNEL_DISPATCH);
	p->setup = (uint16_t)(dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS);
	p->workgroup_size_x = (uint16_t)wg;
	p->workgroup_size_y = p->workgroup_size_z = 1;
	p->grid_size_x = grid;
	p->grid_size_y = p->grid_size_z = 1;
	p->kernel_object = kobj;
	p->kernarg_address = kr->kernarg;
	p->completion_signal = kr->done;
}

static void setup_run(struct kernel_run *kr, const struct agents *ag)
{
	hsa_amd_memory_pool_t vram, kernarg;

	get_alloc_pools(ag, &vram, &kernarg);
	assert_int_equal(load(&G.co[CO_MAIN], ag->gpu, &kr->x), 0);
	assert_int_equal(hsa_executable_freeze(kr->x, NULL), 0);
	kr->kobj = kernel_object(kr->x, ag->gpu, "copy.kd");
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 256, 0, (void **)&kr->src), 0);
	assert_int_equal(hsa_amd_memory_pool_allocate(vram, 256, 0, (void **)&kr->dst), 0);
	assert_int_equal(hsa_amd_memory_pool_allocate(kernarg, 16, 0, (void **)&kr->kernarg), 0);
	assert_int_equal(hsa_amd_agents_allow_access(1, &ag->gpu, NULL, kr->kernarg), 0);
	for (uint32_t i = 0; i < 64; i++)
		kr->src[i] = 0x1000u + i * 3u;
	assert_int_equal(hsa_signal_create(1, 0, NULL, &kr->done), 0);
	assert_int_equal(hsa_signal_create(0, 0, NULL, &kr->err), 0);
	kr->q = make_queue(ag->gpu, &kr->err);
}

static void dispatch(struct kernel_run *kr, uint64_t src, uint64_t dst)
{
	hsa_kernel_dispatch_packet_t p;

	kr->kernarg[0] = src;
	kr->kernarg[1] = dst;
	packet_1d(&p, kr, kr->kobj, 1, 64, 64);
	submit(kr->q, &p);
}

/* The packet just submitted was refused: the queue's error callback got
 * want, the completion signal never moved; the queue is destroyed. */
static void refused(struct kernel_run *kr, hsa_status_t want)
{
	assert_int_equal(wait_ne0(kr->err, WAIT_NS), want);
	assert_int_equal(hsa_signal_load_relaxed(kr->done), 1);
	assert_int_equal(hsa_queue_destroy(kr->q), 0);
}

static void test_dispatch(void **st)
{
	struct agents ag = get_agents();
	struct kernel_run kr;
	hsa_amd_profiling_dispatch_time_t t;
	struct gcnlab_emu_ext_1 ext;
	struct gcnlab_emu_counters c;

	(void)st;
	setup_run(&kr, &ag);
	assert_int_equal(hsa_amd_profiling_set_profiler_enabled(kr.q, 1), HSA_STATUS_SUCCESS);
	dispatch(&kr, (uint64_t)(uintptr_t)kr.src, (uint64_t)(uintptr_t)kr.dst);
	assert_int_equal(wait_lt1(kr.done), 0);
	assert_int_equal(hsa_signal_load_relaxed(kr.err), 0);
	assert_memory_equal(kr.dst, kr.src, 256);
	assert_int_equal(hsa_queue_load_read_index_scacquire(kr.q), 1);
	assert_int_equal(hsa_amd_profiling_get_dispatch_time(ag.gpu, kr.done, &t), HSA_STATUS_SUCCESS);
	assert_true(t.end > t.start);
	assert_int_equal(hsa_amd_profiling_get_dispatch_time(ag.cpu, kr.done, &t), HSA_STATUS_ERROR_INVALID_AGENT);
	assert_int_equal(hsa_system_get_major_extension_table(GCNLAB_EXTENSION_EMU, 1, sizeof(ext), &ext), 0);
	assert_int_equal(ext.get_counters(ag.gpu, kr.done, &c), HSA_STATUS_SUCCESS);
	assert_true(c.count <= GCNLAB_MAX_COUNTERS);

	/* A second dispatch on the same queue. */
	hsa_signal_store_relaxed(kr.done, 1);
	memset(kr.dst, 0, 256);
	dispatch(&kr, (uint64_t)(uintptr_t)kr.src, (uint64_t)(uintptr_t)kr.dst);
	assert_int_equal(wait_lt1(kr.done), 0);
	assert_memory_equal(kr.dst, kr.src, 256);
	assert_int_equal(hsa_queue_load_read_index_scacquire(kr.q), 2);
	assert_int_equal(hsa_queue_destroy(kr.q), 0);
	assert_int_equal(hsa_executable_destroy(kr.x), 0);
}

/* Scratch is sized from the packet (as the CP does): a packet asking for
 * less private segment than the kernel descriptor's fixed size is refused
 * through the queue's error callback; one asking for enough runs. */
static void test_dispatch_private_segment(void **st)
{
	struct agents ag = get_agents();
	struct kernel_run kr;
	hsa_kernel_dispatch_packet_t p;

	(void)st;
	setup_run(&kr, &ag);
	packet_1d(&p, &kr, kernel_object(kr.x, ag.gpu, "priv.kd"), 1, 64, 64);
	p.kernarg_address = NULL;   /* priv takes no arguments */
	p.private_segment_size = 64;
	submit(kr.q, &p);
	assert_int_equal(wait_lt1(kr.done), 0);
	assert_int_equal(hsa_signal_load_relaxed(kr.err), 0);

	hsa_signal_store_relaxed(kr.done, 1);
	p.private_segment_size = 60;
	submit(kr.q, &p);
	refused(&kr, HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_executable_destroy(kr.x), 0);
}

/* Packet errors with the statuses ROCr gives the CP's error codes
 * (amd_aql_queue.cpp): invalid dimensions INCOMPATIBLE_ARGUMENTS, a
 * work-group over 1024 INVALID_ARGUMENT, a work-group whose registers do
 * not fit a CU INVALID_ISA. Each error stops its queue: one queue each. */
static void test_packet_statuses(void **st)
{
	struct agents ag = get_agents();
	struct kernel_run kr;
	uint64_t fat;
	static const struct {
		unsigned dims;
		uint32_t grid, wg;
		bool fat;
		hsa_status_t want;
	} cases[] = {
		{ 1, 0, 64, false, HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS },     /* zero grid */
		{ 0, 64, 64, false, HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS },    /* no dimensions */
		{ 1, 2048, 2048, false, HSA_STATUS_ERROR_INVALID_ARGUMENT },      /* work-group > 1024 */
		{ 1, 1024, 1024, true, HSA_STATUS_ERROR_INVALID_ISA },            /* 16 waves x 256 VGPRs */
	};

	(void)st;
	setup_run(&kr, &ag);
	fat = kernel_object(kr.x, ag.gpu, "fat.kd");
	assert_int_equal(hsa_queue_destroy(kr.q), 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		hsa_kernel_dispatch_packet_t p;
		hsa_signal_store_relaxed(kr.err, 0);
		hsa_signal_store_relaxed(kr.done, 1);
		kr.q = make_queue(ag.gpu, &kr.err);
		packet_1d(&p, &kr, cases[i].fat ? fat : kr.kobj, cases[i].dims, cases[i].grid, cases[i].wg);
		submit(kr.q, &p);
		refused(&kr, cases[i].want);
	}
	assert_int_equal(hsa_executable_destroy(kr.x), 0);
}

/* hsa_amd_memory_pool_allocate's system memory is mapped for the CPU only
 * until hsa_amd_agents_allow_access names the GPU, and that takes the
 * allocation's base (ROCr: AllocateRestrict; Runtime::AllowAccess looks the
 * pointer up as an allocation). */
static void test_allow_access(void **st)
{
	struct agents ag = get_agents();
	struct kernel_run kr;
	struct fault_seen f;
	hsa_amd_memory_pool_t vram, kernarg;
	uint32_t *sys, *hidden;

	(void)st;
	setup_run(&kr, &ag);
	get_alloc_pools(&ag, &vram, &kernarg);
	assert_int_equal(hsa_amd_memory_pool_allocate(kernarg, 256, 0, (void **)&sys), 0);
	assert_int_equal(hsa_amd_memory_pool_allocate(kernarg, 256, 0, (void **)&hidden), 0);
	for (uint32_t i = 0; i < 64; i++)
		sys[i] = hidden[i] = 0x5000u + i;
	/* An interior pointer is not an allocation; the base is. */
	assert_int_equal(hsa_amd_agents_allow_access(1, &ag.gpu, NULL, sys + 4), HSA_STATUS_ERROR_INVALID_ARGUMENT);
	assert_int_equal(hsa_amd_agents_allow_access(1, &ag.cpu, NULL, sys), HSA_STATUS_SUCCESS);
	assert_int_equal(hsa_amd_agents_allow_access(1, &ag.gpu, NULL, sys), HSA_STATUS_SUCCESS);
	/* Granted: the kernel reads it. */
	dispatch(&kr, (uint64_t)(uintptr_t)sys, (uint64_t)(uintptr_t)kr.dst);
	assert_int_equal(wait_lt1(kr.done), 0);
	assert_int_equal(hsa_signal_load_relaxed(kr.err), 0);
	assert_memory_equal(kr.dst, sys, 256);
	/* Not granted: the kernel's load from it is a memory fault, reported as
	 * ROCr reports one (the system event with the address; the process's
	 * queues are evicted, so this is the last dispatch). */
	assert_int_equal(hsa_signal_create(0, 0, NULL, &f.flag), 0);
	assert_int_equal(hsa_amd_register_system_event_handler(event_cb, &f), 0);
	hsa_signal_store_relaxed(kr.done, 1);
	dispatch(&kr, (uint64_t)(uintptr_t)hidden, (uint64_t)(uintptr_t)kr.dst);
	assert_int_equal(wait_ne0(f.flag, WAIT_NS), 1);
	assert_true(f.addr >= (uint64_t)(uintptr_t)hidden && f.addr < (uint64_t)(uintptr_t)hidden + 256);
	assert_int_equal(hsa_signal_load_relaxed(kr.done), 1);
	hsa_signal_destroy(f.flag);
	/* Queue, executable, memory and signals: released by hsa_shut_down. */
}

static void test_dispatch_memory_fault(void **st)
{
	struct agents ag = get_agents();
	struct kernel_run kr;
	struct fault_seen f;
	struct gcnlab_emu_ext_1 ext;
	char report[1024];

	(void)st;
	setup_run(&kr, &ag);
	assert_int_equal(hsa_signal_create(0, 0, NULL, &f.flag), 0);
	assert_int_equal(hsa_amd_register_system_event_handler(event_cb, &f), 0);
	dispatch(&kr, 0x1000, (uint64_t)(uintptr_t)kr.dst);  /* src is not mapped */
	assert_int_equal(wait_ne0(f.flag, WAIT_NS), 1);
	/* The system handler has the faulting address; the queue's error
	 * callback is not called (ROCr), and every queue is evicted (KFD). */
	assert_int_equal(wait_ne0(kr.err, 50000000), 0);
	assert_evicted(ag.gpu);
	assert_true(f.addr >= 0x1000 && f.addr < 0x1100);
	/* The completion signal of a failed dispatch is not decremented. */
	assert_int_equal(hsa_signal_load_relaxed(kr.done), 1);
	assert_int_equal(hsa_queue_load_read_index_relaxed(kr.q), 0);
	assert_int_equal(hsa_system_get_major_extension_table(GCNLAB_EXTENSION_EMU, 1, sizeof(ext), &ext), 0);
	assert_int_equal(ext.get_last_report(ag.gpu, report, sizeof(report)), 0);
	assert_true(report[0] != '\0');
	hsa_signal_destroy(f.flag);
	/* Queue, executable, memory and signals: released by hsa_shut_down. */
}

#define TU_SETUP init
#define TU_TEARDOWN fini
TU_MAIN(group_setup, group_teardown,
	tu_test(test_init_refcount),
	tu_test(test_status_strings),
	tu_test(test_arch_profiles),
	tu_test(test_isa_compat),
	tu_test(test_system_and_extensions),
	tu_test(test_pools),
	tu_test(test_allocate_free),
	tu_test(test_regions),
	tu_test(test_copy_fill),
	tu_test(test_lock_userptr),
	tu_test(test_signal_ops),
	tu_test(test_signal_wait),
	tu_test(test_queue_create),
	tu_test(test_barrier_packets),
	tu_test(test_invalid_packet),
	tu_test(test_bad_signal_in_packet),
	tu_test(test_executable),
	tu_test(test_load_refusals),
	tu_test(test_dispatch),
	tu_test(test_dispatch_private_segment),
	tu_test(test_packet_statuses),
	tu_test(test_allow_access),
	tu_test(test_dispatch_memory_fault))
