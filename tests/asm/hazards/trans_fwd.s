// trans_fwd.s — rule "transcendental VALU writes VGPR -> non-transcendental VALU reads it: 1" (gfx942 only; LLVM checkVALUHazards, hasTransForwardingHazard).
// archs: gfx942
// rule: transcendental VALU writes VGPR -> VALU reads it
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin trans_fwd
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_cvt_f32_u32 v2, v0
	s_nop 0
	v_rcp_f32 v3, v2
.ifdef NOPS
	s_nop 0
.endif
	v_add_f32 v3, v3, v3
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end trans_fwd, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
