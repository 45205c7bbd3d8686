// model_icache.s — 8 KiB of straight-line code (tests/e2e/model.t: the
// instruction cache across dispatches).
//
// Kernel model_icache(u32 *out, u32 flush). Launch one wave. The wave runs
// 2048 s_nop 0 (128 lines of 64 bytes), timed with s_memtime; with
// flush != 0 it then executes s_icache_inv, emptying the instruction cache
// of its CU group. out[0] = shader cycles of the straight-line code.
// Dispatched twice (gcnlab exec --repeat 2 --counters): the second
// dispatch finds the code in the cache (SQC_ICACHE_HITS, few cycles)
// unless the first one flushed it.

.include "gcnlab.inc"

	gcn_kernel_begin model_icache
	s_load_dwordx2 s[4:5], s[0:1], 0        // out
	s_load_dword s6, s[0:1], 8              // flush
	s_waitcnt lgkmcnt(0)
	s_memtime s[8:9]
	s_waitcnt lgkmcnt(0)
	.rept 2048
	s_nop 0
	.endr
	s_memtime s[10:11]
	s_waitcnt lgkmcnt(0)
	s_sub_u32 s12, s10, s8
	v_mov_b32 v0, 0
	v_mov_b32 v1, s12
	global_store_dword v0, v1, s[4:5]
	s_waitcnt vmcnt(0)
	s_cmp_eq_u32 s6, 0
	s_cbranch_scc1 .Ldone
	s_icache_inv
.Ldone:
	s_endpgm

	gcn_kernel_end model_icache, 2, 13, 64, 16, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: flush, .offset: 8, .size: 4, .value_kind: by_value } ]"
