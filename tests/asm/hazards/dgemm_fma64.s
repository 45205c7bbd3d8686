// dgemm_fma64.s — rule "DGEMM -> v_fma_f64: 2" (LLVM checkMAIVALUHazards, DMFMAToFMA64WaitStates).
// archs: gfx90a gfx942
// rule: DGEMM -> v_fma_f64/v_fmac_f64
// Assembled as is, the kernel breaks the rule (a warning; a fault with
// GCNLAB_EMU_STRICT=1); with --defsym NOPS=1 it has the required s_nop and
// runs clean. Launch 64 work-items, out 1K.
.include "gcnlab.inc"
.if GFX == 942
.set GFX942, 1
.else
.set GFX942, 0
.endif
gcn_kernel_begin dgemm_fma64
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
	v_cvt_f64_u32 v[4:5], v0
	v_mov_b32 v6, 0
	v_mov_b32 v7, 0
	s_nop 1
	v_mfma_f64_4x4x4f64 v[8:9], v[4:5], v[4:5], v[6:7]
.ifdef NOPS
	s_nop 1
.endif
	v_fma_f64 v[10:11], v[4:5], v[4:5], v[4:5]
	s_nop 7
	s_nop 7
	global_store_dword v1, v10, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end dgemm_fma64, 16, 24, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]", 0, 8
