// lat_lds_read.s — LDS read latency and throughput (000_106faad81daed8dd.txt, "LDS read"
// rows; suite latency).
//
// gcnlab: variant lat_ds_b32        WIDTH=4  TPUT=0
// gcnlab: variant lat_ds_b32_tput   WIDTH=4  TPUT=1
// gcnlab: variant lat_ds_b128       WIDTH=16 TPUT=0
// gcnlab: variant lat_ds_b128_tput  WIDTH=16 TPUT=1
//
// Kernel (addr, out, steps); kernarg: 0 addr, 8 out, 16 steps (u32), 24 bytes.
// addr holds 64 u32: lane l reads the LDS at byte addr[l] (the host lays
// out the lane stride, as the seed's `indices`). Launch one work-group of
// 64 work-items per CU (the LDS is the wave's alone); 64 KiB of LDS.
// Each of `steps` samples (gcnlab_sample.inc) brackets
//   TPUT=0:  [ ds_read_bN,                                 s_waitcnt lgkmcnt(0) ]
//   TPUT=1:  [ 11 ds_read_bN at offset:k * 64 * N/8 bytes, s_waitcnt lgkmcnt(0) ]
// (the seed's offsets: the k-th read one wave-width further on); the host
// derives throughput = (TPUT - latency) / 10. The addresses plus 10 wave
// widths must stay inside 64 KiB (the host checks). The LDS is zeroed once
// before the samples: only the timing matters, never the values read.
// out[g * steps + i] = sample i of work-group g.

.include "gcnlab.inc"
.include "gcnlab_sample.inc"

.ifndef WIDTH
.error "lat_lds_read.s: --defsym WIDTH=<4|16> (bytes per lane) is required"
.endif
.ifndef TPUT
.error "lat_lds_read.s: --defsym TPUT=<0|1> is required"
.endif
.if (WIDTH != 4) && (WIDTH != 16)
.error "lat_lds_read.s: WIDTH must be 4 (ds_read_b32) or 16 (ds_read_b128)"
.endif

.set S_ARGS, 4            // s[4:5] addr, s[6:7] out
.set S_STEPS, 8
.set S_IDX, 9
.set S_TMP, 10
.set S_OOFF, 11
.set S_T, 12              // s[12:16]
.set S_ASRD, 20           // s[20:23] addr table
.set S_OSRD, 24           // s[24:27] output
.set NSGPR, 28
.set V_ADDR, 1
.set V_ACC, 2
.set V_TMP, 3
.set V_LANE, 4
.set V_OFF4, 5
.set V_DATA, 8            // 11 x WIDTH/4 registers
.set NVGPR, V_DATA + 11 * (WIDTH / 4)

.if TPUT
.set NREADS, 11
.else
.set NREADS, 1
.endif

.macro lds_read k
.if WIDTH == 4
	ds_read_b32 v[V_DATA+(\k)], v[V_ADDR] offset:(\k)*64*4
.else
	ds_read_b128 v[V_DATA+4*(\k):V_DATA+4*(\k)+3], v[V_ADDR] offset:(\k)*64*16
.endif
.endm

.macro lds_name what
	gcn_variant_pick \what, (WIDTH == 4) && TPUT, lat_ds_b32_tput, WIDTH == 4, lat_ds_b32, TPUT, lat_ds_b128_tput, lat_ds_b128
.endm

gcn_variant_begin lds_name, S_ARGS, 20
	gcn_sample_lanes V_LANE, V_OFF4
	v_mov_b32 v[V_ACC], 0
	gcn_wait_lgkm 0
	s_mov_b32 s[S_TMP], 256
	gcn_buffer_rsrc S_ASRD, S_ARGS, s[S_TMP]
	s_mov_b32 s[S_TMP], -1
	gcn_buffer_rsrc S_OSRD, S_ARGS+2, s[S_TMP]
	buffer_load_dword v[V_ADDR], v[V_OFF4], s[S_ASRD:S_ASRD+3], 0 offen
	gcn_sample_base S_OOFF, S_STEPS
	s_mov_b32 s[S_IDX], 0
	gcn_wait_vm 0
	// The LDS holds what the previous workgroup left: write all 64 KiB once
	// (zeros), before the first sample, so that no timed read sees unwritten
	// LDS (the emulator reports such reads; the values never matter here).
	v_mov_b32 v[V_DATA], 0
	v_mov_b32 v[V_DATA+1], 0
	v_mov_b32 v[V_DATA+2], 0
	v_mov_b32 v[V_DATA+3], 0
	v_lshlrev_b32 v[V_TMP], 4, v[V_LANE]   // lane * 16 bytes
	s_mov_b32 s[S_TMP], 64                 // 64 x 1 KiB per wave
.Linit:
	ds_write_b128 v[V_TMP], v[V_DATA:V_DATA+3]
	v_add_u32 v[V_TMP], 1024, v[V_TMP]
	s_sub_u32 s[S_TMP], s[S_TMP], 1
	s_cmp_lg_u32 s[S_TMP], 0
	s_cbranch_scc1 .Linit
	s_waitcnt lgkmcnt(0)
.Lstep:
	gcn_sample_start S_T
	.set k, 0
	.rept NREADS
	lds_read k
	.set k, k + 1
	.endr
	s_waitcnt lgkmcnt(0)
	gcn_sample_stop S_T
	gcn_sample_record S_T, S_IDX, S_TMP, V_LANE, V_ACC, V_TMP, V_OFF4, S_OSRD, S_OOFF
	s_cmp_lt_u32 s[S_IDX], s[S_STEPS]
	s_cbranch_scc1 .Lstep
	s_endpgm

gcn_variant_end lds_name, NVGPR, NSGPR, 64, 24, "[ { .name: addr, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: steps, .offset: 16, .size: 4, .value_kind: by_value } ]", 65536
