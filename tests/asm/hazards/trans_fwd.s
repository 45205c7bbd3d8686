// trans_fwd.s — rule "transcendental VALU writes VGPR -> non-transcendental VALU reads it: 1" (gfx942 only; LLVM checkVALUHazards, hasTransForwardingHazard).
// archs: gfx942
// rule: transcendental VALU writes VGPR -> VALU reads it
.include "hazard.inc"
hz_begin trans_fwd
	v_cvt_f32_u32 v2, v0
	s_nop 0
	v_rcp_f32 v3, v2
.ifdef NOPS
	s_nop 0
.endif
	v_add_f32 v3, v3, v3
	hz_end trans_fwd, v3
