/*
 * emu_cp_pm4 — the PM4 the command processor accepts: AMD's vendor-specific
 * AQL packet that carries one PM4 INDIRECT_BUFFER (ROCr's
 * AMD_AQL_FORMAT_PM4_IB), and in the buffer the ACQUIRE_MEM ROCr submits to
 * invalidate the code caches after a code-object load.
 */
#ifndef EMU_CP_PM4_H
#define EMU_CP_PM4_H

#include <stdbool.h>
#include <stdint.h>

#include "core/emu_gpu.h"

#define EMU_PM4_VENDOR_PM4_IB 1u        /* ven_hdr of the vendor packet */
#define EMU_PM4_OP_INDIRECT_BUFFER 0x3fu
#define EMU_PM4_OP_ACQUIRE_MEM 0x58u
#define EMU_PM4_OP_NOP 0x10u
/* ACQUIRE_MEM COHER_CNTL (gfx9): SH_ICACHE_ACTION_ENA, SH_KCACHE_ACTION_ENA. */
#define EMU_PM4_COHER_SH_ICACHE (1u << 29)
#define EMU_PM4_COHER_SH_KCACHE (1u << 27)
#define EMU_PM4_COHER_TC (1u << 23)          /* TC_ACTION_ENA: the L2 */
#define EMU_PM4_COHER_TC_WB (1u << 18)       /* TC_WB_ACTION_ENA */

struct emu_cp_pm4_result {
	bool ok;                 /* executed; else report says why (invalid packet) */
	bool fault;              /* the buffer is not GPU memory: a fault at fault_addr */
	uint64_t fault_addr;
	char report[256];
};

/* Execute the vendor packet at slot (64 bytes). Call with the GPU's
 * dispatch lock held: an invalidation drops decoded code. */
void emu_cp_pm4_vendor_packet(struct emu_gpu *g, const void *slot, uint64_t index,
                              struct emu_cp_pm4_result *r);

#endif
