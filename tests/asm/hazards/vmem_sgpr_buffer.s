// vmem_sgpr_buffer.s — rule "VALU writes SGPR -> VMEM reads that SGPR: 5
// wait states" (Vega ISA 4.5; LLVM checkVMEMHazards). v_readfirstlane
// writes s6 = 64, then buffer_store_dword uses s6 as soffset. Without the 5
// wait states (NOPS undefined) the store reads the old s6 = 0: lane t writes
// t to out word t. With `s_nop 4` (NOPS=1) it writes t to out word 16 + t.
// Launch 64 work-items, out 1K of zeros.
// archs: gfx900 gfx90a gfx942
// rule: VALU writes SGPR -> VMEM reads that SGPR
.include "hazard.inc"
hz_begin vmem_sgpr_buffer
	gcn_buffer_rsrc 8, 4, 1024
	v_mov_b32 v2, 64
	s_mov_b32 s6, 0
	v_readfirstlane_b32 s6, v2
.ifdef NOPS
	s_nop 4
.endif
	buffer_store_dword v0, v1, s[8:11], s6 offen
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end vmem_sgpr_buffer, 4, 16, 64, 8, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
