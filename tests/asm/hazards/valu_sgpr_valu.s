// valu_sgpr_valu.s — rule "VALU writes SGPR -> VALU reads it: 2" (gfx942 only; LLVM checkVALUHazards, hasVDecCoExecHazard): v_cmp writes s[10:11], v_cndmask reads it.
// archs: gfx942
// rule: VALU writes SGPR -> VALU reads it \(gfx942\)
.include "hazard.inc"
hz_begin valu_sgpr_valu
	v_cmp_gt_u32 s[10:11], 32, v0
.ifdef NOPS
	s_nop 1
.endif
	v_cndmask_b32_e64 v3, 0, 1, s[10:11]
	hz_end valu_sgpr_valu, v3
