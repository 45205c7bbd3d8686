// flush_icache.s — empty the instruction caches before a cold-cache timing.
//
// Kernel flush_icache(reach) — reach: a 512-byte bitmap, zero before the
// dispatch. Every wave sets bit (XCC_ID << 8 | HW_ID[15:8]) in it: HW_ID
// bits 15:8 hold CU_ID [11:8], SH_ID [12] and SE_ID [15:13] (GFX9/CDNA ISA,
// "Hardware Registers"), XCC_ID (HW_REG_XCC_ID [3:0], gfx942 only) the
// accelerator complex die. The host counts the bits after every flush, on
// hardware as on the emulator. The host (host/measure/gl_cold_cache.c) dispatches
// it as (compute units x multiplier, default 60) workgroups of 64 work-items:
// s_icache_inv empties only the instruction cache of the CU group that runs
// it (GFX9/CDNA share one L1 instruction cache between 2 CUs on gfx90a and
// gfx942, 3 on gfx900), so every CU must run at least one wave of it, and the
// dispatcher does not promise one workgroup per CU; a wide grid makes a CU
// that receives none vanishingly unlikely; the reach bitmap shows it did.
//
// Why the 16 s_nop after s_icache_inv: the sequencer fetches ahead. When
// s_icache_inv executes, the wave's instruction buffer already holds the
// instructions after it, and fetches for the next ones may still be in
// flight and fill lines again after the invalidation. The ISA guides make the
// program cover that window: "There must be 16 separate S_NOP instructions or
// a jump/branch instruction after this instruction to ensure the internal
// instruction buffers are also invalidated" (CDNA3/CDNA4 ISA, S_ICACHE_INV;
// the Vega ISA asks for 12). 16 covers all three arches. What counts is the
// number of separate instructions the buffer must drain, not a delay, so
// each is s_nop 0 (s_nop 15 would be one instruction).

.include "gcnlab.inc"

gcn_kernel_begin flush_icache
.set fl_s, (gcn_first_free_sgpr + 1) / 2 * 2   // an even SGPR pair for the pointer
	s_icache_inv
	.rept 16
	s_nop 0
	.endr
	s_load_dwordx2 s[fl_s:fl_s+1], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	s_getreg_b32 s[fl_s+2], hwreg(HW_REG_HW_ID, 8, 8)
.if GFX == 942
	s_getreg_b32 s[fl_s+3], hwreg(HW_REG_XCC_ID, 0, 4)
	s_lshl_b32 s[fl_s+3], s[fl_s+3], 8
	s_or_b32 s[fl_s+2], s[fl_s+2], s[fl_s+3]
.endif
	s_lshr_b32 s[fl_s+3], s[fl_s+2], 5     // word
	s_lshl_b32 s[fl_s+3], s[fl_s+3], 2     // its byte offset
	s_and_b32 s[fl_s+2], s[fl_s+2], 31
	s_lshl_b32 s[fl_s+2], 1, s[fl_s+2]     // the bit
	v_mov_b32 v0, s[fl_s+3]
	v_mov_b32 v1, s[fl_s+2]
	s_mov_b64 exec, 1                                                   // one atomic per wave
	s_waitcnt lgkmcnt(0)
	global_atomic_or v0, v1, s[fl_s:fl_s+1]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end flush_icache, 2, fl_s + 4, 64, 8, "[ { .name: reach, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
