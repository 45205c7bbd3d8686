// lanesel_readlane.s — rule "VALU writes SGPR/VCC -> v_readlane/v_writelane lane select: 4" (Vega ISA 4.5; LLVM checkRWLaneHazards). v_readfirstlane writes s7 = 5, v_readlane uses s7 as the lane select.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes SGPR/VCC -> v_readlane/v_writelane lane select
.include "hazard.inc"
hz_begin lanesel_readlane
	v_mov_b32 v2, 5
	s_nop 0
	v_readfirstlane_b32 s7, v2
.ifdef NOPS
	s_nop 3
.endif
	v_readlane_b32 s8, v0, s7
	s_nop 1 // gfx942: VALU reads an SGPR a VALU wrote: 2 wait states
	v_mov_b32 v3, s8
	hz_end lanesel_readlane, v3
