// fault_vgpr_grant.s — a global_load_dword whose destination, v9, lies past
// the 8 VGPRs the kernel descriptor grants (.amdhsa_next_free_vgpr 8; one
// granule on gfx90a/gfx942, two on gfx900). On the hardware the data would
// land in another wave's registers; tests/e2e/faults.t expects the emulator
// to stop the dispatch with a report naming v9 and the grant. One argument:
// a buffer of at least 4 bytes.
.include "gcnlab.inc"
gcn_kernel_begin fault_vgpr_grant
	s_load_dwordx2 s[4:5], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	v_mov_b32 v0, 0
	s_waitcnt lgkmcnt(0)
	global_load_dword v9, v0, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end fault_vgpr_grant, 8, 6, 256, 8, "[ { .name: buf, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
