// lds_direct.s — direct HBM-to-LDS loads read back in the MFMA pattern,
// with and without per-unit padding (002_6bc4fcfb1ec6bd4f.txt, "Using Memory Buffer Load
// to LDS"; suite lds_banks).
//
// gcnlab: variant lds_direct_nopad   PAD=0 READ=0
// gcnlab: variant lds_direct_pad     PAD=1 READ=0
// gcnlab: variant lds_direct_linear  PAD=0 READ=1
//
// Kernel (b, out, samples, iters); kernarg: 0 b, 8 out, 16 samples,
// 24 iters (u32, a multiple of 64), 32 bytes. Launch one work-group of one
// wave (the seed's waves_per_CU = 1).
//
// The data: `iters` blocks of 16 rows x 1 KiB (a 16 x 512 fp16 tile). Per
// block the wave
//   1. loads the 16 rows into the LDS with buffer_load_dword ... lds: each
//      instruction moves one 256-byte unit (64 lanes x 4 bytes, written
//      contiguously at M0 + lane * 4), four per row;
//   2. reads them back with 16 ds_read_b128, lane l = (m = l & 15, kq = l >> 4)
//      taking the 16 bytes at column kq * 16 + 64 j of row m (j = 0..15):
//      the B-operand layout of v_mfma_f32_16x16x16f16, two k-steps per read;
//   3. times step 2 (gcnlab_sample.inc): samples[i] = cycles of block i's
//      [16 ds_read_b128, s_waitcnt].
// Where row m sits in the LDS:
//   PAD=0  at m * 1024. Every row starts at bank 0, so lanes 0-3 (rows 0-3,
//          same columns) ask the same 4 banks at 4 different rows; every
//          ds_read_b128 lane group ({0-3,20-23}, ...) then conflicts 4 ways.
//   PAD=1  grouped padding: at ((m & 3) * 4 + (m >> 2)) * 1024 + (m & 3) * 32,
//          i.e. rows are grouped by m & 3 and each group starts 8 banks
//          further on; a lane group's 8 lanes then cover 32 distinct banks.
//          Three pads of 32 bytes for the whole tile.
// READ=1 reads with address lane * 16 + 64 j instead (the seed's "index
// lane*8" in fp16): conflict-free by construction, the speed reference.
// After the last block, out (16 KiB) gets what each lane read:
// out[(j * 64 + l) * 16 .. + 16] = read j of lane l, for the host to check
// that the layout returns the right data.

.include "gcnlab.inc"
.include "gcnlab_sample.inc"

.ifndef PAD
.error "lds_direct.s: --defsym PAD=<0|1> is required"
.endif
.ifndef READ
.error "lds_direct.s: --defsym READ=<0|1> is required"
.endif

.set ROWS, 16
.set ROW_BYTES, 1024
.set UNIT, 256                  // bytes one buffer_load_dword ... lds writes
.set BLOCK, ROWS * ROW_BYTES
.set NREADS, 16
.set READ_STEP, 64              // bytes between the reads of one lane
.set LDS_SIZE, BLOCK + 3 * 32

// LDS byte address of row m.
.macro row_lds m, out
.if PAD
	.set \out, ((((\m) & 3) * 4 + ((\m) >> 2)) * ROW_BYTES + ((\m) & 3) * 32)
.else
	.set \out, (\m) * ROW_BYTES
.endif
.endm

.set S_ARGS, 4                  // s[4:7] b, out; s[8:9] samples; s10 iters
.set S_ITERS, 10
.set S_BLK, 11                  // byte offset of the current block
.set S_ROW, 12
.set S_IDX, 13
.set S_TMP, 14
.set S_OOFF, 15
.set S_BSRD, 16                 // s[16:19] b
.set S_OSRD, 20                 // s[20:23] out
.set S_SSRD, 24                 // s[24:27] samples
.set S_T, 28                    // s[28:32]
.set S_SAVE, 33
.set NSGPR, 34
.set V_ADDR, 1
.set V_ACC, 2
.set V_TMP, 3
.set V_LANE, 4
.set V_OFF4, 5
.set V_OFF16, 6
.set V_T2, 7
.set V_DATA, 8                  // v[8:71]: 16 reads x 4
.set NVGPR, V_DATA + 4 * NREADS

.macro direct_name what
	gcn_variant_pick \what, READ, lds_direct_linear, PAD, lds_direct_pad, lds_direct_nopad
.endm

gcn_variant_begin direct_name, S_ARGS, 28
	gcn_sample_lanes V_LANE, V_OFF4
	v_lshlrev_b32 v[V_OFF16], 4, v[V_LANE]
	v_mov_b32 v[V_ACC], 0
	// The read address of this lane.
.if READ
	v_mov_b32 v[V_ADDR], v[V_OFF16]                // lane * 16
.else
	v_and_b32 v[V_TMP], 15, v[V_LANE]              // m
	v_lshrrev_b32 v[V_T2], 4, v[V_LANE]            // kq
	v_lshlrev_b32 v[V_T2], 4, v[V_T2]              // kq * 16
.if PAD
	v_and_b32 v[V_ADDR], 3, v[V_TMP]               // m & 3
	v_lshlrev_b32 v[V_ADDR], 5, v[V_ADDR]          // pad: (m & 3) * 32
	v_add_u32 v[V_T2], v[V_T2], v[V_ADDR]
	v_and_b32 v[V_ADDR], 3, v[V_TMP]
	v_lshlrev_b32 v[V_ADDR], 2, v[V_ADDR]          // (m & 3) * 4
	v_lshrrev_b32 v[V_TMP], 2, v[V_TMP]            // m >> 2
	v_add_u32 v[V_TMP], v[V_TMP], v[V_ADDR]        // row in the LDS
.endif
	v_lshlrev_b32 v[V_TMP], 10, v[V_TMP]           // row * 1024
	v_add_u32 v[V_ADDR], v[V_TMP], v[V_T2]
.endif
	gcn_wait_lgkm 0
	s_lshl_b32 s[S_TMP], s[S_ITERS], 14            // iters * 16 KiB
	gcn_buffer_rsrc S_BSRD, S_ARGS, s[S_TMP]
	s_mov_b32 s[S_TMP], NREADS * 64 * 16
	gcn_buffer_rsrc S_OSRD, S_ARGS+2, s[S_TMP]
	s_lshl_b32 s[S_TMP], s[S_ITERS], 2
	gcn_buffer_rsrc S_SSRD, S_ARGS+4, s[S_TMP]
	s_mov_b32 s[S_BLK], 0
	s_mov_b32 s[S_IDX], 0
	s_mov_b32 s[S_OOFF], 0
.Lblock:
	// 1. 16 rows x 4 units straight into the LDS.
	.set m, 0
	.rept ROWS
	row_lds m, lds_at
	s_mov_b32 m0, lds_at
	s_add_u32 s[S_ROW], s[S_BLK], m * ROW_BYTES
	.set u, 0
	.rept ROW_BYTES / UNIT
	buffer_load_dword v[V_OFF4], s[S_BSRD:S_BSRD+3], s[S_ROW] offen offset:u * UNIT lds
	.set u, u + 1
	.endr
	.set m, m + 1
	.endr
	s_waitcnt vmcnt(0)
	// 2./3. Read them back, timed.
	gcn_sample_start S_T
	.set j, 0
	.rept NREADS
	ds_read_b128 v[V_DATA+4*j:V_DATA+4*j+3], v[V_ADDR] offset:j * READ_STEP
	.set j, j + 1
	.endr
	s_waitcnt lgkmcnt(0)
	gcn_sample_stop S_T
	gcn_sample_record S_T, S_IDX, S_TMP, V_LANE, V_ACC, V_TMP, V_OFF4, S_SSRD, S_OOFF
	s_add_u32 s[S_BLK], s[S_BLK], BLOCK
	s_cmp_lt_u32 s[S_IDX], s[S_ITERS]
	s_cbranch_scc1 .Lblock
	// What the last block's reads returned.
	s_mov_b32 s[S_SAVE], 0
	.set j, 0
	.rept NREADS
	buffer_store_dwordx4 v[V_DATA+4*j:V_DATA+4*j+3], v[V_OFF16], s[S_OSRD:S_OSRD+3], s[S_SAVE] offen
	s_add_u32 s[S_SAVE], s[S_SAVE], 64 * 16
	.set j, j + 1
	.endr
	s_endpgm

gcn_variant_end direct_name, NVGPR, NSGPR, 64, 32, "[ { .name: b, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: samples, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: iters, .offset: 24, .size: 4, .value_kind: by_value } ]", LDS_SIZE
