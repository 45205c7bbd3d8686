// dpp_vgpr.s — rule "VALU writes VGPR -> DPP reads that VGPR: 2" (Vega ISA 4.5; LLVM checkDPPHazards): v_add writes v2, v_mov_b32_dpp reads it.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes VGPR -> DPP reads it
.include "hazard.inc"
hz_begin dpp_vgpr
	v_add_u32 v2, 100, v0
.ifdef NOPS
	s_nop 1
.endif
	v_mov_b32_dpp v3, v2 row_shr:1 bound_ctrl:0
	hz_end dpp_vgpr, v3
