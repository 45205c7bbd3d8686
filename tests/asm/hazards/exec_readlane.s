// exec_readlane.s — rule "VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane: 4" (gfx942 only; LLVM checkVALUHazards, hasVDecCoExecHazard).
// archs: gfx942
// rule: VALU writes EXEC -> v_readlane/v_readfirstlane/v_writelane
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin exec_readlane
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
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
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end exec_readlane, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
