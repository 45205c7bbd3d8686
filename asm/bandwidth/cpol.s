// cpol.s — one test kernel per cache-policy combination and access kind
// (issue 31, tests/e2e/cache_policy.t): the policy bits CPOL (bit 0 sc0 /
// glc, bit 1 sc1 / gfx90a's scc, none on gfx900; bit 2 nt / slc), the row
// index of emu/model/emu_timing_cpol.c. Each kernel is a short sequence of
// accesses to one buffer, X with the bits, P with none, S a load that
// bypasses the L2 (gfx942 sc0 sc1, else glc slc), I the L1 invalidated
// (buffer_inv sc1 on gfx942, else buffer_wbinvl1), each waited for:
//   OP=0 cpol_ld_N  load X; load X          the L1 column of a load
//   OP=1 cpol_st_N  load P; store X; load P does a store keep the L1 line?
//   OP=2 cpol_at_N  atomic X; load S; load P  where the atomic was done
//   OP=3 cpol_l2_N  load X; I; load X       the L2 column of a load
//   OP=4 cpol_sw_N  store X; I; load P      the L2 column of a store
//   OP=5 cpol_ll_N  load X; load S          the last-level column of a load
//   OP=6 cpol_sl_N  store X; load S         the last-level column of a store
// Loads and stores are dwordx4 over 1 KiB (64 lanes x 16 B), atomics and
// the loads after them buffer_atomic_add / dword over 256 B (sc0 / glc:
// return the old value). Kernel (buf); one wave. The counters of the
// vector path (TCP_*, TCC_*, the MALL's) show which caches each access
// hit, missed or bypassed.
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
// gcnlab: test-variant cpol_l2_0 OP=3 CPOL=0
// gcnlab: test-variant cpol_l2_1 OP=3 CPOL=1
// gcnlab: test-variant cpol_l2_2 OP=3 CPOL=2
// gcnlab: test-variant cpol_l2_3 OP=3 CPOL=3
// gcnlab: test-variant cpol_l2_4 OP=3 CPOL=4
// gcnlab: test-variant cpol_l2_5 OP=3 CPOL=5
// gcnlab: test-variant cpol_l2_6 OP=3 CPOL=6
// gcnlab: test-variant cpol_l2_7 OP=3 CPOL=7
// gcnlab: test-variant cpol_sw_0 OP=4 CPOL=0
// gcnlab: test-variant cpol_sw_1 OP=4 CPOL=1
// gcnlab: test-variant cpol_sw_2 OP=4 CPOL=2
// gcnlab: test-variant cpol_sw_3 OP=4 CPOL=3
// gcnlab: test-variant cpol_sw_4 OP=4 CPOL=4
// gcnlab: test-variant cpol_sw_5 OP=4 CPOL=5
// gcnlab: test-variant cpol_sw_6 OP=4 CPOL=6
// gcnlab: test-variant cpol_sw_7 OP=4 CPOL=7
// gcnlab: test-variant cpol_ll_0 OP=5 CPOL=0
// gcnlab: test-variant cpol_ll_1 OP=5 CPOL=1
// gcnlab: test-variant cpol_ll_2 OP=5 CPOL=2
// gcnlab: test-variant cpol_ll_3 OP=5 CPOL=3
// gcnlab: test-variant cpol_ll_4 OP=5 CPOL=4
// gcnlab: test-variant cpol_ll_5 OP=5 CPOL=5
// gcnlab: test-variant cpol_ll_6 OP=5 CPOL=6
// gcnlab: test-variant cpol_ll_7 OP=5 CPOL=7
// gcnlab: test-variant cpol_sl_0 OP=6 CPOL=0
// gcnlab: test-variant cpol_sl_1 OP=6 CPOL=1
// gcnlab: test-variant cpol_sl_2 OP=6 CPOL=2
// gcnlab: test-variant cpol_sl_3 OP=6 CPOL=3
// gcnlab: test-variant cpol_sl_4 OP=6 CPOL=4
// gcnlab: test-variant cpol_sl_5 OP=6 CPOL=5
// gcnlab: test-variant cpol_sl_6 OP=6 CPOL=6
// gcnlab: test-variant cpol_sl_7 OP=6 CPOL=7

.include "gcnlab.inc"

.ifndef OP
.error "cpol.s: --defsym OP=<0..6> is required"
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
.elseif (OP == 3) && (CPOL == 0)
	\what cpol_l2_0
.elseif (OP == 3) && (CPOL == 1)
	\what cpol_l2_1
.elseif (OP == 3) && (CPOL == 2)
	\what cpol_l2_2
.elseif (OP == 3) && (CPOL == 3)
	\what cpol_l2_3
.elseif (OP == 3) && (CPOL == 4)
	\what cpol_l2_4
.elseif (OP == 3) && (CPOL == 5)
	\what cpol_l2_5
.elseif (OP == 3) && (CPOL == 6)
	\what cpol_l2_6
.elseif (OP == 3) && (CPOL == 7)
	\what cpol_l2_7
.elseif (OP == 4) && (CPOL == 0)
	\what cpol_sw_0
.elseif (OP == 4) && (CPOL == 1)
	\what cpol_sw_1
.elseif (OP == 4) && (CPOL == 2)
	\what cpol_sw_2
.elseif (OP == 4) && (CPOL == 3)
	\what cpol_sw_3
.elseif (OP == 4) && (CPOL == 4)
	\what cpol_sw_4
.elseif (OP == 4) && (CPOL == 5)
	\what cpol_sw_5
.elseif (OP == 4) && (CPOL == 6)
	\what cpol_sw_6
.elseif (OP == 4) && (CPOL == 7)
	\what cpol_sw_7
.elseif (OP == 5) && (CPOL == 0)
	\what cpol_ll_0
.elseif (OP == 5) && (CPOL == 1)
	\what cpol_ll_1
.elseif (OP == 5) && (CPOL == 2)
	\what cpol_ll_2
.elseif (OP == 5) && (CPOL == 3)
	\what cpol_ll_3
.elseif (OP == 5) && (CPOL == 4)
	\what cpol_ll_4
.elseif (OP == 5) && (CPOL == 5)
	\what cpol_ll_5
.elseif (OP == 5) && (CPOL == 6)
	\what cpol_ll_6
.elseif (OP == 5) && (CPOL == 7)
	\what cpol_ll_7
.elseif (OP == 6) && (CPOL == 0)
	\what cpol_sl_0
.elseif (OP == 6) && (CPOL == 1)
	\what cpol_sl_1
.elseif (OP == 6) && (CPOL == 2)
	\what cpol_sl_2
.elseif (OP == 6) && (CPOL == 3)
	\what cpol_sl_3
.elseif (OP == 6) && (CPOL == 4)
	\what cpol_sl_4
.elseif (OP == 6) && (CPOL == 5)
	\what cpol_sl_5
.elseif (OP == 6) && (CPOL == 6)
	\what cpol_sl_6
.elseif (OP == 6) && (CPOL == 7)
	\what cpol_sl_7
.endif
.endm

// I: invalidate the CU's vector L1.
.macro cpol_inv_l1
.if GFX == 942
	buffer_inv sc1
.else
	buffer_wbinvl1
.endif
	s_waitcnt vmcnt(0)
.endm

// S: a load that bypasses the L2 (row 3 of gfx942, row 5 of gfx900/gfx90a).
.macro cpol_sys insn:vararg
.if GFX == 942
	\insn sc0 sc1
.else
	\insn glc slc
.endif
	s_waitcnt vmcnt(0)
.endm

.macro cpol_x insn:vararg
	cpol_mem \insn
	s_waitcnt vmcnt(0)
.endm

.macro cpol_p insn:vararg
	\insn
	s_waitcnt vmcnt(0)
.endm

gcn_variant_begin cpol_name, 4, 8
	gcn_wait_lgkm 0
	gcn_buffer_rsrc 8, 4, 0x10000
	v_and_b32 v1, 63, v0
	v_mov_b32 v2, 1
	v_mov_b32 v3, 2
	v_mov_b32 v4, 3
	v_mov_b32 v5, 4
.if OP == 2
	v_lshlrev_b32 v1, 2, v1                      // lane * 4
	cpol_x buffer_atomic_add v2, v1, s[8:11], 0 offen
	cpol_sys buffer_load_dword v6, v1, s[8:11], 0 offen
	cpol_p buffer_load_dword v6, v1, s[8:11], 0 offen
.else
	v_lshlrev_b32 v1, 4, v1                      // lane * 16
.if OP == 0
	cpol_x buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
	cpol_x buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.elseif OP == 1
	cpol_p buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
	cpol_x buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	cpol_p buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.elseif OP == 3
	cpol_x buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
	cpol_inv_l1
	cpol_x buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.elseif OP == 4
	cpol_x buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	cpol_inv_l1
	cpol_p buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.elseif OP == 5
	cpol_x buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
	cpol_sys buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.else
	cpol_x buffer_store_dwordx4 v[2:5], v1, s[8:11], 0 offen
	cpol_sys buffer_load_dwordx4 v[6:9], v1, s[8:11], 0 offen
.endif
.endif
	s_endpgm

gcn_variant_end cpol_name, 10, 12, 64, 8, "[ { .name: buf, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
