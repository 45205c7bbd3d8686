/*
 * seed_host — the host side of the seeds' own kernels (tests/seeds/seeds.t):
 * builds the input data the seeds' hosts built, as files for
 * `gcnlab exec ... buf:SIZE:file:PATH`, and decodes their result buffers.
 *
 *   seed_host chase PATH CUS PER_CU_MIB SEED
 *       000_106faad81daed8dd.txt's A: per CU, PER_CU_MIB MiB of int32 successor indices,
 *       uniform in [0, per_CU_K - 4096) with per_CU_K = the ints in
 *       PER_CU_MIB MiB (the seed: torch.randint(0, per_CU_K-4096,
 *       (per_CU_K,)), then A.repeat(num_CU, 1): every CU the same values).
 *       The seed's per_CU_K = (1024 // num_CU) MiB of ints: 48 MiB on its
 *       80-CU MI308X; the test passes 48.
 *   seed_host voff PATH STRIDE
 *       000_106faad81daed8dd.txt's `indices`: 64 uint32, lane l -> l * STRIDE (elements of
 *       the read: int32x4 for ds_read_b128, int32 for ds_read_b32, as the
 *       kernel adds them to typed pointers).
 *   seed_host res PATH BLOCK
 *       prints block BLOCK's results of 000_106faad81daed8dd.txt's kernel (tests/seeds/
 *       seed000_mem_latency.hip, SEED-CHANGE 3), one "name value" a line.
 *
 * The random numbers are splitmix64 (deterministic; torch's generator is
 * not reproducible outside torch, and the kernel only needs indices in
 * range). Exit status: 0 ok, 2 usage or I/O error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int usage(void)
{
	fprintf(stderr, "usage: seed_host chase PATH CUS PER_CU_MIB SEED | voff PATH STRIDE | res PATH BLOCK\n");
	return 2;
}

static int write_all(const char *path, const void *p, size_t n, unsigned times)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		fprintf(stderr, "seed_host: %s: %s\n", path, strerror(errno));
		return 2;
	}
	int rc = 0;
	for (unsigned i = 0; i < times && !rc; i++)
		if (fwrite(p, 1, n, f) != n)
			rc = 2;
	if (fclose(f) != 0)
		rc = 2;
	if (rc)
		fprintf(stderr, "seed_host: %s: write failed\n", path);
	return rc;
}

static int cmd_chase(const char *path, unsigned cus, unsigned mib, uint64_t seed)
{
	if (!cus || !mib || mib > 1024 || (uint64_t)cus * mib > 4095) {
		fprintf(stderr, "seed_host chase: CUS x PER_CU_MIB must stay below 4 GiB (the seed: \"passing 4GB buffer into kernel has problem\")\n");
		return 2;
	}
	size_t k = (size_t)mib * 1024 * 1024 / 4;
	int32_t *a = malloc(k * sizeof(*a));
	if (!a) {
		fprintf(stderr, "seed_host chase: out of memory for %u MiB\n", mib);
		return 2;
	}
	uint64_t s = seed;
	uint64_t range = k - 4096;
	for (size_t i = 0; i < k; i++)
		a[i] = (int32_t)(splitmix64(&s) % range);
	int rc = write_all(path, a, k * sizeof(*a), cus);
	free(a);
	return rc;
}

static int cmd_voff(const char *path, unsigned stride)
{
	uint32_t v[64];
	for (unsigned l = 0; l < 64; l++)
		v[l] = l * stride;
	return write_all(path, v, sizeof(v), 1);
}

static int cmd_res(const char *path, unsigned block)
{
	static const char *const names[7] = {
		"memtime_overhead", "hbm_x4_latency", "hbm_x4_tput", "b128_latency",
		"b128_tput", "b32_latency", "b32_tput",
	};
	uint64_t r[8];
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "seed_host res: %s: %s\n", path, strerror(errno));
		return 2;
	}
	int ok = fseek(f, (long)block * (long)sizeof(r), SEEK_SET) == 0 && fread(r, sizeof(r), 1, f) == 1;
	fclose(f);
	if (!ok) {
		fprintf(stderr, "seed_host res: %s holds no results for block %u\n", path, block);
		return 2;
	}
	for (unsigned i = 0; i < 7; i++) {
		if (i == 2) {
			uint32_t bits = (uint32_t)r[i];
			float v;
			memcpy(&v, &bits, sizeof(v));
			printf("%s %.2f\n", names[i], (double)v);
		} else {
			printf("%s %" PRIu64 "\n", names[i], r[i]);
		}
	}
	return 0;
}

static int num(const char *s, unsigned long long *v)
{
	char *end;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return !errno && end != s && !*end;
}

int main(int argc, char **argv)
{
	unsigned long long a, b, c;
	if (argc == 6 && !strcmp(argv[1], "chase") && num(argv[3], &a) && num(argv[4], &b) && num(argv[5], &c) &&
	    a <= 4096 && b <= 4096)
		return cmd_chase(argv[2], (unsigned)a, (unsigned)b, c);
	if (argc == 4 && !strcmp(argv[1], "voff") && num(argv[3], &a) && a <= 1024)
		return cmd_voff(argv[2], (unsigned)a);
	if (argc == 4 && !strcmp(argv[1], "res") && num(argv[3], &a) && a < 65536)
		return cmd_res(argv[2], (unsigned)a);
	return usage();
}
