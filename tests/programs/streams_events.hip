/*
 * streams_events — a pipeline on three streams: per stream, copy a chunk
 * in (hipMemcpyAsync from pinned memory), square it, copy it out; events
 * recorded around each stream's kernel time it (hipEventElapsedTime, from
 * the GPU's clock), and the last stage of every stream waits on an event
 * of the previous stream (hipStreamWaitEvent: a barrier packet with a
 * dependency signal), then hipDeviceSynchronize. Prints each stream's
 * result and the time between its events (the emulated GPU runs one
 * dispatch at a time, so that time includes whatever other streams ran in
 * between). Then, on one stream alone, the kernel timed with 16 and with
 * 1024 rounds of work: the second must take longer. Ends with
 * "streams_events: ok".
 */
#include "hip_check.h"

#define STREAMS 3
#define CHUNK 4096
#define BLOCK 256

__global__ void square(float *x, int n, int rounds)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i];
	for (int r = 0; r < rounds; r++)
		v = v * v - v * v + x[i];  /* rounds of work, the same value */
	x[i] = v * v;
}

/* Adds the previous chunk's first element to every element: reads what the
 * previous stream wrote, so it must run after it. */
__global__ void add_prev(float *x, const float *prev, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] += prev[0];
}

int main(void)
{
	hipStream_t s[STREAMS];
	hipEvent_t start[STREAMS], stop[STREAMS];
	float *h, *d;
	int bad = 0;

	HIP_CHECK(hipHostMalloc((void **)&h, STREAMS * CHUNK * sizeof(float), hipHostMallocDefault));
	HIP_CHECK(hipMalloc((void **)&d, STREAMS * CHUNK * sizeof(float)));
	for (int i = 0; i < STREAMS * CHUNK; i++)
		h[i] = (float)(i % 100);
	for (int k = 0; k < STREAMS; k++) {
		HIP_CHECK(hipStreamCreate(&s[k]));
		HIP_CHECK(hipEventCreate(&start[k]));
		HIP_CHECK(hipEventCreate(&stop[k]));
	}
	for (int k = 0; k < STREAMS; k++) {
		float *hk = h + k * CHUNK, *dk = d + k * CHUNK;
		HIP_CHECK(hipMemcpyAsync(dk, hk, CHUNK * sizeof(float), hipMemcpyHostToDevice, s[k]));
		HIP_CHECK(hipEventRecord(start[k], s[k]));
		hipLaunchKernelGGL(square, dim3(CHUNK / BLOCK), dim3(BLOCK), 0, s[k], dk, CHUNK, 16 << k);
		HIP_CHECK(hipEventRecord(stop[k], s[k]));
		if (k > 0) {
			HIP_CHECK(hipStreamWaitEvent(s[k], stop[k - 1], 0));
			hipLaunchKernelGGL(add_prev, dim3(CHUNK / BLOCK), dim3(BLOCK), 0, s[k], dk, dk - CHUNK,
			                   CHUNK);
		}
		HIP_CHECK(hipGetLastError());
		HIP_CHECK(hipMemcpyAsync(hk, dk, CHUNK * sizeof(float), hipMemcpyDeviceToHost, s[k]));
	}
	HIP_CHECK(hipDeviceSynchronize());
	for (int k = 0; k < STREAMS; k++) {
		float ms = -1.0f;
		int wrong = 0;
		/* chunk k-1's element 0 is (k-1)*CHUNK % 100 squared, before stream
		 * k-1's own add_prev (which comes after the event it waits on) */
		float prev = k ? (float)(((k - 1) * CHUNK) % 100) : 0.0f;
		for (int i = 0; i < CHUNK; i++) {
			float x = (float)((k * CHUNK + i) % 100);
			wrong += h[k * CHUNK + i] != x * x + prev * prev;
		}
		HIP_CHECK(hipEventElapsedTime(&ms, start[k], stop[k]));
		printf("stream %d: %s, between its events %.3f us\n", k, wrong ? "WRONG" : "right", ms * 1000.0f);
		bad |= wrong != 0 || !(ms > 0.0f);
	}
	/* one stream alone: the events bracket only the kernel */
	float alone[2];
	for (int j = 0; j < 2; j++) {
		int rounds = j ? 1024 : 16;
		HIP_CHECK(hipEventRecord(start[0], s[0]));
		hipLaunchKernelGGL(square, dim3(CHUNK / BLOCK), dim3(BLOCK), 0, s[0], d, CHUNK, rounds);
		HIP_CHECK(hipEventRecord(stop[0], s[0]));
		HIP_CHECK(hipEventSynchronize(stop[0]));
		HIP_CHECK(hipEventElapsedTime(&alone[j], start[0], stop[0]));
		printf("one stream, %d rounds: %.3f us\n", rounds, alone[j] * 1000.0f);
	}
	bad |= !(alone[0] > 0.0f && alone[1] > alone[0]);
	for (int k = 0; k < STREAMS; k++) {
		HIP_CHECK(hipEventDestroy(start[k]));
		HIP_CHECK(hipEventDestroy(stop[k]));
		HIP_CHECK(hipStreamDestroy(s[k]));
	}
	HIP_CHECK(hipFree(d));
	HIP_CHECK(hipHostFree(h));
	printf("streams_events: %s\n", bad ? "WRONG" : "ok");
	return bad;
}
