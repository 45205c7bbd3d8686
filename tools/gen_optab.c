/*
 * gen_optab — generate emu/isa/tables/emu_optab_<arch>.inc from LLVM's disassembler.
 *
 * Usage: gen_optab LLVM_MC ARCH OUT.inc   (run by tools/gen_optab.sh)
 *
 * For every encoding the opcode field is swept through `llvm-mc --disassemble
 * -show-encoding`, all opcodes of an encoding in one run. Each opcode is tried
 * with a list of operand variants (distinct register numbers per field, so the
 * printed operands can be mapped back to their fields); the first variant LLVM
 * decodes (bytes echoed back identical, no "Invalid" comment) gives the
 * mnemonic, the operand template and the register widths. A second run flips
 * every modifier bit of that instance alone (rejected, ignored or printed) and
 * puts an SGPR, an inline constant and literals in every source (accepted
 * classes, and how constants print).
 *
 * Probes are separated by three `s_nop <index>` markers so that an invalid
 * probe, which llvm-mc skips one dword at a time, cannot swallow the next one.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXF 10
#define MAXV 40

/* Field kinds. */
enum { R_SRC9 = 'x', R_SGPR = 's', R_VGPR = 'v', R_SBASE = 'b', R_SRSRC = 'r', R_IMM = 'i' };

struct fdef {
	char id;          /* placeholder letter */
	uint8_t dw, lo, width;
	char rk;          /* R_* */
};

struct encdef {
	const char *name;     /* table suffix */
	const char *tab;      /* EMU_TAB_* */
	uint32_t fixed[2];
	int ndw;
	uint8_t op_dw, op_lo, op_w;
	int nops;
	struct fdef f[MAXF];
	uint32_t flip[2];     /* modifier bits probed one at a time */
	const char *var[MAXV];
	int ext;              /* 1: SDWA/DPP form of table ext_of */
	const char *ext_of;
	bool arch_mask[3];    /* present on gfx900, gfx90a, gfx942 */
};

/* VOP2, VOP1 and VOPC under an SDWA or DPP extension (table ext_of): w[0]
 * holds the base form with SRC0 = the extension's marker, w[1] the control
 * dword with the real src0 in [7:0]. flip: the control bits probed one at a
 * time; q: the control dword every variant sets. */
#define EXT_VOP2(nm, tb, src0, flip, q)                                                              \
	{ nm, tb, {(src0), 0}, 2, 0, 25, 6, 0x3e,                                                    \
	  { {'d', 0, 17, 8, R_VGPR}, {'1', 0, 9, 8, R_VGPR}, {'0', 1, 0, 8, R_VGPR} }, {0, flip},     \
	  { "d=10 0=20 1=40 Q=" q }, 1, "vop2", {1, 1, 1} }
#define EXT_VOP1(nm, tb, src0, flip, q)                                                              \
	{ nm, tb, {0x7e000000u | (src0), 0}, 2, 0, 9, 8, 0x100,                                      \
	  { {'d', 0, 17, 8, R_VGPR}, {'0', 1, 0, 8, R_VGPR} }, {0, flip},                              \
	  { "d=10 0=20 Q=" q, "0=20 Q=" q, "d=10 Q=" q, "Q=" q }, 1, "vop1", {1, 1, 1} }
#define EXT_VOPC(nm, tb, src0, flip, q)                                                              \
	{ nm, tb, {0x7c000000u | (src0), 0}, 2, 0, 17, 8, 0x100,                                     \
	  { {'1', 0, 9, 8, R_VGPR}, {'0', 1, 0, 8, R_VGPR} }, {0, flip},                               \
	  { "0=20 1=40 Q=" q }, 1, "vopc", {1, 1, 1} }

/* Field values: 9-bit VGPR n is 256+n. Canonical numbers: dst 10, src0 20,
 * src1 40, src2 60, VOP3B sdst 0 (bits 14:8 left zero). */
static const struct encdef encs[] = {
	{ "sop2", "SOP2", {0x80000000u, 0}, 1, 0, 23, 7, 0x60,
	  { {'d', 0, 16, 7, R_SGPR}, {'0', 0, 0, 8, R_SRC9}, {'1', 0, 8, 8, R_SRC9} }, {0, 0},
	  { "d=10 0=20 1=40", "0=20 1=40", "d=10 0=20", "d=10", "" }, 0, 0, {1, 1, 1} },
	{ "sopk", "SOPK", {0xb0000000u, 0}, 1, 0, 23, 5, 0x1d,
	  { {'d', 0, 16, 7, R_SGPR}, {'i', 0, 0, 16, R_IMM} }, {0, 0},
	  { "d=10 i=0x1234", "d=10 i=0x1234 L=0x12345678", "i=0x1234 L=0x12345678", "i=0x1234",
	    "d=10 i=0", "i=0", "" }, 0, 0, {1, 1, 1} },
	{ "sop1", "SOP1", {0xbe800000u, 0}, 1, 0, 8, 8, 0x100,
	  { {'d', 0, 16, 7, R_SGPR}, {'0', 0, 0, 8, R_SRC9} }, {0, 0},
	  { "d=10 0=20", "0=20", "d=10", "" }, 0, 0, {1, 1, 1} },
	{ "sopc", "SOPC", {0xbf000000u, 0}, 1, 0, 16, 7, 0x80,
	  { {'0', 0, 0, 8, R_SRC9}, {'1', 0, 8, 8, R_SRC9} }, {0, 0},
	  { "0=20 1=9", "0=20 1=40", "0=20", "" }, 0, 0, {1, 1, 1} },
	{ "sopp", "SOPP", {0xbf800000u, 0}, 1, 0, 16, 7, 0x80,
	  { {'i', 0, 0, 16, R_IMM} }, {0, 0},
	  { "i=0x1234", "i=0x0012", "i=0" }, 0, 0, {1, 1, 1} },
	{ "smem", "SMEM", {0xc0000000u, 0}, 2, 0, 18, 8, 0x100,
	  { {'d', 0, 6, 7, R_SGPR}, {'b', 0, 0, 6, R_SBASE}, {'i', 1, 0, 21, R_IMM}, {'o', 1, 25, 7, R_SGPR} },
	  {0x0003e000u, 0x01e00000u},
	  { "d=16 b=10 i=0x40 P=0x20000", "d=16 b=10 P=0x20000", "b=10 i=0x40 P=0x20000", "d=16", "" }, 0, 0, {1, 1, 1} },
	{ "vop2", "VOP2", {0x00000000u, 0}, 1, 0, 25, 6, 0x3e,
	  { {'d', 0, 17, 8, R_VGPR}, {'0', 0, 0, 9, R_SRC9}, {'1', 0, 9, 8, R_VGPR} }, {0, 0},
	  { "d=10 0=276 1=40", "d=10 0=276 1=40 L=0x12345678", "d=10 0=20 1=40" }, 0, 0, {1, 1, 1} },
	{ "vop1", "VOP1", {0x7e000000u, 0}, 1, 0, 9, 8, 0x100,
	  { {'d', 0, 17, 8, R_VGPR}, {'0', 0, 0, 9, R_SRC9} }, {0, 0},
	  { "d=10 0=276", "d=10 0=20", "0=276", "d=10", "" }, 0, 0, {1, 1, 1} },
	{ "vopc", "VOPC", {0x7c000000u, 0}, 1, 0, 17, 8, 0x100,
	  { {'0', 0, 0, 9, R_SRC9}, {'1', 0, 9, 8, R_VGPR} }, {0, 0},
	  { "0=276 1=40" }, 0, 0, {1, 1, 1} },
	{ "vop3", "VOP3", {0xd0000000u, 0}, 2, 0, 16, 10, 0x380,
	  { {'d', 0, 0, 8, R_VGPR}, {'S', 0, 8, 7, R_SGPR}, {'0', 1, 0, 9, R_SRC9}, {'1', 1, 9, 9, R_SRC9},
	    {'2', 1, 18, 9, R_SRC9} },
	  {0x0000ff00u, 0xf8000000u},
	  { "d=10 0=276 1=296 2=316", "d=10 0=276 1=296 2=60", "d=10 0=276 1=40 2=316",
	    "d=10 0=276 1=40", "d=10 0=20 1=40", "d=10 0=276 1=296", "d=10 0=276", "d=10 0=20",
	    "d=10", "" }, 0, 0, {1, 1, 1} },
	{ "vop3p", "VOP3P", {0xd3800000u, 0}, 2, 0, 16, 7, 0x80,
	  { {'d', 0, 0, 8, R_VGPR}, {'0', 1, 0, 9, R_SRC9}, {'1', 1, 9, 9, R_SRC9}, {'2', 1, 18, 9, R_SRC9} },
	  {0x0000ff00u, 0xf8000000u},
	  { "d=10 0=276 1=296 2=316", "d=10 0=276 1=296 2=316 P=0x4000 Q=0x18000000",
	    "d=10 0=276 1=296", "d=10 0=276 1=296 P=0x4000 Q=0x18000000",
	    "d=10 0=276", "d=10 0=276 P=0x4000 Q=0x18000000" }, 0, 0, {1, 1, 1} },
	{ "vintrp", "VINTRP", {0xd4000000u, 0}, 1, 0, 16, 2, 4,
	  { {'d', 0, 18, 8, R_VGPR}, {'A', 0, 10, 6, R_IMM}, {'C', 0, 8, 2, R_IMM}, {'0', 0, 0, 8, R_VGPR} },
	  {0, 0}, { "d=10 A=3 C=1 0=20", "d=10 A=3 C=1 0=2" }, 0, 0, {1, 0, 0} },
	{ "ds", "DS", {0xd8000000u, 0}, 2, 0, 17, 8, 0x100,
	  { {'O', 0, 0, 16, R_IMM}, {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR}, {'E', 1, 16, 8, R_VGPR},
	    {'d', 1, 24, 8, R_VGPR} },
	  {0x02010000u, 0},
	  { "O=0x0201 d=10 a=20 D=30 E=40", "O=0x0201 d=10 a=20 D=30", "O=0x0201 a=20 D=30 E=40",
	    "O=0x0201 d=10 a=20", "O=0x0201 a=20 D=30", "O=0x0201 d=10 D=30", "O=0x0201 a=20",
	    "O=0x0201 d=10", "O=0x0201 D=30", "O=0x0201",
	    "O=0x0201 d=10 a=20 P=0x10000", "O=0x0201 a=20 P=0x10000", "O=0x0201 D=30 P=0x10000", "O=0x0201 P=0x10000",
	    "d=10 a=20 D=30 E=40", "d=10 a=20 D=30", "a=20 D=30 E=40", "d=10 a=20", "a=20 D=30",
	    "d=10 D=30", "a=20", "d=10", "D=30", "d=10 a=20 D=30 P=0x10000", "d=10 a=20 P=0x10000",
	    "a=20 D=30 P=0x10000", "a=20 P=0x10000", "D=30 P=0x10000", "d=10 P=0x10000", "P=0x10000", "" },
	  0, 0, {1, 1, 1} },
	/* FLAT seg [15:14]: 0 flat, 1 scratch, 2 global (fixed bits). */
	{ "flat", "FLAT", {0xdc000000u, 0}, 2, 0, 18, 7, 0x80,
	  { {'O', 0, 0, 13, R_IMM}, {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR}, {'o', 1, 16, 7, R_SGPR},
	    {'d', 1, 24, 8, R_VGPR} },
	  {0x02032000u, 0x00800000u},
	  { "O=16 d=10 a=20 D=30", "O=16 a=20 D=30", "O=16 d=10 a=20", "O=16 a=20", "d=10 a=20 D=30",
	    "a=20 D=30", "d=10 a=20", "a=20" }, 0, 0, {1, 1, 1} },
	{ "scratch", "SCRATCH", {0xdc004000u, 0}, 2, 0, 18, 7, 0x80,
	  { {'O', 0, 0, 13, R_IMM}, {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR}, {'o', 1, 16, 7, R_SGPR},
	    {'d', 1, 24, 8, R_VGPR} },
	  {0x02032000u, 0x00800000u},
	  { "O=16 d=10 a=20 D=30 o=0x7f", "O=16 a=20 D=30 o=0x7f", "O=16 d=10 a=20 o=0x7f", "O=16 a=20 o=0x7f",
	    "O=16 d=10 a=20 D=30 o=0x7f P=0x2000", "O=16 a=20 D=30 o=0x7f P=0x2000",
	    "O=16 d=10 a=20 o=0x7f P=0x2000", "O=16 a=20 o=0x7f P=0x2000" }, 0, 0, {1, 1, 1} },
	{ "global", "GLOBAL", {0xdc008000u, 0}, 2, 0, 18, 7, 0x80,
	  { {'O', 0, 0, 13, R_IMM}, {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR}, {'o', 1, 16, 7, R_SGPR},
	    {'d', 1, 24, 8, R_VGPR} },
	  {0x02032000u, 0x00800000u},
	  { "O=16 d=10 a=20 D=30 o=40", "O=16 a=20 D=30 o=40", "O=16 d=10 a=20 o=40", "O=16 a=20 o=40",
	    "O=16 d=10 o=40", "O=16 o=40", "O=16 d=10 a=20 D=30 o=0x7f", "O=16 a=20 D=30 o=0x7f",
	    "O=16 d=10 a=20 o=0x7f", "O=16 a=20 o=0x7f" }, 0, 0, {1, 1, 1} },
	{ "mubuf", "MUBUF", {0xe0000000u, 0}, 2, 0, 18, 7, 0x80,
	  { {'O', 0, 0, 12, R_IMM}, {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR}, {'r', 1, 16, 5, R_SRSRC},
	    {'o', 1, 24, 8, R_SRC9} },
	  {0x0003f000u, 0x00e00000u},
	  { "O=16 a=20 D=10 r=10 o=50 P=0x1000", "O=16 D=10 r=10 o=50", "O=16 a=20 r=10 o=50 P=0x1000",
	    "O=16 r=10 o=50", "" }, 0, 0, {1, 1, 1} },
	{ "mtbuf", "MTBUF", {0xe8000000u, 0}, 2, 0, 15, 4, 0x10,
	  { {'O', 0, 0, 12, R_IMM}, {'F', 0, 19, 7, R_IMM}, {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR},
	    {'r', 1, 16, 5, R_SRSRC}, {'o', 1, 24, 8, R_SRC9} },
	  {0x00007000u, 0x00e00000u},
	  { "O=16 F=0x74 a=20 D=10 r=10 o=50 P=0x1000" }, 0, 0, {1, 1, 1} },
	{ "mimg", "MIMG", {0xf0000000u, 0}, 2, 0, 18, 7, 0x80,
	  { {'a', 1, 0, 8, R_VGPR}, {'D', 1, 8, 8, R_VGPR}, {'r', 1, 16, 5, R_SRSRC}, {'o', 1, 21, 5, R_SRSRC} },
	  {0, 0},
	  { "a=20 D=10 r=10 o=15 P=0xf00", "a=20 D=10 r=10 P=0xf00", "a=20 D=10 r=10 o=15 P=0x100",
	    "a=20 D=10 r=10 P=0x100", "a=20 D=10 r=10 P=0x1f00", "a=20 D=10 r=10 o=15 P=0x1100" },
	  0, 0, {1, 1, 1} },
	{ "exp", "EXP", {0xc4000000u, 0}, 2, 0, 0, 0, 1,
	  { {'0', 1, 0, 8, R_VGPR}, {'1', 1, 8, 8, R_VGPR}, {'2', 1, 16, 8, R_VGPR}, {'3', 1, 24, 8, R_VGPR} },
	  {0, 0}, { "0=10 1=20 2=30 3=40 P=0xcf" }, 0, 0, {1, 1, 1} },
	/* SDWA (src0 = 0xf9) and DPP (src0 = 0xfa) forms: w[1] is the control dword.
 * Multi-bit selectors whose validity depends on the value (SDWA sels, DPP
 * dpp_ctrl) are not flipped; the decoder checks their values. */
	EXT_VOP2("sdwa2", "SDWA2", 0xf9, 0xf8f8f800u, "0x06060600"),
	EXT_VOP1("sdwa1", "SDWA1", 0xf9, 0xfff8f800u, "0x00060600"),
	EXT_VOPC("sdwac", "SDWAC", 0xf9, 0xf8f8ff00u, "0x06060000"),
	EXT_VOP2("dpp2", "DPP2", 0xfa, 0xfffe0000u, "0xff010100"),
	EXT_VOP1("dpp1", "DPP1", 0xfa, 0xfffe0000u, "0xff010100"),
	EXT_VOPC("dppc", "DPPC", 0xfa, 0xfffe0000u, "0xff010100"),
};
#define NENC (int)(sizeof(encs) / sizeof(encs[0]))

/* ---- probes ---- */

enum { PK_VAR = 0, PK_FLIP, PK_CLS, PK_IMM };

struct probe {
	uint32_t w[4];
	int n;
	int enc, op, kind, arg;
	bool valid;
	int dsize;              /* dwords LLVM decoded (prefix match, corpus mode) */
	char *text;
};

static bool prefix_ok; /* corpus mode: a decode of a prefix of the probe counts */

static struct probe *probes;
static int nprobes, capprobes;

static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "gen_optab: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static const struct fdef *field(const struct encdef *e, char id)
{
	for (int i = 0; i < MAXF && e->f[i].id; i++)
		if (e->f[i].id == id)
			return &e->f[i];
	return NULL;
}

static void setf(uint32_t *w, const struct fdef *f, uint32_t v)
{
	uint32_t m = (f->width == 32 ? 0xffffffffu : ((1u << f->width) - 1));
	w[f->dw] = (w[f->dw] & ~(m << f->lo)) | ((v & m) << f->lo);
}

/* Build the words of variant string vs for opcode op of encoding e. */
static int build(const struct encdef *e, int op, const char *vs, uint32_t *w)
{
	int n = e->ndw;
	w[0] = e->fixed[0];
	w[1] = e->fixed[1];
	w[2] = w[3] = 0;
	if (e->op_w)
		w[e->op_dw] |= (uint32_t)op << e->op_lo;
	const char *p = vs;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		char id = *p;
		if (p[1] != '=')
			die("bad variant '%s'", vs);
		char *end;
		uint32_t v = (uint32_t)strtoul(p + 2, &end, 0);
		p = end;
		if (id == 'L') {
			w[n++] = v;
		} else if (id == 'P') {
			w[0] |= v;
		} else if (id == 'Q') {
			w[1] |= v;
		} else {
			const struct fdef *f = field(e, id);
			if (!f)
				die("%s: no field %c", e->name, id);
			setf(w, f, v);
		}
	}
	return n;
}

static struct probe *add_probe(int enc, int op, int kind, int arg, const uint32_t *w, int n)
{
	if (nprobes == capprobes) {
		capprobes = capprobes ? capprobes * 2 : 4096;
		probes = realloc(probes, (size_t)capprobes * sizeof(*probes));
		if (!probes)
			die("out of memory");
	}
	struct probe *p = &probes[nprobes++];
	memset(p, 0, sizeof(*p));
	memcpy(p->w, w, (size_t)n * 4);
	p->n = n;
	p->enc = enc;
	p->op = op;
	p->kind = kind;
	p->arg = arg;
	return p;
}

static void put_words(FILE *f, const uint32_t *w, int n)
{
	for (int i = 0; i < n; i++)
		for (int b = 0; b < 4; b++)
			fprintf(f, "%s0x%02x", (i || b) ? "," : "", (w[i] >> (8 * b)) & 0xff);
}

/* Run llvm-mc over probes[from..to) and fill valid/text. Validity comes from
 * llvm-mc's "invalid instruction encoding" warnings, which name the line and
 * column (every probe starts a line); -show-encoding is no use here because
 * it re-encodes what was decoded (ignored bits vanish, literals that equal
 * inline constants become inline). The text is the first line printed after
 * the previous probe's markers; any further line before this probe's markers
 * means LLVM decoded only a prefix of the probe. Returns the index of the probe
 * at which the output stopped (llvm-mc 19 aborts on a few encodings), or `to`. */
static int run_chunk(const char *mc, const char *arch, int from, int to, bool *crashed)
{
	char in[] = "/tmp/gen_optab_in_XXXXXX", er[] = "/tmp/gen_optab_err_XXXXXX";
	int fd = mkstemp(in), fe = mkstemp(er);
	if (fd < 0 || fe < 0)
		die("cannot create a temporary file");
	close(fe);
	FILE *f = fdopen(fd, "w");
	for (int i = from; i < to; i++) {
		uint32_t mark = 0xbf800000u | (0x1000u + (uint32_t)((i - from) % 0xe000));
		uint32_t m3[3] = {mark, mark, mark};
		put_words(f, probes[i].w, probes[i].n);
		fputc(',', f);
		put_words(f, m3, 3);
		fputc('\n', f);
	}
	fclose(f);

	char *cmd;
	if (asprintf(&cmd, "LLVM_DISABLE_SYMBOLIZATION=1 '%s' -triple amdgcn-amd-amdhsa -mcpu=%s --disassemble < %s 2>%s",
	             mc, arch, in, er) < 0)
		die("out of memory");
	FILE *pp = popen(cmd, "r");
	if (!pp)
		die("cannot run %s", mc);
	size_t cap = 1 << 16, nl = 0;
	char **txt = malloc(cap * sizeof(*txt));
	char *line = NULL;
	size_t ll = 0;
	while (getline(&line, &ll, pp) > 0) {
		char *s = line;
		while (*s == '\t' || *s == ' ')
			s++;
		s[strcspn(s, "\n")] = 0;
		if (!*s || !strcmp(s, ".text"))
			continue;
		if (nl == cap) {
			cap *= 2;
			txt = realloc(txt, cap * sizeof(*txt));
		}
		txt[nl++] = strdup(s);
	}
	int st = pclose(pp);

	/* Warnings: bad[k] bit 0 = the probe on line k+1 rejected at its start,
	 * bit 1 = something after its start rejected (a prefix was decoded). */
	uint8_t *bad = calloc((size_t)(to - from) + 1, 1);
	FILE *ef = fopen(er, "r");
	while (ef && getline(&line, &ll, ef) > 0) {
		unsigned long ln, col;
		if (sscanf(line, "<stdin>:%lu:%lu: warning: invalid instruction encoding", &ln, &col) == 2 && ln >= 1 &&
		    ln <= (unsigned long)(to - from))
			bad[ln - 1] |= col == 1 ? 1 : 2;
	}
	if (ef)
		fclose(ef);
	free(line);
	if (!getenv("GEN_OPTAB_KEEP")) {
		unlink(in);
		unlink(er);
	}
	free(cmd);

	size_t p = 0;
	int stop = to;
	for (int i = from; i < to; i++) {
		struct probe *pr = &probes[i];
		char mark[32];
		snprintf(mark, sizeof(mark), "s_nop 0x%x", 0x1000u + (unsigned)((i - from) % 0xe000));
		free(pr->text);
		pr->text = NULL;
		pr->valid = false;
		pr->dsize = 0;
		bool start_ok = !(bad[i - from] & 1);
		char *text = NULL;
		if (start_ok && p < nl)
			text = txt[p++];
		int extra = 0;
		while (p < nl && strcmp(txt[p], mark)) {
			p++;
			extra++;
		}
		if (p == nl) {
			if (st == 0)
				die("lost the probe stream at probe %d (%s, line %d, %s)", i, encs[pr->enc].name, i - from + 1, mark);
			for (int j = i; j < to; j++) {
				probes[j].valid = false;
				free(probes[j].text);
				probes[j].text = NULL;
			}
			stop = i;
			break;
		}
		int nmark = 0;
		while (p < nl && !strcmp(txt[p], mark)) {
			p++;
			nmark++;
		}
		if (start_ok && text) {
			/* all three markers printed: the probe did not eat into them */
			bool full = extra == 0 && nmark == 3 && !(bad[i - from] & 2);
			if (full || prefix_ok) {
				pr->valid = true;
				pr->dsize = full ? pr->n : 0;
				pr->text = strdup(text);
			}
		}
	}
	for (size_t i = 0; i < nl; i++)
		free(txt[i]);
	free(txt);
	free(bad);
	*crashed = st != 0;
	return stop;
}

static void run_range(const char *mc, const char *arch, int from, int to)
{
	while (from < to) {
		bool crashed;
		int k = run_chunk(mc, arch, from, to, &crashed);
		if (!crashed)
			break;
		/* Output is buffered, so the crash is at or after k: find the
		 * shortest prefix [k, e) that still crashes; its last probe is it. */
		int lo = k + 1, hi = to;
		while (lo < hi) {
			int mid = lo + (hi - lo) / 2;
			run_chunk(mc, arch, k, mid, &crashed);
			if (crashed)
				hi = mid;
			else
				lo = mid + 1;
		}
		int bad = lo - 1;
		if (bad > k)
			run_chunk(mc, arch, k, bad, &crashed);
		fprintf(stderr, "gen_optab: %s: llvm-mc crashes on %s opcode 0x%x probe %d/%d; counted as invalid\n",
		        arch, encs[probes[bad].enc].name, probes[bad].op, probes[bad].kind, probes[bad].arg);
		probes[bad].valid = false;
		from = bad + 1;
	}
}

/* One llvm-mc run per encoding (a crash then costs only that encoding's rerun). */
static void run_probes(const char *mc, const char *arch, int from)
{
	while (from < nprobes) {
		int to = from;
		while (to < nprobes && probes[to].enc == probes[from].enc)
			to++;
		run_range(mc, arch, from, to);
		from = to;
	}
}

/* ---- analysis ---- */

struct opinfo {
	bool valid;
	int var;                /* chosen variant */
	uint32_t w[4];
	int n;
	char mnem[64];
	char syn[256];          /* suffix + operand template */
	char mods[256];         /* modifier text of the canonical instance */
	char canon[256];        /* LLVM's text of the canonical instance */
	int width[128];         /* by placeholder letter */
	char cls[128];
	uint32_t mbz[2], mb1[2], ign[2];
	int sext, nsel;
	int kind[3], scls[3];
	int form;
	const char *emucls;
	int retw;               /* FLAT atomics: vdst width of the returning form */
};

static struct opinfo *info[NENC];

/* Walks the valid opcodes of every encoding in table order: start at
 * ei = 0, op = -1; false after the last. */
static bool next_valid(int *ei, int *op)
{
	while (*ei < NENC) {
		if (++*op >= encs[*ei].nops) {
			++*ei;
			*op = -1;
		} else if (info[*ei][*op].valid) {
			return true;
		}
	}
	return false;
}

/* Entries of encoding ei's emitted tables: its last valid opcode + 1. */
static int table_len(int ei)
{
	int n = 0;

	for (int op = 0; op < encs[ei].nops; op++)
		if (info[ei][op].valid)
			n = op + 1;
	return n;
}

static bool is_src9(const struct encdef *e, char id)
{
	const struct fdef *f = field(e, id);
	return f && f->rk == R_SRC9;
}

/* Canonical value of field id in a variant string, -1 if not set. */
static long var_value(const char *vs, char id)
{
	long v = -1;
	for (const char *p = vs; *p; p++)
		if ((p == vs || p[-1] == ' ') && p[0] == id && p[1] == '=')
			v = strtol(p + 2, NULL, 0);
	return v;
}

static char wchar(int w)
{
	return (char)(w < 10 ? '0' + w : 'a' + (w - 10));
}

/* Parse a register token: class letter, first register, count. */
static bool parse_reg(const char *t, char *c, int *first, int *count)
{
	if (!strncmp(t, "ttmp", 4))
		return false;
	if (t[0] != 'v' && t[0] != 's' && t[0] != 'a')
		return false;
	*c = t[0];
	if (isdigit((unsigned char)t[1])) {
		char *end;
		*first = (int)strtol(t + 1, &end, 10);
		*count = 1;
		return *end == 0;
	}
	if (t[1] == '[') {
		char *end;
		int a = (int)strtol(t + 2, &end, 10);
		if (*end != ':')
			return false;
		int b = (int)strtol(end + 1, &end, 10);
		if (strcmp(end, "]"))
			return false;
		*first = a;
		*count = b - a + 1;
		return true;
	}
	return false;
}

/* Which field prints as register number `first`, given the variant. */
static char field_of_reg(const struct encdef *e, const char *vs, char c, int first)
{
	for (int i = 0; i < MAXF && e->f[i].id; i++) {
		const struct fdef *f = &e->f[i];
		long v = var_value(vs, f->id);
		if (v < 0)
			continue;
		long n = v;
		switch (f->rk) {
		case R_SRC9: n = v >= 256 ? v - 256 : v; break;
		case R_SBASE: n = v * 2; break;
		case R_SRSRC: n = v * 4; break;
		case R_IMM: continue;
		default: break;
		}
		if (f->rk == R_SRC9 && v < 256 && c != 's')
			continue;
		if (f->rk == R_SRC9 && v >= 256 && c == 's')
			continue;
		if (n == first)
			return f->id;
	}
	if (!strcmp(e->name, "vop3") && c == 's' && first == 0)
		return 'S';
	return 0;
}

static void warnf(const char *arch, const struct encdef *e, int op, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "gen_optab: %s %s 0x%x: ", arch, e->name, op);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
}

/* Split "mnemonic rest" into base mnemonic, suffix, operand list and modifier
 * text; build the template. */
static bool make_template(const char *arch, const struct encdef *e, int op, const char *vs, const char *text,
                          struct opinfo *oi)
{
	const char *sp = strchr(text, ' ');
	size_t ml = sp ? (size_t)(sp - text) : strlen(text);
	if (ml >= sizeof(oi->mnem))
		return false;
	memcpy(oi->mnem, text, ml);
	oi->mnem[ml] = 0;
	static const char *const sfx[] = {"_e32", "_e64", "_sdwa", "_dpp"};
	char suffix[8] = "";
	for (unsigned i = 0; i < 4; i++) {
		size_t sl = strlen(sfx[i]);
		if (ml > sl && !strcmp(oi->mnem + ml - sl, sfx[i])) {
			oi->mnem[ml - sl] = 0;
			strcpy(suffix, sfx[i]);
		}
	}
	const char *rest = sp ? sp + 1 : "";
	bool sopp = !strcmp(e->name, "sopp");
	if (!strcmp(e->name, "exp")) {
		oi->syn[0] = 0;
		return true;
	}
	/* Tokens at parenthesis depth 0, split at ", " and " "; operands are the
	 * comma-separated ones before the first modifier. */
	char toks[16][96];
	int ntok = 0, nops = 0;
	char mods[256] = "";
	if (sopp) {
		if (*rest) {
			snprintf(toks[0], sizeof(toks[0]), "%s", rest);
			ntok = nops = 1;
		}
	} else {
		const char *p = rest;
		bool in_ops = true;
		while (*p && ntok < 16) {
			const char *q = p;
			int depth = 0;
			bool colon = false;
			while (*q && !(depth == 0 && (*q == ' ' || *q == ','))) {
				if (*q == '(' || *q == '[')
					depth++;
				else if (*q == ')' || *q == ']')
					depth--;
				else if (*q == ':' && depth == 0)
					colon = true;
				q++;
			}
			snprintf(toks[ntok], sizeof(toks[ntok]), "%.*s", (int)(q - p), p);
			static const char *const modw[] = {"gds", "offen", "idxen", "glc", "slc", "lds", "tfe", "clamp",
			                                   "sc0", "sc1", "nt", "nv", "unorm", "da", "r128", "a16", "lwe",
			                                   "d16", "done", "vm", "compr", "high", "scc", NULL};
			bool modword = colon;
			for (int i = 0; modw[i]; i++)
				if (!strcmp(toks[ntok], modw[i]))
					modword = true;
			if (in_ops && modword)
				in_ops = false;
			if (in_ops) {
				nops++;
			} else {
				size_t ml2 = strlen(mods);
				snprintf(mods + ml2, sizeof(mods) - ml2, "%s%s", ml2 ? " " : "", toks[ntok]);
			}
			ntok++;
			bool comma = *q == ',';
			while (*q == ',' || *q == ' ')
				q++;
			if (in_ops && !comma && *q)
				in_ops = false; /* a space, not ", ": modifiers follow */
			p = q;
		}
	}
	snprintf(oi->mods, sizeof(oi->mods), "%s", mods);

	char out[256];
	size_t on = (size_t)snprintf(out, sizeof(out), "%s", suffix);
	if (sopp) {
		/* one immediate operand in one of a few styles */
		if (nops) {
			const char *buf = toks[0];
			long iv = var_value(vs, 'i');
			char style = 0;
			char dec[16], hex[16], sdec[16];
			snprintf(dec, sizeof(dec), "%ld", iv);
			snprintf(sdec, sizeof(sdec), "%d", (int16_t)iv);
			snprintf(hex, sizeof(hex), "0x%lx", iv);
			if (!strncmp(buf, "vmcnt(", 6) || !strncmp(buf, "expcnt(", 7) || !strncmp(buf, "lgkmcnt(", 8))
				style = 'w';
			else if (!strncmp(oi->mnem, "s_sendmsg", 9))
				style = 'm';
			else if (!strncmp(buf, "gpr_idx(", 8))
				style = 'g';
			else if (!strcmp(buf, hex))
				style = 'h';
			else if (!strcmp(buf, dec))
				style = 'u';
			else if (!strcmp(buf, sdec))
				style = 'n';
			if (!style) {
				warnf(arch, e, op, "unknown immediate style '%s'", buf);
				return false;
			}
			on += (size_t)snprintf(out + on, sizeof(out) - on, " %%i0%c", style);
		}
		snprintf(oi->syn, sizeof(oi->syn), "%s", out);
		return true;
	}
	for (int ti = 0; ti < nops; ti++) {
		const char *tok = toks[ti];
		on += (size_t)snprintf(out + on, sizeof(out) - on, "%s", ti == 0 ? " " : ", ");
		if (!strncmp(tok, "invalid_", 8)) {
			warnf(arch, e, op, "LLVM prints '%s' in '%s'", tok, text);
			return false;
		}
		char c;
		int first, count;
		if (parse_reg(tok, &c, &first, &count)) {
			char id = field_of_reg(e, vs, c, first);
			if (!id) {
				warnf(arch, e, op, "register %s maps to no field in '%s'", tok, text);
				return false;
			}
			if (oi->width[(int)id]) {
				warnf(arch, e, op, "field %c printed twice in '%s'", id, text);
				return false;
			}
			oi->width[(int)id] = count;
			/* 9-bit sources print as the code says; a 9-bit field that prints
			 * 'a' for a VGPR code is an AGPR operand. */
			char cc = c;
			if (is_src9(e, id))
				cc = (c == 'a') ? 'a' : 'x';
			oi->cls[(int)id] = cc;
			on += (size_t)snprintf(out + on, sizeof(out) - on, "%%%c%c%c", id, wchar(count), cc);
			continue;
		}
		/* Immediates printed as operands. */
		long iv = var_value(vs, 'i');
		char dec[24], hex[24];
		if (iv >= 0) {
			snprintf(dec, sizeof(dec), "%ld", iv);
			snprintf(hex, sizeof(hex), "0x%lx", iv);
			if (!strcmp(tok, hex) || !strcmp(tok, dec) || !strncmp(tok, "hwreg(", 6)) {
				char style = !strcmp(tok, hex) ? 'h' : !strcmp(tok, dec) ? 'u' : 'r';
				if (!strcmp(e->name, "smem"))
					style = 'h';
				oi->width['i'] = 1;
				on += (size_t)snprintf(out + on, sizeof(out) - on, "%%i0%c", style);
				continue;
			}
		}
		long dv = var_value(vs, 'd');
		if (dv >= 0) {
			snprintf(dec, sizeof(dec), "%ld", dv);
			if (!strcmp(tok, dec)) {
				/* s_atc_probe: sdata is a number */
				oi->width['d'] = 1;
				oi->cls['d'] = 'n';
				on += (size_t)snprintf(out + on, sizeof(out) - on, "%%d1n");
				continue;
			}
		}
		long lv = var_value(vs, 'L');
		if (lv >= 0) {
			snprintf(hex, sizeof(hex), "0x%lx", lv);
			char hex16[16];
			snprintf(hex16, sizeof(hex16), "0x%lx", lv & 0xffff);
			if (!strcmp(tok, hex) || !strcmp(tok, hex16)) {
				/* v_madmk/v_madak/s_setreg_imm32 constant operand */
				char st = !strcmp(tok, hex) ? 'h' : 'e';
				if (!strcmp(e->name, "sopk"))
					st = 'I'; /* s_setreg_imm32_b32: printed like a 32-bit source */
				on += (size_t)snprintf(out + on, sizeof(out) - on, "%%K0%c", st);
				continue;
			}
		}
		if (!strncmp(tok, "gpr_idx(", 8)) {
			on += (size_t)snprintf(out + on, sizeof(out) - on, "%%10g");
			oi->width['1'] = 0;
			continue;
		}
		if (!strncmp(tok, "attr", 4)) {
			on += (size_t)snprintf(out + on, sizeof(out) - on, "%%A0a");
			continue;
		}
		if (!strcmp(tok, "p10") || !strcmp(tok, "p20") || !strcmp(tok, "p0")) {
			/* interpolation parameter: vsrc of VINTRP, src1 of the VOP3 form */
			on += (size_t)snprintf(out + on, sizeof(out) - on, !strcmp(e->name, "vop3") ? "%%10p" : "%%00p");
			continue;
		}
		/* "off" stands for an address field that is not used */
		if (!strcmp(tok, "off")) {
			bool flat = !strcmp(e->name, "global") || !strcmp(e->name, "scratch");
			bool buf = !strcmp(e->name, "mubuf") || !strcmp(e->name, "mtbuf");
			long ov = var_value(vs, 'o');
			if ((flat || buf) && !oi->width['a'] && !oi->width['o']) {
				oi->width['a'] = 1;
				on += (size_t)snprintf(out + on, sizeof(out) - on, "%%a1v");
				continue;
			}
			if (flat && ov == 0x7f && !oi->width['o']) {
				oi->width['o'] = !strcmp(e->name, "global") ? 2 : 1;
				on += (size_t)snprintf(out + on, sizeof(out) - on, "%%o%cs", wchar(oi->width['o']));
				continue;
			}
		}
		/* fixed text: vcc, exec, off, m0, ... */
		static const char *const fixed[] = {"vcc", "exec", "off", "m0", "scc", NULL};
		bool ok = false;
		for (int i = 0; fixed[i]; i++)
			if (!strcmp(tok, fixed[i]))
				ok = true;
		if (!ok) {
			warnf(arch, e, op, "unknown operand '%s' in '%s'", tok, text);
			return false;
		}
		on += (size_t)snprintf(out + on, sizeof(out) - on, "%s", tok);
	}
	if (on >= sizeof(out))
		return false;
	snprintf(oi->syn, sizeof(oi->syn), "%s", out);
	return true;
}

static bool has_prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static bool contains(const char *s, const char *p)
{
	return strstr(s, p) != NULL;
}

/* Instruction class (enum emu_class spelling) from encoding and mnemonic. */
static const char *class_of(const struct encdef *e, const char *m)
{
	const char *n = e->name;
	if (!strcmp(n, "sopp")) {
		if (!strcmp(m, "s_nop"))
			return "EMU_CLS_NOP";
		if (!strcmp(m, "s_waitcnt"))
			return "EMU_CLS_WAITCNT";
		if (!strcmp(m, "s_branch") || has_prefix(m, "s_cbranch_"))
			return "EMU_CLS_BRANCH";
		if (has_prefix(m, "s_endpgm") || !strcmp(m, "s_barrier") || has_prefix(m, "s_sendmsg") ||
		    !strcmp(m, "s_icache_inv") || !strcmp(m, "s_trap") || !strcmp(m, "s_sleep") ||
		    !strcmp(m, "s_sethalt") || !strcmp(m, "s_wakeup") || has_prefix(m, "s_ttracedata"))
			return "EMU_CLS_MSG";
		return "EMU_CLS_SALU";
	}
	if (!strcmp(n, "sop1") || !strcmp(n, "sopk") || !strcmp(n, "sop2") || !strcmp(n, "sopc")) {
		if (!strcmp(m, "s_setpc_b64") || !strcmp(m, "s_swappc_b64") || !strcmp(m, "s_call_b64") ||
		    has_prefix(m, "s_cbranch_"))
			return "EMU_CLS_BRANCH";
		if (!strcmp(m, "s_rfe_b64") || !strcmp(m, "s_rfe_restore_b64"))
			return "EMU_CLS_BRANCH";
		return "EMU_CLS_SALU";
	}
	if (!strcmp(n, "smem")) {
		if (has_prefix(m, "s_dcache_") || !strcmp(m, "s_memtime") || !strcmp(m, "s_memrealtime"))
			return "EMU_CLS_MSG";
		return "EMU_CLS_SMEM";
	}
	if (!strcmp(n, "ds"))
		return "EMU_CLS_DS";
	if (!strcmp(n, "flat") || !strcmp(n, "global") || !strcmp(n, "scratch") || !strcmp(n, "mubuf") ||
	    !strcmp(n, "mtbuf") || !strcmp(n, "mimg")) {
		bool flat = !strcmp(n, "flat");
		if (contains(m, "_atomic"))
			return flat ? "EMU_CLS_FLAT_ATOMIC" : "EMU_CLS_VMEM_ATOMIC";
		if (contains(m, "_store") )
			return flat ? "EMU_CLS_FLAT_STORE" : "EMU_CLS_VMEM_STORE";
		if (contains(m, "_load") || has_prefix(m, "image_sample") || has_prefix(m, "image_gather") ||
		    has_prefix(m, "image_get"))
			return flat ? "EMU_CLS_FLAT_LOAD" : "EMU_CLS_VMEM_LOAD";
		return "EMU_CLS_OTHER";
	}
	if (!strcmp(n, "exp"))
		return "EMU_CLS_OTHER";
	/* VALU */
	if (has_prefix(m, "v_mfma") || has_prefix(m, "v_smfmac"))
		return "EMU_CLS_MFMA";
	static const char *const trans[] = {"v_exp_", "v_log_", "v_rcp_", "v_rsq_", "v_sqrt_", "v_sin_", "v_cos_",
	                                    "v_exp_legacy", "v_log_legacy", "v_rcp_iflag", NULL};
	for (int i = 0; trans[i]; i++)
		if (has_prefix(m, trans[i]))
			return "EMU_CLS_VALU_TRANS";
	if (contains(m, "_f64"))
		return "EMU_CLS_VALU_DP";
	return "EMU_CLS_VALU";
}

/* An MFMA's shape from its mnemonic, v_mfma_<out>_<M>x<N>x<K>[_<B>b][_]<in>
 * or v_smfmac_... (LLVM spells both "32x32x8f16" and "32x32x8_f16"),
 * written into the opcode's emu_opfmt.mfma (emu_optab.h) so that nothing
 * parses mnemonics at run time. The input type is the first of f64, xf32,
 * f32, bf16, f16, i8, fp8, bf8 in the tail after K (xf32 before f32, bf16
 * before f16); gfx90a's original bf16 forms (neither "1k" nor a "<B>b_"
 * block count before the type) run at half the bf16 rate. False for a
 * name that does not parse (the model then assumes 64 cycles). */
static bool mfma_shape(const char *m, unsigned dim[3], const char **type, unsigned *flags)
{
	static const struct { const char *s, *type; } tab[] = {
		{ "f64", "EMU_MFMA_F64" }, { "xf32", "EMU_MFMA_XF32" }, { "f32", "EMU_MFMA_F32" },
		{ "bf16", "EMU_MFMA_BF16" }, { "f16", "EMU_MFMA_F16" }, { "i8", "EMU_MFMA_I8" },
		{ "fp8", "EMU_MFMA_FP8" }, { "bf8", "EMU_MFMA_FP8" },
	};
	if (!has_prefix(m, "v_mfma") && !has_prefix(m, "v_smfmac"))
		return false;
	const char *p = strchr(m + 2, '_');  /* after "v_mfma" / "v_smfmac" */
	p = p ? strchr(p + 1, '_') : NULL;   /* after the output type */
	if (!p)
		return false;
	p++;
	for (int d = 0; d < 3; d++) {
		if (d && *p++ != 'x')
			return false;
		dim[d] = 0;
		while (isdigit((unsigned char)*p))
			dim[d] = dim[d] * 10 + (unsigned)(*p++ - '0');
		if (!dim[d] || dim[d] > 255)
			return false;
	}
	*type = NULL;
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]) && !*type; i++)
		if (strstr(p, tab[i].s))
			*type = tab[i].type;
	if (!*type)
		return false;
	*flags = has_prefix(m, "v_smfmac") ? 1u : 0u;
	if (!strcmp(*type, "EMU_MFMA_BF16") && !strstr(p, "1k") && !strstr(p, "b_"))
		*flags |= 2u;
	return true;
}

/* ---- emission ---- */

static void emit_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static const char *const kindname[] = {"EMU_K_32", "EMU_K_I64", "EMU_K_F64", "EMU_K_F16", "EMU_K_I16"};

/* Classify a source's constant printing from its probe texts. */
static int classify_kind(const char *t248, const char *tlit, const char *tlit64)
{
	/* t248: inline 1/(2pi); tlit: literal 0x12345678; tlit64: literal 0x3ff00000 */
	bool is64 = t248 && contains(t248, "0.15915494309189532");
	bool i16 = t248 && contains(t248, "0x3118");
	if (is64)
		return (tlit64 && contains(tlit64, "1.0")) ? 2 : 1;
	if (i16)
		return 4;
	if (tlit && contains(tlit, "0x5678") && !contains(tlit, "0x12345678"))
		return 3;
	return 0;
}

static const char *probe_src_text(const struct probe *p, char id)
{
	(void)id;
	return p->valid && !contains(p->text, "/*") ? p->text : NULL;
}

/* ---- corpus: words with LLVM's text, for tests/unit/test_decode.c ---- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static uint32_t rnd_field(const struct fdef *f)
{
	uint32_t m = (1u << f->width) - 1;
	switch (f->rk) {
	case R_SRC9: {
		uint32_t k = rnd() % 8;
		if (f->width == 8 && k >= 4)
			k = rnd() % 4;
		if (k < 2)
			return rnd() % 106;                      /* SGPR */
		if (k == 2)
			return 106 + rnd() % 22;                 /* vcc, ttmp, m0, exec */
		if (k == 3)
			return 128 + rnd() % 128;                /* constants, specials, literal */
		return 256 + rnd() % 256;                    /* VGPR */
	}
	case R_VGPR: return rnd() % 4 ? rnd() % 32 * (rnd() % 2 ? 1 : 2) : rnd() & m;
	case R_SGPR: return rnd() % 4 ? (rnd() % 52) * 2 : rnd() & m;
	case R_SBASE: return rnd() % 4 ? rnd() % 50 : rnd() & m;
	case R_SRSRC: return rnd() % 4 ? rnd() % 25 : rnd() & m;
	default: return rnd() % 3 ? rnd() & m & 0xfff : rnd() & m;
	}
}

static void write_corpus(const char *mc, const char *arch, const char *path, int keep, int phase2)
{
	/* Random instances of every valid opcode: fields random, each modifier
	 * bit set with probability 1/8; plus wholly random words. */
	int from = nprobes;
	for (int ei = 0; ei < NENC; ei++) {
		const struct encdef *e = &encs[ei];
		for (int op = 0; op < e->nops; op++) {
			struct opinfo *oi = &info[ei][op];
			if (!oi->valid)
				continue;
			for (int k = 0; k < 6; k++) {
				uint32_t w[4];
				memcpy(w, oi->w, sizeof(w));
				int n = e->ndw;
				for (int i = 0; i < MAXF && e->f[i].id; i++) {
					const struct fdef *f = &e->f[i];
					if (!strchr(oi->syn, '%') || (rnd() % 3 == 0))
						continue;
					bool used = false;
					for (const char *p = oi->syn; (p = strchr(p, '%')); p++)
						if (p[1] == f->id)
							used = true;
					if (used)
						setf(w, f, rnd_field(f));
				}
				/* at most one modifier bit: LLVM's rules for combinations of
				 * modifiers are not modelled (the decoder checks bits one by one) */
				if (rnd() % 2) {
					int nb = __builtin_popcount(e->flip[0]) + __builtin_popcount(e->flip[1]);
					int pick = nb ? (int)(rnd() % (unsigned)nb) : -1;
					for (int d = 0; d < 2 && pick >= 0; d++)
						for (int b = 0; b < 32; b++)
							if ((e->flip[d] & (1u << b)) && pick-- == 0)
								w[d] ^= 1u << b;
				}
				if (e->ext && !strncmp(e->name, "sdwa", 4) && rnd() % 2) {
					/* random selects (dst_unused only without clamp/omod: LLVM
					 * rejects some combinations, not modelled) */
					bool vopc = !strcmp(e->name, "sdwac");
					if (!vopc && !(w[1] & 0xe000u))
						w[1] = (w[1] & ~0x1800u) | (rnd() % 3) << 11;
					if (!vopc)
						w[1] = (w[1] & ~0x700u) | (rnd() % 7) << 8;
					w[1] = (w[1] & ~0x00070000u) | (rnd() % 7) << 16;
					if (strcmp(e->name, "sdwa1"))
						w[1] = (w[1] & ~0x07000000u) | (rnd() % 7) << 24;
					if (rnd() % 4 == 0)
						w[1] |= 1u << 23; /* S0: src0 is an SGPR or constant */
				}
				if (e->ext && !strncmp(e->name, "dpp", 3)) {
					static const uint32_t ctl[] = {0xe4, 0x1b, 0x101, 0x10f, 0x111, 0x118, 0x121, 0x130,
					                               0x134, 0x138, 0x13c, 0x140, 0x141, 0x142, 0x143, 0x155};
					w[1] = (w[1] & 0xff) | ctl[rnd() % 16] << 8 | (rnd() & 0xfff80000u);
				}
				bool lit = false;
				if (e->ndw == 1 || !strcmp(e->name, "sopk"))
					for (int i = 0; i < MAXF && e->f[i].id; i++)
						if (e->f[i].rk == R_SRC9 && e->f[i].dw == 0 &&
						    ((w[0] >> e->f[i].lo) & ((1u << e->f[i].width) - 1)) == 255)
							lit = true;
				if (oi->n > e->ndw)
					lit = true;
				if (lit) {
					static const uint32_t lv[] = {0x3f800000u, 0x40490fdbu, 0x12345678u, 0xffffff00u,
					                              0x80000000u, 0x3ff00000u, 0x00003c00u, 0x0000ffffu,
					                              0x00000041u, 0xfffffff0u, 0x3e22f983u, 0x00001234u};
					w[n++] = rnd() % 2 ? lv[rnd() % 12] : rnd();
				}
				add_probe(ei, op, PK_VAR, 99, w, n);
			}
		}
		/* Wholly random words with the encoding's fixed bits: several
		 * modifiers at once, whose combination rules are not modelled, so
		 * only the fuzzer uses this kind of input (GEN_OPTAB_RANDOM=1). */
		for (int k = 0; k < (getenv("GEN_OPTAB_RANDOM") ? 200 : 0); k++) {
			uint32_t w[4] = {rnd(), rnd(), rnd(), 0};
			uint32_t fixedmask;
			switch (e->ndw == 1 && !e->ext ? 1 : 2) {
			default: fixedmask = 0; break;
			}
			(void)fixedmask;
			uint32_t hi = e->fixed[0];
			int top = !strcmp(e->name, "vop2") ? 1 : !strncmp(e->name, "sop", 3) ? 9 : 6;
			if (!strcmp(e->name, "sop2"))
				top = 2;
			if (!strcmp(e->name, "sopk"))
				top = 4;
			if (!strcmp(e->name, "vop1") || !strcmp(e->name, "vopc") || !strcmp(e->name, "vop3p"))
				top = !strcmp(e->name, "vop3p") ? 9 : 7;
			if (e->ext)
				continue;
			uint32_t mask = ~0u << (32 - top);
			w[0] = (w[0] & ~mask) | (hi & mask);
			if (!strcmp(e->name, "flat") || !strcmp(e->name, "global") || !strcmp(e->name, "scratch"))
				w[0] = (w[0] & ~0xc000u) | (e->fixed[0] & 0xc000u);
			add_probe(ei, 0, PK_VAR, 98, w, 3);
		}
	}
	prefix_ok = true;
	run_probes(mc, arch, from);
	prefix_ok = false;

	FILE *f = fopen(path, "w");
	if (!f)
		die("cannot write %s", path);
	fprintf(f, "# %s: instruction words and llvm-mc 19 --disassemble text (INVALID: rejected).\n"
	           "# Generated by tools/gen_optab.sh; tests/unit/test_decode.c checks every line.\n", arch);
	int count = 0;
	for (int i = phase2; i < nprobes; i++) {
		struct probe *p = &probes[i];
		if (i < from && (p->kind != PK_FLIP && p->kind != PK_CLS && p->kind != PK_IMM))
			continue;
		if (keep > 1 && (count++ % keep))
			continue;
		if (!strcmp(encs[p->enc].name, "mimg"))
			continue; /* MIMG: mnemonics only, its syntax is not modelled */
		if (p->valid && contains(p->text, "/*"))
			continue; /* LLVM's own "invalid register" comments: not a reference */
		if (p->valid && !p->dsize)
			continue; /* LLVM decoded a prefix: size unknown */
		int n = p->n;
		for (int k = 0; k < n; k++)
			fprintf(f, "%s%08x", k ? " " : "", p->w[k]);
		fprintf(f, "\t%s\n", p->valid ? p->text : "INVALID");
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	if (argc < 4)
		die("usage: gen_optab LLVM_MC ARCH OUT.inc [CORPUS.txt [KEEP_ONE_IN_N]]");
	const char *mc = argv[1], *arch = argv[2], *outp = argv[3];
	int ai = !strcmp(arch, "gfx900") ? 0 : !strcmp(arch, "gfx90a") ? 1 : !strcmp(arch, "gfx942") ? 2 : -1;
	if (ai < 0)
		die("unknown arch %s (gfx900, gfx90a or gfx942)", arch);

	/* Phase 1: variants of every opcode. */
	for (int ei = 0; ei < NENC; ei++) {
		const struct encdef *e = &encs[ei];
		info[ei] = calloc((size_t)e->nops, sizeof(struct opinfo));
		if (!e->arch_mask[ai])
			continue;
		for (int op = 0; op < e->nops; op++)
			for (int v = 0; v < MAXV && e->var[v]; v++) {
				uint32_t w[4];
				int n = build(e, op, e->var[v], w);
				add_probe(ei, op, PK_VAR, v, w, n);
			}
	}
	run_probes(mc, arch, 0);
	for (int i = 0; i < nprobes; i++) {
		struct probe *p = &probes[i];
		struct opinfo *oi = &info[p->enc][p->op];
		if (oi->valid || !p->valid || contains(p->text, "/*"))
			continue;
		const struct encdef *e = &encs[p->enc];
		struct opinfo tmp;
		memset(&tmp, 0, sizeof(tmp));
		if (!make_template(arch, e, p->op, e->var[p->arg], p->text, &tmp))
			continue;
		tmp.valid = true;
		tmp.var = p->arg;
		memcpy(tmp.w, p->w, sizeof(tmp.w));
		tmp.n = p->n;
		snprintf(tmp.canon, sizeof(tmp.canon), "%s", p->text);
		*oi = tmp;
	}
	/* An SDWA/DPP form only exists for opcodes the base encoding has. */
	for (int ei = 0; ei < NENC; ei++) {
		const struct encdef *e = &encs[ei];
		if (!e->ext)
			continue;
		int bi = 0;
		while (strcmp(encs[bi].name, e->ext_of))
			bi++;
		for (int op = 0; op < e->nops; op++)
			if (info[ei][op].valid && (!info[bi][op].valid || strcmp(info[bi][op].mnem, info[ei][op].mnem))) {
				warnf(arch, e, op, "form of %s without a base opcode", info[ei][op].mnem);
				info[ei][op].valid = false;
			}
	}

	/* Phase 2: modifier flips and source classes of the chosen instances. */
	int from = nprobes;
	for (int ei = 0, op = -1; next_valid(&ei, &op);) {
		const struct encdef *e = &encs[ei];
		struct opinfo *oi = &info[ei][op];
		/* Bits of fields the opcode does not use: LLVM ignores some and
		 * rejects others, so they are flipped one by one like modifiers. */
		uint32_t flip[2] = {e->flip[0], e->flip[1]};
		for (int i = 0; i < MAXF && e->f[i].id; i++) {
			const struct fdef *fd = &e->f[i];
			char id = fd->id;
			bool used = oi->width[(int)id] || strstr(oi->syn, (char[]){'%', id, 0});
			if (id == 'S' || !strcmp(e->name, "mtbuf") || !strcmp(e->name, "mimg") ||
			    !strcmp(e->name, "exp"))
				continue;
			if (id == 'O' && (!strcmp(e->name, "ds") ? (contains(oi->mods, "offset")) : true))
				continue;
			if (id == 'A' || id == 'C')
				continue;
			if (used)
				continue;
			uint32_t m = fd->width >= 32 ? ~0u : ((1u << fd->width) - 1);
			flip[fd->dw] |= m << fd->lo;
		}
		for (int d = 0; d < 2; d++)
			for (int b = 0; b < 32; b++)
				if (flip[d] & (1u << b)) {
					uint32_t w[4];
					memcpy(w, oi->w, sizeof(w));
					w[d] ^= 1u << b;
					add_probe(ei, op, PK_FLIP, d * 32 + b, w, oi->n);
				}
		/* Immediate styles of SOPP/SOPK: the values 0, 7, 0x41, 0xfff0. */
		if ((!strcmp(e->name, "sopp") || !strcmp(e->name, "sopk")) && strstr(oi->syn, "%i0")) {
			static const uint32_t iv[4] = {0, 7, 0x41, 0xfff0};
			for (int k = 0; k < 4; k++) {
				uint32_t w[4];
				memcpy(w, oi->w, sizeof(w));
				setf(w, field(e, 'i'), iv[k]);
				add_probe(ei, op, PK_IMM, k, w, oi->n);
			}
		}
		for (int s = 0; s < 3; s++) {
			char id = (char)('0' + s);
			const struct fdef *f = field(e, id);
			if (!f || !oi->width[(int)id])
				continue;
			bool sdwa = e->ext && !strncmp(e->name, "sdwa", 4) && s == 0;
			if (f->rk != R_SRC9 && !sdwa)
				continue;
			/* 0: SGPR s30, 1: inline 1/(2pi), 2: literal 0x12345678,
			 * 3: literal 0x3ff00000, 4: VGPR v30 */
			for (int c = 0; c < 5; c++) {
				uint32_t w[4];
				memcpy(w, oi->w, sizeof(w));
				int n = oi->n;
				if (sdwa) {
					if (c >= 2 && c != 4)
						continue;
					setf(w, f, c == 0 ? 30 : c == 1 ? 248 : 30);
					if (c != 4)
						w[1] |= 1u << 23;
				} else {
					bool vop3 = e->ndw == 2;
					if ((c == 2 || c == 3) && (vop3 || n > e->ndw))
						continue;
					uint32_t v = c == 0 ? 30 : c == 1 ? 248 : c == 4 ? 286 : 255;
					if (f->width == 8 && c == 4)
						continue;
					setf(w, f, v);
					if (c == 2)
						w[n++] = 0x12345678u;
					if (c == 3)
						w[n++] = 0x3ff00000u;
				}
				add_probe(ei, op, PK_CLS, s * 8 + c, w, n);
			}
		}
	}
	run_probes(mc, arch, from);

	/* Collect flip and class results. */
	for (int i = from; i < nprobes; i++) {
		struct probe *p = &probes[i];
		struct opinfo *oi = &info[p->enc][p->op];
		if (p->kind == PK_FLIP) {
			int d = p->arg / 32, b = p->arg % 32;
			/* a FLAT atomic with glc returns: the width of its vdst */
			if (p->valid && d == 0 && b == 16 && !oi->width['d'] &&
			    (!strcmp(encs[p->enc].name, "flat") || !strcmp(encs[p->enc].name, "global") ||
			     !strcmp(encs[p->enc].name, "scratch"))) {
				const char *sp = strchr(p->text, ' ');
				char c;
				int first, count;
				char tok[32];
				if (sp && sscanf(sp + 1, "%31[^,]", tok) == 1 && parse_reg(tok, &c, &first, &count))
					oi->retw = count;
			}
			if (p->valid && !contains(p->text, "/*")) {
				const char *os = strstr(p->text, "op_sel:[");
				if (os && (!strcmp(encs[p->enc].name, "vop3") || !strcmp(encs[p->enc].name, "vop3p"))) {
					int k = 1;
					for (const char *c = os; *c && *c != ']'; c++)
						k += *c == ',';
					oi->nsel = k;
				}
				if (!strcmp(encs[p->enc].name, "vop3") && d == 1 && b >= 29 && contains(p->text, "sext("))
					oi->sext |= 1 << (b - 29);
				if (!strncmp(encs[p->enc].name, "dpp", 3) && d == 1 && (b == 20 || b == 22) &&
				    contains(p->text, "sext("))
					oi->sext |= 1 << ((b - 20) / 2);
				if (!strcmp(encs[p->enc].name, "vop3p") && d == 0 && b == 8 && contains(p->text, "|"))
					oi->form |= 512;
			}
			if (!p->valid || contains(p->text, "/*")) {
				if ((oi->w[d] >> b) & 1)
					oi->mb1[d] |= 1u << b;
				else
					oi->mbz[d] |= 1u << b;
			} else if (!strcmp(oi->canon, p->text))
				oi->ign[d] |= 1u << b;
		}
	}
	/* Class probes: group per (enc, op, src). */
	for (int i = from; i < nprobes; i++) {
		struct probe *p = &probes[i];
		if (p->kind != PK_CLS)
			continue;
		struct opinfo *oi = &info[p->enc][p->op];
		int s = p->arg / 8, c = p->arg % 8;
		const char *t = probe_src_text(p, 0);
		if (!t)
			continue;
		if (c == 0)
			oi->scls[s] |= 2;
		if (c == 1)
			oi->scls[s] |= 4;
		if (c == 2 || c == 3)
			oi->scls[s] |= 8;
		if (c == 4)
			oi->scls[s] |= 1;
	}
	for (int i = from; i < nprobes; i++) {
		struct probe *p = &probes[i];
		if (p->kind != PK_CLS || p->arg % 8 != 1)
			continue;
		struct opinfo *oi = &info[p->enc][p->op];
		int s = p->arg / 8;
		const char *t248 = probe_src_text(p, 0), *tl = NULL, *tl64 = NULL;
		for (int j = i + 1; j < nprobes && j < i + 4; j++) {
			struct probe *q = &probes[j];
			if (q->kind != PK_CLS || q->enc != p->enc || q->op != p->op || q->arg / 8 != s)
				continue;
			if (q->arg % 8 == 2)
				tl = probe_src_text(q, 0);
			if (q->arg % 8 == 3)
				tl64 = probe_src_text(q, 0);
		}
		oi->kind[s] = classify_kind(t248, tl, tl64);
	}

	/* Immediate styles (SOPP/SOPK): the text after the last ", " or space. */
	for (int i = from; i + 3 < nprobes; i++) {
		struct probe *p = &probes[i];
		if (p->kind != PK_IMM || p->arg != 0)
			continue;
		struct opinfo *oi = &info[p->enc][p->op];
		const char *t[4];
		for (int k = 0; k < 4; k++) {
			const char *x = probes[i + k].valid ? probes[i + k].text : "";
			const char *c = strrchr(x, ',');
			const char *sp2 = strchr(x, ' ');
			t[k] = c ? c + 2 : sp2 ? sp2 + 1 : "";
		}
		char *ph = strstr(oi->syn, "%i0");
		char st = ph[3];
		if (!strncmp(t[0], "gpr_idx(", 8)) {
			st = 'g';
		} else if (st == 'h' || st == 'u' || st == 'n') {
			if (!strcmp(t[1], "0x7"))
				st = 'h';
			else if (!strcmp(t[1], "7") && !strcmp(t[2], "0x41"))
				st = 'I';
			else if (!strcmp(t[2], "65") && !strcmp(t[3], "65520"))
				st = 'u';
			else if (!strcmp(t[3], "-16"))
				st = 'n';
			else
				warnf(arch, &encs[p->enc], p->op, "immediate style? '%s' '%s' '%s' '%s'", t[0], t[1], t[2], t[3]);
		}
		ph[3] = st;
		if (probes[i].valid && !strchr(probes[i].text, ' '))
			oi->form |= 64; /* no operand printed when the immediate is 0 */
	}

	/* Canonical source classes: the chosen variant's own operands. */
	for (int ei = 0, op = -1; next_valid(&ei, &op);) {
		const struct encdef *e = &encs[ei];
		struct opinfo *oi = &info[ei][op];
		for (int s = 0; s < 3; s++) {
			char id = (char)('0' + s);
			long v = var_value(e->var[oi->var], id);
			if (v < 0 || !oi->width[(int)id])
				continue;
			if (field(e, id)->rk == R_SRC9 || (e->ext && s == 0))
				oi->scls[s] |= (v >= 256 || (e->ext && s == 0)) ? 1 : 2;
		}
		/* DS/FLAT/MUBUF forms from the canonical modifiers. */
		if (!strcmp(e->name, "ds")) {
			if (contains(oi->mods, "offset0:") || contains(oi->mods, "offset1:"))
				oi->form |= 2;
			else if (contains(oi->mods, "swizzle("))
				oi->form |= 4;
			else if (contains(oi->mods, "offset:"))
				oi->form |= 1;
			if (contains(oi->mods, "gds"))
				oi->form |= 8;
		}
		if ((!strcmp(e->name, "flat") || !strcmp(e->name, "global") || !strcmp(e->name, "scratch") ||
		     !strcmp(e->name, "mubuf") || !strcmp(e->name, "mtbuf")) && !contains(oi->mods, "offset:"))
			oi->form |= 16;
		if (!strcmp(e->name, "smem") && !contains(oi->syn, "%i"))
			oi->form |= 32;
		if (e->ext && !strncmp(e->name, "sdwa", 4) && strcmp(e->name, "sdwac") && !contains(oi->mods, "dst_sel:"))
			oi->form |= 256;
		if (!strcmp(e->name, "vop3p")) {
			bool preset = contains(e->var[oi->var], "Q=0x18000000");
			bool shown = contains(oi->mods, "op_sel_hi:");
			if (preset != shown)
				oi->form |= 128;
		}
		oi->emucls = class_of(e, oi->mnem);
	}

	/* Emit. */
	FILE *f = fopen(outp, "w");
	if (!f)
		die("cannot write %s", outp);
	fprintf(f, "/*\n * Opcode tables of %s, generated by tools/gen_optab.sh from LLVM's disassembler\n"
	           " * (llvm-mc -mcpu=%s --disassemble). Do not edit: regenerate.\n *\n"
	           " * emu_optab_%s_<enc>[opcode]: mnemonic (LLVM spelling without _e32/_e64/_sdwa/_dpp),\n"
	           " * class, register widths in dwords (dst, src0..2, data) as LLVM prints them.\n"
	           " * emu_opfmt_%s_<enc>[opcode]: operand template, modifier bits LLVM rejects/ignores,\n"
	           " * constant kinds, accepted source classes and MFMA shapes (see emu/isa/emu_optab.h).\n */\n\n",
	        arch, arch, arch, arch);
	for (int ei = 0; ei < NENC; ei++) {
		const struct encdef *e = &encs[ei];
		int n = table_len(ei);
		if (!e->ext) {
			fprintf(f, "static const struct emu_opdesc emu_optab_%s_%s[%d] = {\n", arch, e->name, n ? n : 1);
			for (int op = 0; op < n; op++) {
				struct opinfo *oi = &info[ei][op];
				if (!oi->valid)
					continue;
				int dst = oi->width['d'];
				int s0 = oi->width['0'], s1 = oi->width['1'], s2 = oi->width['2'];
				int data = oi->width['D'] ? oi->width['D'] : oi->width['d'];
				bool mem = !strcmp(e->name, "ds") || !strcmp(e->name, "flat") || !strcmp(e->name, "global") ||
				           !strcmp(e->name, "scratch") || !strcmp(e->name, "mubuf") ||
				           !strcmp(e->name, "mtbuf") || !strcmp(e->name, "mimg");
				if (mem) {
					s0 = oi->width['a'];
					s1 = oi->width['D'];
					s2 = oi->width['E'];
				} else {
					data = 0;
				}
				if (!strcmp(e->name, "smem")) {
					s0 = oi->width['b'];
					s1 = s2 = 0;
				}
				if (!dst && oi->retw)
					dst = oi->retw;
				fprintf(f, "\t[0x%03x] = {\"%s\", %s, %d, {%d, %d, %d}, %d},\n", op, oi->mnem, oi->emucls,
				        oi->cls['d'] == 'n' ? 0 : dst, s0, s1, s2, data);
			}
			fprintf(f, "};\n");
		}
		fprintf(f, "static const struct emu_opfmt emu_opfmt_%s_%s[%d] = {\n", arch, e->name, n ? n : 1);
		for (int op = 0; op < n; op++) {
			struct opinfo *oi = &info[ei][op];
			if (!oi->valid)
				continue;
			fprintf(f, "\t[0x%03x] = {", op);
			emit_str(f, oi->syn);
			fprintf(f, ", {0x%08x, 0x%08x}, {0x%08x, 0x%08x}, {0x%08x, 0x%08x}, {%s, %s, %s}, {%d, %d, %d}, %d, %d, %d",
			        oi->mbz[0], oi->mbz[1], oi->mb1[0], oi->mb1[1], oi->ign[0], oi->ign[1], kindname[oi->kind[0]],
			        kindname[oi->kind[1]], kindname[oi->kind[2]], oi->scls[0], oi->scls[1], oi->scls[2], oi->form,
			        oi->sext, oi->nsel);
			unsigned dim[3], mflags;
			const char *mtype;
			if (!e->ext && mfma_shape(oi->mnem, dim, &mtype, &mflags))
				fprintf(f, ", {%u, %u, %u, %s, %s%s%s}", dim[0], dim[1], dim[2], mtype,
				        mflags ? "" : "0", (mflags & 1) ? "EMU_MFMA_SPARSE" : "",
				        (mflags & 2) ? ((mflags & 1) ? " | EMU_MFMA_BF16_HALF" : "EMU_MFMA_BF16_HALF") : "");
			fprintf(f, "},");
			if (e->ext)
				fprintf(f, " /* %s */", oi->mnem);
			fprintf(f, "\n");
		}
		fprintf(f, "};\n");
	}
	/* Index by EMU_TAB_*. */
	fprintf(f, "\nstatic const struct emu_optab emu_optab_%s[EMU_TAB_COUNT] = {\n", arch);
	for (int ei = 0; ei < NENC; ei++) {
		const struct encdef *e = &encs[ei];
		int n = table_len(ei);
		const char *descname = e->ext ? e->ext_of : e->name;
		fprintf(f, "\t[EMU_TAB_%s] = {emu_optab_%s_%s, emu_opfmt_%s_%s, %d},\n", e->tab, arch, descname, arch,
		        e->name, n);
	}
	fprintf(f, "};\n");
	fclose(f);

	if (argc >= 5)
		write_corpus(mc, arch, argv[4], argc >= 6 ? atoi(argv[5]) : 1, from);

	int total = 0;
	for (int ei = 0; ei < NENC; ei++)
		for (int op = 0; op < encs[ei].nops; op++)
			total += info[ei][op].valid;
	fprintf(stderr, "gen_optab: %s: %d opcodes/forms, %d probes\n", arch, total, nprobes);
	return 0;
}
