// fault_agpr_grant.s — v_accvgpr_write_b32 a0 in a kernel whose descriptor
// grants no AGPRs (gfx90a/gfx942: the unified register file ends at the
// VGPRs, accum_offset = the whole grant). On the hardware a0 would be a
// register of another wave; tests/e2e/faults.t expects the emulator to stop
// the dispatch with a report naming a0 and the grant. No arguments.
.include "gcnlab.inc"
gcn_kernel_begin fault_agpr_grant
	v_mov_b32 v1, 7
	v_accvgpr_write_b32 a0, v1
	s_endpgm
gcn_kernel_end fault_agpr_grant, 8, 6, 256, 0, "[]"
