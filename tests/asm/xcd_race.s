// xcd_race.s — work-groups in different XCDs write the same addresses: every
// one-wave work-group stores its id + 1 to out[lane], atomically adds it to
// cnt[lane] (returning the old value into ret[wg * 64 + lane]), then reads
// out[lane] back into seen[wg * 64 + lane] after its own store. On gfx942
// the grid spans the eight XCDs, so a multi-domain dispatch merges the
// domains' stores and atomics (emu/core/emu_domain.h); tests/e2e/threads.t
// checks that memory, cycles and counters do not depend on the number of
// simulation threads, and that cnt holds the sum.
//   args: out (u32[64]), cnt (u32[64]), ret (u32[nwg * 64]), seen (u32[nwg * 64])
.include "gcnlab.inc"
gcn_kernel_begin xcd_race, 1
	s_load_dwordx8 s[8:15], s[gcn_s_kernarg:gcn_s_kernarg+1], 0      // out, cnt, ret, seen
	gcn_tid_x 1
	s_waitcnt lgkmcnt(0)
	v_lshlrev_b32 v2, 2, v1                                          // lane * 4
	s_add_u32 s16, s[gcn_s_wg_id_x], 1
	v_mov_b32 v3, s16                                                // wg + 1
	s_lshl_b32 s17, s[gcn_s_wg_id_x], 8                              // wg * 64 * 4
	v_add_u32 v4, s17, v2                                            // (wg * 64 + lane) * 4
	global_store_dword v2, v3, s[8:9]
.if GFX == 942
	global_atomic_add v5, v2, v3, s[10:11] sc0
.else
	global_atomic_add v5, v2, v3, s[10:11] glc
.endif
	global_load_dword v6, v2, s[8:9]
	s_waitcnt vmcnt(0)
	global_store_dword v4, v5, s[12:13]
	global_store_dword v4, v6, s[14:15]
	s_endpgm
gcn_kernel_end xcd_race, 8, 18, 64, 32, "[ { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: cnt, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: ret, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }, { .name: seen, .offset: 24, .size: 8, .value_kind: global_buffer, .address_space: global } ]"
