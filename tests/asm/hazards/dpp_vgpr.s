// dpp_vgpr.s — rule "VALU writes VGPR -> DPP reads that VGPR: 2" (Vega ISA 4.5; LLVM checkDPPHazards): v_add writes v2, v_mov_b32_dpp reads it.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes VGPR -> DPP reads it
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin dpp_vgpr
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_add_u32 v2, 100, v0
.ifdef NOPS
	s_nop 1
.endif
	v_mov_b32_dpp v3, v2 row_shr:1 bound_ctrl:0
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end dpp_vgpr, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
