// partial_wg.s — which work-items a dispatch runs when the grid is not a
// multiple of the work-group size (HSA allows it: the last work-group is
// partial, and so is its last wave). Work-item gid of work-group wg writes
// (wg << 16 | local id) + 1 to out[gid], nothing else; the work-group size
// comes from the dispatch packet. Checked by tests/e2e/dispatch.t.
.include "gcnlab.inc"
gcn_kernel_begin partial_wg, 1
	s_load_dwordx2 s[6:7], s[gcn_s_kernarg:gcn_s_kernarg+1], 0         // out
	s_load_dword s8, s[gcn_s_dispatch_ptr:gcn_s_dispatch_ptr+1], 4     // workgroup_size_x | y << 16
	gcn_tid_x 1
	s_waitcnt lgkmcnt(0)
	s_and_b32 s8, s8, 0xffff
	s_mul_i32 s9, s8, s[gcn_s_wg_id_x]                                  // first gid of the work-group
	v_add_u32 v2, s9, v1                                                // gid
	v_lshlrev_b32 v3, 2, v2                                             // byte offset
	s_lshl_b32 s10, s[gcn_s_wg_id_x], 16
	v_or_b32 v4, s10, v1
	v_add_u32 v4, 1, v4
	global_store_dword v3, v4, s[6:7]
	s_endpgm
gcn_kernel_end partial_wg, 5, 11, 1024, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
