// copy.s — single-work-group 1 MiB buffer copy, software-pipelined by hand.
//
// gcnlab: variant copy_256_2_128_256  UNROLL=2  WI=256
// gcnlab: variant copy_256_4_64_256   UNROLL=4  WI=256
// gcnlab: variant copy_256_8_32_256   UNROLL=8  WI=256
// gcnlab: variant copy_256_16_16_256  UNROLL=16 WI=256
// gcnlab: variant copy_128_2_64_512   UNROLL=2  WI=512
// gcnlab: variant copy_128_4_32_512   UNROLL=4  WI=512
// gcnlab: variant copy_128_8_16_512   UNROLL=8  WI=512
// gcnlab: variant copy_128_16_8_512   UNROLL=16 WI=512
// gcnlab: variant copy_64_2_32_1024   UNROLL=2  WI=1024
// gcnlab: variant copy_64_4_16_1024   UNROLL=4  WI=1024
// gcnlab: variant copy_64_8_8_1024    UNROLL=8  WI=1024
// gcnlab: test-variant copy_broken_256_4_64_256 UNROLL=4 WI=256 BROKEN_VMCNT=1
//
// Kernel copy_<total loops>_<unroll>_<loops>_<work-items>(const void *in, void *out)
// (kernarg: in at 0, out at 8; 16 bytes, no hidden arguments). Launch ONE
// work-group of WI work-items (grid = WI). Work-item t moves 16 bytes
// (one dwordx4) per step; step j of the work-group covers bytes
// [j*WI*16, (j+1)*WI*16) and work-item t handles j*WI*16 + t*16. TOTAL = 1 MiB /
// (WI*16) steps, done as LOOPS = TOTAL / UNROLL rounds of UNROLL steps. Each
// step in flight owns one VGPR quad: step k of a round lives in
// v[2+4k : 5+4k].
// Parameters (--defsym): UNROLL, WI; optional POLICY (a GCN_POLICY_* number,
// default none) and BROKEN_VMCNT=1 (test-only: one wait too few, see §3).
// The 1024-work-item, unroll-16 variant is absent on purpose: it needs
// 66 VGPRs x 4 waves per SIMD > 256 on gfx900 (gcn_kernel_descriptor rejects it).
//
// ---- The four sections (U = UNROLL, L = LOOPS) ----
// Memory instructions are buffer_load/store_dwordx4 ... offen with the
// per-lane offset t*16 in v1 and the step offset in an SGPR (s16 for loads,
// s17 for stores), advanced by WI*16 after each instruction: the pointer moves,
// the registers do not. num_records = 1 MiB bounds every access.
//
//   §1 prologue: U loads (steps 0..U-1) into quads 0..U-1, no waits.
//   §2 ramp:     for k = 0..U-1: wait for load k, store quad k (step k),
//                load step U+k into quad k.
//   §3 loop:     run L-2 times, the same U (wait, store, load) triples.
//   §4 drain:    for k = 0..U-1: wait for the last round's load k, store it.
//   Loads: U + U + U(L-2) = U*L = TOTAL; stores: U + U(L-2) + U = TOTAL.
//
// ---- vmcnt arithmetic (gfx9) ----
// On gfx9 vmcnt counts every outstanding vector-memory instruction, loads AND
// stores, and they retire in issue order. So "load X has returned" is
// "vmcnt <= number of VMEM instructions issued after X": s_waitcnt vmcnt(N)
// before storing quad k must use N = (VMEM ops issued after the load of k).
//   §2, step k: after load k come loads k+1..U-1 of §1 (U-1-k ops) and the
//       k (store, load) pairs of §2 already issued (2k ops):
//       N = U-1-k + 2k = U-1+k, growing 0..U-1 -> U-1 .. 2U-2.
//   §3, any step: the load to wait for was issued U pairs ago; after it come
//       the remaining U-1 pairs: N = 2(U-1), constant (the study's
//       "(unroll factor - 1) * 2").
//   §4, step k: after the last round's load k come its remaining U-1-k
//       (store, load) pairs and the k stores of §4: N = 2(U-1-k) + k = 2U-2-k,
//       falling 2U-2 .. U-1.
// Example U=4: §2 vmcnt 3,4,5,6; §3 vmcnt 6; §4 vmcnt 6,5,4,3.
// Largest count 2U-2 = 30 (U=16) <= 63, the gfx9 vmcnt limit.
// Reusing quad k for the next load right after its store is safe: a VMEM
// store reads its data VGPRs when it issues, before any later load of the
// same wave can return into them (in-order issue and return).
// BROKEN_VMCNT adds 1 to the §3 count: the store may then read a quad whose
// load has not returned. tests/asm/copy_waitcnt.t checks all of the above on
// the disassembly and that the broken variant is caught.

.include "gcnlab.inc"

.ifndef UNROLL
.error "copy.s: --defsym UNROLL=<2|4|8|16> is required"
.endif
.ifndef WI
.error "copy.s: --defsym WI=<256|512|1024> is required"
.endif
.ifndef BROKEN_VMCNT
.set BROKEN_VMCNT, 0
.endif
.ifndef POLICY
.set POLICY, GCN_POLICY_NONE
.endif

.set BYTES, 1 << 20             // bytes copied
.set STEP, WI * 16              // bytes per work-group step
.set TOTAL, BYTES / STEP        // total loops (steps)
.set LOOPS, TOTAL / UNROLL      // rounds of UNROLL steps
.if (WI % 64) || (BYTES % STEP) || (TOTAL % UNROLL) || (LOOPS < 2)
.error "copy.s: need WI a multiple of 64, TOTAL divisible by UNROLL and LOOPS >= 2"
.endif

// Register map.
.set S_IN, 4                    // s[4:5]  in pointer (kernarg +0)
.set S_OUT, 6                   // s[6:7]  out pointer (kernarg +8)
.set S_SRD_IN, 8                // s[8:11]  buffer resource of in
.set S_SRD_OUT, 12              // s[12:15] buffer resource of out
.set S_LOFF, 16                 // s16 byte offset of the next load step
.set S_SOFF, 17                 // s17 byte offset of the next store step
.set S_COUNT, 18                // s18 §3 trip counter
.set NSGPR, 19
.set V_OFF, 1                   // v1 = t * 16
.set V_DATA, 2                  // quad k = v[V_DATA+4k : V_DATA+4k+3]
.set NVGPR, V_DATA + 4 * UNROLL

// Load step into quad k, then move the load pointer to the next step.
.macro copy_load k
	gcn_mem POLICY, buffer_load_dwordx4 v[V_DATA+4*(\k):V_DATA+4*(\k)+3], v[V_OFF], s[S_SRD_IN:S_SRD_IN+3], s[S_LOFF] offen
	s_add_u32 s[S_LOFF], s[S_LOFF], STEP
.endm

// Store quad k at the store pointer, then move it on.
.macro copy_store k
	gcn_mem POLICY, buffer_store_dwordx4 v[V_DATA+4*(\k):V_DATA+4*(\k)+3], v[V_OFF], s[S_SRD_OUT:S_SRD_OUT+3], s[S_SOFF] offen
	s_add_u32 s[S_SOFF], s[S_SOFF], STEP
.endm

// The kernel name is built from the numbers (.altmacro turns %SYM into its
// value), so it always matches the parameters it was assembled with. Only
// the entry and the closing go through macros: the body below stays at top
// level, so assembler errors point at its own lines.
.macro copy_named what, total, unroll, loops, wi
	.noaltmacro
.if BROKEN_VMCNT
	\what copy_broken_\total\()_\unroll\()_\loops\()_\wi
.else
	\what copy_\total\()_\unroll\()_\loops\()_\wi
.endif
.endm

.macro copy_end name
	gcn_kernel_end \name, NVGPR, NSGPR, WI, 16, "[ { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only } ]"
.endm

.altmacro
copy_named gcn_kernel_begin, %TOTAL, %UNROLL, %LOOPS, %WI

	// Arguments and resources. s[0:1] = kernarg segment (gcn_s_kernarg).
	s_load_dwordx4 s[S_IN:S_IN+3], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v[V_OFF], 4, v0
	s_mov_b32 s[S_LOFF], 0
	s_mov_b32 s[S_SOFF], 0
	gcn_wait_lgkm 0
	gcn_buffer_rsrc S_SRD_IN, S_IN, BYTES
	gcn_buffer_rsrc S_SRD_OUT, S_OUT, BYTES

	// §1 prologue: UNROLL loads, no waits.
	.set k, 0
	.rept UNROLL
	copy_load k
	.set k, k + 1
	.endr

	// §2 ramp: wait for load k (vmcnt U-1+k), store it, refill quad k.
	.set k, 0
	.rept UNROLL
	gcn_wait_vm UNROLL - 1 + k
	copy_store k
	copy_load k
	.set k, k + 1
	.endr

	// §3 steady state, LOOPS-2 rounds: vmcnt 2(U-1) throughout.
.if LOOPS > 2
	s_mov_b32 s[S_COUNT], LOOPS - 2
.Lcopy_round:
	.set k, 0
	.rept UNROLL
	gcn_wait_vm 2 * (UNROLL - 1) + BROKEN_VMCNT
	copy_store k
	copy_load k
	.set k, k + 1
	.endr
	s_sub_u32 s[S_COUNT], s[S_COUNT], 1
	s_cmp_lg_u32 s[S_COUNT], 0
	s_cbranch_scc1 .Lcopy_round
.endif

	// §4 drain: store the last round, vmcnt 2U-2-k.
	.set k, 0
	.rept UNROLL
	gcn_wait_vm 2 * (UNROLL - 1) - k
	copy_store k
	.set k, k + 1
	.endr
	s_endpgm

.altmacro
copy_named copy_end, %TOTAL, %UNROLL, %LOOPS, %WI
