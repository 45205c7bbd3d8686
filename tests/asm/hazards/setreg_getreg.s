// setreg_getreg.s — rule "s_setreg -> s_getreg of the same hardware register: 2" (Vega ISA 4.5; LLVM checkGetRegHazards): MODE round bits written, then read back.
// archs: gfx900 gfx90a gfx942
// rule: s_setreg -> s_getreg/s_setreg of the same register
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
gcn_kernel_begin setreg_getreg
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s9, 3
	s_setreg_b32 hwreg(HW_REG_MODE, 0, 2), s9
.ifdef NOPS
	s_nop 1
.endif
	s_getreg_b32 s10, hwreg(HW_REG_MODE, 0, 2)
	v_mov_b32 v3, s10
	global_store_dword v1, v3, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end setreg_getreg, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
