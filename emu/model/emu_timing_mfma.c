/*
 * emu_timing_mfma — how long an MFMA occupies its SIMD's matrix core.
 *
 * A matrix instruction runs in passes of 4 shader cycles; its SIMD's matrix
 * core takes no other MFMA until the last pass (emu_timing.c, mfma_issue:
 * one core per SIMD, shared by the waves on that SIMD). The pass counts
 * are the processor's row of common/gcn_mfma_passes.inc (gcn_mfma.c,
 * with their sources), the same numbers the wait-state rules read.
 * What a FLOP rate cannot express and the pass counts do: on gfx942 the
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

#include "gcn_mfma.h"
#include "model/emu_timing_state.h"

uint32_t emu_timing_mfma_cycles(const struct gcn_proc *proc, const struct emu_opdesc *op)
{
	return 4u * gcn_mfma_passes(proc, op->mnemonic);
}
