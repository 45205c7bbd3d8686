/*
 * emu_profile — the parameters of one emulated GPU (one arch). Every number
 * lives in emu_profile.c with its source in a comment.
 */
#ifndef EMU_PROFILE_H
#define EMU_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

enum emu_arch { EMU_GFX900 = 0, EMU_GFX90A, EMU_GFX942, EMU_ARCH_COUNT };

struct emu_profile {
	enum emu_arch arch;
	const char *proc;          /* "gfx942" */
	const char *isa_name;      /* "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-" */
	const char *marketing;     /* "AMD Instinct MI300X (emulated)" */
	unsigned mach;             /* EF_AMDGPU_MACH_AMDGCN_GFX942 */
	int xnack;                 /* feature state of the agent: 0 off, 1 on, -1 unsupported */
	int sramecc;
	uint32_t num_cu;
	uint32_t num_se;           /* shader engines (XCDs x SEs on gfx942) */
	uint32_t num_xcd;          /* 1 except gfx942 */
	uint32_t simd_per_cu;      /* 4 */
	uint32_t max_waves_per_simd;
	uint32_t lds_bytes;        /* LDS per workgroup */
	uint32_t vgpr_granule;     /* VGPR allocation granule in the descriptor: 4 gfx900, 8 gfx90a/gfx942 */
	uint32_t max_vgpr;         /* architected VGPRs per wave (256); unified VGPR+AGPR file is 512 on gfx90a/gfx942 */
	bool has_agpr;             /* gfx90a/gfx942: unified VGPR/AGPR file, accum_offset */
	bool packed_tid;           /* work-item ids packed in v0 (gfx90a/gfx942) */
	uint32_t vmcnt_max;        /* 63 on gfx9 */
	uint32_t lgkmcnt_max;      /* 15 on gfx9 */
	uint32_t expcnt_max;       /* 7 */
	uint32_t sclk_mhz;         /* shader clock, default */
	uint32_t mclk_mhz;         /* memory clock, default */
	uint32_t realtime_mhz;     /* s_memrealtime / timestamp counter frequency */
};

/* Profile by processor name ("gfx942"); NULL if unknown. */
const struct emu_profile *emu_profile_find(const char *proc);
const struct emu_profile *emu_profile_get(enum emu_arch arch);

#endif
