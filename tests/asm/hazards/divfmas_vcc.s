// divfmas_vcc.s — rule "VALU writes VCC -> v_div_fmas: 4" (Vega ISA 4.5; LLVM checkDivFMasHazards): v_div_scale_f32 writes VCC, v_div_fmas_f32 reads it.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes VCC -> v_div_fmas
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin divfmas_vcc
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_cvt_f32_u32 v2, v0
	v_mov_b32 v3, 1.0
	v_div_scale_f32 v4, vcc, v3, v2, v3
.ifdef NOPS
	s_nop 3
.endif
	v_div_fmas_f32 v5, v4, v3, v2
	global_store_dword v1, v5, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end divfmas_vcc, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
