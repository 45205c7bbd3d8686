/*
 * emu_cp_pm4 — AMD vendor packets carrying PM4 (emu_cp_pm4.h).
 *
 * Layout of the vendor packet (ROCr's amd_aql_pm4_ib): header (type 0,
 * VENDOR_SPECIFIC), ven_hdr = 1, dwords 1-4 one PM4 INDIRECT_BUFFER
 * command, dword 5 the count of remaining dwords, completion signal at
 * byte 56. PM4 type-3 header: bits 31:30 = 3, 29:16 = dwords - 2, 15:8 the
 * opcode.
 */
#include <stdio.h>
#include <string.h>

#include "core/emu_mem.h"
#include "cp/emu_cp_pm4.h"

#define EMU_PM4_IB_MAX_DW 1024u  /* ROCr's PM4 IB buffer is one page */

static bool pm4_fail(struct emu_cp_pm4_result *r, const char *fmt, unsigned long long a,
                     unsigned long long b)
{
	r->ok = false;
	snprintf(r->report, sizeof(r->report), fmt, a, b);
	return false;
}

static unsigned pm4_type(uint32_t h) { return h >> 30; }
static unsigned pm4_dwords(uint32_t h) { return ((h >> 16) & 0x3fff) + 2; }
static unsigned pm4_op(uint32_t h) { return (h >> 8) & 0xff; }

/* The commands of one indirect buffer. */
static bool pm4_run_ib(struct emu_gpu *g, const uint32_t *dw, uint32_t n, uint64_t index,
                       struct emu_cp_pm4_result *r)
{
	uint32_t i = 0;

	while (i < n) {
		uint32_t h = dw[i], len = pm4_dwords(h);
		if (pm4_type(h) == 2) {  /* type-2 filler */
			i++;
			continue;
		}
		if (pm4_type(h) != 3 || i + len > n)
			return pm4_fail(r, "packet %llu: PM4 indirect buffer dword %llu is no complete "
			                "type-3 command", (unsigned long long)index, i);
		switch (pm4_op(h)) {
		case EMU_PM4_OP_NOP:
			break;
		case EMU_PM4_OP_ACQUIRE_MEM: {
			/* Memory itself is coherent; the model's caches (their
			 * timing state) and the code decoded on demand are what
			 * the invalidation empties. */
			uint32_t c = len > 1 ? dw[i + 1] : 0;
			emu_gpu_acquire_mem(g, c & (EMU_PM4_COHER_TC | EMU_PM4_COHER_TC_WB),
			                    c & EMU_PM4_COHER_SH_ICACHE, c & EMU_PM4_COHER_SH_KCACHE);
			break;
		}
		default:
			return pm4_fail(r, "packet %llu: PM4 opcode 0x%02llx is not supported by the "
			                "emulated command processor", (unsigned long long)index, pm4_op(h));
		}
		i += len;
	}
	r->ok = true;
	return true;
}

void emu_cp_pm4_vendor_packet(struct emu_gpu *g, const void *slot, uint64_t index,
                              struct emu_cp_pm4_result *r)
{
	uint32_t pkt[16], ib[EMU_PM4_IB_MAX_DW];
	struct emu_mem *mem = emu_gpu_mem(g);
	uint64_t addr;
	uint32_t ndw;
	const void *p;

	memset(r, 0, sizeof(*r));
	memcpy(pkt, slot, sizeof(pkt));
	if ((pkt[0] >> 16) != EMU_PM4_VENDOR_PM4_IB) {
		pm4_fail(r, "packet %llu: vendor packet format %llu is not AMD_AQL_FORMAT_PM4_IB (1)",
		         (unsigned long long)index, pkt[0] >> 16);
		return;
	}
	if (pm4_type(pkt[1]) != 3 || pm4_op(pkt[1]) != EMU_PM4_OP_INDIRECT_BUFFER ||
	    pm4_dwords(pkt[1]) != 4) {
		pm4_fail(r, "packet %llu: PM4 vendor packet holds 0x%08llx, not an INDIRECT_BUFFER",
		         (unsigned long long)index, pkt[1]);
		return;
	}
	addr = ((uint64_t)(pkt[3] & 0xffff) << 32) | (pkt[2] & ~3u);
	ndw = pkt[4] & 0xfffff;
	if (ndw > EMU_PM4_IB_MAX_DW) {
		pm4_fail(r, "packet %llu: PM4 indirect buffer of %llu dwords is longer than the "
		         "emulator's 1024", (unsigned long long)index, ndw);
		return;
	}
	emu_mem_lock(mem);
	p = emu_mem_translate(mem, addr, (size_t)ndw * 4);
	if (p)
		memcpy(ib, p, (size_t)ndw * 4);
	emu_mem_unlock(mem);
	if (!p) {
		r->fault = true;
		r->fault_addr = addr;
		snprintf(r->report, sizeof(r->report), "packet %llu: PM4 indirect buffer at 0x%llx "
		         "(%u dwords) is not GPU memory", (unsigned long long)index,
		         (unsigned long long)addr, ndw);
		return;
	}
	pm4_run_ib(g, ib, ndw, index, r);
}
