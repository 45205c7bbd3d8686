// mfma_srcab.s — rule "MFMA writes VGPRs -> MFMA reads them as SrcA/B", 4x4 (2 passes): 5 on gfx90a, 4 on gfx942 for an f32 MFMA (CDNA ISA dependency tables; LLVM checkMAIHazards90A).
// archs: gfx90a gfx942
// rule: MFMA writes VGPRs -> MFMA reads them
.include "hazard.inc"
hz_begin mfma_srcab
	hz_mfma_inputs
.if GFX942
	v_mfma_f32_4x4x1_16b_f32 v[4:7], v2, v3, v[4:7]
.else
	v_mfma_f32_4x4x1f32 v[4:7], v2, v3, v[4:7]
.endif
.ifdef NOPS
	s_nop 4
.endif
.if GFX942
	v_mfma_f32_4x4x1_16b_f32 a[0:3], v4, v3, a[0:3]
.else
	v_mfma_f32_4x4x1f32 a[0:3], v4, v3, a[0:3]
.endif
	s_nop 7
	v_accvgpr_read_b32 v8, a0
	hz_end mfma_srcab, v8, 0, 8
