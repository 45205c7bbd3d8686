// store_data_x4.s — rule "VMEM store of more than 64 bits -> VALU writes its data VGPRs: 1 (gfx900, gfx90a), 2 (gfx942)" (Vega ISA 4.5; LLVM checkVALUHazardsHelper).
// archs: gfx900 gfx90a gfx942
// rule: VMEM store > 64 bits -> VALU writes its data VGPRs
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin store_data_x4
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_lshlrev_b32 v1, 4, v0
	v_mov_b32 v4, v0
	v_mov_b32 v5, 1
	v_mov_b32 v6, 2
	v_mov_b32 v7, 3
	global_store_dwordx4 v1, v[4:7], s[4:5]
.ifdef NOPS
	s_nop 1
.endif
	v_mov_b32 v4, 0
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end store_data_x4, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
