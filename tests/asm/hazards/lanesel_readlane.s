// lanesel_readlane.s — rule "VALU writes SGPR/VCC -> v_readlane/v_writelane lane select: 4" (Vega ISA 4.5; LLVM checkRWLaneHazards). v_readfirstlane writes s7 = 5, v_readlane uses s7 as the lane select.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes SGPR/VCC -> v_readlane/v_writelane lane select
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin lanesel_readlane
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_mov_b32 v2, 5
	s_nop 0
	v_readfirstlane_b32 s7, v2
.ifdef NOPS
	s_nop 3
.endif
	v_readlane_b32 s8, v0, s7
	s_nop 1 // gfx942: VALU reads an SGPR a VALU wrote: 2 wait states
	v_mov_b32 v3, s8
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end lanesel_readlane, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
