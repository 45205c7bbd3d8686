/*
 * gcn_mfma — the MFMA pass counts, one row per (mnemonic, processor's
 * mfma_set). Sources:
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
 * The table is generated from llvm-mca (gcn_mfma_passes.inc says how);
 * the two sources agree on every gfx90a entry.
 */
#include "gcn_mfma.h"

#include <string.h>

static const struct {
	const char *m;
	uint8_t set; /* gcn_proc.mfma_set: 1 gfx90a, 2 gfx942 */
	uint8_t passes;
} gcn_mfma_tab[] = {
#include "gcn_mfma_passes.inc"
};

unsigned gcn_mfma_passes(const struct gcn_proc *p, const char *mnemonic)
{
	if (!p || !p->mfma_set || !mnemonic)
		return 0;
	for (size_t i = 0; i < sizeof(gcn_mfma_tab) / sizeof(gcn_mfma_tab[0]); i++)
		if (gcn_mfma_tab[i].set == p->mfma_set && strcmp(gcn_mfma_tab[i].m, mnemonic) == 0)
			return gcn_mfma_tab[i].passes;
	return 0;
}
