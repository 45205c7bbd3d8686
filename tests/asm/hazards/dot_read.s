// dot_read.s — rule "v_dot writes VGPRs -> another VALU reads them: 3" (LLVM checkMAIVALUHazards, DotWriteDifferentVALURead).
// archs: gfx90a gfx942
// rule: v_dot writes VGPRs -> VALU/memory reads them
.include "hazard.inc"
hz_begin dot_read
	hz_mfma_inputs f16=1
	v_dot2_f32_f16 v6, v4, v4, v2
.ifdef NOPS
	s_nop 2
.endif
	v_add_f32 v7, v6, v6
	hz_end dot_read, v7, 0, 8
