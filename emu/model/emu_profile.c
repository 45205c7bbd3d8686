/*
 * emu_profile — the three emulated GPUs. One row per arch; every number
 * names where it comes from.
 *
 * Sources used below:
 *  [LLVM]   llvm/BinaryFormat/ELF.h (LLVM 19): EF_AMDGPU_MACH_AMDGCN_GFX900 = 0x02c,
 *           GFX90A = 0x03f, GFX942 = 0x04c.
 *  [USAGE]  LLVM AMDGPUUsage, "Processors" table: gfx900 supports xnack but not
 *           sramecc; gfx90a and gfx942 support both. Target ids are spelled
 *           "amdgcn-amd-amdhsa--<proc>[:sramecc±][:xnack±]".
 *  [VEGA]   AMD "Vega" Instruction Set Architecture reference (2017), ch. 2-4:
 *           4 SIMD16 per CU, 10 wave slots per SIMD, 64 KiB LDS, VGPRs allocated
 *           in groups of 4, vmcnt 6 bits (63), lgkmcnt 4 bits (15), expcnt 3 bits (7).
 *  [CDNA2]  AMD Instinct MI200 ISA reference (2022) and CDNA2 white paper: one
 *           MI250X GCD has 110 active CUs, 8 wave slots per SIMD, unified 512-entry
 *           VGPR/AGPR file allocated in groups of 8, 8 MiB L2 per GCD, 64 GiB HBM2e
 *           per GCD on a 4096-bit bus, peak engine clock 1700 MHz, HBM2e 1600 MHz.
 *  [CDNA3]  AMD Instinct MI300 ISA reference (2024) and CDNA3 white paper: MI300X
 *           has 304 CUs in 8 XCDs (38 per XCD, 4 shader engines per XCD), 4 MiB L2
 *           per XCD, 256 MiB Infinity Cache, 192 GiB HBM3 on an 8192-bit bus,
 *           32 KiB vector L1 per CU, 128-byte cache lines, peak engine clock
 *           2100 MHz, HBM3 1300 MHz.
 *  [RX64]   AMD Radeon RX Vega 64 specifications: 64 CUs in 4 shader engines,
 *           peak engine clock 1630 MHz (highest DPM state), 8 GiB HBM2 at 945 MHz
 *           on a 2048-bit bus, 4 MiB L2, 16 KiB vector L1 per CU.
 *  [ROCMINFO] rocminfo on the real boards: "Max Waves Per CU" 40 (Vega 10) / 32
 *           (MI250X, MI300X), "Shader Engines" 4 / 8 / 32, "Shader Arrs. per Eng." 1,
 *           "Cacheline Size" 64 / 64 / 128, "Chip ID" 0x687f / 0x740c / 0x74a1.
 *  [CLK]    s_memrealtime / constant-rate timestamp: 100 MHz on gfx90a and gfx942,
 *           25 MHz on gfx900 (HIP's hipDeviceAttributeWallClockRate on these parts).
 */
#include <string.h>

#include "model/emu_profile.h"
#include "hsa/emu_runtime.h"

static const struct emu_profile emu_profiles[EMU_ARCH_COUNT] = {
	[EMU_GFX900] = {
		.arch = EMU_GFX900,
		.proc = "gfx900",
		.isa_name = "amdgcn-amd-amdhsa--gfx900:xnack-",   /* [USAGE] no sramecc */
		.marketing = "AMD Radeon RX Vega 64 (emulated)",
		.mach = 0x02c,                /* [LLVM] */
		.xnack = 0,                   /* ROCr's dGPU default: xnack off */
		.sramecc = -1,                /* [USAGE] unsupported on gfx900 */
		.num_cu = 64,                 /* [RX64] */
		.num_se = 4,                  /* [RX64] */
		.num_xcd = 1,
		.simd_per_cu = 4,             /* [VEGA] */
		.max_waves_per_simd = 10,     /* [VEGA] */
		.lds_bytes = 64 * 1024,       /* [VEGA] */
		.vgpr_granule = 4,            /* [VEGA] */
		.max_vgpr = 256,
		.has_agpr = false,
		.packed_tid = false,
		.vmcnt_max = 63,              /* [VEGA] */
		.lgkmcnt_max = 15,
		.expcnt_max = 7,
		.sclk_mhz = 1630,             /* [RX64] */
		.mclk_mhz = 945,              /* [RX64] */
		.realtime_mhz = 25,           /* [CLK] */
	},
	[EMU_GFX90A] = {
		.arch = EMU_GFX90A,
		.proc = "gfx90a",
		.isa_name = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-",
		.marketing = "AMD Instinct MI250X (one GCD, emulated)",
		.mach = 0x03f,                /* [LLVM] */
		.xnack = 0,                   /* ROCr default without HSA_XNACK=1 */
		.sramecc = 1,                 /* ECC is on on Instinct boards */
		.num_cu = 110,                /* [CDNA2] */
		.num_se = 8,                  /* [ROCMINFO] */
		.num_xcd = 1,
		.simd_per_cu = 4,
		.max_waves_per_simd = 8,      /* [CDNA2] */
		.lds_bytes = 64 * 1024,
		.vgpr_granule = 8,            /* [CDNA2] */
		.max_vgpr = 256,
		.has_agpr = true,
		.packed_tid = true,
		.vmcnt_max = 63,
		.lgkmcnt_max = 15,
		.expcnt_max = 7,
		.sclk_mhz = 1700,             /* [CDNA2] */
		.mclk_mhz = 1600,             /* [CDNA2] */
		.realtime_mhz = 100,          /* [CLK] */
	},
	[EMU_GFX942] = {
		.arch = EMU_GFX942,
		.proc = "gfx942",
		.isa_name = "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
		.marketing = "AMD Instinct MI300X (emulated)",
		.mach = 0x04c,                /* [LLVM] */
		.xnack = 0,
		.sramecc = 1,
		.num_cu = 304,                /* [CDNA3] */
		.num_se = 32,                 /* [CDNA3] 8 XCDs x 4 SEs, [ROCMINFO] */
		.num_xcd = 8,                 /* [CDNA3] */
		.simd_per_cu = 4,
		.max_waves_per_simd = 8,      /* [ROCMINFO] 32 per CU */
		.lds_bytes = 64 * 1024,       /* [CDNA3] per workgroup */
		.vgpr_granule = 8,
		.max_vgpr = 256,
		.has_agpr = true,
		.packed_tid = true,
		.vmcnt_max = 63,
		.lgkmcnt_max = 15,
		.expcnt_max = 7,
		.sclk_mhz = 2100,             /* [CDNA3] */
		.mclk_mhz = 1300,             /* [CDNA3] */
		.realtime_mhz = 100,          /* [CLK] */
	},
};

static const struct emu_agent_props emu_props[EMU_ARCH_COUNT] = {
	[EMU_GFX900] = {
		.chip_id = 0x687f,            /* [ROCMINFO] Vega 10 XT */
		.cacheline = 64,              /* [ROCMINFO] */
		.l1_bytes = 16 * 1024,        /* [RX64] */
		.l2_bytes = 4 * 1024 * 1024,  /* [RX64] */
		.l3_bytes = 0,
		.vram_bytes = 8ull << 30,     /* [RX64] */
		.mem_width_bits = 2048,       /* [RX64] */
		.arrays_per_se = 1,           /* [ROCMINFO] */
	},
	[EMU_GFX90A] = {
		.chip_id = 0x740c,            /* [ROCMINFO] MI250X */
		.cacheline = 64,
		.l1_bytes = 16 * 1024,        /* [CDNA2] */
		.l2_bytes = 8 * 1024 * 1024,  /* [CDNA2] */
		.l3_bytes = 0,
		.vram_bytes = 64ull << 30,    /* [CDNA2] */
		.mem_width_bits = 4096,       /* [CDNA2] */
		.arrays_per_se = 1,
	},
	[EMU_GFX942] = {
		.chip_id = 0x74a1,            /* [ROCMINFO] MI300X */
		.cacheline = 128,             /* [CDNA3], [ROCMINFO] */
		.l1_bytes = 32 * 1024,        /* [CDNA3] */
		.l2_bytes = 4 * 1024 * 1024,  /* [CDNA3] per XCD, as rocminfo reports */
		.l3_bytes = 256u * 1024 * 1024, /* [CDNA3] Infinity Cache */
		.vram_bytes = 192ull << 30,   /* [CDNA3] */
		.mem_width_bits = 8192,       /* [CDNA3] */
		.arrays_per_se = 1,
	},
};

const struct emu_profile *emu_profile_get(enum emu_arch arch)
{
	if ((unsigned)arch >= EMU_ARCH_COUNT)
		return NULL;
	return &emu_profiles[arch];
}

const struct emu_profile *emu_profile_find(const char *proc)
{
	if (!proc)
		return NULL;
	for (unsigned i = 0; i < EMU_ARCH_COUNT; i++)
		if (strcmp(emu_profiles[i].proc, proc) == 0)
			return &emu_profiles[i];
	return NULL;
}

const struct emu_agent_props *emu_profile_agent_props(enum emu_arch arch)
{
	if ((unsigned)arch >= EMU_ARCH_COUNT)
		return NULL;
	return &emu_props[arch];
}
