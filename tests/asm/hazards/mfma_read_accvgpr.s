// mfma_read_accvgpr.s — rule "MFMA writes VGPRs -> VALU reads them", 4x4 (2 passes): 5 wait states on gfx90a, 4 on gfx942 for an f32 MFMA (CDNA ISA dependency tables; LLVM checkMAIVALUHazards): v_accvgpr_read of the MFMA's result.
// archs: gfx90a gfx942
// rule: MFMA writes VGPRs -> VALU/VMEM/DS/FLAT reads them
.include "hazard.inc"
hz_begin mfma_read_accvgpr
	hz_mfma_inputs
	hz_mfma_4x4_f32
.ifdef NOPS
	s_nop 4
.endif
	v_accvgpr_read_b32 v8, a0
	hz_end mfma_read_accvgpr, v8, 0, 8
