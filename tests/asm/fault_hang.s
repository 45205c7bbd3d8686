// fault_hang.s — a loop that never ends (s_branch to itself after a scalar
// add). tests/e2e/faults.t runs it with a small GCNLAB_EMU_BUDGET and expects
// a hang report with the loop's pc, and with a short --timeout and a huge
// budget expects gcnlab to give up and exit on its own.
.include "gcnlab.inc"
gcn_kernel_begin fault_hang
	s_mov_b32 s4, 0
.Lfault_hang_loop:
	s_add_u32 s4, s4, 1
	s_branch .Lfault_hang_loop
	s_endpgm
gcn_kernel_end fault_hang, 1, 5, 256, 0, "[]"
