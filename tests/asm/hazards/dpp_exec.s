// dpp_exec.s — rule "VALU writes EXEC -> DPP: 5" (Vega ISA 4.5; LLVM checkDPPHazards): v_cmpx writes EXEC, a DPP move follows.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes EXEC -> DPP
.include "hazard.inc"
hz_begin dpp_exec
	v_mov_b32 v2, v0
	v_mov_b32 v3, 0                // lanes v_cmpx turns off keep it
	s_nop 1
	v_cmpx_gt_u32 vcc, 32, v0
.ifdef NOPS
	s_nop 4
.endif
	v_mov_b32_dpp v3, v2 row_shr:1 bound_ctrl:0
	s_mov_b64 exec, -1
	hz_end dpp_exec, v3
