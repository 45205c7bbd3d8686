// mfma_lat.s — issue cadence of every MFMA, timed by the kernel itself with
// s_memtime (tests/e2e/mfma_model.t, which writes mfma_ops.inc and
// assembles this file for gfx90a and gfx942).
//
// mfma_ops.inc (generated) defines
//   MFMA_NOPS            the number of instructions timed
//   macro mfma_op OP, D  instruction OP with its destination and SrcC at
//                        register D (AGPRs a[D..], or VGPRs for a VGPR form)
//   macro mfma_all       `timed N, DEP, OP` for every OP: N = 4 and 12, DEP
//                        = 0 (4 destinations in turn: independent) and 1
//                        (one destination, each SrcC the previous vDst)
//
// Kernel mfma_lat(u32 *out). Launch one work-group of 64..320 work-items.
// Wave w writes out[w*MFMA_NOPS*4 + OP*4 + (0: indep 4, 1: indep 12,
// 2: dep 4, 3: dep 12)] = s_memtime cycles of the run; (12 - 4) / 8 is the
// cycles per MFMA, free of the timer's own cost. Everything runs twice; the
// second pass (instruction cache warm) is the one left in out. Waves w and
// w + 4 share a SIMD, so with 320 work-items waves 0 and 4 take turns on
// SIMD 0's matrix core and the others have theirs alone.

.include "gcnlab.inc"
.include "mfma_ops.inc"

.set V_T, 96          // v96 the sample, v97 its byte offset
.set NAGPR, 128

// timed N, DEP, OP: one sample. The barrier lines the waves up; the nops
// (80 cycles) let the previous run's last MFMA leave the matrix core.
.macro timed n, dep, op
	s_barrier
	.rept 10
	s_nop 7
	.endr
	s_memtime s[8:9]
	s_waitcnt lgkmcnt(0)
	.set tj, 0
	.rept \n
	.if \dep
	.set td, 0
	.else
	.set td, (tj % 4) * 32
	.endif
	mfma_op \op, td
	.set tj, tj + 1
	.endr
	s_memtime s[10:11]
	s_waitcnt lgkmcnt(0)
	s_sub_u32 s12, s10, s8
	v_mov_b32 v[V_T], s12
	v_mov_b32 v[V_T+1], s22
	global_store_dword v[V_T+1], v[V_T], s[4:5]
	s_add_u32 s22, s22, 4
.endm

	gcn_kernel_begin mfma_lat
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshrrev_b32 v1, 6, v0
	v_readfirstlane_b32 s21, v1              // wave
	.set j, 0
	.rept V_T
	v_mov_b32 v[j], 0
	.set j, j + 1
	.endr
	.set j, 0
	.rept NAGPR
	v_accvgpr_write_b32 a[j], 0
	.set j, j + 1
	.endr
	s_mul_i32 s20, s21, MFMA_NOPS * 16
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s7, 2                          // passes
.Lpass:
	s_mov_b32 s22, s20
	mfma_all
	s_sub_u32 s7, s7, 1
	s_cmp_lg_u32 s7, 0
	s_cbranch_scc1 .Lpass
	s_endpgm
	gcn_kernel_end mfma_lat, V_T + 2, 23, 320, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]", 0, NAGPR
