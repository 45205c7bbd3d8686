// saxpy.s — y[i] = a * x[i] + y[i], the hand-written twin of saxpy_hip.hip:
// one v_fma_f32 per element, as clang emits for a * x + y under HIP's
// default -ffp-contract=fast-honor-pragmas. With gcn_kernel_end's default
// FP mode (GCN_FP_CLANG: f32 denormals kept, IEEE mode, DX10 clamp) the
// two write the same bytes for any input, denormals included;
// saxpy_ftz (FP=GCN_FP_FTZ32: f32 denormals flushed, the mode llvm-mc
// assumes when .amdhsa_float_denorm_mode_32 is not given) does not.
//
// gcnlab: test-variant saxpy
// gcnlab: test-variant saxpy_ftz FTZ=1
// gcnlab-compare: saxpy --ref saxpy_hip --grid 4096 --block 256 f32:2.5 buf:16K:rand:1 buf:16K:rand:2 u32:4096
//
// Kernel saxpy(float a, const float *x, float *y, unsigned n); kernarg:
// 0 a, 8 x, 16 y, 24 n, 32 bytes. Work-groups of 256 work-items (the
// element index is workgroup_id * 256 + work-item id); any grid.

.include "gcnlab.inc"

.ifdef FTZ
.set FP_MODE, GCN_FP_FTZ32
.else
.set FP_MODE, GCN_FP_CLANG
.endif

.macro saxpy_kernel name
gcn_kernel_begin \name
	s_load_dword s4, s[0:1], 0x0            // a
	s_load_dwordx4 s[8:11], s[0:1], 0x8     // x, y
	s_load_dword s5, s[0:1], 0x18           // n
	s_lshl_b32 s3, s2, 8                    // first element of the work-group
	v_add_u32 v1, s3, v0                    // i
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32 vcc, s5, v1                // i < n
	s_and_saveexec_b64 s[6:7], vcc
	s_cbranch_execz .Lend_\name
	v_lshlrev_b32 v2, 2, v1
	global_load_dword v3, v2, s[8:9]
	global_load_dword v4, v2, s[10:11]
	s_waitcnt vmcnt(0)
	v_fma_f32 v3, s4, v3, v4
	global_store_dword v2, v3, s[10:11]
.Lend_\name:
	s_endpgm
gcn_kernel_end \name, 5, 12, 256, 32, "a by_value 0 4, x global_buffer 8 8, y global_buffer 16 8, n by_value 24 4", 0, 0, FP_MODE
.endm

.ifdef FTZ
saxpy_kernel saxpy_ftz
.else
saxpy_kernel saxpy
.endif
