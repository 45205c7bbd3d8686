// mfma_valu_vgpr.s — rule "VALU writes VGPR -> MFMA reads it: 2" (CDNA ISA 4.5; LLVM checkMAIHazards90A).
// archs: gfx90a gfx942
// rule: VALU writes VGPR -> MFMA reads it
.include "hazard.inc"
hz_begin mfma_valu_vgpr
	hz_mfma_inputs
	v_add_f32 v2, 1.0, v2
.ifdef NOPS
	s_nop 1
.endif
	hz_mfma_4x4_f32
	s_nop 7
	v_accvgpr_read_b32 v8, a0
	hz_end mfma_valu_vgpr, v8, 0, 8
