// model_alu.s — an ALU-bound loop timed by both clocks (tests/e2e/model.t:
// clock scaling — GCNLAB_EMU_SCLK_MHZ changes the time of this loop, not
// its shader cycles).
//
// Kernel model_alu(u32 *out, u32 iters). Launch one wave (--grid 64
// --block 64). A loop of iters x 32 dependent v_fma_f32 runs twice (the
// first pass fills the instruction cache); the second is timed with
// s_memtime (shader clock) and s_memrealtime (constant clock: 100 MHz,
// 25 MHz on gfx900).
// out[0] = shader cycles, out[1] = realtime ticks, out[2] = v2 of lane 0
// as a float (the arithmetic really ran: 1 + 2 passes x iters x 32 x 0.5).

.include "gcnlab.inc"

	gcn_kernel_begin model_alu
	s_load_dwordx2 s[4:5], s[0:1], 0        // out
	s_load_dword s6, s[0:1], 8              // iters
	v_mov_b32 v2, 1.0
	v_mov_b32 v3, 1.0
	v_mov_b32 v4, 0.5
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s7, 2                         // passes
.Lpass:
	s_memtime s[8:9]
	s_memrealtime s[10:11]
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s12, s6
.Lloop:
	.rept 32
	v_fma_f32 v2, v3, v4, v2                // v2 += 0.5
	.endr
	s_sub_u32 s12, s12, 1
	s_cmp_lg_u32 s12, 0
	s_cbranch_scc1 .Lloop
	s_memtime s[14:15]
	s_memrealtime s[16:17]
	s_waitcnt lgkmcnt(0)
	s_sub_u32 s7, s7, 1
	s_cmp_lg_u32 s7, 0
	s_cbranch_scc1 .Lpass

	s_sub_u32 s18, s14, s8
	s_sub_u32 s19, s16, s10
	s_mov_b64 exec, 1
	v_mov_b32 v0, 0
	v_mov_b32 v1, s18
	global_store_dword v0, v1, s[4:5]
	v_mov_b32 v1, s19
	global_store_dword v0, v1, s[4:5] offset:4
	global_store_dword v0, v2, s[4:5] offset:8
	s_endpgm

	gcn_kernel_end model_alu, 5, 20, 64, 16, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: iters, .offset: 8, .size: 4, .value_kind: by_value } ]"
