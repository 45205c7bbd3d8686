// valu_sgpr_valu.s — rule "VALU writes SGPR -> VALU reads it: 2" (gfx942 only; LLVM checkVALUHazards, hasVDecCoExecHazard): v_cmp writes s[10:11], v_cndmask reads it.
// archs: gfx942
// rule: VALU writes SGPR -> VALU reads it \(gfx942\)
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin valu_sgpr_valu
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32 s[10:11], 32, v0
.ifdef NOPS
	s_nop 1
.endif
	v_cndmask_b32_e64 v3, 0, 1, s[10:11]
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end valu_sgpr_valu, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
