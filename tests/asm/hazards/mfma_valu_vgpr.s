// mfma_valu_vgpr.s — rule "VALU writes VGPR -> MFMA reads it: 2" (CDNA ISA 4.5; LLVM checkMAIHazards90A).
// archs: gfx90a gfx942
// rule: VALU writes VGPR -> MFMA reads it
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
.if GFX == 942
.set GFX942, 1
.else
.set GFX942, 0
.endif
gcn_kernel_begin mfma_valu_vgpr
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	v_cvt_f32_u32 v2, v0
	v_mov_b32 v3, 1.0
	v_mov_b32 v4, 0
	v_mov_b32 v5, 0
	v_mov_b32 v6, 0
	v_mov_b32 v7, 0
	v_accvgpr_write_b32 a0, 0
	v_accvgpr_write_b32 a1, 0
	v_accvgpr_write_b32 a2, 0
	v_accvgpr_write_b32 a3, 0
	s_nop 1                        // VALU writes VGPR/AGPR -> MFMA reads it: 2
	v_add_f32 v2, 1.0, v2
.ifdef NOPS
	s_nop 1
.endif
.if GFX942
	v_mfma_f32_4x4x1_16b_f32 a[0:3], v2, v3, a[0:3]
.else
	v_mfma_f32_4x4x1f32 a[0:3], v2, v3, a[0:3]
.endif
	s_nop 7
	v_accvgpr_read_b32 v8, a0
	global_store_dword v1, v8, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end mfma_valu_vgpr, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]", 0, 8
