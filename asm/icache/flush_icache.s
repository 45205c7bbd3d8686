// flush_icache.s — empty the instruction caches before a cold-cache timing.
//
// Kernel flush_icache() (no arguments). The host (host/gl_cold.c) dispatches
// it as (compute units x multiplier, default 60) workgroups of 64 work-items:
// s_icache_inv empties only the instruction cache of the CU group that runs
// it (GFX9/CDNA share one L1 instruction cache between 2 CUs on gfx90a and
// gfx942, 3 on gfx900), so every CU must run at least one wave of it, and the
// dispatcher does not promise one workgroup per CU; a wide grid makes a CU
// that receives none vanishingly unlikely. On the emulated GPU the host checks
// CUS_USED after every flush.
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
	s_icache_inv
	.rept 16
	s_nop 0
	.endr
	s_endpgm
gcn_kernel_end flush_icache, 1, gcn_first_free_sgpr, 64, 0, "[]"
