// model_chase.s — pointer chase timed step by step with s_memtime
// (tests/e2e/model.t: the cache plateaus of the cycle model).
//
// Kernel model_chase(u8 *buf, u32 *out, u32 stride, u32 count, u32 steps,
// u32 scalar). Launch one wave (--grid 64 --block 64).
// 1. The wave writes the chain: the dword at byte i * stride holds
//    ((i + 1) mod count) * stride, for i < count.
// 2. One lane follows it from offset 0, twice: `count` steps to bring the
//    chain (and this code) into the caches, then `steps` timed steps, each
//        s_memtime; load next offset; s_waitcnt; s_memtime
//    with a vector global_load_dword, or (scalar != 0) s_load_dword through
//    the scalar cache. Each pass also times two back-to-back s_memtime (the
//    timer's own cost, to subtract).
// out[0] = sum of the timed steps' cycles, out[1] = steps, out[2] = the
// s_memtime pair, out[3] = the offset the chase ended at (the chain is
// right if it is ((count + steps) mod count) * stride).

.include "gcnlab.inc"
.include "model.inc"

// The end of one timed step (its load and wait between the two s_memtime):
// add its time to s16, count s17 down, loop to LABEL while steps remain.
.macro step_end label
	s_memtime s[20:21]
	s_waitcnt lgkmcnt(0)
	s_sub_u32 s22, s20, s18
	s_add_u32 s16, s16, s22
	s_sub_u32 s17, s17, 1
	s_cmp_lg_u32 s17, 0
	s_cbranch_scc1 \label
.endm

	gcn_kernel_begin model_chase
	s_load_dwordx4 s[4:7], s[0:1], 0        // buf, out
	s_load_dwordx4 s[8:11], s[0:1], 16      // stride, count, steps, scalar
	gcn_tid_x 0
	s_waitcnt lgkmcnt(0)

	// 1. the chain, lane l writing elements l, l + 64, ...
	v_mov_b32 v2, v0
.Lbuild:
	v_cmp_gt_u32 vcc, s9, v2                // i < count
	s_and_saveexec_b64 s[12:13], vcc
	s_cbranch_execz .Lbuilt
	v_mul_lo_u32 v3, v2, s8                 // i * stride
	v_add_u32 v4, 1, v2
	v_cmp_eq_u32 vcc, s9, v4
.if GFX == 942
	s_nop 1                                 // gfx942: VALU writes VCC -> VALU reads it, 2 wait states
.endif
	v_cndmask_b32_e64 v4, v4, 0, vcc        // (i + 1) mod count
	v_mul_lo_u32 v4, v4, s8
	global_store_dword v3, v4, s[4:5]
	v_add_u32 v2, 64, v2
	s_mov_b64 exec, s[12:13]
	s_branch .Lbuild
.Lbuilt:
	s_mov_b64 exec, s[12:13]
	s_waitcnt vmcnt(0)

	// 2. the chase, by lane 0
	s_mov_b64 exec, 1
	v_mov_b32 v1, 0                         // offset of the current element
	s_mov_b32 s23, 0                        // the same for the scalar chase
	s_mov_b32 s14, 2                        // passes
	s_mov_b32 s15, s9                       // steps of the first pass: count
.Lpass:
	s_memtime s[24:25]
	s_memtime s[26:27]
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s16, 0                        // sum of the step times
	s_mov_b32 s17, s15
	s_cmp_lg_u32 s11, 0
	s_cbranch_scc1 .Lscalar
.Lvector:
	s_memtime s[18:19]
	global_load_dword v1, v1, s[4:5]
	s_waitcnt vmcnt(0)
	step_end .Lvector
	s_branch .Lnext
.Lscalar:
	s_memtime s[18:19]
	s_load_dword s23, s[4:5], s23
	s_waitcnt lgkmcnt(0)
	step_end .Lscalar
	v_mov_b32 v1, s23
.Lnext:
	s_mov_b32 s15, s10                      // second pass: the timed steps
	s_sub_u32 s14, s14, 1
	s_cmp_lg_u32 s14, 0
	s_cbranch_scc1 .Lpass

	s_sub_u32 s28, s26, s24
	v_mov_b32 v6, 0
	out_dword v6, v5, s16, 0
	out_dword v6, v5, s10, 4
	out_dword v6, v5, s28, 8
	global_store_dword v6, v1, s[6:7] offset:12
	s_endpgm

	gcn_kernel_end model_chase, 7, 29, 64, 32, "[ { .name: buf, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: stride, .offset: 16, .size: 4, .value_kind: by_value }, { .name: count, .offset: 20, .size: 4, .value_kind: by_value }, { .name: steps, .offset: 24, .size: 4, .value_kind: by_value }, { .name: scalar, .offset: 28, .size: 4, .value_kind: by_value } ]"
