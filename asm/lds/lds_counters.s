// lds_counters.s — the two kernels of rocprofiler-compute's LDS example
// (003_2971ecc2aaaadb01.txt; suite lds_counters), instruction for instruction what the
// example's HIP source asks for.
//
// gcnlab: variant lds_counters_load       CONFLICTS=0
// gcnlab: variant lds_counters_conflicts  CONFLICTS=1
//
// Kernel (out, flag); kernarg: 0 out, 8 flag (i32), 16 bytes. Launch ONE
// work-group of 1..256 work-items. Work-item t:
//   index = t (load) or t * 32 (conflicts: every work-item in bank 0);
//   if (flag) array[256 - index] = index;     (the host passes 0: never)
//   barrier;
//   x = array[index];                         (one ds_read_b32)
//   if (x == -1234567) out[t] = x;            (never: keeps the read alive)
// array is 256 ints (1 KiB) for load and 32 x 256 ints (32 KiB) for
// conflicts, as in the example. The LDS is not initialised: the example's
// fake store exists only so that a compiler keeps the read; here the read
// is written down and stays.

.include "gcnlab.inc"

.ifndef CONFLICTS
.error "lds_counters.s: --defsym CONFLICTS=<0|1> is required"
.endif

.set MAX_THREADS, 256
.set NBANKS, 32
.if CONFLICTS
.set STRIDE, NBANKS             // elements between work-items
.set LDS_SIZE, NBANKS * MAX_THREADS * 4
.else
.set STRIDE, 1
.set LDS_SIZE, MAX_THREADS * 4
.endif
.set MAGIC, -1234567

.set S_ARGS, 4                  // s[4:5] out, s6 flag
.set S_FLAG, 6
.set S_SRD, 8                   // s[8:11]
.set S_EXEC, 12                 // s[12:13]
.set S_TMP, 14
.set NSGPR, 15
.set V_TID, 1
.set V_ADDR, 2
.set V_X, 3
.set V_OFF4, 4
.set V_T, 5
.set NVGPR, 6

.macro counters_name what
	gcn_variant_pick \what, CONFLICTS, lds_counters_conflicts, lds_counters_load
.endm

gcn_variant_begin counters_name, S_ARGS, 12
	gcn_tid_x V_TID
	v_mul_u32_u24 v[V_ADDR], STRIDE * 4, v[V_TID]   // byte address of array[index]
	gcn_wait_lgkm 0
	s_cmp_eq_u32 s[S_FLAG], 0
	s_cbranch_scc1 .Lno_store
	// array[256 - index] = index
	v_mul_u32_u24 v[V_X], STRIDE, v[V_TID]
	v_sub_u32 v[V_T], MAX_THREADS, v[V_X]
	v_lshlrev_b32 v[V_T], 2, v[V_T]
	ds_write_b32 v[V_T], v[V_X]
.Lno_store:
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read_b32 v[V_X], v[V_ADDR]
	s_waitcnt lgkmcnt(0)
	v_cmp_eq_u32 vcc, MAGIC, v[V_X]
	s_and_saveexec_b64 s[S_EXEC:S_EXEC+1], vcc
	s_cbranch_execz .Ldone
	s_mov_b32 s[S_TMP], MAX_THREADS * 4
	gcn_buffer_rsrc S_SRD, S_ARGS, s[S_TMP]
	v_lshlrev_b32 v[V_OFF4], 2, v[V_TID]
	buffer_store_dword v[V_X], v[V_OFF4], s[S_SRD:S_SRD+3], 0 offen
.Ldone:
	s_endpgm

gcn_variant_end counters_name, NVGPR, NSGPR, MAX_THREADS, 16, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: flag, .offset: 8, .size: 4, .value_kind: by_value } ]", LDS_SIZE
