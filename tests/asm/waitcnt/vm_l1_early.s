// vm_l1_early.s — vmcnt one too loose, with loads that hit the L1: the
// first pass brings the line in, then two loads (in order on vmcnt) return
// into v2 and v3; `s_waitcnt vmcnt(1)` guarantees v2 only, yet v3 is read.
// A long stretch of independent work first lets the model's data arrive
// before the read, so only the counters can tell the read is too early.
// archs: gfx900 gfx90a gfx942
// counter: vmcnt
// needs: vmcnt\(0\), had vmcnt\(1\)
.include "waitcnt.inc"
wc_begin vm_l1_early
	global_load_dword v2, v1, s[6:7]          // warm the line
	s_waitcnt vmcnt(0)
	global_load_dword v2, v1, s[6:7]
	global_load_dword v3, v1, s[6:7]
.if WAIT
	s_waitcnt vmcnt(0)
.else
	s_waitcnt vmcnt(1)
.endif
	.rept 64
	s_nop 7
	.endr
	v_add_u32 v3, v2, v3
	wc_end vm_l1_early, v3
