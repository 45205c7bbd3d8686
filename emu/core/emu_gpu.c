/*
 * emu_gpu — lifetime of an emulated GPU agent, its clocks and its registry
 * of loaded kernel descriptors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/emu_domain.h"
#include "core/emu_gpu_private.h"
#include "gcn_array.h"
#include "core/emu_mem.h"
#include "core/emu_program.h"
#include "core/emu_sched.h"
#include "core/emu_suppress.h"
#include "core/emu_timeline.h"
#include "model/emu_timing.h"

/* Default instruction budget per dispatch: about a minute of emulation at the
 * speed floor (5 M wave-instructions/s), far above any suite kernel. */
#define EMU_DEFAULT_BUDGET 300000000ull
/* Most code decoded for one kernel found on demand (emu_gpu.h). */
#define EMU_DEMAND_MAX (1u << 20)

static uint32_t env_u32(const char *name, uint32_t def, uint32_t lo, uint32_t hi)
{
	const char *s = getenv(name);
	if (!s || !*s)
		return def;
	char *end;
	unsigned long v = strtoul(s, &end, 10);
	if (*end || v < lo || v > hi) {
		fprintf(stderr, "gcnlab emulator: %s='%s' is not a whole number from %u to %u; using %u\n",
		        name, s, lo, hi, def);
		return def;
	}
	return (uint32_t)v;
}

void emu_gpu_destroy(struct emu_gpu *g)
{
	if (!g)
		return;
	emu_pool_destroy(g->pool);
	if (g->timing)
		emu_timing_destroy(g->timing);
	if (g->scratch) {
		emu_mem_remove(g->mem, g->scratch);
		munmap(g->scratch, g->scratch_len);
	}
	emu_gpu_drop_code(g, 0, UINT64_MAX);
	free(g->demand);
	pthread_mutex_destroy(&g->lock);
	free(g->kernels);
	free(g->check_quiet);
	emu_suppress_destroy(g->suppress);
	free(g->trace);
	emu_tl_gpu_free(g->tl);
	for (size_t i = 0; i < g->npool; i++)
		emu_wave_free(g->wave_pool[i]);
	free(g->wave_pool);
	free(g);
}

struct emu_gpu *emu_gpu_create(const struct emu_profile *prof, struct emu_mem *mem)
{
	struct emu_gpu *g = calloc(1, sizeof(*g));
	if (!g)
		return NULL;
	g->prof = prof;
	g->mem = mem;
	g->sclk_mhz = env_u32("GCNLAB_EMU_SCLK_MHZ", prof->sclk_mhz, 100, 5000);
	g->mclk_mhz = env_u32("GCNLAB_EMU_MCLK_MHZ", prof->mclk_mhz, 100, 5000);
	const char *b = getenv("GCNLAB_EMU_BUDGET");
	g->budget = b && *b ? strtoull(b, NULL, 10) : EMU_DEFAULT_BUDGET;
	if (!g->budget)
		g->budget = EMU_DEFAULT_BUDGET;
	const char *st = getenv("GCNLAB_EMU_STRICT");
	g->strict = st && *st == '1';
	g->suppress = emu_suppress_load(getenv("GCNLAB_EMU_SUPPRESSIONS"), stderr);
	if (!g->suppress)
		goto fail;
	g->skew = env_u32("GCNLAB_EMU_SKEW", EMU_SCHED_SKEW_DEFAULT, 0, 1000000);
	g->threads = env_u32("GCNLAB_EMU_THREADS", emu_domain_threads(), 1, 1024);
	g->profile = env_u32("GCNLAB_EMU_PROFILE", 0, 0, 1) == 1;
	g->trace_wave = -1;
	pthread_mutex_init(&g->lock, NULL);
	g->timing = emu_timing_create(prof, g->sclk_mhz, g->mclk_mhz);
	if (!g->timing)
		goto fail;
	return g;
fail:
	emu_gpu_destroy(g);
	return NULL;
}

const struct emu_profile *emu_gpu_profile(const struct emu_gpu *g)
{
	return g->prof;
}

void emu_gpu_clocks(const struct emu_gpu *g, uint32_t *sclk_mhz, uint32_t *mclk_mhz)
{
	*sclk_mhz = g->sclk_mhz;
	*mclk_mhz = g->mclk_mhz;
}

uint64_t emu_gpu_now_ns(const struct emu_gpu *g)
{
	return g->now_cycle * 1000 / g->sclk_mhz;
}

uint64_t emu_gpu_ns_to_cycles(const struct emu_gpu *g, uint64_t ns)
{
	return (ns * g->sclk_mhz + 999) / 1000;
}

void emu_gpu_barrier_packet(struct emu_gpu *g, bool system_release)
{
	g->now_cycle += emu_gpu_ns_to_cycles(g, g->prof->model.cp_barrier_ns);
	if (system_release && g->timing)
		g->now_cycle = emu_timing_release_system(g->timing, g->now_cycle);
}

bool emu_gpu_register_kernel(struct emu_gpu *g, const struct emu_kernel_reg *k)
{
	struct emu_kernel_reg *n;

	pthread_mutex_lock(&g->lock);
	n = gcn_array_room(g->kernels, &g->cap, g->nkernels, sizeof(*n), 16);
	if (n) {
		g->kernels = n;
		g->kernels[g->nkernels++] = *k;
	}
	pthread_mutex_unlock(&g->lock);
	return n != NULL;
}

void emu_gpu_unregister_program(struct emu_gpu *g, const struct emu_program *prog)
{
	pthread_mutex_lock(&g->lock);
	size_t j = 0;
	for (size_t i = 0; i < g->nkernels; i++)
		if (g->kernels[i].prog != prog)
			g->kernels[j++] = g->kernels[i];
	g->nkernels = j;
	pthread_mutex_unlock(&g->lock);
}

/* Decode the code behind the descriptor at kd_addr and register it (g->lock
 * held); false if kd_addr is no descriptor in GPU memory or its entry lies
 * in no allocation. */
static bool emu_gpu_demand_kernel(struct emu_gpu *g, uint64_t kd_addr, struct emu_kernel_reg *out)
{
	const uint8_t *kd;
	int64_t entry_off;
	uint64_t entry, base;
	size_t len;
	struct emu_program *prog = NULL, **room;
	struct emu_kernel_reg k = { .kd_addr = kd_addr };

	emu_mem_lock(g->mem);
	kd = emu_mem_translate(g->mem, kd_addr, 64);
	if (!kd)
		goto fail;
	memcpy(&entry_off, kd + 16, sizeof(entry_off));  /* kernel_code_entry_byte_offset */
	entry = kd_addr + (uint64_t)entry_off;
	if ((entry & 3) || !emu_mem_find(g->mem, entry, &base, &len, NULL) ||
	    !emu_mem_translate(g->mem, entry, 4))
		goto fail;
	len = base + len - entry;
	if (len > EMU_DEMAND_MAX)
		len = EMU_DEMAND_MAX;
	prog = emu_program_load(g->prof, entry, emu_mem_translate(g->mem, entry, len), (uint32_t)len);
	room = gcn_array_room(g->demand, &g->demand_cap, g->ndemand, sizeof(*room), 8);
	if (!prog || !room)
		goto fail;
	g->demand = room;
	k.prog = prog;
	/* Reports read "in kernel at 0x...": no loader told the GPU its name. */
	snprintf(k.name, sizeof(k.name), "at 0x%llx", (unsigned long long)kd_addr);
	struct emu_kernel_reg *n = gcn_array_room(g->kernels, &g->cap, g->nkernels, sizeof(*n), 16);
	if (!n)
		goto fail;
	g->kernels = n;
	g->kernels[g->nkernels++] = k;
	g->demand[g->ndemand++] = prog;
	emu_mem_unlock(g->mem);
	*out = k;
	return true;
fail:
	emu_mem_unlock(g->mem);
	emu_program_destroy(prog);
	return false;
}

bool emu_gpu_find_kernel(struct emu_gpu *g, uint64_t kd_addr, struct emu_kernel_reg *out)
{
	bool found = false;
	pthread_mutex_lock(&g->lock);
	for (size_t i = 0; i < g->nkernels; i++) {
		if (g->kernels[i].kd_addr == kd_addr) {
			*out = g->kernels[i];
			found = true;
			break;
		}
	}
	if (!found && g->demand_code)
		found = emu_gpu_demand_kernel(g, kd_addr, out);
	pthread_mutex_unlock(&g->lock);
	return found;
}

void emu_gpu_acquire_mem(struct emu_gpu *g, bool l2, bool icache, bool kcache)
{
	if (g->timing)
		g->now_cycle = emu_timing_acquire_mem(g->timing, g->now_cycle, l2, icache, kcache);
	if (icache || kcache)
		emu_gpu_drop_code(g, 0, UINT64_MAX);
}

void emu_gpu_set_demand_code(struct emu_gpu *g, bool on)
{
	g->demand_code = on;
}

struct emu_mem *emu_gpu_mem(const struct emu_gpu *g)
{
	return g->mem;
}

void emu_gpu_drop_code(struct emu_gpu *g, uint64_t base, uint64_t len)
{
	uint64_t end = len > UINT64_MAX - base ? UINT64_MAX : base + len;
	size_t j = 0;

	pthread_mutex_lock(&g->lock);
	for (size_t i = 0; i < g->ndemand; i++) {
		struct emu_program *p = g->demand[i];
		/* A descriptor in the range goes too: its code may be elsewhere. */
		bool hit = p->base < end && p->base + p->size > base;
		for (size_t k = 0; k < g->nkernels && !hit; k++)
			hit = g->kernels[k].prog == p && g->kernels[k].kd_addr >= base &&
			      g->kernels[k].kd_addr < end;
		if (!hit) {
			g->demand[j++] = p;
			continue;
		}
		size_t m = 0;
		for (size_t k = 0; k < g->nkernels; k++)
			if (g->kernels[k].prog != p)
				g->kernels[m++] = g->kernels[k];
		g->nkernels = m;
		emu_program_destroy(p);
	}
	g->ndemand = j;
	pthread_mutex_unlock(&g->lock);
}

void emu_gpu_set_trace(struct emu_gpu *g, bool enable, int wave)
{
	g->trace_on = enable;
	g->trace_wave = wave;
}

const struct gcnlab_emu_trace_row *emu_gpu_trace(const struct emu_gpu *g, size_t *count)
{
	*count = g->ntrace;
	return g->trace;
}
