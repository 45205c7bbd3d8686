// store_data_x4.s — rule "VMEM store of more than 64 bits -> VALU writes its data VGPRs: 1 (gfx900, gfx90a), 2 (gfx942)" (Vega ISA 4.5; LLVM checkVALUHazardsHelper).
// archs: gfx900 gfx90a gfx942
// rule: VMEM store > 64 bits -> VALU writes its data VGPRs
.include "hazard.inc"
hz_begin store_data_x4
	v_lshlrev_b32 v1, 4, v0
	v_mov_b32 v4, v0
	v_mov_b32 v5, 1
	v_mov_b32 v6, 2
	v_mov_b32 v7, 3
	global_store_dwordx4 v1, v[4:7], s[4:5]
.ifdef NOPS
	s_nop 1
.endif
	v_mov_b32 v4, 0
	s_waitcnt vmcnt(0)
	s_endpgm
hz_descriptor store_data_x4
