// mfma_exec.s — rule "VALU writes EXEC -> MFMA: 4" (CDNA ISA 4.5; LLVM checkMAIHazards90A).
// archs: gfx90a gfx942
// rule: VALU writes EXEC -> MFMA
.include "hazard.inc"
hz_begin mfma_exec
	hz_mfma_inputs
	v_cmpx_gt_u32 vcc, 64, v0
.ifdef NOPS
	s_nop 3
.endif
	hz_mfma_4x4_f32
	s_nop 7
	v_accvgpr_read_b32 v8, a0
	hz_end mfma_exec, v8, 0, 8
