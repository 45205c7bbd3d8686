// m0_lds_dma.s — rule "SALU writes M0 -> LDS DMA (buffer_load ... lds): 1" (Vega ISA 4.5; LLVM checkReadM0Hazards, hasReadM0LdsDmaHazard).
// archs: gfx900 gfx90a gfx942
// rule: SALU writes M0 -> LDS DMA
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin m0_lds_dma
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	gcn_buffer_rsrc 8, 4, 1024
	s_mov_b32 m0, 0
.ifdef NOPS
	s_nop 0
.endif
	buffer_load_dword v1, s[8:11], 0 offen lds
	s_waitcnt vmcnt(0)
	ds_read_b32 v3, v1
	s_waitcnt lgkmcnt(0)
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end m0_lds_dma, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]", 1024
