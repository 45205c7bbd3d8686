#include "report/gl_disasm.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/gl_proc.h"
#include "base/gl_str.h"

/* objdump of one code object is tens of KiB; anything near this is not a
 * kernel we can show side by side. */
#define OBJDUMP_OUT_MAX (16u << 20)
#define LLVM_MIN_VERSION 17

/* --- finding llvm-objdump -------------------------------------------------- */

static bool try_dir(const char *dir, const char *sub, char *path, size_t len)
{
	char p[4096];

	if (!dir || !dir[0] || !gl_str_fmt(p, sizeof(p), "%s%s/llvm-objdump", dir, sub))
		return false;
	if (access(p, X_OK) != 0)
		return false;
	return gl_str_copy(path, len, p);
}

bool gl_disasm_find_objdump(char *path, size_t len, struct gl_err *e)
{
	const char *rocm = getenv("ROCM_PATH");
	int best = -1;
	DIR *d;

	if (try_dir(getenv("LLVM_BIN"), "", path, len) || try_dir(getenv("LLVM_DIR"), "/bin", path, len) ||
	    try_dir(getenv("LLVM_DIR"), "", path, len) ||
	    try_dir(rocm && rocm[0] ? rocm : "/opt/rocm", "/llvm/bin", path, len))
		return true;
	/* The newest /usr/lib/llvm-N, as tools/find_llvm.sh picks it. */
	d = opendir("/usr/lib");
	if (d) {
		struct dirent *de;

		while ((de = readdir(d))) {
			char dir[64], tmp[4096];
			int v;

			if (sscanf(de->d_name, "llvm-%d", &v) != 1 || v < LLVM_MIN_VERSION || v <= best)
				continue;
			gl_str_fmt(dir, sizeof(dir), "/usr/lib/%s", de->d_name);
			if (try_dir(dir, "/bin", tmp, sizeof(tmp))) {
				best = v;
				gl_str_copy(path, len, tmp);
			}
		}
		closedir(d);
	}
	if (best >= 0)
		return true;
	if (gl_proc_in_path("llvm-objdump"))
		return gl_str_copy(path, len, "llvm-objdump");
	return gl_err_set(e, "cannot find llvm-objdump (LLVM >= %d): set LLVM_BIN to LLVM's bin directory "
	                  "(`make info` shows the one the build uses)", LLVM_MIN_VERSION);
}

/* --- parsing --------------------------------------------------------------- */

/* Next line of *p into line (truncated), advancing *p; false at the end. */
static bool next_line(const char **p, char *line, size_t len)
{
	const char *s = *p, *nl;
	size_t n;

	if (!*s)
		return false;
	nl = strchr(s, '\n');
	n = nl ? (size_t)(nl - s) : strlen(s);
	*p = nl ? nl + 1 : s + n;
	if (n >= len)
		n = len - 1;
	memcpy(line, s, n);
	line[n] = '\0';
	return true;
}

static bool is_hex_word(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return n > 0;
}

/* "0000000000001b00 g     F .text	0000000000000080 .protected name":
 * the function symbol `symbol`, with its address and size. */
static bool parse_symbol_line(const char *line, const char *symbol, uint64_t *addr, uint64_t *size)
{
	char buf[512], *tok[16], *save = NULL;
	unsigned n = 0;
	bool func = false;

	if (!gl_str_copy(buf, sizeof(buf), line))
		return false;
	for (char *t = strtok_r(buf, " \t", &save); t && n < 16; t = strtok_r(NULL, " \t", &save))
		tok[n++] = t;
	if (n < 5 || strcmp(tok[n - 1], symbol) != 0 || !is_hex_word(tok[0], strlen(tok[0])))
		return false;
	for (unsigned i = 1; i + 1 < n; i++) {
		if (strcmp(tok[i], "F") == 0)
			func = true;
		if (func && strcmp(tok[i], ".text") == 0 && is_hex_word(tok[i + 1], strlen(tok[i + 1]))) {
			*addr = strtoull(tok[0], NULL, 16);
			*size = strtoull(tok[i + 1], NULL, 16);
			return true;
		}
	}
	return false;
}

/* "0000000000001b00 <name>:" -> address and name. */
static bool parse_header(const char *line, uint64_t *addr, char *name, size_t len)
{
	const char *lt = strchr(line, '<'), *gt;

	if (!lt || lt == line || !is_hex_word(line, (size_t)(lt - line - 1)) || lt[-1] != ' ')
		return false;
	gt = strrchr(lt, '>');
	if (!gt || strcmp(gt, ">:") != 0)
		return false;
	*addr = strtoull(line, NULL, 16);
	if ((size_t)(gt - lt - 1) >= len)
		return false;
	memcpy(name, lt + 1, (size_t)(gt - lt - 1));
	name[gt - lt - 1] = '\0';
	return true;
}

/* "\ts_mov_b32 s4, 0    // 000000001B18: BE8400FF 0000FEFF" */
static bool parse_insn_line(const char *line, uint64_t *addr, struct gl_insn *in)
{
	const char *c, *p, *end;
	char text[GL_DISASM_TEXT * 2];
	size_t n, words = 0;

	if (line[0] != '\t')
		return false;
	c = strstr(line, "//");
	if (!c)
		return false;
	p = c + 2;
	while (*p == ' ')
		p++;
	end = strchr(p, ':');
	if (!end || !is_hex_word(p, (size_t)(end - p)))
		return false;
	*addr = strtoull(p, NULL, 16);
	for (p = end + 1;;) {
		while (*p == ' ')
			p++;
		if (!is_hex_word(p, 8) || (p[8] && p[8] != ' '))
			break;
		words++;
		p += 8;
	}
	if (!words)
		return false;
	/* The instruction text: between the tab and the comment, trimmed. */
	n = (size_t)(c - line - 1);
	while (n && isspace((unsigned char)line[n]))
		n--;
	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	memcpy(text, line + 1, n);
	text[n] = '\0';
	memset(in, 0, sizeof(*in));
	in->size = (uint32_t)(4 * words);
	n = strcspn(text, " ");
	if (n >= sizeof(in->mnemonic))
		n = sizeof(in->mnemonic) - 1;
	memcpy(in->mnemonic, text, n);
	in->mnemonic[n] = '\0';
	p = text + strcspn(text, " ");
	while (*p == ' ')
		p++;
	gl_str_copy(in->operands, sizeof(in->operands), p);
	return true;
}

static bool push(struct gl_disasm *d, size_t *cap, const struct gl_insn *in)
{
	if (d->n == *cap) {
		size_t ncap = *cap ? 2 * *cap : 256;
		struct gl_insn *p = realloc(d->insns, ncap * sizeof(*p));

		if (!p)
			return false;
		d->insns = p;
		*cap = ncap;
	}
	d->insns[d->n++] = *in;
	return true;
}

/* A function without a symbol size: up to its last s_endpgm's trailing
 * alignment padding (s_nop 0 / s_code_end) excluded. */
static void trim_padding(struct gl_disasm *d)
{
	while (d->n > 1) {
		const struct gl_insn *last = &d->insns[d->n - 1];

		if (strcmp(last->mnemonic, "s_code_end") != 0 &&
		    !(strcmp(last->mnemonic, "s_nop") == 0 && strcmp(last->operands, "0") == 0))
			break;
		d->n--;
	}
	if (d->n)
		d->size = d->insns[d->n - 1].offset + d->insns[d->n - 1].size;
}

bool gl_disasm_parse(const char *text, const char *symbol, struct gl_disasm *out, struct gl_err *e)
{
	const char *p = text;
	char line[1024], name[256], label[48] = "";
	uint64_t label_addr = 0, end = 0;
	size_t cap = 0;
	bool have_sym = false, in_func = false, found = false;

	memset(out, 0, sizeof(*out));
	gl_str_copy(out->symbol, sizeof(out->symbol), symbol);
	while (next_line(&p, line, sizeof(line)))
		if (!have_sym && parse_symbol_line(line, symbol, &out->address, &out->size))
			have_sym = true;
	end = out->address + out->size;
	for (p = text; next_line(&p, line, sizeof(line));) {
		uint64_t addr;
		struct gl_insn in;

		if (parse_header(line, &addr, name, sizeof(name))) {
			if (strcmp(name, symbol) == 0) {
				in_func = found = true;
				if (!have_sym)
					out->address = addr;
			} else if (in_func && strlen(name) < sizeof(label) &&
			           ((have_sym && addr > out->address && addr < end) ||
			            (!have_sym && name[0] == 'L' && isdigit((unsigned char)name[1])))) {
				/* A branch target: --symbolize-operands' <L3>, or a
				 * local symbol an unlinked object still has. */
				gl_str_copy(label, sizeof(label), name);
				label_addr = addr;
			} else if (in_func && !have_sym) {
				break;                                        /* the next function */
			} else if (in_func && addr >= end) {
				in_func = false;
			}
			continue;
		}
		if (!in_func || !parse_insn_line(line, &addr, &in))
			continue;
		if (addr < out->address || (have_sym && addr >= end))
			continue;
		in.offset = (uint32_t)(addr - out->address);
		if (label[0] && label_addr == addr)
			gl_str_copy(in.label, sizeof(in.label), label);
		if (!push(out, &cap, &in)) {
			gl_disasm_free(out);
			return gl_err_set(e, "out of memory reading the disassembly of %s", symbol);
		}
	}
	if (!found || out->n == 0) {
		gl_disasm_free(out);
		return gl_err_set(e, "llvm-objdump shows no code for %s", symbol);
	}
	if (!have_sym || out->size == 0)
		trim_padding(out);
	return true;
}

bool gl_disasm_load(const char *objdump, const char *path, const char *arch, const char *symbol,
                    struct gl_disasm *out, struct gl_err *e)
{
	char mcpu[64];
	char *argv[] = { (char *)objdump, "-d", "-t", "--symbolize-operands", mcpu, (char *)path, NULL };
	char *text = malloc(OBJDUMP_OUT_MAX);
	int status;
	bool ok = false;

	if (!text)
		return gl_err_set(e, "out of memory for the disassembly of %s", path);
	gl_str_fmt(mcpu, sizeof(mcpu), "--mcpu=%s", arch);
	if (!gl_proc_run(argv, text, OBJDUMP_OUT_MAX, &status, e))
		goto fail;
	if (status != 0) {
		text[strcspn(text, "\n")] = '\0';
		gl_err_set(e, "%s -d %s failed (exit %d): %s", objdump, path, status, text);
		goto fail;
	}
	if (strlen(text) + 1 >= OBJDUMP_OUT_MAX) {
		gl_err_set(e, "the disassembly of %s is larger than %u MiB", path, OBJDUMP_OUT_MAX >> 20);
		goto fail;
	}
	ok = gl_disasm_parse(text, symbol, out, e);
	if (!ok)
		gl_err_prefix(e, "%s: ", path);
fail:
	free(text);
	return ok;
}

void gl_disasm_free(struct gl_disasm *d)
{
	free(d->insns);
	d->insns = NULL;
	d->n = 0;
}

long gl_disasm_at(const struct gl_disasm *d, uint32_t offset)
{
	size_t lo = 0, hi = d->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (d->insns[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->n && d->insns[lo].offset == offset ? (long)lo : -1;
}

/* --- normalisation --------------------------------------------------------- */

#define NREG 512                        /* v0..v511 covers a unified gfx90a file */
static const char reg_classes[] = "sva";

struct renamer {
	int map[3][NREG];
	unsigned next[3];
};

static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A register at s: s5, v[2:5], a[0:3], v[7]. */
static bool match_reg(const char *s, unsigned *cls, unsigned *first, unsigned *count, size_t *len)
{
	const char *c = strchr(reg_classes, s[0]);
	const char *p = s + 1;
	char *q;
	unsigned long a, b;

	if (!c || !s[0])
		return false;
	if (isdigit((unsigned char)*p)) {
		a = strtoul(p, &q, 10);
		if (word_char(*q))
			return false;
		b = a;
	} else if (*p == '[' && isdigit((unsigned char)p[1])) {
		a = strtoul(p + 1, &q, 10);
		b = a;
		if (*q == ':') {
			if (!isdigit((unsigned char)q[1]))
				return false;
			b = strtoul(q + 1, &q, 10);
		}
		if (*q != ']' || b < a)
			return false;
		q++;
	} else {
		return false;
	}
	if (b >= NREG)
		return false;
	*cls = (unsigned)(c - reg_classes);
	*first = (unsigned)a;
	*count = (unsigned)(b - a + 1);
	*len = (size_t)(q - s);
	return true;
}

static unsigned rename_reg(struct renamer *r, unsigned cls, unsigned first, unsigned count)
{
	if (r->map[cls][first] < 0) {
		unsigned base = r->next[cls];

		for (unsigned k = 0; k < count && first + k < NREG; k++)
			if (r->map[cls][first + k] < 0)
				r->map[cls][first + k] = (int)(base + k);
		r->next[cls] = base + count;
	}
	return (unsigned)r->map[cls][first];
}

struct sbuf {
	char *s;
	size_t len, used;
};

static void put(struct sbuf *b, const char *s, size_t n)
{
	if (b->used + 1 >= b->len)
		return;
	if (n > b->len - 1 - b->used)
		n = b->len - 1 - b->used;
	memcpy(b->s + b->used, s, n);
	b->used += n;
	b->s[b->used] = '\0';
}

static void putf(struct sbuf *b, const char *fmt, unsigned x, unsigned y)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof(tmp), fmt, x, y);

	if (n > 0)
		put(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* Raw label name -> normalised name (by the instruction that defines it). */
static const char *label_new(const struct gl_disasm *d, char (*raw)[48], const char *name, size_t n)
{
	for (size_t i = 0; i < d->n; i++)
		if (raw[i][0] && strlen(raw[i]) == n && strncmp(raw[i], name, n) == 0)
			return d->insns[i].label;
	return NULL;
}

static void normalise_one(const struct gl_disasm *d, char (*raw)[48], struct renamer *r,
                          struct gl_insn *in)
{
	struct sbuf norm = { in->norm, sizeof(in->norm), 0 }, shape = { in->shape, sizeof(in->shape), 0 };
	const char *s = in->operands;

	in->norm[0] = in->shape[0] = '\0';
	put(&norm, in->mnemonic, strlen(in->mnemonic));
	put(&shape, in->mnemonic, strlen(in->mnemonic));
	if (*s) {
		put(&norm, " ", 1);
		put(&shape, " ", 1);
	}
	for (size_t i = 0; s[i];) {
		bool start = i == 0 || !word_char(s[i - 1]);
		unsigned cls, first, count;
		size_t len;

		if (start && match_reg(s + i, &cls, &first, &count, &len)) {
			unsigned nr = rename_reg(r, cls, first, count);

			if (count == 1) {
				putf(&norm, "%c%u", (unsigned)reg_classes[cls], nr);
				putf(&shape, "%c", (unsigned)reg_classes[cls], 0);
			} else {
				putf(&norm, "%c[%u", (unsigned)reg_classes[cls], nr);
				putf(&norm, ":%u]", nr + count - 1, 0);
				putf(&shape, "%c[%u]", (unsigned)reg_classes[cls], count);
			}
			i += len;
		} else if (start && isdigit((unsigned char)s[i])) {
			for (len = 0; word_char(s[i + len]) || s[i + len] == '.'; len++)
				;
			put(&norm, s + i, len);
			put(&shape, "#", 1);
			i += len;
		} else if (start && word_char(s[i])) {
			const char *lab;

			for (len = 0; word_char(s[i + len]); len++)
				;
			lab = label_new(d, raw, s + i, len);
			if (lab) {
				put(&norm, lab, strlen(lab));
				put(&shape, "L", 1);
			} else {
				put(&norm, s + i, len);
				put(&shape, s + i, len);
			}
			i += len;
		} else {
			put(&norm, s + i, 1);
			put(&shape, s + i, 1);
			i++;
		}
	}
}

void gl_disasm_normalise(struct gl_disasm *d)
{
	struct renamer *r = malloc(sizeof(*r));
	char (*raw)[48] = calloc(d->n ? d->n : 1, sizeof(*raw));
	unsigned nlabels = 0;

	if (!r || !raw) {
		/* Out of memory: show the text as printed rather than nothing. */
		for (size_t i = 0; i < d->n; i++) {
			gl_str_fmt(d->insns[i].norm, sizeof(d->insns[i].norm), "%s %s", d->insns[i].mnemonic,
			           d->insns[i].operands);
			gl_str_copy(d->insns[i].shape, sizeof(d->insns[i].shape), d->insns[i].norm);
		}
		free(r);
		free(raw);
		return;
	}
	memset(r->map, 0xff, sizeof(r->map));
	memset(r->next, 0, sizeof(r->next));
	/* Labels by address (the instructions are in address order). */
	for (size_t i = 0; i < d->n; i++) {
		memcpy(raw[i], d->insns[i].label, sizeof(raw[i]));
		if (raw[i][0])
			gl_str_fmt(d->insns[i].label, sizeof(d->insns[i].label), "L%u", nlabels++);
	}
	for (size_t i = 0; i < d->n; i++)
		normalise_one(d, raw, r, &d->insns[i]);
	free(r);
	free(raw);
}
