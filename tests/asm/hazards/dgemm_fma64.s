// dgemm_fma64.s — rule "DGEMM -> v_fma_f64: 2" (LLVM checkMAIVALUHazards, DMFMAToFMA64WaitStates).
// archs: gfx90a gfx942
// rule: DGEMM -> v_fma_f64/v_fmac_f64
.include "hazard.inc"
hz_begin dgemm_fma64
	hz_mfma_inputs
	v_cvt_f64_u32 v[4:5], v0
	v_mov_b32 v6, 0
	v_mov_b32 v7, 0
	s_nop 1
	v_mfma_f64_4x4x4f64 v[8:9], v[4:5], v[4:5], v[6:7]
.ifdef NOPS
	s_nop 1
.endif
	v_fma_f64 v[10:11], v[4:5], v[4:5], v[4:5]
	s_nop 7
	s_nop 7
	hz_end dgemm_fma64, v10, 0, 8
