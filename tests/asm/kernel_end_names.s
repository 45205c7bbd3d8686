// kernel_end_names.s — gcn_kernel_end's simple ARGS form with argument
// names that YAML 1.1 reads as booleans or null (y, n, on, null), and the FP
// parameter (FP=<value> from --defsym; default GCN_FP_CLANG). Used by
// tests/e2e/kd.t: y[0] = n + on + null.
.include "gcnlab.inc"

.ifndef FP
.set FP, GCN_FP_CLANG
.endif

gcn_kernel_begin kernel_end_names
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0x0
	s_load_dwordx4 s[8:11], s[gcn_s_kernarg:gcn_s_kernarg+1], 0x8
	s_waitcnt lgkmcnt(0)
	s_add_u32 s8, s8, s9
	s_add_u32 s8, s8, s10
	v_mov_b32 v1, s8
	v_mov_b32 v2, 0
	global_store_dword v2, v1, s[4:5]
	s_endpgm
gcn_kernel_end kernel_end_names, 3, 12, 64, 24, "y global_buffer 0 8, n by_value 8 4, on by_value 12 4, null by_value 16 4", 0, 0, FP
