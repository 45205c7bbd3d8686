// dgemm_between_vmem.s — gfx90a only: "VALU writes VGPR, a DGEMM issues,
// then a VMEM reads the VGPR: 2 wait states after the VALU" (LLVM
// checkMAIVALUHazards, DMFMABetweenVALUWriteVMEMRead: a gfx90a hardware
// bug where the DGEMM makes the SQ skip its own interlock).
// archs: gfx90a
// rule: VALU writes VGPR, DGEMM, VMEM reads it \(gfx90a\)
.include "hazard.inc"
hz_begin dgemm_between_vmem
	v_mov_b32 v4, 0
	v_mov_b32 v5, 0
	v_mov_b32 v6, 0
	v_mov_b32 v7, 0
	s_nop 1
	v_add_u32 v2, 3, v0
	v_mfma_f64_4x4x4f64 v[8:9], v[4:5], v[4:5], v[6:7]
.ifdef NOPS
	s_nop 0
.endif
	global_store_dword v1, v2, s[4:5]
	s_nop 7
	s_nop 7
	s_waitcnt vmcnt(0)
	s_endpgm
hz_descriptor dgemm_between_vmem
