#include "cli/gl_info.h"

#include <string.h>

#include "gcn_proc.h"
#include "base/gl_json.h"
#include "base/gl_str.h"

/* The scalar and instruction caches of arch's row (common/gcn_proc.c,
 * [SPECS]); zeros for an arch without a row. */
void gl_info_arch_caches(const char *arch, struct gl_info_caches *out)
{
	const struct gcn_proc *p = gcn_proc_find(arch);

	memset(out, 0, sizeof(*out));
	if (!p)
		return;
	out->scalar_bytes = p->sqc_bytes;
	out->scalar_shared_by = p->sqc_shared_by;
	out->icache_bytes = p->icache_bytes;
	out->icache_shared_by = p->icache_shared_by;
}

/* "16 KiB", "4 MiB", "256 MiB", "192 GiB". */
static void size_text(char *buf, size_t len, uint64_t bytes)
{
	static const char *const units[] = { "bytes", "KiB", "MiB", "GiB", "TiB" };
	unsigned u = 0;
	double v = (double)bytes;

	while (v >= 1024 && u < 4) {
		v /= 1024;
		u++;
	}
	if (u == 0)
		gl_str_fmt(buf, len, "%llu bytes", (unsigned long long)bytes);
	else
		gl_str_fmt(buf, len, v == (double)(uint64_t)v ? "%.0f %s" : "%.1f %s", v, units[u]);
}

static void cache_line(FILE *f, const char *what, uint64_t bytes, const char *note)
{
	char s[32];

	if (!bytes) {
		fprintf(f, "%-18s none%s\n", what, note);
		return;
	}
	size_text(s, sizeof(s), bytes);
	fprintf(f, "%-18s %s%s\n", what, s, note);
}

void gl_info_print(FILE *f, const struct gl_hsa_info *info, const char *arch)
{
	struct gl_info_caches c;
	char note[96], mem[32];

	gl_info_arch_caches(arch, &c);
	fprintf(f, "backend:           %s (%s)\n", info->backend, info->reason);
	fprintf(f, "HSA version:       %u.%u\n", info->hsa_major, info->hsa_minor);
	fprintf(f, "agents:\n");
	for (unsigned i = 0; i < info->nagents; i++)
		fprintf(f, "  %u  %-3s  %s%s%s\n", i, info->agents[i].kind, info->agents[i].name,
		        info->agents[i].isa[0] ? "  " : "", info->agents[i].isa);
	fprintf(f, "device:            GPU %u: %s%s%s\n", info->device, info->name,
	        info->product[0] ? ", " : "", info->product);
	fprintf(f, "ISA:               %s\n", info->isa);
	fprintf(f, "compute units:     %u\n", info->compute_units);
	if (info->simds_per_cu)
		fprintf(f, "SIMDs per CU:      %u\n", info->simds_per_cu);
	if (info->xcds)
		fprintf(f, "XCDs:              %u\n", info->xcds);
	if (info->shader_engines)
		fprintf(f, "shader engines:    %u%s\n", info->shader_engines, info->xcds > 1 ? " (all XCDs)" : "");
	if (info->max_waves_per_cu)
		fprintf(f, "max waves per CU:  %u\n", info->max_waves_per_cu);
	fprintf(f, "wave size:         %u\n", info->wave_size);
	fprintf(f, "workgroup max:     %u work-items\n", info->workgroup_max_size);
	fprintf(f, "LDS per workgroup: %llu bytes\n", (unsigned long long)info->lds_bytes);
	if (info->memory_bytes) {
		size_text(mem, sizeof(mem), info->memory_bytes);
		fprintf(f, "memory:            %s (device-local pool)\n", mem);
	}
	cache_line(f, "L1 vector cache:", info->cache_bytes[0], " per CU");
	gl_str_fmt(note, sizeof(note), " per %u CUs (spec table)", c.scalar_shared_by);
	cache_line(f, "scalar cache:", c.scalar_bytes, c.scalar_bytes ? note : "");
	gl_str_fmt(note, sizeof(note), " per %u CUs (spec table)", c.icache_shared_by);
	cache_line(f, "instruction cache:", c.icache_bytes, c.icache_bytes ? note : "");
	cache_line(f, "L2 cache:", info->cache_bytes[1], info->xcds > 1 ? " per XCD" : "");
	cache_line(f, "L3 (MALL) cache:", info->cache_bytes[2], info->cache_bytes[2] ? " (Infinity Cache)" : "");
	fprintf(f, "max clock:         %u MHz (shader)\n", info->max_clock_mhz);
	if (info->memory_max_mhz)
		fprintf(f, "max memory clock:  %u MHz\n", info->memory_max_mhz);
	if (info->model_clocks)
		fprintf(f, "model clocks:      sclk %u MHz, mclk %u MHz\n", info->sclk_mhz, info->mclk_mhz);
	fprintf(f, "timestamp freq:    %llu Hz\n", (unsigned long long)info->timestamp_hz);
	fprintf(f, "counters/trace:    %s\n", info->vendor_ext ? "yes (gcnlab emulator extension)" : "no");
	/* The emulated KFD reports no SDMA engine (emu/kfd/kfd_topology.c). */
	if (strcmp(info->backend, "rocr-emu") == 0)
		fprintf(f, "copies:            ROCr's blit kernels on the GPU (the emulated GPU has no SDMA engine)\n");
}

void gl_info_json(FILE *f, const struct gl_hsa_info *info, const char *arch)
{
	struct gl_info_caches c;
	struct gl_json j;

	gl_info_arch_caches(arch, &c);
	gl_json_init(&j, f);
	gl_json_object(&j, NULL);
	gl_json_str(&j, "backend", info->backend);
	gl_json_str(&j, "backend_reason", info->reason);
	{
		char v[16];

		gl_str_fmt(v, sizeof(v), "%u.%u", info->hsa_major, info->hsa_minor);
		gl_json_str(&j, "hsa_version", v);
	}
	gl_json_array(&j, "agents");
	for (unsigned i = 0; i < info->nagents; i++) {
		gl_json_object(&j, NULL);
		gl_json_str(&j, "kind", info->agents[i].kind);
		gl_json_str(&j, "name", info->agents[i].name);
		gl_json_str(&j, "isa", info->agents[i].isa);
		gl_json_end(&j);
	}
	gl_json_end(&j);
	gl_json_u64(&j, "device", info->device);
	gl_json_str(&j, "name", info->name);
	gl_json_str(&j, "product", info->product);
	gl_json_str(&j, "isa", info->isa);
	gl_json_str(&j, "arch", arch);
	gl_json_u64(&j, "compute_units", info->compute_units);
	gl_json_u64(&j, "simds_per_cu", info->simds_per_cu);
	gl_json_u64(&j, "xcds", info->xcds);
	gl_json_u64(&j, "shader_engines", info->shader_engines);
	gl_json_u64(&j, "max_waves_per_cu", info->max_waves_per_cu);
	gl_json_u64(&j, "wave_size", info->wave_size);
	gl_json_u64(&j, "workgroup_max_size", info->workgroup_max_size);
	gl_json_u64(&j, "lds_bytes", info->lds_bytes);
	gl_json_u64(&j, "memory_bytes", info->memory_bytes);
	gl_json_object(&j, "caches");
	gl_json_u64(&j, "l1_bytes", info->cache_bytes[0]);
	gl_json_u64(&j, "scalar_bytes", c.scalar_bytes);
	gl_json_u64(&j, "scalar_shared_by_cus", c.scalar_shared_by);
	gl_json_u64(&j, "instruction_bytes", c.icache_bytes);
	gl_json_u64(&j, "instruction_shared_by_cus", c.icache_shared_by);
	gl_json_u64(&j, "l2_bytes", info->cache_bytes[1]);
	gl_json_u64(&j, "l3_bytes", info->cache_bytes[2]);
	gl_json_end(&j);
	gl_json_u64(&j, "max_clock_mhz", info->max_clock_mhz);
	gl_json_u64(&j, "memory_max_clock_mhz", info->memory_max_mhz);
	if (info->model_clocks) {
		gl_json_u64(&j, "model_sclk_mhz", info->sclk_mhz);
		gl_json_u64(&j, "model_mclk_mhz", info->mclk_mhz);
	}
	gl_json_u64(&j, "timestamp_hz", info->timestamp_hz);
	gl_json_bool(&j, "counters", info->vendor_ext);
	gl_json_end(&j);
	gl_json_finish(&j);
}
