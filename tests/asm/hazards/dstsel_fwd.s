// dstsel_fwd.s — rule "VALU writing with SDWA dst_sel other than DWORD -> VALU reads it: 1" (gfx942 only; LLVM checkVALUHazards, hasDstSelForwardingHazard).
// archs: gfx942
// rule: VALU dst_sel/op_sel partial write -> VALU reads it
.include "hazard.inc"
hz_begin dstsel_fwd
	v_mov_b32 v2, 0
	s_nop 0
	v_mov_b32_sdwa v2, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD
.ifdef NOPS
	s_nop 0
.endif
	v_add_u32 v3, v2, v2
	hz_end dstsel_fwd, v3
