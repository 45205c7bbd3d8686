// dpp_exec.s — rule "VALU writes EXEC -> DPP: 5" (Vega ISA 4.5; LLVM checkDPPHazards): v_cmpx writes EXEC, a DPP move follows.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes EXEC -> DPP
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin dpp_exec
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_mov_b32 v2, v0
	v_mov_b32 v3, 0                // lanes v_cmpx turns off keep it
	s_nop 1
	v_cmpx_gt_u32 vcc, 32, v0
.ifdef NOPS
	s_nop 4
.endif
	v_mov_b32_dpp v3, v2 row_shr:1 bound_ctrl:0
	s_mov_b64 exec, -1
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end dpp_exec, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
