// lgkm_smem_lds.s — a scalar load and an LDS read pending together on
// lgkmcnt: `s_waitcnt lgkmcnt(1)` does not guarantee the s_load, which
// the ISA lets return out of order (SMEM), yet its result is used.
// archs: gfx900 gfx90a gfx942
// counter: lgkmcnt
// needs: lgkmcnt\(0\), had lgkmcnt\(1\)
.include "waitcnt.inc"
wc_begin lgkm_smem_lds
	ds_write_b32 v1, v0
	s_waitcnt lgkmcnt(0)
	s_load_dword s9, s[6:7], 0
	ds_read_b32 v2, v1
.if WAIT
	s_waitcnt lgkmcnt(0)
.else
	s_waitcnt lgkmcnt(1)
.endif
	v_add_u32 v2, s9, v2
	wc_end lgkm_smem_lds, v2, 256
