// cpol.s — one test kernel per cache-policy combination (issue 31,
// tests/e2e/cache_policy.t): the policy bits CPOL (bit 0 sc0 / glc, bit 1
// sc1 / gfx90a's scc, none on gfx900; bit 2 nt / slc) on
//   OP=0 cpol_ld_N  a dwordx4 load of 1 KiB (64 lanes x 16 B) with the bits,
//                   waited for, then the same load again;
//   OP=1 cpol_st_N  a dwordx4 store of 1 KiB with the bits, waited for, then
//                   a plain load of it;
//   OP=2 cpol_at_N  a buffer_atomic_add of 256 B (64 lanes x 4 B) with the
//                   bits (sc0 / glc: return the old value), waited for, then
//                   a plain load of it.
// Kernel (buf); one wave. The counters of the vector path (TCP_*, TCC_*)
// show which caches each access hit, missed or bypassed.
//
// gcnlab: test-variant cpol_ld_0 OP=0 CPOL=0
// gcnlab: test-variant cpol_ld_1 OP=0 CPOL=1
// gcnlab: test-variant cpol_ld_2 OP=0 CPOL=2
// gcnlab: test-variant cpol_ld_3 OP=0 CPOL=3
// gcnlab: test-variant cpol_ld_4 OP=0 CPOL=4
// gcnlab: test-variant cpol_ld_5 OP=0 CPOL=5
// gcnlab: test-variant cpol_ld_6 OP=0 CPOL=6
// gcnlab: test-variant cpol_ld_7 OP=0 CPOL=7
// gcnlab: test-variant cpol_st_0 OP=1 CPOL=0
// gcnlab: test-variant cpol_st_1 OP=1 CPOL=1
// gcnlab: test-variant cpol_st_2 OP=1 CPOL=2
// gcnlab: test-variant cpol_st_3 OP=1 CPOL=3
// gcnlab: test-variant cpol_st_4 OP=1 CPOL=4
// gcnlab: test-variant cpol_st_5 OP=1 CPOL=5
// gcnlab: test-variant cpol_st_6 OP=1 CPOL=6
// gcnlab: test-variant cpol_st_7 OP=1 CPOL=7
// gcnlab: test-variant cpol_at_0 OP=2 CPOL=0
// gcnlab: test-variant cpol_at_1 OP=2 CPOL=1
// gcnlab: test-variant cpol_at_2 OP=2 CPOL=2
// gcnlab: test-variant cpol_at_3 OP=2 CPOL=3
// gcnlab: test-variant cpol_at_4 OP=2 CPOL=4
// gcnlab: test-variant cpol_at_5 OP=2 CPOL=5
// gcnlab: test-variant cpol_at_6 OP=2 CPOL=6
// gcnlab: test-variant cpol_at_7 OP=2 CPOL=7

.include "gcnlab.inc"

.ifndef OP
.error "cpol.s: --defsym OP=<0|1|2> is required"
.endif
.ifndef CPOL
.error "cpol.s: --defsym CPOL=<0..7> is required"
.endif

.macro cpol_mem insn:vararg
.if CPOL == 0
.if GFX == 942
	\insn
.elseif GFX == 910
	\insn
.else
	\insn
.endif
.elseif CPOL == 1
.if GFX == 942
	\insn sc0
.elseif GFX == 910
	\insn glc
.else
	\insn glc
.endif
.elseif CPOL == 2
.if GFX == 942
	\insn sc1
.elseif GFX == 910
	\insn scc
.else
	\insn
.endif
.elseif CPOL == 3
.if GFX == 942
	\insn sc0 sc1
.elseif GFX == 910
	\insn glc scc
.else
	\insn glc
.endif
.elseif CPOL == 4
.if GFX == 942
	\insn nt
.elseif GFX == 910
	\insn slc
.else
	\insn slc
.endif
.elseif CPOL == 5
.if GFX == 942
	\insn sc0 nt
.elseif GFX == 910
	\insn glc slc
.else
	\insn glc slc
.endif
.elseif CPOL == 6
.if GFX == 942
	\insn sc1 nt
.elseif GFX == 910
	\insn slc scc
.else
	\insn slc
.endif
.elseif CPOL == 7
.if GFX == 942
	\insn sc0 sc1 nt
.elseif GFX == 910
	\insn glc slc scc
.else
	\insn glc slc
.endif
.endif
.endm

.macro cpol_name what
.if (OP == 0) && (CPOL == 0)
	\what cpol_ld_0
.elseif (OP == 0) && (CPOL == 1)
	\what cpol_ld_1
.elseif (OP == 0) && (CPOL == 2)
	\what cpol_ld_2
.elseif (OP == 0) && (CPOL == 3)
	\what cpol_ld_3
.elseif (OP == 0) && (CPOL == 4)
	\what cpol_ld_4
.elseif (OP == 0) && (CPOL == 5)
	\what cpol_ld_5
.elseif (OP == 0) && (CPOL == 6)
	\what cpol_ld_6
.elseif (OP == 0) && (CPOL == 7)
	\what cpol_ld_7
.elseif (OP == 1) && (CPOL == 0)
	\what cpol_st_0
.elseif (OP == 1) && (CPOL == 1)
	\what cpol_st_1
.elseif (OP == 1) && (CPOL == 2)
	\what cpol_st_2
.elseif (OP == 1) && (CPOL == 3)
	\what cpol_st_3
.elseif (OP == 1) && (CPOL == 4)
	\what cpol_st_4
.elseif (OP == 1) && (CPOL == 5)
	\what cpol_st_5
.elseif (OP == 1) && (CPOL == 6)
	\what cpol_st_6
.elseif (OP == 1) && (CPOL == 7)
	\what cpol_st_7
.elseif (OP == 2) && (CPOL == 0)
	\what cpol_at_0
.elseif (OP == 2) && (CPOL == 1)
	\what cpol_at_1
.elseif (OP == 2) && (CPOL == 2)
	\what cpol_at_2
.elseif (OP == 2) && (CPOL == 3)
	\what cpol_at_3
.elseif (OP == 2) && (CPOL == 4)
	\what cpol_at_4
.elseif (OP == 2) && (CPOL == 5)
	\what cpol_at_5
.elseif (OP == 2) && (CPOL == 6)
	\what cpol_at_6
.elseif (OP == 2) && (CPOL == 7)
	\what cpol_at_7
.endif
.endm

gcn_variant_begin cpol_name, 4, 8
	gcn_wait_lgkm 0
	gcn_buffer_rsrc 8, 4, 0x10000
	v_and_b32 v1, 63, v0
.if OP == 2
	v_lshlrev_b32 v1, 2, v1                      // lane * 4
	v_mov_b32 v2, 1
	cpol_mem buffer_atomic_add v2, v1, s[8:11], 0 offen
	s_waitcnt vmcnt(0)
	buffer_load_dword v6, v1, s[8:11], 0 offen
.else
	v_lshlrev_b32 v1, 4, v1                      // lane * 16
.if OP == 1
	v_mov_b32 v2, 1
	v_mov_b32 v3, 2
	v_mov_b32 v4, 3
	v_mov_b32 v5, 4
	cpol_mem buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	s_waitcnt vmcnt(0)
	buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.else
	cpol_mem buffer_load_dwordx4 v[2:5], v1, s[8:11], 0 offen
	s_waitcnt vmcnt(0)
	cpol_mem buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.endif
.endif
	s_waitcnt vmcnt(0)
	s_endpgm

gcn_variant_end cpol_name, 10, 12, 64, 8, "[ { .name: buf, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
