// m0_movrel.s — rule "SALU writes M0 -> s_movrel: 1" (Vega ISA 4.5; LLVM checkReadM0Hazards): s_mov_b32 m0, then s_movrels_b32.
// archs: gfx900 gfx90a gfx942
// rule: SALU writes M0 -> s_movrel
.include "hazard.inc"
hz_begin m0_movrel
	s_mov_b32 s12, 11
	s_mov_b32 s13, 22
	s_mov_b32 m0, 1
.ifdef NOPS
	s_nop 0
.endif
	s_movrels_b32 s14, s12
	v_mov_b32 v3, s14
	hz_end m0_movrel, v3
