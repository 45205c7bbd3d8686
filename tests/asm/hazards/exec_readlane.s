// exec_readlane.s — rule "VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane: 4" (gfx942 only; LLVM checkVALUHazards, hasVDecCoExecHazard).
// archs: gfx942
// rule: VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane
.include "hazard.inc"
hz_begin exec_readlane
	v_mov_b32 v2, v0
	s_nop 1
	v_cmpx_le_u32 vcc, 16, v0
.ifdef NOPS
	s_nop 3
.endif
	v_readfirstlane_b32 s12, v2
	s_mov_b64 exec, -1
	s_nop 1 // gfx942: VALU reads an SGPR a VALU wrote: 2 wait states
	v_mov_b32 v3, s12
	hz_end exec_readlane, v3
