// icache_body.s — a long straight-line kernel, to time instruction fetch.
//
// gcnlab: variant icache_24k  BODY_KIB=24
// gcnlab: variant icache_256k BODY_KIB=256
//
// Kernel icache_<BODY_KIB>k(uint32_t *out) (kernarg: out at 0; 8 bytes).
// Launch any number of workgroups of 64 work-items (one wave each).
//
// The body is BODY_KIB KiB of scalar ALU code without a branch, written with
// .rept: UNITS = BODY_KIB * 1024 / 8 units of two 4-byte instructions,
//     s_add_u32       s6, s6, 1        count = k after unit k
//     s_lshl1_add_u32 s7, s7, s6       hash  = 2 * hash + k (mod 2^32)
// Every 64-byte line of it is fetched once per pass, in order, so a wave
// whose instruction cache does not hold the code waits for one fill per
// line (SQC_ICACHE_MISSES = the lines of the kernel) and a wave that finds
// it there waits for none. Sizes against the L1 instruction cache ([SPECS]:
// 32 KiB per 3 CUs on gfx900, 32 KiB per 2 CUs on gfx90a, 64 KiB per 2 CUs on
// gfx942):
//   icache_24k   fits every one of them: repeated dispatches run hot.
//   icache_256k  8x (gfx900, gfx90a) / 4x (gfx942) the cache: each pass
//                evicts its own beginning (LRU), so every dispatch misses
//                every line, hot or not.
// Result: workgroup w writes out[2w] = count (must be UNITS) and
// out[2w + 1] = hash, which the host recomputes: a skipped, repeated or
// reordered unit shows.

.include "gcnlab.inc"

.ifndef BODY_KIB
.error "icache_body.s: --defsym BODY_KIB=<KiB of body> is required"
.endif
.set UNIT_BYTES, 8
.set UNITS, BODY_KIB * 1024 / UNIT_BYTES

.set S_OUT, 4                   // s[4:5] out pointer (kernarg +0)
.set S_COUNT, 6
.set S_HASH, 7
.set NSGPR, 8
.set NVGPR, 4                   // v0 byte offset, v[2:3] the result (64-bit aligned
                                // pair: gfx90a/gfx942 require it)

.macro icache_named what, kib
	.noaltmacro
	\what icache_\kib\()k
.endm

.macro icache_end name
	gcn_kernel_end \name, NVGPR, NSGPR, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only } ]"
.endm

.altmacro
icache_named gcn_kernel_begin, %BODY_KIB
	s_load_dwordx2 s[S_OUT:S_OUT+1], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	s_mov_b32 s[S_COUNT], 0
	s_mov_b32 s[S_HASH], 0

	.rept UNITS
	s_add_u32 s[S_COUNT], s[S_COUNT], 1
	s_lshl1_add_u32 s[S_HASH], s[S_HASH], s[S_COUNT]
	.endr

	// out[2w], out[2w + 1]: every lane stores the same 8 bytes.
	v_mov_b32 v0, s[gcn_s_wg_id_x]
	v_lshlrev_b32 v0, 3, v0
	v_mov_b32 v2, s[S_COUNT]
	v_mov_b32 v3, s[S_HASH]
	gcn_wait_lgkm 0
	global_store_dwordx2 v0, v[2:3], s[S_OUT:S_OUT+1]
	s_endpgm

.altmacro
icache_named icache_end, %BODY_KIB
