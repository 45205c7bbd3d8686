// lds_dma.s — global memory -> LDS by DMA (buffer_load_dword ... lds) through
// a ring of four LDS buffers, three tiles in flight, and no wait between a
// DMA and the LDS reads of the tile before it. 002_6bc4fcfb1ec6bd4f.txt ("Using Memory Buffer
// Load to LDS"): the compiler puts an s_waitcnt vmcnt(0) after every such
// load, which waits for the DMA just issued and so keeps only one tile in
// flight; removing those waits by hand was "a great boost". lds_dma_hip.hip is
// the same loop in HIP as clang compiles it; `make compare KERNEL=lds_dma`
// puts the two side by side.
//
// Kernel lds_dma(const float *in, float *out) (kernarg: in at 0, out at 8).
// Launch work-groups of 256 work-items (4 waves), any number of them.
// Work-group g owns TILES tiles of 256 floats at in + g*TILES*1 KiB and
// writes out[g*256 + t] = sum over i = 0..TILES-1, in order, of tile i's
// float 255 - t. Reading the reversed index makes every wave read what other
// waves' DMA wrote, so each tile needs the barrier below.
//
// LDS: four 1 KiB buffers, tile i in buffer i % 4. One buffer_load_dword ...
// lds writes lane l's dword to LDS[M0 + inst_offset + 4*l] (CDNA3 ISA,
// "global/buffer load to LDS"; the LLVM intrinsic raw.buffer.load.lds takes
// the LDS base in M0), so a wave sets M0 = buffer + 256*wave and its 64 lanes
// fill its quarter of the tile.
//
// Tile i:
//   s_waitcnt vmcnt(N)  my DMA of tile i has landed; N = DMAs issued after it
//                       (2 in the steady state: tiles i+1, i+2 stay in flight)
//   s_barrier           everybody's has; everybody has read tile i-1
//   DMA of tile i+3 into buffer (i+3) % 4 = the one tile i-1 used
//   ds_read of tile i   -- no vmcnt wait: the DMAs in flight write other buffers
// vmcnt counts only these DMAs (the one store comes after the loop); loads
// return in order on gfx9, so vmcnt(N) means every older DMA is done.
// The loop body is four tiles, so each buffer's read offset is an immediate;
// the last four tiles are written out with the counts falling 2, 2, 1, 0.
//
// gcnlab-compare: lds_dma --ref lds_dma_hip --grid 4096 --block 256 --bytes 1040K buf:1M:rand:2 buf:16K

.include "gcnlab.inc"

.set TILES, 64
.set TILE_BYTES, 256 * 4
.set NBUF, 4
.set WG_BYTES, TILES * TILE_BYTES
.if (TILES % NBUF) || (TILES < 2 * NBUF)
.error "lds_dma.s: TILES must be a multiple of 4 and at least 8"
.endif

// Registers.
.set S_IN, 4                 // s[4:5] in, s[6:7] out (kernarg)
.set S_SRD, 8                // s[8:11] buffer resource of this work-group's tiles
.set S_WAVE_LDS, 12          // s12 = 256 * wave: this wave's quarter of a buffer
.set S_SOFF, 13              // s13 byte offset of the tile the next DMA loads
.set S_OUT, 14               // s[14:15] out + g * 1 KiB
.set S_COUNT, 16             // s16 four-tile rounds left in the loop
.set S_TMP, 17
.set NSGPR, 18
.set V_OFF, 1                // v1 = t * 4: DMA lane offset and out offset
.set V_RD, 3                 // v3 = (255 - t) * 4: LDS read address in buffer 0
.set V_ACC, 4
.set V_VAL, 5
.set NVGPR, 6

// dma BUF: DMA of the tile at s13 into buffer BUF, then s13 += 1 KiB.
// The s_nop keeps one wait state between the M0 write and the DMA that reads
// M0, as clang does in lds_dma_hip (s_mov_b32 m0, ...; s_nop 0; buffer_load
// ... lds): the GCN hazard tables ask for one after an SALU write of M0
// before an LDS-direct access.
.macro dma buf
	s_add_u32 m0, s[S_WAVE_LDS], (\buf) * TILE_BYTES
	s_nop 0
	buffer_load_dword v[V_OFF], s[S_SRD:S_SRD+3], s[S_SOFF] offen lds
	s_add_u32 s[S_SOFF], s[S_SOFF], TILE_BYTES
.endm

// ready N: my DMA of this tile is done (N younger DMAs may still run) and,
// after the barrier, everybody's is; nobody reads the previous tile any more.
.macro ready n
	gcn_wait_vm \n
	s_barrier
.endm

// take BUF: acc += the tile in buffer BUF, element 255 - t.
.macro take buf
	ds_read_b32 v[V_VAL], v[V_RD] offset:(\buf) * TILE_BYTES
	s_waitcnt lgkmcnt(0)
	v_add_f32 v[V_ACC], v[V_ACC], v[V_VAL]
.endm

gcn_kernel_begin lds_dma
	s_load_dwordx4 s[S_IN:S_IN+3], s[gcn_s_kernarg:gcn_s_kernarg+1], 0
	gcn_tid_x 0
	v_lshlrev_b32 v[V_OFF], 2, v0
	v_and_b32 v2, 0x300, v[V_OFF]                  // (t & ~63) * 4 = 256 * wave
.if GFX == 942
	s_nop 0                                        // gfx942: VALU writes v2 -> v_readfirstlane reads it, 1 wait state
.endif
	v_readfirstlane_b32 s[S_WAVE_LDS], v2
	v_sub_u32 v[V_RD], 255 * 4, v[V_OFF]
	v_mov_b32 v[V_ACC], 0
	s_lshl_b32 s[S_TMP], s[gcn_s_wg_id_x], 16      // g * WG_BYTES (64 KiB)
	s_lshl_b32 s[S_SOFF], s[gcn_s_wg_id_x], 10     // g * 1 KiB of out
	s_waitcnt lgkmcnt(0)
	s_add_u32 s[S_OUT], s[S_IN+2], s[S_SOFF]
	s_addc_u32 s[S_OUT+1], s[S_IN+3], 0
	s_add_u32 s[S_IN], s[S_IN], s[S_TMP]
	s_addc_u32 s[S_IN+1], s[S_IN+1], 0
	gcn_buffer_rsrc S_SRD, S_IN, WG_BYTES
	s_mov_b32 s[S_SOFF], 0
	s_mov_b32 s[S_COUNT], TILES / NBUF - 1

	dma 0                                          // tiles 0, 1, 2 in flight
	dma 1
	dma 2
lds_dma_round:                                     // tiles 4j .. 4j+3
	ready 2
	dma 3
	take 0
	ready 2
	dma 0
	take 1
	ready 2
	dma 1
	take 2
	ready 2
	dma 2
	take 3
	s_sub_u32 s[S_COUNT], s[S_COUNT], 1
	s_cmp_lg_u32 s[S_COUNT], 0
	s_cbranch_scc1 lds_dma_round

	ready 2                                        // tile TILES-4
	dma 3                                          // the last DMA: tile TILES-1
	take 0
	ready 2
	take 1
	ready 1
	take 2
	ready 0
	take 3
	global_store_dword v[V_OFF], v[V_ACC], s[S_OUT:S_OUT+1]
	s_endpgm
gcn_kernel_end lds_dma, NVGPR, NSGPR, 256, 16, "[ { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: read_only }, { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global, .actual_access: write_only } ]", NBUF * TILE_BYTES
