// fault_wild_load.s — a global_load_dword from an address no allocation
// covers (0xdead00000040). tests/e2e/faults.t expects a memory fault that
// names this address, a nonzero exit, and no crash of the host process.
// Assembled by the tests themselves (not a suite kernel). With --defsym
// AS_COPY=1 the same kernel stands in for the copy suite's first kernel
// (copy_256_16_16_256: its name and in/out arguments), as
// tests/e2e/vm_fault.t needs it; with AS_BW_MUL=1 it stands in for the
// bandwidth suite's bw_mul (its name and arguments: tests/e2e/run_points.t).
.include "gcnlab.inc"

.macro wild_load name, karg, args
gcn_kernel_begin \name
	s_mov_b32 s4, 0x00000040
	s_mov_b32 s5, 0x0000dead
	v_mov_b32 v0, 0
	global_load_dword v1, v0, s[4:5]
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end \name, 2, 6, 256, \karg, "\args"
.endm

.ifdef AS_BW_MUL
wild_load bw_mul, 56, "[ { .name: a, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: b, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: c, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: out, .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: scalar, .offset: 32, .size: 8, .value_kind: by_value }, { .name: iters, .offset: 40, .size: 4, .value_kind: by_value }, { .name: stride, .offset: 44, .size: 4, .value_kind: by_value }, { .name: region, .offset: 48, .size: 4, .value_kind: by_value }, { .name: span, .offset: 52, .size: 4, .value_kind: by_value } ]"
.else
.ifdef AS_COPY
wild_load copy_256_16_16_256, 16, "[ { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
.else
wild_load fault_wild_load, 0, "[]"
.endif
.endif
