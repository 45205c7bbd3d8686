// bw.s — the bandwidth suite's kernels (suite bandwidth): a read ladder by
// footprint and the five BabelStream kernels, all on 16-byte lanes
// (dwordx4: a wave moves 1 KiB per instruction), work-groups of 256.
//
// gcnlab: variant bw_read   OP=0
// gcnlab: variant bw_copy   OP=1
// gcnlab: variant bw_mul    OP=2
// gcnlab: variant bw_add    OP=3
// gcnlab: variant bw_triad  OP=4
// gcnlab: variant bw_dot    OP=5
//
// Kernel (a, b, c, out, scalar, iters, stride, region, span); kernarg:
//   0 a   8 b   16 c   24 out   32 scalar (f64)   40 iters   44 stride
//   48 region   52 span.
//
// OP=0 bw_read: each wave reads READ_U KiB per step (READ_U dwordx4 loads,
// one per KiB) from its work-group's window of `region` bytes at
// a + (wg * region mod span), starting at its quarter, wave in group *
// region / 4, and wrapping inside the window, `iters` steps; every lane adds
// the dwords it loaded and stores the sum at out[wg * 256 + tid] (u32).
// span is a power of two; region a multiple of READ_U KiB, a power of two
// where wg * region exceeds span (shared windows). The
// loads of a step are independent; the step waits for them (vmcnt(0)).
//
// OP=1..5 BabelStream (f64 arrays of `region` bytes, 2 elements per lane
// and step): a grid-stride loop of `iters` steps, each at byte offset
// gid * 16 + step * stride (stride = 16 x work-items in the grid); the
// buffer resources end at `region`, so the last step's lanes past the end
// load zeros and store nothing:
//   bw_copy   c = a               bw_mul    b = scalar * c
//   bw_add    c = a + b           bw_triad  a = b + scalar * c
//   bw_dot    out[gid] = sum over its elements of a * b (f64)
// (BabelStream's operations, array names and scalar; the host reduces the
// dot's partial sums.)

.include "gcnlab.inc"

.ifndef OP
.error "bw.s: --defsym OP=<0..5> is required"
.endif
.if (OP < 0) || (OP > 5)
.error "bw.s: OP must be 0 (read), 1 copy, 2 mul, 3 add, 4 triad or 5 dot"
.endif

.set READ_U, 8            // loads (KiB per wave) per read step

// SGPRs (gcn_kernel_begin: s[0:1] kernarg, s2 work-group id).
.set S_ARGS, 4            // s[4:17]: a, b, c, out, scalar, iters, stride, region, span
.set S_A, 4
.set S_B, 6
.set S_C, 8
.set S_OUT, 10
.set S_SCALAR, 12
.set S_ITERS, 14
.set S_STRIDE, 15
.set S_REGION, 16
.set S_SPAN, 17
.set S_SA, 20             // s[20:23] buffer resource of a (bw_read: the window)
.set S_SB, 24
.set S_SC, 28
.set S_SO, 32
.set S_POS, 36            // byte offset of the step
.set S_TMP, 37
.set S_MASK, 38
.set S_WAVE, 39
.set S_K, 40              // s[40:47] bw_read: the step's load offsets
.set NSGPR, 48

// VGPRs.
.set V_TID, 1
.set V_OFF, 2             // lane byte offset (bw_read: lane * 16; stream: gid * 16)
.set V_TMP, 3
.set V_ACC, 4             // bw_read: u32 sum; bw_dot: v[4:7] two f64 sums
.set V_X, 8               // v[8:11] first operand (bw_read: v[8 : 8 + 4 * READ_U))
.set V_Y, 12              // v[12:15] second operand
.set V_Z, 16              // v[16:19] result
.if OP == 0
.set NVGPR, V_X + 4 * READ_U
.else
.set NVGPR, 20
.endif

.macro bw_name what
	gcn_variant_pick \what, OP == 0, bw_read, OP == 1, bw_copy, OP == 2, bw_mul, OP == 3, bw_add, OP == 4, bw_triad, bw_dot
.endm

// s[SRD:SRD+3] for the 64-bit address s[BASE:BASE+1], num_records 4 GiB - 1
// (the host sizes every access inside its buffer).
.macro bw_rsrc srd, base
	gcn_buffer_rsrc \srd, \base, 0xffffffff
.endm

gcn_variant_begin bw_name, S_ARGS, 56
	gcn_tid_x V_TID
	gcn_wait_lgkm 0
	bw_rsrc S_SO, S_OUT
.if OP == 0
	// The window: a + (wg * region mod span), 32-bit offsets.
	s_mul_i32 s[S_TMP], s2, s[S_REGION]
	s_sub_u32 s[S_MASK], s[S_SPAN], 1
	s_and_b32 s[S_TMP], s[S_TMP], s[S_MASK]
	s_add_u32 s[S_SA], s[S_A], s[S_TMP]
	s_addc_u32 s[S_SA+1], s[S_A+1], 0
	s_and_b32 s[S_SA+1], s[S_SA+1], 0xffff
	s_mov_b32 s[S_SA+2], 0xffffffff
	s_mov_b32 s[S_SA+3], GCN_BUF_DWORD3
	// This wave's first step: the start of its quarter, wave * region / 4, so
	// that the four waves stream apart and never load a line another wave
	// of the group loaded a step before (which the L1/L2 would serve);
	// rounded down to READ_U KiB, so that a step never crosses the window's
	// end (windows under 4 x READ_U KiB: two waves share a start).
	v_lshrrev_b32 v[V_TMP], 6, v[V_TID]
	s_nop 0                                      // gfx942: VALU write -> v_readfirstlane needs 1
	v_readfirstlane_b32 s[S_WAVE], v[V_TMP]
	s_lshr_b32 s[S_TMP], s[S_REGION], 2
	s_mul_i32 s[S_POS], s[S_WAVE], s[S_TMP]
	s_and_b32 s[S_POS], s[S_POS], -READ_U * 1024
	v_and_b32 v[V_OFF], 63, v[V_TID]
	v_lshlrev_b32 v[V_OFF], 4, v[V_OFF]
	v_mov_b32 v[V_ACC], 0
.Lread:
	.set k, 0
	.rept READ_U
	s_add_u32 s[S_K+k], s[S_POS], k * 1024
	.set k, k + 1
	.endr
	.set k, 0
	.rept READ_U
	buffer_load_dwordx4 v[V_X+4*k:V_X+4*k+3], v[V_OFF], s[S_SA:S_SA+3], s[S_K+k] offen
	.set k, k + 1
	.endr
	// next step, wrapping inside the window (region >= READ_U KiB: one
	// subtraction; s_sub_u32 sets SCC on a borrow, i.e. pos < region)
	s_add_u32 s[S_POS], s[S_POS], READ_U * 1024
	s_sub_u32 s[S_TMP], s[S_POS], s[S_REGION]
	s_cselect_b32 s[S_POS], s[S_POS], s[S_TMP]
	s_waitcnt vmcnt(0)
	.set k, 0
	.rept READ_U
	v_add3_u32 v[V_ACC], v[V_ACC], v[V_X+4*k], v[V_X+4*k+1]
	v_add3_u32 v[V_ACC], v[V_ACC], v[V_X+4*k+2], v[V_X+4*k+3]
	.set k, k + 1
	.endr
	s_sub_u32 s[S_ITERS], s[S_ITERS], 1
	s_cmp_lg_u32 s[S_ITERS], 0
	s_cbranch_scc1 .Lread
	// out[wg * 256 + tid]
	s_lshl_b32 s[S_TMP], s2, 10                  // wg * 256 * 4
	v_lshlrev_b32 v[V_OFF], 2, v[V_TID]
	buffer_store_dword v[V_ACC], v[V_OFF], s[S_SO:S_SO+3], s[S_TMP] offen
.else
	gcn_buffer_rsrc S_SA, S_A, s[S_REGION]
	gcn_buffer_rsrc S_SB, S_B, s[S_REGION]
	gcn_buffer_rsrc S_SC, S_C, s[S_REGION]
	// gid * 16 = (wg * 256 + tid) * 16
	s_lshl_b32 s[S_TMP], s2, 8
	v_add_u32 v[V_OFF], s[S_TMP], v[V_TID]
	v_lshlrev_b32 v[V_OFF], 4, v[V_OFF]
	s_mov_b32 s[S_POS], 0
.if OP == 5
	v_mov_b32 v[V_ACC], 0
	v_mov_b32 v[V_ACC+1], 0
	v_mov_b32 v[V_ACC+2], 0
	v_mov_b32 v[V_ACC+3], 0
.endif
.Lstream:
.if OP == 1
	buffer_load_dwordx4 v[V_X:V_X+3], v[V_OFF], s[S_SA:S_SA+3], s[S_POS] offen
	s_waitcnt vmcnt(0)
	buffer_store_dwordx4 v[V_X:V_X+3], v[V_OFF], s[S_SC:S_SC+3], s[S_POS] offen
.elseif OP == 2
	buffer_load_dwordx4 v[V_X:V_X+3], v[V_OFF], s[S_SC:S_SC+3], s[S_POS] offen
	s_waitcnt vmcnt(0)
	v_mul_f64 v[V_Z:V_Z+1], s[S_SCALAR:S_SCALAR+1], v[V_X:V_X+1]
	v_mul_f64 v[V_Z+2:V_Z+3], s[S_SCALAR:S_SCALAR+1], v[V_X+2:V_X+3]
	buffer_store_dwordx4 v[V_Z:V_Z+3], v[V_OFF], s[S_SB:S_SB+3], s[S_POS] offen
.elseif OP == 3
	buffer_load_dwordx4 v[V_X:V_X+3], v[V_OFF], s[S_SA:S_SA+3], s[S_POS] offen
	buffer_load_dwordx4 v[V_Y:V_Y+3], v[V_OFF], s[S_SB:S_SB+3], s[S_POS] offen
	s_waitcnt vmcnt(0)
	v_add_f64 v[V_Z:V_Z+1], v[V_X:V_X+1], v[V_Y:V_Y+1]
	v_add_f64 v[V_Z+2:V_Z+3], v[V_X+2:V_X+3], v[V_Y+2:V_Y+3]
	buffer_store_dwordx4 v[V_Z:V_Z+3], v[V_OFF], s[S_SC:S_SC+3], s[S_POS] offen
.elseif OP == 4
	buffer_load_dwordx4 v[V_X:V_X+3], v[V_OFF], s[S_SB:S_SB+3], s[S_POS] offen
	buffer_load_dwordx4 v[V_Y:V_Y+3], v[V_OFF], s[S_SC:S_SC+3], s[S_POS] offen
	s_waitcnt vmcnt(0)
	v_fma_f64 v[V_Z:V_Z+1], s[S_SCALAR:S_SCALAR+1], v[V_Y:V_Y+1], v[V_X:V_X+1]
	v_fma_f64 v[V_Z+2:V_Z+3], s[S_SCALAR:S_SCALAR+1], v[V_Y+2:V_Y+3], v[V_X+2:V_X+3]
	buffer_store_dwordx4 v[V_Z:V_Z+3], v[V_OFF], s[S_SA:S_SA+3], s[S_POS] offen
.else
	buffer_load_dwordx4 v[V_X:V_X+3], v[V_OFF], s[S_SA:S_SA+3], s[S_POS] offen
	buffer_load_dwordx4 v[V_Y:V_Y+3], v[V_OFF], s[S_SB:S_SB+3], s[S_POS] offen
	s_waitcnt vmcnt(0)
	v_fma_f64 v[V_ACC:V_ACC+1], v[V_X:V_X+1], v[V_Y:V_Y+1], v[V_ACC:V_ACC+1]
	v_fma_f64 v[V_ACC+2:V_ACC+3], v[V_X+2:V_X+3], v[V_Y+2:V_Y+3], v[V_ACC+2:V_ACC+3]
.endif
	s_add_u32 s[S_POS], s[S_POS], s[S_STRIDE]
	s_sub_u32 s[S_ITERS], s[S_ITERS], 1
	s_cmp_lg_u32 s[S_ITERS], 0
	s_cbranch_scc1 .Lstream
.if OP == 5
	// out[gid] = the two sums added (8 bytes per work-item)
	v_add_f64 v[V_ACC:V_ACC+1], v[V_ACC:V_ACC+1], v[V_ACC+2:V_ACC+3]
	v_lshrrev_b32 v[V_OFF], 1, v[V_OFF]
	buffer_store_dwordx2 v[V_ACC:V_ACC+1], v[V_OFF], s[S_SO:S_SO+3], 0 offen
.endif
.endif
	s_endpgm

gcn_variant_end bw_name, NVGPR, NSGPR, 256, 56, "[ { .name: a, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: b, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: c, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: out, .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: scalar, .offset: 32, .size: 8, .value_kind: by_value }, { .name: iters, .offset: 40, .size: 4, .value_kind: by_value }, { .name: stride, .offset: 44, .size: 4, .value_kind: by_value }, { .name: region, .offset: 48, .size: 4, .value_kind: by_value }, { .name: span, .offset: 52, .size: 4, .value_kind: by_value } ]"
