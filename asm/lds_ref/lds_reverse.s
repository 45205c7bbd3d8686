// lds_reverse.s — the smallest LDS round trip: each work-group of 256
// work-items stages 256 floats in LDS and writes them back reversed,
//   out[g*256 + t] = in[g*256 + 255 - t].
// ds_write_b32, s_barrier, ds_read_b32: the pattern every LDS kernel starts
// from. lds_reverse_hip.hip is the same in HIP (__shared__ + __syncthreads),
// so `make compare KERNEL=lds_reverse` shows the waits and addressing clang
// chooses for it.
//
// Kernel lds_reverse(const float *in, float *out) (kernarg: in at 0, out at 8).
// Launch work-groups of 256 work-items, any number of them.
//
// gcnlab-compare: lds_reverse --ref lds_reverse_hip --grid 65536 --block 256 --bytes 512K buf:256K:iota32 buf:256K

.include "gcnlab.inc"

.set S_IN, 4                 // s[4:5] in, s[6:7] out (kernarg), both moved to the work-group's 1 KiB
.set S_TMP, 8
.set NSGPR, 9
.set V_OFF, 1                // v1 = t * 4
.set V_VAL, 2
.set V_RD, 3                 // v3 = (255 - t) * 4
.set NVGPR, 4

gcn_kernel_begin lds_reverse
	s_load_dwordx4 s[S_IN:S_IN+3], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v[V_OFF], 2, v0
	v_sub_u32 v[V_RD], 255 * 4, v[V_OFF]
	s_lshl_b32 s[S_TMP], s[gcn_s_wg_id_x], 10     // g * 1 KiB
	s_waitcnt lgkmcnt(0)
	s_add_u32 s[S_IN], s[S_IN], s[S_TMP]
	s_addc_u32 s[S_IN+1], s[S_IN+1], 0
	s_add_u32 s[S_IN+2], s[S_IN+2], s[S_TMP]
	s_addc_u32 s[S_IN+3], s[S_IN+3], 0
	global_load_dword v[V_VAL], v[V_OFF], s[S_IN:S_IN+1]
	s_waitcnt vmcnt(0)
	ds_write_b32 v[V_OFF], v[V_VAL]
	s_waitcnt lgkmcnt(0)                           // my write is in LDS ...
	s_barrier                                      // ... and everybody's
	ds_read_b32 v[V_VAL], v[V_RD]
	s_waitcnt lgkmcnt(0)
	global_store_dword v[V_OFF], v[V_VAL], s[S_IN+2:S_IN+3]
	s_endpgm
gcn_kernel_end lds_reverse, NVGPR, NSGPR, 256, 16, "[ { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only } ]", 1024
