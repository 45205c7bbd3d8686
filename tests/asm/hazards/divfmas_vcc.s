// divfmas_vcc.s — rule "VALU writes VCC -> v_div_fmas: 4" (Vega ISA 4.5; LLVM checkDivFMasHazards): v_div_scale_f32 writes VCC, v_div_fmas_f32 reads it.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes VCC -> v_div_fmas
.include "hazard.inc"
hz_begin divfmas_vcc
	v_cvt_f32_u32 v2, v0
	v_mov_b32 v3, 1.0
	v_div_scale_f32 v4, vcc, v3, v2, v3
.ifdef NOPS
	s_nop 3
.endif
	v_div_fmas_f32 v5, v4, v3, v2
	hz_end divfmas_vcc, v5
