// addr64.hip — 64-bit address arithmetic: loads and stores at large strides
// and negative offsets in a 16 MiB buffer, and a pointer chase where the
// pointers themselves are stored in memory (flat 64-bit addresses written by
// the kernel, then loaded and followed).
#include "hip_ops.h"

// big: nwords u32 (16 MiB + 64 KiB, rand-initialised by the host). Work-item
// i (of 16) reads 4 words at i * HO_STRIDE_WORDS + k*k*1021 and 4 words at
// (end - 1) - i * HO_STRIDE_WORDS - k (a negative 64-bit offset from the end)
// and writes them to o[8*i ...].

extern "C" __global__ void addr_stride(ho_u32 *big, ho_u64 nwords, ho_u32 *o)
{
	ho_u32 i = blockIdx.x * blockDim.x + threadIdx.x;
	ho_u64 base = (ho_u64)i * HO_STRIDE_WORDS;
	ho_u32 *end = big + nwords;

	for (ho_u32 k = 0; k < 4; k++) {
		o[8 * i + k] = big[base + k * k * 1021u] ^ k;
		o[8 * i + 4 + k] = end[-(ho_i64)base - 1 - k];
	}
}

// Pointer chase in one work-group of 256. Node k lives at byte k*HO_NODE_BYTES
// of nodes (HO_NODES nodes, zero-initialised): { next pointer, payload }. Each
// work-item first builds 16 nodes (next = &node[perm[k]], payload = k*k),
// then, after the barrier, follows HO_CHASE_STEPS pointers from node (t*13) % HO_NODES and
// writes the index of the node it stops at and the sum of the payloads.

struct node {
	const struct node *next;
	ho_u64 payload;
};

HO_FN struct node *node_at(ho_u8 *nodes, ho_u32 k)
{
	return (struct node *)(nodes + (ho_u64)k * HO_NODE_BYTES);
}

extern "C" __global__ __launch_bounds__(256) void addr_chase(ho_u8 *nodes, const ho_u32 *perm, ho_u64 *o)
{
	ho_u32 t = threadIdx.x;

	for (ho_u32 j = 0; j < HO_NODES / 256; j++) {
		ho_u32 k = j * 256 + t;
		struct node *n = node_at(nodes, k);
		n->next = node_at(nodes, perm[k]);
		n->payload = (ho_u64)k * k;
	}
	__syncthreads();
	const struct node *p = node_at(nodes, (t * 13) % HO_NODES);
	ho_u64 sum = 0;
	for (int s = 0; s < HO_CHASE_STEPS; s++) {
		sum += p->payload;
		p = p->next;
	}
	o[2 * t] = (ho_u64)((const ho_u8 *)p - nodes) / HO_NODE_BYTES;
	o[2 * t + 1] = sum;
}
