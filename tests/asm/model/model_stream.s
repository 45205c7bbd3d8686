// model_stream.s — streaming loads with UNROLL of them in flight per wave
// (tests/e2e/model.t: bandwidth grows with memory-level parallelism until
// DRAM saturates; clock scaling). Built as model_stream_u<UNROLL>
// (mk/model.mk, --defsym UNROLL=N).
//
// Kernel model_stream_uN(const u8 *src, u32 *out, u32 iters). One wave per
// workgroup (--block 64); workgroup g reads its own iters x UNROLL KiB of
// src from byte g x iters x UNROLL x 1024: each iteration issues UNROLL
// global_load_dwordx4 (1 KiB each) and waits for all of them.
// out[4g .. 4g+3] = s_memtime and s_memrealtime at the start and the end
// (low 32 bits).

.include "gcnlab.inc"
.include "model.inc"

.ifndef UNROLL
.error "model_stream.s: --defsym UNROLL=<1..16> is required"
.endif
.if (UNROLL < 1) || (UNROLL > 16)
.error "model_stream.s: UNROLL must be 1..16"
.endif

.set V_DATA, 4
.set NVGPR, V_DATA + 4 * UNROLL

// The kernel's name carries UNROLL's value (.altmacro turns %UNROLL into it).
.macro named what, u
	.noaltmacro
	\what model_stream_u\u
.endm
.macro stream_end name
	gcn_kernel_end \name, NVGPR, 23, 64, 24, "[ { .name: src, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: iters, .offset: 16, .size: 4, .value_kind: by_value } ]"
.endm

.altmacro
named gcn_kernel_begin, %UNROLL
	s_load_dwordx4 s[4:7], s[0:1], 0        // src, out
	s_load_dword s10, s[0:1], 16            // iters
	gcn_tid_x 0
	v_lshlrev_b32 v1, 4, v0                 // lane offset: 16 bytes each
	s_waitcnt lgkmcnt(0)
	// s[8:9] = src + g * iters * UNROLL KiB
	s_mul_i32 s11, s2, s10
	s_mul_i32 s11, s11, UNROLL * 1024
	s_add_u32 s8, s4, s11
	s_addc_u32 s9, s5, 0
	s_memtime s[12:13]
	s_memrealtime s[14:15]
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s16, s10
.Lloop:
	.set u, 0
	.rept UNROLL
	global_load_dwordx4 v[V_DATA+4*u:V_DATA+4*u+3], v1, s[8:9]
	s_add_u32 s8, s8, 1024
	s_addc_u32 s9, s9, 0
	.set u, u + 1
	.endr
	s_waitcnt vmcnt(0)
	s_sub_u32 s16, s16, 1
	s_cmp_lg_u32 s16, 0
	s_cbranch_scc1 .Lloop
	s_memtime s[18:19]
	s_memrealtime s[20:21]
	s_waitcnt lgkmcnt(0)

	s_mov_b64 exec, 1
	s_lshl_b32 s22, s2, 4                   // out + 16 g
	v_mov_b32 v2, s22
	out_dword v2, v3, s12, 0
	out_dword v2, v3, s18, 4
	out_dword v2, v3, s14, 8
	out_dword v2, v3, s20, 12
	s_endpgm

.altmacro
named stream_end, %UNROLL
