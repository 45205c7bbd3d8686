// gemm.s — the software-pipelined MFMA GEMM of 000_106faad81daed8dd.txt ("Example Usage in
// gemm"), and the direct-to-LDS variants of 002_6bc4fcfb1ec6bd4f.txt.
//
// gcnlab: archs gfx90a gfx942 -- v_mfma (matrix cores) does not exist on gfx900
// gcnlab: variant gemm_stage LOAD=0
// gcnlab: variant gemm_dma LOAD=1
// gcnlab: variant gemm_dma_vmwait LOAD=2
//
//   gemm_stage       000_106faad81daed8dd.txt: buffer_load_dwordx4 -> VGPRs -> ds_write_b128
//   gemm_dma         002_6bc4fcfb1ec6bd4f.txt: buffer_load_dword ... lds straight into LDS,
//                    no VGPR staging, one vmcnt(0) per K-step
//   gemm_dma_vmwait  gemm_dma plus the s_waitcnt vmcnt(0) that clang puts
//                    after every LDS-DMA load (asm/lds_ref/lds_dma_hip.hip)
//
// Kernel NAME(const half *A, const half *B, float *C, uint64_t *times,
//             uint32 M, uint32 N, uint32 K, uint32 record)
// (kernarg: A 0, B 8, C 16, times 24, M 32, N 36, K 40, record 44; 48 bytes).
//   C[m][n] = sum_k A[m][k] * B[k][n], fp16 inputs, fp32 accumulation.
//   A is row-major M x K (A[m][k] at A + (m*K + k)*2); B is column-major
//   K x N (B[k][n] at B + (n*K + k)*2): both keep k contiguous, so a 256 x 32
//   tile of either is 256 rows of 64 bytes. C is row-major M x N fp32.
//   M, N multiples of 256, K a multiple of 32 (>= 64 for the in-loop
//   timing); M*K*2, N*K*2 and M*N*4 below 4 GiB (buffer num_records).
// Launch: (M/256)*(N/256) work-groups of 256 work-items (4 waves), 1-D;
//   work-group g computes the C tile (g / (N/256), g % (N/256)).
// times[g*4 + 0..3] (written by wave 0 of work-group g when record != 0, so
//   that two kernels' outputs can be compared byte for byte): s_memtime at the
//   start of K-step 0, at the end of K-step 1, at the end of the last K-step,
//   and the number of K-steps. (end - after step 1) / (steps - 2) is the
//   measured cycles per K-step the suite sets beside the design's 2048:
//   steps 0 and 1 each run one half of the loop body for the first time and
//   wait for its code to reach the instruction cache.
//
// ---- The design (000_106faad81daed8dd.txt) ----
// Wave w (0..3) owns the 128 x 128 quarter (wm = w & 1, wn = w >> 1) of the
// 256 x 256 C tile as 4 x 4 blocks of 32 x 32 fp32 in AGPRs: block
// (rb, cb) = a[(rb*4+cb)*16 : +15], all 256 AGPRs. A K-step covers k..k+31:
// per block 4 v_mfma_f32_32x32x8f16 (k 8 each) = 64 MFMAs per wave, each
// 16384 FLOPs; at 32 cycles each on gfx942 (64 on gfx90a) the step is
// 64 x 32 = 2048 cycles of matrix core (the design estimate; 4096 on gfx90a).
//
// MFMA operands (32x32x8, one block): A lane l holds row l%32, k
// 4*(l/32)..+3; B lane l column l%32, same k. A ds_read_b128 gives a lane 8
// consecutive halves: lane l reads k chunk c = (l/32) + 2h (16 bytes, h = 0,1)
// and feeds halves 0-3 to sub-step 2h and 4-7 to sub-step 2h+1. A and B use
// the same order of k, so every MFMA still pairs A[i][k] with B[k][j]: per
// block and K-step 2 ds_read_b128 per operand, 4 x 2 x 2 = 16 per wave
// (the design's 16).
//
// ---- LDS (64 KiB: two buffers of A tile 16 KiB + B tile 16 KiB) ----
//   buffer b at b*32768: A tile at +0, B tile at +16384;
//   row r (0..255), 16-byte chunk c (0..3) at r*64 + ((c ^ ((r >> 1) & 3)) << 4).
// The XOR spreads the 8 lanes of each ds_read_b128 lane group ({0-3,20-23},
// {4-7,16-19}, {8-11,28-31}, {12-15,24-27}, +32; 002_6bc4fcfb1ec6bd4f.txt) over 8 different
// 16-byte bank quads: rows i and i+2 of one 128-byte bank line would
// otherwise collide. 002_6bc4fcfb1ec6bd4f.txt pads instead; padding cannot fit here: the two
// buffers already fill the 64 KiB a work-group may have, and any gap between
// the 256-byte DMA units pushes the last one past it. The DMA variants get
// the same placement from the per-lane address: lane p of a DMA writes LDS
// dword p of its 256-byte unit (4 rows), so each lane fetches the global
// dword that belongs there -- the same 256 bytes, permuted inside 64-byte
// rows, so coalescing is unchanged and there is no VGPR staging.
//
// ---- The pipeline (per K-step t; registers: set t%2 = v[64+64*(t%2) : +63]) ----
//   MFMA i = 0..63 in order (h, e, rb, cb) computes tile t from register set
//   t%2, loaded during step t-1. Between them:
//   ds_read  i = 0..15: one per MFMA (1:1), tile t+1 from LDS buffer (t+1)%2
//            into the other register set. They are used one step later
//            (>= 48 MFMAs ahead, more than the design's 2 x 32 cycles).
//   loads    tile t+2 (clamped to the last tile, whose repeat is harmless)
//            into LDS buffer t%2, which step t-1 finished reading:
//     LOAD=0: buffer_load_dwordx4 j = 0..7 after MFMA 4j (one per 4 MFMAs
//            = 128 cycles per wave, 32 per CU, the seed's rate), into
//            v[192:223]; ds_write_b128 j after MFMA 56+j, each behind
//            s_waitcnt vmcnt(7-j): load 7 was issued 28 MFMAs (~900
//            cycles) earlier, the seed's >= 800.
//     LOAD=1,2: buffer_load_dword ... lds j = 0..31 after MFMA j (32 per
//            wave: 32 KiB / 256 B / 4 waves); 30+ MFMAs before the end.
//     LOAD=2: s_waitcnt vmcnt(0) after every one of them.
//   end      s_waitcnt (LDS writes and reads landed), s_barrier: tile t+1
//            is in registers, tile t+2 in LDS for everybody.
// One barrier per K-step; the tail runs a pair of steps per loop round
// (register sets and LDS buffers alternate), leaving after either one.

.include "gcnlab.inc"

.ifndef LOAD
.error "gemm.s: build through the Makefile (LOAD=0|1|2 from the variant lines)"
.endif

// ---- SGPRs ----
.set S_ARGS, 4        // s[4:5] A, s[6:7] B, s[8:9] C, s[10:11] times
.set S_M, 12
.set S_N, 13
.set S_K, 14
.set S_REC, 15        // record: write times[]
.set S_RA, 16         // s[16:19] buffer resource of A
.set S_RB, 20         // s[20:23] B
.set S_RC, 24         // s[24:27] C
.set S_T, 28          // K-steps
.set S_STEP, 29       // the step being computed
.set S_ROW, 30        // K * 2: bytes per row of A / column of B
.set S_KB, 31         // byte offset of the k-slice the loads fetch: min(t+2, T-1) * 64
.set S_ABASE, 32      // this wave's first load row in A (bytes), without the k-slice
.set S_BBASE, 33
.set S_OA, 34         // running soffset of the next A load
.set S_OB, 35
.set S_INC, 36        // soffset step between two loads of one wave
.set S_M0, 37         // LOAD>0: LDS address of the next DMA unit
.set S_TSTART, 38     // s[38:39] s_memtime at the start of step 0
.set S_T1, 40         // s[40:41] at the end of step 1
.set S_TC, 42         // s[42:43] at the end of the latest step
.set S_TEND, 44       // s[44:45] at the end of the last step
.set S_TM, 46
.set S_TN, 47
.set S_WAVE, 48
.set S_WM, 49
.set S_WN, 50
.set S_N4, 51         // N * 4: bytes per C row
.set S_W256, 52       // wave * 256
.set S_X, 54          // scratch s54..s57
.set NSGPR, 58

// ---- VGPRs ----
.set V_LANE, 1
.set V_I, 2           // lane % 32
.set V_G, 3           // lane / 32
.set V_RA0, 8         // ds_read address, A, h = 0 / 1 (without buffer and rb)
.set V_RA1, 9
.set V_RB0, 10
.set V_RB1, 11
.set V_LD, 12         // per-lane global byte offset of the loads
.set V_WR, 13         // LOAD=0: per-lane LDS address of the ds_writes
.set V_C, 14          // per-lane C byte offset of block (0,0), row 0
.set V_SET, 64        // register sets v[64:127], v[128:191]
.set V_STAGE, 192     // LOAD=0 staging v[192:223]
.set NVGPR, 224
.set NAGPR, 256

.set LDS_BUF, 32768
.set LDS_B, 16384

// ---- The three steps of the pipeline, as macros ----

// MFMA i of a K-step from register set SET: sub-step s = i/16 (h = s/2,
// halves e = s%2 of the ds_read), block (rb, cb) = ((i/4)%4, i%4).
.macro mfma set, i
	.set m_h, (\i) / 32
	.set m_e, ((\i) / 16) % 2
	.set m_rb, ((\i) / 4) % 4
	.set m_cb, (\i) % 4
	.set m_a, V_SET + 64 * (\set) + (m_rb * 2 + m_h) * 4 + 2 * m_e
	.set m_b, V_SET + 64 * (\set) + 32 + (m_cb * 2 + m_h) * 4 + 2 * m_e
	.set m_acc, (m_rb * 4 + m_cb) * 16
	v_mfma_f32_32x32x8f16 a[m_acc:m_acc+15], v[m_a:m_a+1], v[m_b:m_b+1], a[m_acc:m_acc+15]
.endm

// ds_read i (0..15) of the tile in LDS buffer BUF into register set SET:
// i < 8: A rows of block rb = i/2, chunk half h = i%2; i >= 8: B likewise.
.macro lds_read set, buf, i
	.set r_h, (\i) % 2
	.set r_blk, ((\i) % 8) / 2
	.if (\i) < 8
	.set r_dst, V_SET + 64 * (\set) + (r_blk * 2 + r_h) * 4
	ds_read_b128 v[r_dst:r_dst+3], v[V_RA0 + r_h] offset:(\buf) * LDS_BUF + r_blk * 2048
	.else
	.set r_dst, V_SET + 64 * (\set) + 32 + (r_blk * 2 + r_h) * 4
	ds_read_b128 v[r_dst:r_dst+3], v[V_RB0 + r_h] offset:(\buf) * LDS_BUF + r_blk * 2048
	.endif
.endm

// LOAD=0, load j (0..7): 16 rows x 64 bytes of A (j < 4) or B into
// v[192+4j : +3]; rows 16*(4j' + wave) .. +15 of the tile.
.macro stage_load j
	.if (\j) < 4
	buffer_load_dwordx4 v[V_STAGE+4*(\j):V_STAGE+4*(\j)+3], v[V_LD], s[S_RA:S_RA+3], s[S_OA] offen
	s_add_u32 s[S_OA], s[S_OA], s[S_INC]
	.else
	buffer_load_dwordx4 v[V_STAGE+4*(\j):V_STAGE+4*(\j)+3], v[V_LD], s[S_RB:S_RB+3], s[S_OB] offen
	s_add_u32 s[S_OB], s[S_OB], s[S_INC]
	.endif
.endm

// LOAD=0, write j: load j's 16 rows into LDS buffer BUF (A tile rows
// 16*(4j + wave).., B from j = 4 on: 16384 + ... = j * 4096 as well).
.macro stage_write buf, j
	ds_write_b128 v[V_WR], v[V_STAGE+4*(\j):V_STAGE+4*(\j)+3] offset:(\buf) * LDS_BUF + (\j) * 4096
.endm

// LOAD>0, DMA j (0..31): 256 bytes (4 rows) of A (j < 16) or B straight
// into LDS at M0 = the unit's address. The s_add between the M0 write and
// the DMA is the one wait state an SALU write of M0 needs before an
// LDS-direct access (lds_dma.s).
.macro dma j
	s_mov_b32 m0, s[S_M0]
	.if (\j) < 16
	s_add_u32 s[S_M0], s[S_M0], 1024
	buffer_load_dword v[V_LD], s[S_RA:S_RA+3], s[S_OA] offen lds
	s_add_u32 s[S_OA], s[S_OA], s[S_INC]
	.else
	s_add_u32 s[S_M0], s[S_M0], 1024
	buffer_load_dword v[V_LD], s[S_RB:S_RB+3], s[S_OB] offen lds
	s_add_u32 s[S_OB], s[S_OB], s[S_INC]
	.endif
	.if LOAD == 2
	s_waitcnt vmcnt(0)             // what clang emits after every LDS-DMA load
	.endif
.endm

// Loads of the k-slice at S_KB into LDS buffer BUF, all at once (prologue).
.macro load_tile_now buf
	s_add_u32 s[S_OA], s[S_ABASE], s[S_KB]
	s_add_u32 s[S_OB], s[S_BBASE], s[S_KB]
	.if LOAD == 0
	.set j, 0
	.rept 8
	stage_load j
	.set j, j + 1
	.endr
	s_waitcnt vmcnt(0)
	.set j, 0
	.rept 8
	stage_write \buf, j
	.set j, j + 1
	.endr
	.else
	s_add_u32 s[S_M0], s[S_W256], (\buf) * LDS_BUF
	.set j, 0
	.rept 32
	dma j
	.set j, j + 1
	.endr
	s_waitcnt vmcnt(0)
	.endif
.endm

// S_KB = min(S_STEP + 2, T - 1) * 64; the loads' soffsets and M0 for the
// step, whose loads go to LDS buffer BUF.
.macro next_slice buf
	s_add_u32 s[S_X], s[S_STEP], 2
	s_sub_u32 s[S_X+1], s[S_T], 1
	s_min_u32 s[S_X], s[S_X], s[S_X+1]
	s_lshl_b32 s[S_KB], s[S_X], 6
	s_add_u32 s[S_OA], s[S_ABASE], s[S_KB]
	s_add_u32 s[S_OB], s[S_BBASE], s[S_KB]
	.if LOAD != 0
	s_add_u32 s[S_M0], s[S_W256], (\buf) * LDS_BUF
	.endif
.endm

// One K-step: tile t from register set SET; tile t+1 from LDS buffer BUF^1
// into set SET^1; tile t+2 into LDS buffer BUF. Ends behind the barrier
// with S_STEP advanced and SCC = (no step left).
.macro kstep set, buf
	.set i, 0
	.rept 64
	mfma \set, i
	.if i < 16
	lds_read 1 - (\set), 1 - (\buf), i
	.endif
	.if LOAD == 0
	.if (i % 4 == 0) && (i < 32)
	stage_load i / 4
	.endif
	.if i >= 56
	gcn_wait_vm 63 - i             // load i-56 has landed (7-(i-56) younger ones may not)
	stage_write \buf, i - 56
	.endif
	.else
	.if i < 32
	dma i
	.endif
	.endif
	.set i, i + 1
	.endr
	s_waitcnt vmcnt(0) lgkmcnt(0)      // my share of tile t+2 in LDS, tile t+1 in registers
	s_barrier                          // everybody's
	// timing: s[S_TC] (issued after the previous barrier) is valid now; the
	// one after step 1 is kept when step 2 ends.
	s_cmp_eq_u32 s[S_STEP], 2
	s_cselect_b64 s[S_T1:S_T1+1], s[S_TC:S_TC+1], s[S_T1:S_T1+1]
	s_memtime s[S_TC:S_TC+1]
	s_add_u32 s[S_STEP], s[S_STEP], 1
	next_slice 1 - (\buf)
	s_cmp_eq_u32 s[S_STEP], s[S_T]
.endm

.if LOAD == 0
gcn_kernel_begin gemm_stage
.elseif LOAD == 1
gcn_kernel_begin gemm_dma
.else
gcn_kernel_begin gemm_dma_vmwait
.endif
	s_load_dwordx8 s[S_ARGS:S_ARGS+7], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	s_load_dwordx4 s[S_M:S_REC], s[gcn_s_kernarg:gcn_s_kernarg+1], 32
	gcn_tid_x 0
	// The wave index first: gfx942 needs 1 wait state between a VALU write
	// of a VGPR and v_readfirstlane of it (LLVM GCNHazardRecognizer,
	// hasVDecCoExecHazard); the three ANDs cover it.
	v_lshrrev_b32 v4, 6, v0
	v_and_b32 v[V_LANE], 63, v0
	v_and_b32 v[V_I], 31, v0
	v_bfe_u32 v[V_G], v0, 5, 1
	v_readfirstlane_b32 s[S_WAVE], v4
	.set j, 0                           // zero the accumulators
	.rept NAGPR
	v_accvgpr_write_b32 a[j], 0
	.set j, j + 1
	.endr
	s_waitcnt lgkmcnt(0)

	// Tile (tm, tn) = (g / tiles_n, g % tiles_n): float reciprocal estimate,
	// then one correction each way (exact for g, tiles_n < 2^22).
	s_lshr_b32 s[S_X], s[S_N], 8
	v_mov_b32 v7, s[S_X]
	v_cvt_f32_u32 v4, s[S_X]
	v_rcp_iflag_f32 v4, v4
	v_cvt_f32_u32 v5, s[gcn_s_wg_id_x]
	v_mul_f32 v5, v5, v4
	v_cvt_u32_f32 v5, v5
	v_mul_lo_u32 v6, v5, s[S_X]
	v_sub_u32 v6, s[gcn_s_wg_id_x], v6
	v_cmp_le_i32 vcc, v7, v6            // r >= n: q + 1
	s_nop 1                             // gfx942: VALU writes VCC -> VALU reads it, 2 wait states
	v_cndmask_b32 v4, 0, 1, vcc
	v_add_u32 v5, v5, v4
	v_cndmask_b32 v4, 0, v7, vcc
	v_sub_u32 v6, v6, v4
	v_cmp_gt_i32 vcc, 0, v6             // r < 0: q - 1
	s_nop 1
	v_cndmask_b32 v4, 0, 1, vcc
	v_sub_u32 v5, v5, v4
	v_cndmask_b32 v4, 0, v7, vcc
	v_add_u32 v6, v6, v4
	v_readfirstlane_b32 s[S_TM], v5
	v_readfirstlane_b32 s[S_TN], v6

	s_and_b32 s[S_WM], s[S_WAVE], 1
	s_lshr_b32 s[S_WN], s[S_WAVE], 1
	s_lshl_b32 s[S_W256], s[S_WAVE], 8
	s_lshl_b32 s[S_ROW], s[S_K], 1
	s_lshr_b32 s[S_T], s[S_K], 5
	s_lshl_b32 s[S_N4], s[S_N], 2
	s_mul_i32 s[S_X], s[S_M], s[S_ROW]
	gcn_buffer_rsrc S_RA, S_ARGS, s[S_X]
	s_mul_i32 s[S_X], s[S_N], s[S_ROW]
	gcn_buffer_rsrc S_RB, S_ARGS+2, s[S_X]
	s_mul_i32 s[S_X], s[S_M], s[S_N4]
	gcn_buffer_rsrc S_RC, S_ARGS+4, s[S_X]

	// Load rows of this wave: LOAD=0 rows 16*wave + 64*j (a lane: row p/4,
	// chunk p%4); LOAD>0 rows 4*wave + 16*j (a lane: row p/16 of the unit,
	// placed chunk (p/4)%4, dword p%4).
	s_mul_i32 s[S_X], s[S_TM], s[S_ROW]
	s_lshl_b32 s[S_ABASE], s[S_X], 8             // tm * 256 rows
	s_mul_i32 s[S_X], s[S_TN], s[S_ROW]
	s_lshl_b32 s[S_BBASE], s[S_X], 8
	.if LOAD == 0
	s_lshl_b32 s[S_X], s[S_WAVE], 4              // 16 * wave rows
	s_lshl_b32 s[S_INC], s[S_ROW], 6             // 64 rows per load
	.else
	s_lshl_b32 s[S_X], s[S_WAVE], 2              // 4 * wave rows
	s_lshl_b32 s[S_INC], s[S_ROW], 4             // 16 rows per DMA
	.endif
	s_mul_i32 s[S_X], s[S_X], s[S_ROW]
	s_add_u32 s[S_ABASE], s[S_ABASE], s[S_X]
	s_add_u32 s[S_BBASE], s[S_BBASE], s[S_X]
	.if LOAD == 0
	// global: (p/4)*rowbytes + (p%4)*16; LDS: wave*1024 + (p/4)*64 +
	// ((p%4) ^ ((p/8)%4))*16 (row p/4 has (row>>1)&3 = (p>>3)&3)
	v_lshrrev_b32 v4, 2, v[V_LANE]
	v_mul_lo_u32 v4, v4, s[S_ROW]
	v_and_b32 v5, 3, v[V_LANE]
	v_lshl_add_u32 v[V_LD], v5, 4, v4
	v_bfe_u32 v6, v[V_LANE], 3, 2
	v_xor_b32 v5, v5, v6
	v_lshlrev_b32 v5, 4, v5
	v_lshrrev_b32 v4, 2, v[V_LANE]
	v_lshl_add_u32 v4, v4, 6, v5
	s_lshl_b32 s[S_X], s[S_WAVE], 10
	v_add_u32 v[V_WR], s[S_X], v4
	.else
	// unit row q = p/16, place (p/4)%4 holds chunk place ^ s with
	// s = ((4*unit + q) >> 1) & 3 = (2*(wave%2) + q/2) & 3 (unit = 4j + wave);
	// global: q*rowbytes + chunk*16 + (p%4)*4
	v_lshrrev_b32 v4, 4, v[V_LANE]               // q
	v_lshrrev_b32 v5, 1, v4
	s_lshl_b32 s[S_X], s[S_WM], 1
	v_add_u32 v5, s[S_X], v5
	v_and_b32 v5, 3, v5                          // s
	v_bfe_u32 v6, v[V_LANE], 2, 2                // place
	v_xor_b32 v6, v6, v5                         // chunk
	v_lshlrev_b32 v6, 4, v6
	v_and_b32 v5, 3, v[V_LANE]
	v_lshl_add_u32 v6, v5, 2, v6
	v_mul_lo_u32 v4, v4, s[S_ROW]
	v_add_u32 v[V_LD], v4, v6
	.endif

	// ds_read addresses: row i of the wave's block 0, chunk (g + 2h) placed
	// at ((g + 2h) ^ ((i >> 1) & 3)) * 16.
	v_bfe_u32 v4, v[V_I], 1, 2
	v_xor_b32 v5, v[V_G], v4
	v_lshlrev_b32 v5, 4, v5
	v_lshl_add_u32 v5, v[V_I], 6, v5             // h = 0
	v_xor_b32 v6, 2, v[V_G]
	v_xor_b32 v6, v6, v4
	v_lshlrev_b32 v6, 4, v6
	v_lshl_add_u32 v6, v[V_I], 6, v6             // h = 1
	s_lshl_b32 s[S_X], s[S_WM], 13               // wm * 128 rows * 64
	v_add_u32 v[V_RA0], s[S_X], v5
	v_add_u32 v[V_RA1], s[S_X], v6
	s_lshl_b32 s[S_X], s[S_WN], 13
	s_add_u32 s[S_X], s[S_X], LDS_B
	v_add_u32 v[V_RB0], s[S_X], v5
	v_add_u32 v[V_RB1], s[S_X], v6

	// C: row tm*256 + wm*128 + 4g (+ rb*32 + 8*(r/4) + r%4 in the epilogue),
	// column tn*256 + wn*128 + i (+ cb*32).
	s_lshl_b32 s[S_X], s[S_TM], 8
	s_lshl_b32 s[S_X+1], s[S_WM], 7
	s_add_u32 s[S_X], s[S_X], s[S_X+1]
	v_lshl_add_u32 v4, v[V_G], 2, s[S_X]
	v_mul_lo_u32 v4, v4, s[S_N]
	s_lshl_b32 s[S_X], s[S_TN], 8
	s_lshl_b32 s[S_X+1], s[S_WN], 7
	s_add_u32 s[S_X], s[S_X], s[S_X+1]
	v_add3_u32 v4, v4, s[S_X], v[V_I]
	v_lshlrev_b32 v[V_C], 2, v4

	// ---- Prologue: tiles 0 and 1 into LDS, tile 0 into register set 0 ----
	s_mov_b32 s[S_KB], 0
	load_tile_now 0
	s_sub_u32 s[S_X], s[S_T], 1
	s_min_u32 s[S_X], s[S_X], 1
	s_lshl_b32 s[S_KB], s[S_X], 6
	load_tile_now 1
	s_waitcnt lgkmcnt(0)
	s_barrier
	.set i, 0
	.rept 16
	lds_read 0, 0, i
	.set i, i + 1
	.endr
	s_mov_b32 s[S_STEP], 0
	s_mov_b64 s[S_TC:S_TC+1], 0          // read by the first step's s_cselect before any s_memtime
	next_slice 0
	s_mov_b64 s[S_T1:S_T1+1], 0
	s_waitcnt lgkmcnt(0)
	gcn_timer S_TSTART

	// ---- Main loop: two K-steps per round ----
gemm_loop:
	kstep 0, 0
	s_cbranch_scc1 gemm_done
	kstep 1, 1
	s_cbranch_scc0 gemm_loop
gemm_done:
	gcn_timer S_TEND

	// ---- Epilogue: C from the AGPRs ----
	// The last MFMAs' results must be written before a VMEM instruction
	// reads their AGPRs: 16 passes + 2 = 18 wait states on gfx90a (fewer on
	// gfx942); the timer's wait covers some, these 24 the rest.
	s_nop 7
	s_nop 7
	s_nop 7
	.set rb, 0
	.rept 4
	.set r, 0
	.rept 16
	s_mul_i32 s[S_X], s[S_N4], rb * 32 + 8 * (r / 4) + (r % 4)
	.set cb, 0
	.rept 4
	buffer_store_dword a[(rb * 4 + cb) * 16 + r], v[V_C], s[S_RC:S_RC+3], s[S_X] offen offset:cb * 128
	.set cb, cb + 1
	.endr
	.set r, r + 1
	.endr
	.set rb, rb + 1
	.endr

	// times[g*4 ..]: wave 0, lane 0, when asked for.
	s_cmp_eq_u32 s[S_REC], 0
	s_cbranch_scc1 gemm_end
	s_cmp_eq_u32 s[S_WAVE], 0
	s_cbranch_scc0 gemm_end
	s_mov_b64 exec, 1
	v_mov_b32 v64, s[S_TSTART]
	v_mov_b32 v65, s[S_TSTART+1]
	v_mov_b32 v66, s[S_T1]
	v_mov_b32 v67, s[S_T1+1]
	v_mov_b32 v68, s[S_TEND]
	v_mov_b32 v69, s[S_TEND+1]
	v_mov_b32 v70, s[S_T]
	v_mov_b32 v71, 0
	s_lshl_b32 s[S_X], s[gcn_s_wg_id_x], 5
	v_mov_b32 v4, s[S_X]
	global_store_dwordx4 v4, v[64:67], s[S_ARGS+6:S_ARGS+7]
	global_store_dwordx4 v4, v[68:71], s[S_ARGS+6:S_ARGS+7] offset:16
gemm_end:
	s_endpgm

.if LOAD == 0
gcn_kernel_end gemm_stage, NVGPR, NSGPR, 256, 48, "[ { .name: A, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: B, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: C, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: times, .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: size_m, .offset: 32, .size: 4, .value_kind: by_value }, { .name: size_n, .offset: 36, .size: 4, .value_kind: by_value }, { .name: size_k, .offset: 40, .size: 4, .value_kind: by_value }, { .name: record, .offset: 44, .size: 4, .value_kind: by_value } ]", 65536, NAGPR
.elseif LOAD == 1
gcn_kernel_end gemm_dma, NVGPR, NSGPR, 256, 48, "[ { .name: A, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: B, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: C, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: times, .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: size_m, .offset: 32, .size: 4, .value_kind: by_value }, { .name: size_n, .offset: 36, .size: 4, .value_kind: by_value }, { .name: size_k, .offset: 40, .size: 4, .value_kind: by_value }, { .name: record, .offset: 44, .size: 4, .value_kind: by_value } ]", 65536, NAGPR
.else
gcn_kernel_end gemm_dma_vmwait, NVGPR, NSGPR, 256, 48, "[ { .name: A, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: B, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: C, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: times, .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: size_m, .offset: 32, .size: 4, .value_kind: by_value }, { .name: size_n, .offset: 36, .size: 4, .value_kind: by_value }, { .name: size_k, .offset: 40, .size: 4, .value_kind: by_value }, { .name: record, .offset: 44, .size: 4, .value_kind: by_value } ]", 65536, NAGPR
.endif
