// lat_memtime.s — what the timer itself costs (000_106faad81daed8dd.txt, "s_memtime overhead
// cycles"; suite latency).
//
// Kernel lat_memtime(out, steps); kernarg: 0 out, 8 steps (u32), 16 bytes.
// Launch one work-group of 64 work-items per CU. Each of `steps` samples is
// an empty bracket: s_memtime, s_memtime, one wait (gcnlab_sample.inc), so
// it is the cost every other sample carries on top of what it brackets.
// out[g * steps + i] = sample i of work-group g.

.include "gcnlab.inc"
.include "gcnlab_sample.inc"

.set S_ARGS, 4            // s[4:5] out, s6 steps
.set S_STEPS, 6
.set S_IDX, 7
.set S_TMP, 8
.set S_OOFF, 9
.set S_T, 10              // s[10:14]
.set S_OSRD, 16           // s[16:19]
.set NSGPR, 20
.set V_ACC, 1
.set V_TMP, 2
.set V_LANE, 3
.set V_OFF4, 4
.set NVGPR, 5

gcn_kernel_begin lat_memtime
	gcn_load_kernarg S_ARGS, 12
	gcn_sample_lanes V_LANE, V_OFF4
	v_mov_b32 v[V_ACC], 0
	gcn_wait_lgkm 0
	gcn_sample_out S_OSRD, S_ARGS, S_STEPS, S_OOFF, S_TMP
	s_mov_b32 s[S_IDX], 0
.Lstep:
	gcn_sample_start S_T
	gcn_sample_stop S_T
	gcn_sample_record S_T, S_IDX, S_TMP, V_LANE, V_ACC, V_TMP, V_OFF4, S_OSRD, S_OOFF
	s_cmp_lt_u32 s[S_IDX], s[S_STEPS]
	s_cbranch_scc1 .Lstep
	s_endpgm
gcn_kernel_end lat_memtime, NVGPR, NSGPR, 64, 16, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: steps, .offset: 8, .size: 4, .value_kind: by_value } ]"
