// vm_valu_waw.s — a VALU writes v2 while a load that will still write v2 is
// outstanding: the load may land after the VALU and overwrite its result.
// archs: gfx900 gfx90a gfx942
// counter: vmcnt
// needs: vmcnt\(0\), had no s_waitcnt vmcnt
.include "waitcnt.inc"
wc_begin vm_valu_waw
	global_load_dword v2, v1, s[6:7]
.if WAIT
	s_waitcnt vmcnt(0)
.endif
	v_mov_b32 v2, v0
	wc_end vm_valu_waw, v2
