// buffer_oob.s — buffer accesses beyond num_records: loads return 0 and
// stores are dropped, without a fault (GFX9 ISA, "Buffer Range Checking";
// stride 0: out of range when offset + size > num_records). Launch 128
// work-items in one work-group: in (>= 256 bytes, word i = i), out (1024
// bytes, zero):
//   out word t       = in word t through a 256-byte resource (0 for t >= 64)
//   out word 128 + t = 0xabcd0000 | t stored through a 256-byte resource at
//                      out + 512 (dropped for t >= 64)
.include "gcnlab.inc"
gcn_kernel_begin buffer_oob
	s_load_dwordx4 s[4:7], s[gcn_s_kernarg:gcn_s_kernarg+1], 0   // in, out
	gcn_tid_x 0
	v_lshlrev_b32 v1, 2, v0                                      // byte offset 4t
	s_waitcnt lgkmcnt(0)
	s_add_u32 s16, s6, 512
	s_addc_u32 s17, s7, 0
	gcn_buffer_rsrc 8, 4, 256
	gcn_buffer_rsrc 12, 16, 256
	buffer_load_dword v2, v1, s[8:11], 0 offen
	s_waitcnt vmcnt(0)
	global_store_dword v1, v2, s[6:7]
	v_or_b32 v3, 0xabcd0000, v0
	buffer_store_dword v3, v1, s[12:15], 0 offen
	s_waitcnt vmcnt(0)
	s_endpgm
gcn_kernel_end buffer_oob, 4, 18, 256, 16, "[ { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
