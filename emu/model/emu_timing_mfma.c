/*
 * emu_timing_mfma — how long an MFMA occupies its SIMD's matrix core.
 *
 * A matrix instruction runs in passes of 4 shader cycles; its SIMD's matrix
 * core takes no other MFMA until the last pass (emu_timing.c, mfma_issue:
 * one core per SIMD, shared by the waves on that SIMD). The pass counts
 * below are AMD's published figures:
 *  - gfx90a: AMD Matrix Instruction Calculator (ROCm/amd_matrix_instruction_
 *    calculator, --detail-instruction, "cdna2"): "cycles" = 4 x passes for
 *    every CDNA2 MFMA, e.g. v_mfma_f32_32x32x8f16 64, v_mfma_f32_16x16x16f16
 *    32, v_mfma_f32_4x4x4f16 8, v_mfma_f64_16x16x4f64 32,
 *    v_mfma_f64_4x4x4f64 16.
 *  - gfx90a and gfx942: LLVM's AMDGPU scheduling model (SISchedule.td,
 *    Write{2,4,8,16}PassMAI / Write{4,8,16}PassDGEMM, maintained by AMD),
 *    read back with `llvm-mca -mcpu=<arch> --instruction-info`: the
 *    RThroughput column is the pass count. It agrees with the calculator on
 *    every gfx90a entry. For gfx942 the f64 counts (4 and 8 passes) are the
 *    CDNA3 ISA manual's (llvm-project PR #83782, "The manual states these
 *    are 4 and 8 pass instructions").
 * What a FLOP rate cannot express and these tables do: on gfx942 the
 * multi-block forms kept from CDNA2 (32x32x4_2b_f16, 16x16x4_4b_bf16,
 * 32x32x4_2b_i8, ...) run at the CDNA2 pass counts, not at the doubled rate
 * of the single-block 32x32x8_f16; the 4-block v_mfma_f64_4x4x4f64 takes 4
 * passes on both, not the 2 its FLOPs would give.
 * Dependent MFMAs: a chain whose SrcC is exactly the previous MFMA's vDst
 * (same opcode) needs no wait states (CDNA3 ISA, "Dependency resolution";
 * LLVM GCNHazardRecognizer::checkMAIHazards90A: 0 for "SrcC same"), so it
 * runs at the same cadence as independent MFMAs: the model needs nothing
 * more than the busy core. Other dependencies (SrcA/B, partial overlap,
 * VALU/VMEM reading the result) need software wait states (s_nop) whose
 * cycles the program itself spends; those rules are hazards, not timing.
 */
#include <string.h>

#include "model/emu_timing_private.h"

struct mfma_passes {
	const char *mnemonic;
	uint8_t passes;
};

/* gfx90a (LLVM spelling of the CDNA2 names). */
static const struct mfma_passes passes_gfx90a[] = {
	{ "v_mfma_f32_16x16x16bf16_1k", 8 },
	{ "v_mfma_f32_16x16x16f16", 8 },
	{ "v_mfma_f32_16x16x1f32", 8 },
	{ "v_mfma_f32_16x16x2bf16", 8 },
	{ "v_mfma_f32_16x16x4bf16_1k", 8 },
	{ "v_mfma_f32_16x16x4f16", 8 },
	{ "v_mfma_f32_16x16x4f32", 8 },
	{ "v_mfma_f32_16x16x8bf16", 8 },
	{ "v_mfma_f32_32x32x1f32", 16 },
	{ "v_mfma_f32_32x32x2bf16", 16 },
	{ "v_mfma_f32_32x32x2f32", 16 },
	{ "v_mfma_f32_32x32x4bf16", 16 },
	{ "v_mfma_f32_32x32x4bf16_1k", 16 },
	{ "v_mfma_f32_32x32x4f16", 16 },
	{ "v_mfma_f32_32x32x8bf16_1k", 16 },
	{ "v_mfma_f32_32x32x8f16", 16 },
	{ "v_mfma_f32_4x4x1f32", 2 },
	{ "v_mfma_f32_4x4x2bf16", 2 },
	{ "v_mfma_f32_4x4x4bf16_1k", 2 },
	{ "v_mfma_f32_4x4x4f16", 2 },
	{ "v_mfma_f64_16x16x4f64", 8 },
	{ "v_mfma_f64_4x4x4f64", 4 },
	{ "v_mfma_i32_16x16x16i8", 8 },
	{ "v_mfma_i32_16x16x4i8", 8 },
	{ "v_mfma_i32_32x32x4i8", 16 },
	{ "v_mfma_i32_32x32x8i8", 16 },
	{ "v_mfma_i32_4x4x4i8", 2 },
};

/* gfx942 (LLVM spelling of the CDNA3 names). */
static const struct mfma_passes passes_gfx942[] = {
	{ "v_mfma_f32_16x16x16_bf16", 4 },
	{ "v_mfma_f32_16x16x16_f16", 4 },
	{ "v_mfma_f32_16x16x1_4b_f32", 8 },
	{ "v_mfma_f32_16x16x32_bf8_bf8", 4 },
	{ "v_mfma_f32_16x16x32_bf8_fp8", 4 },
	{ "v_mfma_f32_16x16x32_fp8_bf8", 4 },
	{ "v_mfma_f32_16x16x32_fp8_fp8", 4 },
	{ "v_mfma_f32_16x16x4_4b_bf16", 8 },
	{ "v_mfma_f32_16x16x4_4b_f16", 8 },
	{ "v_mfma_f32_16x16x4_f32", 8 },
	{ "v_mfma_f32_16x16x8_xf32", 4 },
	{ "v_mfma_f32_32x32x16_bf8_bf8", 8 },
	{ "v_mfma_f32_32x32x16_bf8_fp8", 8 },
	{ "v_mfma_f32_32x32x16_fp8_bf8", 8 },
	{ "v_mfma_f32_32x32x16_fp8_fp8", 8 },
	{ "v_mfma_f32_32x32x1_2b_f32", 16 },
	{ "v_mfma_f32_32x32x2_f32", 16 },
	{ "v_mfma_f32_32x32x4_2b_bf16", 16 },
	{ "v_mfma_f32_32x32x4_2b_f16", 16 },
	{ "v_mfma_f32_32x32x4_xf32", 8 },
	{ "v_mfma_f32_32x32x8_bf16", 8 },
	{ "v_mfma_f32_32x32x8_f16", 8 },
	{ "v_mfma_f32_4x4x1_16b_f32", 2 },
	{ "v_mfma_f32_4x4x4_16b_bf16", 2 },
	{ "v_mfma_f32_4x4x4_16b_f16", 2 },
	{ "v_mfma_f64_16x16x4_f64", 8 },
	{ "v_mfma_f64_4x4x4_4b_f64", 4 },
	{ "v_mfma_i32_16x16x32_i8", 4 },
	{ "v_mfma_i32_16x16x4_4b_i8", 8 },
	{ "v_mfma_i32_32x32x16_i8", 8 },
	{ "v_mfma_i32_32x32x4_2b_i8", 16 },
	{ "v_mfma_i32_4x4x4_16b_i8", 2 },
	{ "v_smfmac_f32_16x16x32_bf16", 4 },
	{ "v_smfmac_f32_16x16x32_f16", 4 },
	{ "v_smfmac_f32_16x16x64_bf8_bf8", 4 },
	{ "v_smfmac_f32_16x16x64_bf8_fp8", 4 },
	{ "v_smfmac_f32_16x16x64_fp8_bf8", 4 },
	{ "v_smfmac_f32_16x16x64_fp8_fp8", 4 },
	{ "v_smfmac_f32_32x32x16_bf16", 8 },
	{ "v_smfmac_f32_32x32x16_f16", 8 },
	{ "v_smfmac_f32_32x32x32_bf8_bf8", 8 },
	{ "v_smfmac_f32_32x32x32_bf8_fp8", 8 },
	{ "v_smfmac_f32_32x32x32_fp8_bf8", 8 },
	{ "v_smfmac_f32_32x32x32_fp8_fp8", 8 },
	{ "v_smfmac_i32_16x16x64_i8", 4 },
	{ "v_smfmac_i32_32x32x32_i8", 8 },
};

uint32_t emu_timing_mfma_cycles(enum emu_arch arch, const struct emu_opdesc *op)
{
	const struct mfma_passes *tab = NULL;
	size_t n = 0;

	if (arch == EMU_GFX90A) {
		tab = passes_gfx90a;
		n = sizeof(passes_gfx90a) / sizeof(passes_gfx90a[0]);
	} else if (arch == EMU_GFX942) {
		tab = passes_gfx942;
		n = sizeof(passes_gfx942) / sizeof(passes_gfx942[0]);
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(tab[i].mnemonic, op->mnemonic) == 0)
			return 4u * tab[i].passes;
	return 0;
}
