// dcache_read.s — one workgroup reads a buffer once: the data-cache side of
// the icache suite (hot: the same buffer every dispatch; rotating: another
// copy each time).
//
// Kernel dcache_read(const void *in, uint32_t *out, uint32_t bytes)
// (kernarg: in at 0, out at 8, bytes at 16; 24 bytes). Launch ONE workgroup
// of 256 work-items; bytes must be a multiple of 16 KiB (256 work-items x
// 16 bytes x 4 loads in flight).
//
// Chunk c is bytes [c * 4096, (c + 1) * 4096); work-item t reads the dwordx4
// at c * 4096 + t * 16 of every chunk, four chunks per round (four loads in
// flight, then one s_waitcnt), and adds the four dwords of each into its sum
// (mod 2^32): out[t] = that sum, which the host recomputes.

.include "gcnlab.inc"

.set WI, 256
.set CHUNK, WI * 16             // bytes one buffer_load_dwordx4 of the workgroup covers
.set ROUND, 4                   // loads in flight per round

.set S_IN, 4                    // s[4:5] in (kernarg +0)
.set S_OUT, 6                   // s[6:7] out (kernarg +8)
.set S_BYTES, 8                 // s8 bytes (kernarg +16)
.set S_SRD, 12                  // s[12:15] buffer resource of in
.set S_OFF, 16                  // s16 byte offset of the next round
.set S_LEFT, 17                 // s17 rounds left
.set NSGPR, 18
.set V_OFF, 1                   // v1 = t * 16
.set V_SUM, 2                   // v2 running sum
.set V_ADDR, 3                  // v3 = t * 4 (store offset)
.set V_DATA, 4                  // quad k = v[V_DATA+4k : V_DATA+4k+3]
.set NVGPR, V_DATA + 4 * ROUND

gcn_kernel_begin dcache_read
	s_load_dwordx4 s[S_IN:S_IN+3], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	s_load_dword s[S_BYTES], s[gcn_s_kernarg:gcn_s_kernarg+1], 16
	gcn_tid_x 0
	v_lshlrev_b32 v[V_OFF], 4, v0
	v_lshlrev_b32 v[V_ADDR], 2, v0
	v_mov_b32 v[V_SUM], 0
	s_mov_b32 s[S_OFF], 0
	gcn_wait_lgkm 0
	gcn_buffer_rsrc S_SRD, S_IN, s[S_BYTES]
	s_lshr_b32 s[S_LEFT], s[S_BYTES], 14          // bytes / (CHUNK * ROUND) = bytes / 16 KiB
	s_cmp_eq_u32 s[S_LEFT], 0
	s_cbranch_scc1 .Ldone

.Lround:
	// The chunk offset moves in s16, not in the instruction's offset
	// field: that is 12 bits (0..4095) and a chunk is 4096 bytes.
	.set k, 0
	.rept ROUND
	buffer_load_dwordx4 v[V_DATA+4*k:V_DATA+4*k+3], v[V_OFF], s[S_SRD:S_SRD+3], s[S_OFF] offen
	s_add_u32 s[S_OFF], s[S_OFF], CHUNK
	.set k, k + 1
	.endr
	gcn_wait_vm 0
	.set k, 0
	.rept 4 * ROUND
	v_add_u32 v[V_SUM], v[V_SUM], v[V_DATA+k]
	.set k, k + 1
	.endr
	s_sub_u32 s[S_LEFT], s[S_LEFT], 1
	s_cmp_lg_u32 s[S_LEFT], 0
	s_cbranch_scc1 .Lround

.Ldone:
	global_store_dword v[V_ADDR], v[V_SUM], s[S_OUT:S_OUT+1]
	s_endpgm
gcn_kernel_end dcache_read, NVGPR, NSGPR, WI, 24, "[ { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only }, { .name: bytes, .offset: 16, .size: 4, .value_kind: by_value } ]"
