// lds_dma_hip.hip — HIP reference for lds_dma.s: the same ring of four LDS
// buffers filled by DMA (buffer_load_dword ... lds), three tiles in flight,
// written as a HIP programmer would, so that `make compare KERNEL=lds_dma`
// shows what clang makes of it. 002_6bc4fcfb1ec6bd4f.txt ("Using Memory Buffer Load to LDS")
// found that the compiler puts an s_waitcnt vmcnt(0) after every such load,
// before the LDS reads of the tile before it: clang 19 still does (it cannot
// tell that the DMA and the ds_read touch different LDS bytes), and that wait
// drains the DMAs the loop meant to keep in flight.
//
// Launch: block 256, any number of work-groups; work-group g sums column
// 255 - t of its TILES tiles of 256 floats:
//   out[g*256 + t] = sum over i of in[(g*TILES + i)*256 + 255 - t]   (i in order)
// Built with asm/hip/include/gcnlab_hip.h force-included (see the Makefile).

#define TILES 64
#define NBUF 4

typedef __attribute__((address_space(3))) void lds_ptr_t;

// The LLVM intrinsic behind buffer_load_dword ... lds. clang 19 has no
// builtin for it (only __builtin_amdgcn_global_load_lds, gfx940+), so it is
// declared under its intrinsic name, as AMD's composable_kernel does:
// (rsrc, lds base, bytes per lane, voffset, soffset, inst offset, aux/cache bits).
extern "C" __device__ void gcnlab_buffer_load_lds(int4 rsrc, lds_ptr_t *lds, int size, int voffset,
                                                  int soffset, int offset, int aux)
	__asm("llvm.amdgcn.raw.buffer.load.lds");

// s_waitcnt vmcnt(N) alone, N < 16 (gfx9 simm16: vmcnt [3:0] and [15:14],
// expcnt [6:4] = 7 and lgkmcnt [11:8] = 15, i.e. not waited for).
#define WAIT_VMCNT(n) (0x0f70 | (n))

extern "C" __global__ __launch_bounds__(256) void lds_dma_hip(const float *in, float *out)
{
	__shared__ float tile[NBUF][256];
	const unsigned t = threadIdx.x;
	const unsigned g = blockIdx.x;
	const unsigned wave_base = t & ~63u;   // the DMA writes 64 consecutive dwords per wave
	const unsigned long long base = (unsigned long long)(in + (unsigned long long)g * TILES * 256);
	int4 rsrc;
	float acc = 0.0f;

	// Raw buffer resource: base [47:0], stride 0, num_records in bytes, dword 3 as
	// the asm kernels (GCN_BUF_DWORD3 in asm/include/gcnlab.inc).
	rsrc.x = (int)base;
	rsrc.y = (int)(base >> 32) & 0xffff;
	rsrc.z = TILES * 256 * 4;
	rsrc.w = 0x00027000;

	for (unsigned i = 0; i < NBUF - 1; i++)
		gcnlab_buffer_load_lds(rsrc, (lds_ptr_t *)&tile[i][wave_base], 4, t * 4, (int)(i * 1024), 0, 0);
	for (unsigned i = 0; i < TILES; i++) {
		// My DMA of tile i is done; the younger ones (at most two) may run on.
		if (i + 2 < TILES)
			__builtin_amdgcn_s_waitcnt(WAIT_VMCNT(2));
		else if (i + 1 < TILES)
			__builtin_amdgcn_s_waitcnt(WAIT_VMCNT(1));
		else
			__builtin_amdgcn_s_waitcnt(WAIT_VMCNT(0));
		__builtin_amdgcn_s_barrier();   // everybody's tile i is in; tile i-1 is read
		if (i + NBUF - 1 < TILES)
			gcnlab_buffer_load_lds(rsrc, (lds_ptr_t *)&tile[(i + NBUF - 1) % NBUF][wave_base], 4,
			                       t * 4, (int)((i + NBUF - 1) * 1024), 0, 0);
		acc += tile[i % NBUF][255 - t];
	}
	out[g * 256 + t] = acc;
}
