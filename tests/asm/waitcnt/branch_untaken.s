// branch_untaken.s — the wait is skipped only when flag != 0: a launch
// with flag 0 never takes that branch, so the run is clean while
// `gcnlab check`, which follows every path, finds the read of v2.
// archs: gfx900 gfx90a gfx942
// counter: vmcnt
// runs: no
// needs: vmcnt\(0\), had no s_waitcnt vmcnt
.include "waitcnt.inc"
wc_begin branch_untaken
	global_load_dword v2, v1, s[6:7]
	s_cmp_lg_u32 s8, 0
.if WAIT
	s_waitcnt vmcnt(0)
.endif
	s_cbranch_scc1 .Lfast                      // flag != 0: the path without the wait
	s_waitcnt vmcnt(0)
.Lfast:
	v_add_u32 v2, 1, v2
	wc_end branch_untaken, v2
