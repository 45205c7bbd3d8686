// lat_chase.s — pointer chase through memory laid out by the host (000_106faad81daed8dd.txt,
// "HBM load dwordx4"; suite latency).
//
// gcnlab: variant lat_chase_x4       LANES=64 TPUT=0 LDS=0
// gcnlab: variant lat_chase_x4_tput  LANES=64 TPUT=1 LDS=0
// gcnlab: variant lat_chase_lane     LANES=1  TPUT=0 LDS=0
// gcnlab: variant lat_chase_lds      LANES=64 TPUT=0 LDS=1
// gcnlab: variant lat_chase_lds_tput LANES=64 TPUT=1 LDS=1
//
// Kernel (buf, out, region_bytes, start, steps, warm_bytes); kernarg:
//   0 buf   8 out   16 region_bytes   20 start   24 steps   28 warm_bytes.
// Launch one work-group of 64 work-items (one wave) per CU. Work-group g
// chases in its own region buf + g * region_bytes: the dword at a node's
// byte offset holds the byte offset (within the region) of the next node,
// so every load's address comes from the previous load's data
// (v_readfirstlane) and no cache or prefetcher can guess it.
//
// Each of `steps` steps is one sample (gcnlab_sample.inc) of
//   TPUT=0:  [ load,                      s_waitcnt vmcnt(0) ]  -> latency
//   TPUT=1:  [ 11 independent loads,      s_waitcnt vmcnt(0) ]
// and the host derives throughput = (TPUT sample - latency) / 10, as the
// seed does. The load is
//   LDS=0  buffer_load_dwordx4 at node + lane * 16: LANES=64 reads 1 KiB
//          (the seed's HBM row), LANES=1 one 16-byte line (EXEC = 1: the
//          classic single pointer chase of the footprint sweep);
//   LDS=1  buffer_load_dword ... lds at node + lane * 4: 256 bytes straight
//          into the LDS at M0 + lane * 4, never through a VGPR. The next
//          node is read back from the LDS after the sample.
// TPUT=1 issues its 11 loads at node + k KiB (LDS=0, like the seed's
// soffset + k*64*16) or node + k*256 with the LDS destination moving along
// (LDS=1, instruction offset k*256 applies to both addresses).
// warm_bytes > 0 first streams [0, warm_bytes) of the region with wave64
// dwordx4 loads (1 KiB each, 8 KiB per round) so that the caches hold the
// footprint before the chase starts. out[g * steps + i] = sample i.
//
// Hazard: v_readfirstlane writes the soffset SGPR of the next load; GFX9
// requires 5 wait states between a VALU SGPR write and a VMEM read of it,
// which the recording instructions between them provide (>= 10).

.include "gcnlab.inc"
.include "gcnlab_sample.inc"

.ifndef LANES
.error "lat_chase.s: --defsym LANES=<1|64> is required"
.endif
.ifndef TPUT
.error "lat_chase.s: --defsym TPUT=<0|1> is required"
.endif
.ifndef LDS
.error "lat_chase.s: --defsym LDS=<0|1> is required"
.endif
.if (LANES != 1) && (LANES != 64)
.error "lat_chase.s: LANES must be 1 or 64"
.endif
.if LDS && (LANES != 64)
.error "lat_chase.s: the LDS load needs all 64 lanes"
.endif

// SGPRs.
.set S_ARGS, 4            // s[4:7] buf, out; s[8:11] region, start, steps, warm
.set S_REGION, 8
.set S_START, 9
.set S_STEPS, 10
.set S_WARM, 11
.set S_SRD, 12            // s[12:15] chase region
.set S_OSRD, 16           // s[16:19] output
.set S_NODE, 20           // byte offset of the current node
.set S_IDX, 21            // sample index
.set S_TMP, 22
.set S_OOFF, 23           // output byte offset
.set S_T, 24              // s[24:28] sample timestamps and difference
.set S_WOFF, 29           // warm-up offset
.set S_K, 30              // s[30:40] TPUT: the 11 load offsets
.set NSGPR, 41

// VGPRs.
.set V_OFF, 1             // lane * 16 (dwordx4) or lane * 4 (LDS load)
.set V_ACC, 2
.set V_TMP, 3
.set V_LANE, 4
.set V_OFF4, 5
.set V_OFF16, 6
.set V_ZERO, 7
.set V_DATA, 8            // v[8:51]: 11 quads
.set NVGPR, V_DATA + 44

.set NODE_STEP_X4, 1024   // TPUT=1, LDS=0: the k-th load at node + k KiB
.set NODE_STEP_LDS, 256   // TPUT=1, LDS=1: node + k * 256

.if TPUT
.set NLOADS, 11
.else
.set NLOADS, 1
.endif

// The load under test, k-th of the sample; soffset register `soff`.
.macro chase_load k, soff
.if LDS
	buffer_load_dword v[V_OFF4], s[S_SRD:S_SRD+3], s[\soff] offen offset:(\k)*NODE_STEP_LDS lds
.else
	buffer_load_dwordx4 v[V_DATA+4*(\k):V_DATA+4*(\k)+3], v[V_OFF16], s[S_SRD:S_SRD+3], s[\soff] offen
.endif
.endm

.macro chase_name what
	gcn_variant_pick \what, LDS && TPUT, lat_chase_lds_tput, LDS, lat_chase_lds, TPUT, lat_chase_x4_tput, LANES == 1, lat_chase_lane, lat_chase_x4
.endm

gcn_variant_begin chase_name, S_ARGS, 32
	gcn_sample_lanes V_LANE, V_OFF4
	v_lshlrev_b32 v[V_OFF16], 4, v[V_LANE]
	v_mov_b32 v[V_ZERO], 0
	v_mov_b32 v[V_ACC], 0
	s_mov_b32 m0, 0                                // LDS=1: destination base
	gcn_wait_lgkm 0
	// Region of this work-group: buf + wg * region_bytes (64-bit).
	s_mul_i32 s[S_SRD], s[gcn_s_wg_id_x], s[S_REGION]
	s_mul_hi_u32 s[S_SRD+1], s[gcn_s_wg_id_x], s[S_REGION]
	s_add_u32 s[S_SRD], s[S_SRD], s[S_ARGS]
	s_addc_u32 s[S_SRD+1], s[S_SRD+1], s[S_ARGS+1]
	gcn_buffer_rsrc S_SRD, S_SRD, s[S_REGION]
	// Output: the whole buffer; this work-group's samples from wg * steps * 4.
	gcn_sample_out S_OSRD, S_ARGS+2, S_STEPS, S_OOFF, S_TMP

	// Warm-up: stream the footprint, 8 KiB per round.
	s_cmp_eq_u32 s[S_WARM], 0
	s_cbranch_scc1 .Lwarm_done
	s_mov_b32 s[S_WOFF], 0
.Lwarm:
	.set k, 0
	.rept 8
	buffer_load_dwordx4 v[V_DATA+4*k:V_DATA+4*k+3], v[V_OFF16], s[S_SRD:S_SRD+3], s[S_WOFF] offen
	s_add_u32 s[S_WOFF], s[S_WOFF], 1024
	.set k, k + 1
	.endr
	s_waitcnt vmcnt(0)
	s_cmp_lt_u32 s[S_WOFF], s[S_WARM]
	s_cbranch_scc1 .Lwarm
.Lwarm_done:

	s_mov_b32 s[S_NODE], s[S_START]
	s_mov_b32 s[S_IDX], 0
.Lstep:
.if TPUT && (LDS == 0)
	.set k, 0
	.rept NLOADS
	s_add_u32 s[S_K+k], s[S_NODE], k * NODE_STEP_X4
	.set k, k + 1
	.endr
.endif
.if LANES == 1
	s_mov_b64 exec, 1
.endif
	gcn_sample_start S_T
.if TPUT
	.set k, 0
	.rept NLOADS
.if LDS
	chase_load k, S_NODE                           // k * 256 in the instruction offset
.else
	chase_load k, S_K+k
.endif
	.set k, k + 1
	.endr
.else
	chase_load 0, S_NODE
.endif
	s_waitcnt vmcnt(0)
	gcn_sample_stop S_T
.if LANES == 1
	s_mov_b64 exec, -1
.endif
.if LDS
	// The node's first dword is at LDS byte 0 (lane 0 of the first load).
	ds_read_b32 v[V_DATA], v[V_ZERO]
	s_waitcnt lgkmcnt(0)
.endif
	v_readfirstlane_b32 s[S_NODE], v[V_DATA]
	gcn_sample_record S_T, S_IDX, S_TMP, V_LANE, V_ACC, V_TMP, V_OFF4, S_OSRD, S_OOFF
	s_cmp_lt_u32 s[S_IDX], s[S_STEPS]
	s_cbranch_scc1 .Lstep
	s_endpgm

gcn_variant_end chase_name, NVGPR, NSGPR, 64, 32, "[ { .name: buf, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: region_bytes, .offset: 16, .size: 4, .value_kind: by_value }, { .name: start, .offset: 20, .size: 4, .value_kind: by_value }, { .name: steps, .offset: 24, .size: 4, .value_kind: by_value }, { .name: warm_bytes, .offset: 28, .size: 4, .value_kind: by_value } ]", 4096
