#include "measure/gl_counters.h"

#include <ctype.h>
#include <inttypes.h>
#include <string.h>

#include "base/gl_str.h"

/* The emulator names its counters; their meanings live here, next to the
 * code that prints them (README "Counters and trace" says the same). A name
 * without GCNLAB_ is rocprofv3's (rocprofiler-sdk counter_defs.yaml) and
 * means what it means there; GCNLAB_ names are the emulator's own. On gfx900
 * the counters rocprofv3 defines only for gfx90a/gfx942 carry GCNLAB_ too
 * (emu_counter_name), and are described under their bare name. */
static const struct {
	const char *name;
	const char *meaning;
} meanings[] = {
	{ "SQ_WAVES", "waves launched" },
	{ "SQ_INSTS_VALU", "vector ALU instructions issued (fp64 and transcendental included)" },
	{ "SQ_INSTS_SALU", "scalar ALU instructions issued" },
	{ "SQ_INSTS_SMEM", "scalar memory instructions issued (s_load*, s_buffer_load*, s_store*)" },
	{ "SQ_INSTS_VMEM_RD", "vector memory read instructions issued (buffer/global/flat/scratch)" },
	{ "SQ_INSTS_VMEM_WR", "vector memory write instructions issued (stores and atomics)" },
	{ "SQ_INSTS_LDS", "LDS (DS) instructions issued" },
	{ "SQ_INSTS_BRANCH", "branch instructions issued" },
	{ "SQ_INSTS_MFMA", "matrix (MFMA) instructions issued" },
	{ "GCNLAB_INSTS_OTHER", "emulator only: other instructions issued (s_waitcnt, s_nop, s_barrier, s_endpgm, s_memtime, ...)" },
	{ "SQ_INSTS", "all wave-instructions issued" },
	{ "GCNLAB_WAITCNT_CYCLES", "emulator only: cycles waves spent stalled in s_waitcnt, summed over waves (not rocprofv3's SQ_WAIT_INST_ANY, quad-cycles waiting to issue)" },
	{ "SQ_LDS_IDX_ACTIVE", "cycles the LDS is used for indexed operations: one per lane group, plus one per conflict" },
	{ "SQ_LDS_BANK_CONFLICT", "cycles the LDS is stalled by bank conflicts (beyond one per lane group)" },
	{ "GCNLAB_TCP_HIT", "emulator only: vector L1 line lookups of loads that hit" },
	{ "GCNLAB_TCP_MISS", "emulator only: vector L1 line lookups of loads that missed (or bypassed it)" },
	{ "SQC_DCACHE_HITS", "scalar data cache hits" },
	{ "SQC_DCACHE_MISSES", "scalar data cache misses" },
	{ "SQC_ICACHE_HITS", "instruction cache hits" },
	{ "SQC_ICACHE_MISSES", "instruction cache misses (filled from L2)" },
	{ "TCC_HIT", "L2 cache hits" },
	{ "TCC_MISS", "L2 cache misses (uncached reads count as misses)" },
	{ "GCNLAB_MALL_HIT", "emulator only: Infinity Cache (MALL) lookups of L2 misses that hit (gfx942)" },
	{ "GCNLAB_MALL_MISS", "emulator only: Infinity Cache (MALL) lookups that went on to HBM (gfx942)" },
	{ "GCNLAB_HBM_READ_BYTES", "emulator only: bytes read from DRAM" },
	{ "GCNLAB_HBM_WRITE_BYTES", "emulator only: bytes written to DRAM (dirty lines leaving the last cache level)" },
	{ "GCNLAB_CUS_USED", "emulator only: compute units that ran at least one wave" },
	{ "GRBM_GUI_ACTIVE", "GPU busy cycles: from the first wave's start to the last wave's end" },
	{ "TCP_UTCL1_TRANSLATION_MISS", "vector address translations that missed the per-CU UTCL1" },
	{ "SQ_VALU_MFMA_BUSY_CYCLES", "matrix-core (MFMA) busy cycles, summed over the SIMDs" },
	{ "GCNLAB_HAZARD_WAITSTATES", "emulator only: instructions issued with fewer wait states (s_nop) than the ISA requires" },
	{ "GCNLAB_HAZARD_WAITCNT", "emulator only: instructions that read or overwrote a register before an s_waitcnt guaranteed the memory instruction writing it" },
	{ "TCP_TOTAL_CACHE_ACCESSES", "vector L1 tag lookups (lines) of loads and stores, hits and misses" },
	{ "TCP_TCC_READ_REQ", "read requests from the vector L1 to the L2 (lines)" },
	{ "TCP_TCC_WRITE_REQ", "write requests from the vector L1 to the L2 (lines)" },
	{ "TCP_TCC_ATOMIC_WITH_RET_REQ", "atomic requests returning the old value, vector L1 to L2 (lines)" },
	{ "TCP_TCC_ATOMIC_WITHOUT_RET_REQ", "atomic requests without return, vector L1 to L2 (lines)" },
	{ "TCC_REQ", "L2 requests of all clients at the tag block" },
	{ "TCC_EA_RDREQ", "L2 read requests to the fabric (64-byte requests; TCC_EA0_RDREQ on gfx942)" },
	{ "TCC_EA0_RDREQ", "L2 read requests to the fabric (64-byte requests)" },
	{ "TCC_EA_WRREQ", "L2 write requests to the fabric (64-byte requests; TCC_EA0_WRREQ on gfx942)" },
	{ "TCC_EA0_WRREQ", "L2 write requests to the fabric (64-byte requests)" },
};

/* name without its GCNLAB_ prefix, if it has one. */
static const char *bare(const char *name)
{
	return strncmp(name, "GCNLAB_", 7) == 0 ? name + 7 : name;
}

void gl_counters_read(struct gl_hsa *h, struct gl_counters *out)
{
	memset(out, 0, sizeof(*out));
	out->valid = h && gl_hsa_counters(h, &out->c) && out->c.count > 0;
	if (out->c.count > GCNLAB_MAX_COUNTERS)
		out->c.count = GCNLAB_MAX_COUNTERS;
}

const char *gl_counters_unavailable(void)
{
	return "counters: not available on ROCr (use rocprofv3 --pmc ...)";
}

const char *gl_counters_meaning(const char *name)
{
	for (size_t i = 0; i < sizeof(meanings) / sizeof(meanings[0]); i++)
		if (strcmp(meanings[i].name, name) == 0)
			return meanings[i].meaning;
	/* gfx900's GCNLAB_SQC_ICACHE_MISSES: the event of SQC_ICACHE_MISSES */
	for (size_t i = 0; i < sizeof(meanings) / sizeof(meanings[0]); i++)
		if (strcmp(meanings[i].name, bare(name)) == 0)
			return meanings[i].meaning;
	return "";
}

bool gl_counters_get(const struct gl_counters *c, const char *name, uint64_t *value)
{
	if (!c->valid)
		return false;
	/* The name as given, or the same event under GCNLAB_ (gfx900 reports
	 * SQC_ICACHE_MISSES as GCNLAB_SQC_ICACHE_MISSES). */
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < c->c.count; i++) {
			char n[GCNLAB_COUNTER_NAME_MAX + 1];

			gl_str_fmt(n, sizeof(n), "%.*s", GCNLAB_COUNTER_NAME_MAX, c->c.name[i]);
			if (strcmp(pass ? bare(n) : n, name) == 0) {
				*value = c->c.value[i];
				return true;
			}
		}
	}
	return false;
}

void gl_counters_print(FILE *f, const struct gl_counters *c)
{
	if (!c->valid) {
		fprintf(f, "%s\n", gl_counters_unavailable());
		return;
	}
	for (uint32_t i = 0; i < c->c.count; i++) {
		char name[GCNLAB_COUNTER_NAME_MAX + 1];

		gl_str_fmt(name, sizeof(name), "%.*s", GCNLAB_COUNTER_NAME_MAX, c->c.name[i]);
		fprintf(f, "  %-28s %14" PRIu64 "  %s\n", name, c->c.value[i], gl_counters_meaning(name));
	}
}

bool gl_counters_column(const char *name, const char *suffix, char *buf, size_t len)
{
	size_t n = strnlen(name, GCNLAB_COUNTER_NAME_MAX), k = strlen(suffix);

	if (n + k + 1 > len)
		return false;
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)tolower((unsigned char)name[i]);
	memcpy(buf + n, suffix, k + 1);
	return true;
}

bool gl_counters_table_row(struct gl_table *t, unsigned row, const struct gl_counters *c)
{
	if (!c->valid)
		return true;
	for (uint32_t i = 0; i < c->c.count; i++) {
		char name[GCNLAB_COUNTER_NAME_MAX + 1], value[32];
		int col;

		if (!gl_counters_column(c->c.name[i], "", name, sizeof(name)))
			return false;
		col = gl_table_col(t, name);
		if (col < 0)
			col = gl_table_add_col(t, name);
		if (col < 0)
			return false;
		gl_str_fmt(value, sizeof(value), "%" PRIu64, c->c.value[i]);
		if (!gl_table_set_cell(t, row, (unsigned)col, value))
			return false;
	}
	return true;
}
