// fault_wild_load.s — a global_load_dword from an address no allocation
// covers (0xdead00000040). tests/e2e/faults.t expects a memory fault that
// names this address, a nonzero exit, and no crash of the host process.
// Assembled by the test itself (not a suite kernel).
.include "gcnlab.inc"
gcn_kernel_begin fault_wild_load
	s_mov_b32 s4, 0x00000040
	s_mov_b32 s5, 0x0000dead
	v_mov_b32 v0, 0
	global_load_dword v1, v0, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end fault_wild_load, 2, 6, 256, 0, "[]"
