// m0_lds_dma.s — rule "SALU writes M0 -> LDS DMA (buffer_load ... lds): 1" (Vega ISA 4.5; LLVM checkReadM0Hazards, hasReadM0LdsDmaHazard).
// archs: gfx900 gfx90a gfx942
// rule: SALU writes M0 -> LDS DMA
.include "hazard.inc"
hz_begin m0_lds_dma
	gcn_buffer_rsrc 8, 4, 1024
	s_mov_b32 m0, 0
.ifdef NOPS
	s_nop 0
.endif
	buffer_load_dword v1, s[8:11], 0 offen lds
	s_waitcnt vmcnt(0)
	ds_read_b32 v3, v1
	s_waitcnt lgkmcnt(0)
	hz_end m0_lds_dma, v3, 1024
