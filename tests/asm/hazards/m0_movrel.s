// m0_movrel.s — rule "SALU writes M0 -> s_movrel: 1" (Vega ISA 4.5; LLVM checkReadM0Hazards): s_mov_b32 m0, then s_movrels_b32.
// archs: gfx900 gfx90a gfx942
// rule: SALU writes M0 -> s_movrel
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin m0_movrel
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s12, 11
	s_mov_b32 s13, 22
	s_mov_b32 m0, 1
.ifdef NOPS
	s_nop 0
.endif
	s_movrels_b32 s14, s12
	v_mov_b32 v3, s14
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end m0_movrel, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
