// dot_read.s — rule "v_dot writes VGPRs -> another VALU reads them: 3" (LLVM checkMAIVALUHazards, DotWriteDifferentVALURead).
// archs: gfx90a gfx942
// rule: v_dot writes VGPRs -> VALU/memory reads them
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
.if GFX == 942
.set GFX942, 1
.else
.set GFX942, 0
.endif
gcn_kernel_begin dot_read
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
	v_mov_b32 v4, 0x3c003c00          // two f16 1.0
	v_dot2_f32_f16 v6, v4, v4, v2
.ifdef NOPS
	s_nop 2
.endif
	v_add_f32 v7, v6, v6
	global_store_dword v1, v7, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end dot_read, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]", 0, 8
