/*
 * gcn_codeobj — AMDGPU HSA code object reader (code object v4, v5, v6).
 *
 * Layout facts (LLVM AMDGPUUsage, "ELF Code Object"):
 *  - e_ident: ELFCLASS64, ELFDATA2LSB, EI_OSABI = ELFOSABI_AMDGPU_HSA (64),
 *    EI_ABIVERSION = 2 (v4), 3 (v5), 4 (v6); 0 and 1 are v2 and v3.
 *  - e_machine = EM_AMDGPU (224); e_type = ET_DYN for a loadable object.
 *  - e_flags (v4+): EF_AMDGPU_MACH = bits 0-7, EF_AMDGPU_FEATURE_XNACK_V4 =
 *    bits 8-9 (0 unsupported, 1 any, 2 off, 3 on), EF_AMDGPU_FEATURE_SRAMECC_V4 =
 *    bits 10-11 (same encoding); v6 adds EF_AMDGPU_GENERIC_VERSION in bits 24-31
 *    (0 for the non-generic processors named here).
 *  - Metadata: one note of type NT_AMDGPU_METADATA (32), name "AMDGPU",
 *    whose descriptor is a msgpack map (amdhsa.version, amdhsa.kernels, ...).
 *  - Each kernel has a 64-byte, 64-byte aligned kernel descriptor named by the
 *    metadata's .symbol (normally "<name>.kd").
 */
#include <gelf.h>
#include <libelf.h>
#include <msgpack.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcn_codeobj.h"

#define GCN_EM_AMDGPU 224
#define GCN_ELFOSABI_AMDGPU_HSA 64
#define GCN_NT_AMDGPU_METADATA 32
#define GCN_EF_MACH 0x0ffu
#define GCN_EF_XNACK_V4 0x300u
#define GCN_EF_XNACK_SHIFT 8
#define GCN_EF_SRAMECC_V4 0xc00u
#define GCN_EF_SRAMECC_SHIFT 10
#define GCN_KD_SIZE 64
#define GCN_KD_ALIGN 64

/* EF_AMDGPU_MACH_AMDGCN_* of the GFX9 family (llvm/BinaryFormat/ELF.h, LLVM 19). */
static const struct {
	unsigned mach;
	const char *name;
} gcn_machs[] = {
	{ 0x02c, "gfx900" }, { 0x02d, "gfx902" }, { 0x02e, "gfx904" },
	{ 0x02f, "gfx906" }, { 0x030, "gfx908" }, { 0x031, "gfx909" },
	{ 0x032, "gfx90c" }, { 0x03f, "gfx90a" }, { 0x040, "gfx940" },
	{ 0x04b, "gfx941" }, { 0x04c, "gfx942" },
};

const char *gcn_mach_name(unsigned mach)
{
	for (size_t i = 0; i < sizeof(gcn_machs) / sizeof(gcn_machs[0]); i++)
		if (gcn_machs[i].mach == mach)
			return gcn_machs[i].name;
	return NULL;
}

unsigned gcn_mach_from_name(const char *proc)
{
	if (!proc)
		return 0;
	for (size_t i = 0; i < sizeof(gcn_machs) / sizeof(gcn_machs[0]); i++)
		if (strcmp(gcn_machs[i].name, proc) == 0)
			return gcn_machs[i].mach;
	return 0;
}

static bool gcn_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool gcn_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return false;
}

/* ---- msgpack ---- */

/* Walk a msgpack buffer without allocating and check that every container
 * could be filled by the bytes that remain. msgpack-c allocates a
 * container's elements when it reads the header, so a corrupt count of
 * 2^32 would otherwise ask for ~100 GiB before the missing data is noticed. */
static bool gcn_msgpack_sane(const uint8_t *p, size_t n)
{
	size_t pos = 0;
	uint64_t pending = 1;

	while (pending) {
		uint64_t len = 0, items = 0;
		uint8_t c;

		if (pos >= n)
			return false;
		c = p[pos++];
		pending--;
		if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3)
			continue;
		if (c >= 0x80 && c <= 0x8f) {
			items = 2ull * (c & 0x0f);
		} else if (c >= 0x90 && c <= 0x9f) {
			items = c & 0x0f;
		} else if (c >= 0xa0 && c <= 0xbf) {
			len = c & 0x1f;
		} else {
			/* Width of the length/value field that follows. */
			static const struct { uint8_t code, width, kind; } t[] = {
				/* kind 0: value of `width` bytes, 1: byte length, 2: ext length,
				 * 3: array count, 4: map count, 5: fixext (type byte + width) */
				{ 0xc4, 1, 1 }, { 0xc5, 2, 1 }, { 0xc6, 4, 1 },
				{ 0xc7, 1, 2 }, { 0xc8, 2, 2 }, { 0xc9, 4, 2 },
				{ 0xca, 4, 0 }, { 0xcb, 8, 0 },
				{ 0xcc, 1, 0 }, { 0xcd, 2, 0 }, { 0xce, 4, 0 }, { 0xcf, 8, 0 },
				{ 0xd0, 1, 0 }, { 0xd1, 2, 0 }, { 0xd2, 4, 0 }, { 0xd3, 8, 0 },
				{ 0xd4, 1, 5 }, { 0xd5, 2, 5 }, { 0xd6, 4, 5 }, { 0xd7, 8, 5 },
				{ 0xd8, 16, 5 },
				{ 0xd9, 1, 1 }, { 0xda, 2, 1 }, { 0xdb, 4, 1 },
				{ 0xdc, 2, 3 }, { 0xdd, 4, 3 }, { 0xde, 2, 4 }, { 0xdf, 4, 4 },
			};
			size_t k;
			uint64_t v = 0;

			for (k = 0; k < sizeof(t) / sizeof(t[0]) && t[k].code != c; k++)
				;
			if (k == sizeof(t) / sizeof(t[0]))
				return false;  /* 0xc1 is never used */
			if (t[k].kind == 0 || t[k].kind == 5) {
				len = t[k].width + (t[k].kind == 5);
			} else {
				if (n - pos < t[k].width)
					return false;
				for (unsigned b = 0; b < t[k].width; b++)
					v = v << 8 | p[pos + b];  /* big endian */
				pos += t[k].width;
				if (t[k].kind == 1)
					len = v;
				else if (t[k].kind == 2)
					len = v + 1;
				else if (t[k].kind == 3)
					items = v;
				else
					items = 2 * v;
			}
		}
		if (len > n - pos)
			return false;
		pos += (size_t)len;
		pending += items;
		if (pending > n - pos)
			return false;
	}
	return true;
}

static const msgpack_object *gcn_mp_get(const msgpack_object *map, const char *key)
{
	size_t klen = strlen(key);

	if (!map || map->type != MSGPACK_OBJECT_MAP)
		return NULL;
	for (uint32_t i = 0; i < map->via.map.size; i++) {
		const msgpack_object *k = &map->via.map.ptr[i].key;
		if (k->type == MSGPACK_OBJECT_STR && k->via.str.size == klen &&
		    memcmp(k->via.str.ptr, key, klen) == 0)
			return &map->via.map.ptr[i].val;
	}
	return NULL;
}

/* Reading one field of a metadata map: where (for messages) and the map. */
struct gcn_mp_ctx {
	const char *what;          /* "kernel foo", "kernel foo argument 2" */
	char *err;
	size_t errlen;
};

static bool gcn_mp_u32(const struct gcn_mp_ctx *c, const msgpack_object *map, const char *key,
                       bool required, uint32_t *out)
{
	const msgpack_object *o = gcn_mp_get(map, key);

	if (!o) {
		if (required)
			return gcn_fail(c->err, c->errlen, "%s: metadata has no %s", c->what, key);
		*out = 0;
		return true;
	}
	if (o->type != MSGPACK_OBJECT_POSITIVE_INTEGER || o->via.u64 > UINT32_MAX)
		return gcn_fail(c->err, c->errlen, "%s: metadata %s is not an unsigned 32-bit integer",
		                c->what, key);
	*out = (uint32_t)o->via.u64;
	return true;
}

/* String field into buf. Names that identify something (too long is an
 * error) vs. descriptive strings (too long is cut: they are only shown). */
static bool gcn_mp_str(const struct gcn_mp_ctx *c, const msgpack_object *map, const char *key,
                       bool required, bool may_cut, char *buf, size_t len)
{
	const msgpack_object *o = gcn_mp_get(map, key);
	size_t n;

	buf[0] = '\0';
	if (!o) {
		if (required)
			return gcn_fail(c->err, c->errlen, "%s: metadata has no %s", c->what, key);
		return true;
	}
	if (o->type != MSGPACK_OBJECT_STR)
		return gcn_fail(c->err, c->errlen, "%s: metadata %s is not a string", c->what, key);
	n = o->via.str.size;
	if (n >= len) {
		if (!may_cut)
			return gcn_fail(c->err, c->errlen, "%s: metadata %s is %zu bytes long (at most %zu)",
			                c->what, key, n, len - 1);
		n = len - 1;
	}
	if (memchr(o->via.str.ptr, '\0', n))
		return gcn_fail(c->err, c->errlen, "%s: metadata %s contains a NUL byte", c->what, key);
	memcpy(buf, o->via.str.ptr, n);
	buf[n] = '\0';
	return true;
}

static bool gcn_parse_args(const struct gcn_mp_ctx *kc, const msgpack_object *kmap,
                           struct gcn_kernel *k)
{
	const msgpack_object *args = gcn_mp_get(kmap, ".args");
	char what[GCN_NAME_MAX + 48];

	if (!args)
		return true;
	if (args->type != MSGPACK_OBJECT_ARRAY)
		return gcn_fail(kc->err, kc->errlen, "%s: metadata .args is not an array", kc->what);
	if (args->via.array.size == 0)
		return true;
	k->args = calloc(args->via.array.size, sizeof(*k->args));
	if (!k->args)
		return gcn_fail(kc->err, kc->errlen, "%s: out of memory", kc->what);
	k->nargs = args->via.array.size;
	for (uint32_t i = 0; i < k->nargs; i++) {
		const msgpack_object *a = &args->via.array.ptr[i];
		struct gcn_kernarg *ka = &k->args[i];
		struct gcn_mp_ctx c = { what, kc->err, kc->errlen };

		snprintf(what, sizeof(what), "%s argument %u", kc->what, i);
		if (a->type != MSGPACK_OBJECT_MAP)
			return gcn_fail(c.err, c.errlen, "%s: not a map", what);
		if (!gcn_mp_u32(&c, a, ".offset", true, &ka->offset) ||
		    !gcn_mp_u32(&c, a, ".size", true, &ka->size) ||
		    !gcn_mp_str(&c, a, ".value_kind", true, false, ka->value_kind,
		                sizeof(ka->value_kind)) ||
		    !gcn_mp_str(&c, a, ".name", false, true, ka->name, sizeof(ka->name)) ||
		    !gcn_mp_str(&c, a, ".type_name", false, true, ka->type_name, sizeof(ka->type_name)))
			return false;
		ka->hidden = strncmp(ka->value_kind, "hidden_", 7) == 0;
		if ((uint64_t)ka->offset + ka->size > k->kernarg_size)
			return gcn_fail(c.err, c.errlen,
			                "%s: bytes %u..%u lie outside the %u-byte kernarg segment",
			                what, ka->offset, ka->offset + ka->size, k->kernarg_size);
	}
	return true;
}

static bool gcn_parse_kernel(const msgpack_object *kmap, uint32_t index, struct gcn_kernel *k,
                             char *err, size_t errlen)
{
	char what[GCN_NAME_MAX + 16];
	struct gcn_mp_ctx c = { what, err, errlen };
	const msgpack_object *o;

	snprintf(what, sizeof(what), "kernel %u", index);
	if (kmap->type != MSGPACK_OBJECT_MAP)
		return gcn_fail(err, errlen, "%s: metadata entry is not a map", what);
	if (!gcn_mp_str(&c, kmap, ".name", true, false, k->name, sizeof(k->name)))
		return false;
	snprintf(what, sizeof(what), "kernel %s", k->name);
	/* The fields AMDGPUUsage marks "Required" in the kernel metadata map;
	 * .agpr_count is read when present (hand-written metadata omits it). */
	if (!gcn_mp_str(&c, kmap, ".symbol", true, false, k->symbol, sizeof(k->symbol)) ||
	    !gcn_mp_u32(&c, kmap, ".kernarg_segment_size", true, &k->kernarg_size) ||
	    !gcn_mp_u32(&c, kmap, ".kernarg_segment_align", true, &k->kernarg_align) ||
	    !gcn_mp_u32(&c, kmap, ".group_segment_fixed_size", true, &k->group_segment_size) ||
	    !gcn_mp_u32(&c, kmap, ".private_segment_fixed_size", true, &k->private_segment_size) ||
	    !gcn_mp_u32(&c, kmap, ".wavefront_size", true, &k->wavefront_size) ||
	    !gcn_mp_u32(&c, kmap, ".sgpr_count", true, &k->sgpr_count) ||
	    !gcn_mp_u32(&c, kmap, ".vgpr_count", true, &k->vgpr_count) ||
	    !gcn_mp_u32(&c, kmap, ".agpr_count", false, &k->agpr_count) ||
	    !gcn_mp_u32(&c, kmap, ".max_flat_workgroup_size", true, &k->max_flat_workgroup_size))
		return false;
	if (k->wavefront_size != 64 && k->wavefront_size != 32)
		return gcn_fail(err, errlen, "%s: .wavefront_size %u is neither 32 nor 64", what,
		                k->wavefront_size);
	if (k->kernarg_align == 0 || (k->kernarg_align & (k->kernarg_align - 1)))
		return gcn_fail(err, errlen, "%s: .kernarg_segment_align %u is not a power of two",
		                what, k->kernarg_align);
	o = gcn_mp_get(kmap, ".reqd_workgroup_size");
	if (o) {
		if (o->type != MSGPACK_OBJECT_ARRAY || o->via.array.size != 3)
			return gcn_fail(err, errlen, "%s: .reqd_workgroup_size is not an array of 3", what);
		for (int d = 0; d < 3; d++) {
			const msgpack_object *e = &o->via.array.ptr[d];
			if (e->type != MSGPACK_OBJECT_POSITIVE_INTEGER || e->via.u64 > UINT32_MAX)
				return gcn_fail(err, errlen, "%s: .reqd_workgroup_size[%d] is not an "
				                "unsigned integer", what, d);
			k->reqd_workgroup_size[d] = (uint32_t)e->via.u64;
		}
	}
	o = gcn_mp_get(kmap, ".uses_dynamic_stack");
	if (o) {
		if (o->type != MSGPACK_OBJECT_BOOLEAN)
			return gcn_fail(err, errlen, "%s: .uses_dynamic_stack is not a boolean", what);
		k->uses_dynamic_stack = o->via.boolean;
	}
	return gcn_parse_args(&c, kmap, k);
}

static bool gcn_parse_metadata(const void *desc, size_t len, struct gcn_codeobj *co,
                               char *err, size_t errlen)
{
	msgpack_unpacked up;
	const msgpack_object *root, *ver, *kernels;
	size_t off = 0;
	bool ok = false;

	if (!gcn_msgpack_sane(desc, len))
		return gcn_fail(err, errlen, "NT_AMDGPU_METADATA note is not valid msgpack");
	msgpack_unpacked_init(&up);
	if (msgpack_unpack_next(&up, desc, len, &off) != MSGPACK_UNPACK_SUCCESS) {
		gcn_fail(err, errlen, "NT_AMDGPU_METADATA note is not valid msgpack");
		goto out;
	}
	root = &up.data;
	if (root->type != MSGPACK_OBJECT_MAP) {
		gcn_fail(err, errlen, "NT_AMDGPU_METADATA is not a msgpack map");
		goto out;
	}
	ver = gcn_mp_get(root, "amdhsa.version");
	if (!ver || ver->type != MSGPACK_OBJECT_ARRAY || ver->via.array.size < 2 ||
	    ver->via.array.ptr[0].type != MSGPACK_OBJECT_POSITIVE_INTEGER ||
	    ver->via.array.ptr[0].via.u64 != 1) {
		gcn_fail(err, errlen, "metadata amdhsa.version is missing or not [1, N]");
		goto out;
	}
	kernels = gcn_mp_get(root, "amdhsa.kernels");
	if (!kernels || kernels->type != MSGPACK_OBJECT_ARRAY) {
		gcn_fail(err, errlen, "metadata has no amdhsa.kernels array");
		goto out;
	}
	if (kernels->via.array.size) {
		co->kernels = calloc(kernels->via.array.size, sizeof(*co->kernels));
		if (!co->kernels) {
			gcn_fail(err, errlen, "out of memory");
			goto out;
		}
	}
	for (uint32_t i = 0; i < kernels->via.array.size; i++) {
		co->nkernels = i + 1;  /* so that gcn_codeobj_free releases its args */
		if (!gcn_parse_kernel(&kernels->via.array.ptr[i], i, &co->kernels[i], err, errlen))
			goto out;
	}
	ok = true;
out:
	msgpack_unpacked_destroy(&up);
	return ok;
}

/* ---- ELF ---- */

static bool gcn_find_metadata(Elf *e, struct gcn_codeobj *co, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		size_t off = 0, next, name_off, desc_off;
		GElf_Nhdr nh;

		if (!gelf_getshdr(scn, &sh))
			return gcn_fail(err, errlen, "corrupt section header: %s", elf_errmsg(-1));
		if (sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (!d)
			return gcn_fail(err, errlen, "corrupt note section: %s", elf_errmsg(-1));
		while ((next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
			const char *name = (const char *)d->d_buf + name_off;
			if (nh.n_type == GCN_NT_AMDGPU_METADATA && nh.n_namesz == 7 &&
			    memcmp(name, "AMDGPU", 7) == 0)
				return gcn_parse_metadata((const char *)d->d_buf + desc_off, nh.n_descsz,
				                          co, err, errlen);
			off = next;
		}
	}
	return gcn_fail(err, errlen, "no NT_AMDGPU_METADATA note (not a code object v4+ "
	                "produced by LLVM?)");
}

/* st_value of the symbol called name in .symtab or .dynsym; false if absent. */
static bool gcn_find_symbol(Elf *e, const char *name, GElf_Sym *out)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM))
			continue;
		if (sh.sh_entsize == 0 || !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *n;
			if (!gelf_getsym(d, (int)i, &s) || s.st_shndx == SHN_UNDEF)
				continue;
			n = elf_strptr(e, sh.sh_link, s.st_name);
			if (n && strcmp(n, name) == 0) {
				*out = s;
				return true;
			}
		}
	}
	return false;
}

/* [vaddr, vaddr+size) lies in the file-backed part of one PT_LOAD. */
static bool gcn_in_load(Elf *e, uint64_t vaddr, uint64_t size)
{
	size_t n;

	if (elf_getphdrnum(e, &n))
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (vaddr >= ph.p_vaddr && vaddr + size >= vaddr &&
		    vaddr + size <= ph.p_vaddr + ph.p_filesz)
			return true;
	}
	return false;
}

const uint8_t *gcn_codeobj_at(const void *data, size_t size, uint64_t vaddr, size_t n)
{
	const uint8_t *at = NULL;
	size_t np;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return NULL;
	Elf *e = elf_memory((char *)(uintptr_t)data, size);
	if (!e)
		return NULL;
	if (elf_getphdrnum(e, &np) == 0) {
		for (size_t i = 0; i < np && !at; i++) {
			GElf_Phdr ph;
			if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD || vaddr < ph.p_vaddr ||
			    vaddr + n < vaddr || vaddr + n > ph.p_vaddr + ph.p_filesz)
				continue;
			uint64_t off = ph.p_offset + (vaddr - ph.p_vaddr);
			if (off <= size && n <= size - off)
				at = (const uint8_t *)data + off;
		}
	}
	elf_end(e);
	return at;
}

static void gcn_target_name(struct gcn_target *t)
{
	int n = snprintf(t->full, sizeof(t->full), "amdgcn-amd-amdhsa--%s", t->proc);

	/* Features in the order LLVM and ROCr spell them; "any" is left out. */
	if (t->sramecc >= 0)
		n += snprintf(t->full + n, sizeof(t->full) - (size_t)n, ":sramecc%c",
		              t->sramecc ? '+' : '-');
	if (t->xnack >= 0)
		snprintf(t->full + n, sizeof(t->full) - (size_t)n, ":xnack%c", t->xnack ? '+' : '-');
}

/* Feature field of e_flags (v4 encoding): -1 unsupported/any, 0 off, 1 on. */
static int gcn_feature(unsigned v)
{
	return v == 2 ? 0 : v == 3 ? 1 : -1;
}

/* Every PT_LOAD's file bytes lie inside the file, and no more of them than
 * it occupies in memory: ROCr 5.2.3's loader trusts p_filesz and crashes
 * the process reading past the end (found through --backend rocr-emu). */
static bool gcn_check_segments(Elf *e, size_t size, char *err, size_t errlen)
{
	size_t n;

	if (elf_getphdrnum(e, &n))
		return gcn_fail(err, errlen, "corrupt program header table: %s", elf_errmsg(-1));
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(e, (int)i, &ph))
			return gcn_fail(err, errlen, "corrupt program header %zu: %s", i, elf_errmsg(-1));
		if (ph.p_type != PT_LOAD)
			continue;
		if (ph.p_offset > size || ph.p_filesz > size - ph.p_offset || ph.p_filesz > ph.p_memsz)
			return gcn_fail(err, errlen, "PT_LOAD segment %zu is malformed: its file bytes "
			                "[0x%llx, +0x%llx) (memory size 0x%llx) do not fit the file's %zu "
			                "bytes", i, (unsigned long long)ph.p_offset,
			                (unsigned long long)ph.p_filesz, (unsigned long long)ph.p_memsz, size);
	}
	return true;
}

static bool gcn_check_header(Elf *e, const void *data, size_t size, struct gcn_codeobj *co,
                             char *err, size_t errlen)
{
	GElf_Ehdr eh;
	const unsigned char *id = data;
	const char *proc;

	if (id[EI_CLASS] != ELFCLASS64)
		return gcn_fail(err, errlen, "ELF class %u is not ELFCLASS64", id[EI_CLASS]);
	if (id[EI_DATA] != ELFDATA2LSB)
		return gcn_fail(err, errlen, "ELF data encoding %u is not little-endian", id[EI_DATA]);
	if (!gelf_getehdr(e, &eh))
		return gcn_fail(err, errlen, "corrupt ELF header: %s", elf_errmsg(-1));
	if (eh.e_machine != GCN_EM_AMDGPU)
		return gcn_fail(err, errlen, "ELF machine %u is not EM_AMDGPU (224): not an AMD GPU "
		                "code object", eh.e_machine);
	if (id[EI_OSABI] != GCN_ELFOSABI_AMDGPU_HSA)
		return gcn_fail(err, errlen, "ELF OS ABI %u is not ELFOSABI_AMDGPU_HSA (64)",
		                id[EI_OSABI]);
	switch (id[EI_ABIVERSION]) {
	case 0:
	case 1:
		return gcn_fail(err, errlen, "code object v%u is not supported (v4, v5 and v6 are); "
		                "assemble with --amdhsa-code-object-version=5",
		                id[EI_ABIVERSION] + 2u);
	case 2:
	case 3:
	case 4:
		co->abi_version = id[EI_ABIVERSION] + 2u;
		break;
	default:
		return gcn_fail(err, errlen, "unknown code object ABI version %u", id[EI_ABIVERSION]);
	}
	if (eh.e_type != ET_DYN)
		return gcn_fail(err, errlen, "ELF type %u is not ET_DYN: link the object with "
		                "ld.lld -shared", eh.e_type);
	co->target.mach = eh.e_flags & GCN_EF_MACH;
	proc = gcn_mach_name(co->target.mach);
	if (!proc)
		return gcn_fail(err, errlen, "unknown processor EF_AMDGPU_MACH 0x%03x in e_flags 0x%x",
		                co->target.mach, (unsigned)eh.e_flags);
	snprintf(co->target.proc, sizeof(co->target.proc), "%s", proc);
	co->target.xnack = gcn_feature((eh.e_flags & GCN_EF_XNACK_V4) >> GCN_EF_XNACK_SHIFT);
	co->target.sramecc = gcn_feature((eh.e_flags & GCN_EF_SRAMECC_V4) >> GCN_EF_SRAMECC_SHIFT);
	gcn_target_name(&co->target);
	return gcn_check_segments(e, size, err, errlen);
}

static bool gcn_find_text(Elf *e, struct gcn_codeobj *co, char *err, size_t errlen)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(e, &shstrndx))
		return gcn_fail(err, errlen, "corrupt section name table: %s", elf_errmsg(-1));
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			return gcn_fail(err, errlen, "corrupt section header: %s", elf_errmsg(-1));
		name = elf_strptr(e, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".text") != 0)
			continue;
		if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR))
			return gcn_fail(err, errlen, ".text is not an executable PROGBITS section");
		if (!gcn_in_load(e, sh.sh_addr, sh.sh_size))
			return gcn_fail(err, errlen, ".text is not inside a PT_LOAD segment");
		co->text_vaddr = sh.sh_addr;
		co->text_offset = sh.sh_offset;
		co->text_size = sh.sh_size;
		return true;
	}
	return gcn_fail(err, errlen, "no .text section");
}

static bool gcn_find_descriptors(Elf *e, struct gcn_codeobj *co, char *err, size_t errlen)
{
	for (uint32_t i = 0; i < co->nkernels; i++) {
		struct gcn_kernel *k = &co->kernels[i];
		GElf_Sym s;

		if (!gcn_find_symbol(e, k->symbol, &s))
			return gcn_fail(err, errlen, "kernel %s: descriptor symbol %s not found in "
			                ".symtab or .dynsym", k->name, k->symbol);
		if (s.st_size != GCN_KD_SIZE || s.st_value % GCN_KD_ALIGN)
			return gcn_fail(err, errlen, "kernel %s: %s is not a 64-byte, 64-byte aligned "
			                "kernel descriptor (size %llu, address 0x%llx)", k->name,
			                k->symbol, (unsigned long long)s.st_size,
			                (unsigned long long)s.st_value);
		if (!gcn_in_load(e, s.st_value, GCN_KD_SIZE))
			return gcn_fail(err, errlen, "kernel %s: descriptor %s is not inside a PT_LOAD "
			                "segment", k->name, k->symbol);
		k->kd_offset = s.st_value;
	}
	return true;
}

/* The bytes the ELF headers say the file has: the header tables and every
 * section and segment with file contents. A shorter file was cut (a copy
 * or a download that stopped): say so, not what is missing from it. */
static bool gcn_check_extent(const uint8_t *data, size_t size, char *err, size_t errlen)
{
	Elf64_Ehdr eh;
	uint64_t need;

	if (size < sizeof(eh))
		return gcn_fail(err, errlen, "truncated: %zu bytes, less than the %zu of an ELF header", size,
		                sizeof(eh));
	memcpy(&eh, data, sizeof(eh));
	need = sizeof(eh);
	if (eh.e_phnum && eh.e_phoff + (uint64_t)eh.e_phnum * eh.e_phentsize > need)
		need = eh.e_phoff + (uint64_t)eh.e_phnum * eh.e_phentsize;
	if (eh.e_shnum && eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize > need)
		need = eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize;
	if (need <= size && eh.e_shentsize == sizeof(Elf64_Shdr)) {
		for (unsigned i = 0; i < eh.e_shnum; i++) {
			Elf64_Shdr sh;

			memcpy(&sh, data + eh.e_shoff + (uint64_t)i * sizeof(sh), sizeof(sh));
			if (sh.sh_type != SHT_NOBITS && sh.sh_offset + sh.sh_size > need)
				need = sh.sh_offset + sh.sh_size;
		}
	}
	if (need <= size && eh.e_phentsize == sizeof(Elf64_Phdr)) {
		for (unsigned i = 0; i < eh.e_phnum; i++) {
			Elf64_Phdr ph;

			memcpy(&ph, data + eh.e_phoff + (uint64_t)i * sizeof(ph), sizeof(ph));
			if (ph.p_offset + ph.p_filesz > need)
				need = ph.p_offset + ph.p_filesz;
		}
	}
	if (need > size)
		return gcn_fail(err, errlen, "truncated: the file has %zu bytes, its ELF headers describe %llu "
		                "(copy or build it again)", size, (unsigned long long)need);
	return true;
}

bool gcn_codeobj_parse(const void *data, size_t size, struct gcn_codeobj *out,
                       char *err, size_t errlen)
{
	static const char bundle[] = "__CLANG_OFFLOAD_BUNDLE__";
	Elf *e = NULL;
	bool ok = false;

	if (err && errlen)
		err[0] = '\0';
	if (!out)
		return gcn_fail(err, errlen, "no output structure");
	memset(out, 0, sizeof(*out));
	if (!data || size < EI_NIDENT)
		return gcn_fail(err, errlen, "not an ELF file (%zu bytes)", data ? size : 0);
	if (size >= sizeof(bundle) - 1 && memcmp(data, bundle, sizeof(bundle) - 1) == 0)
		return gcn_fail(err, errlen, "a clang offload bundle, not an ELF code object: "
		                "compile with --no-gpu-bundle-output or unbundle with "
		                "clang-offload-bundler");
	if (memcmp(data, ELFMAG, SELFMAG) != 0)
		return gcn_fail(err, errlen, "not an ELF file (bad magic)");
	/* libelf refuses these with no message of its own ("no error"). */
	if (((const uint8_t *)data)[EI_CLASS] != ELFCLASS64)
		return gcn_fail(err, errlen, "ELF header byte EI_CLASS is %u, an AMDGPU code object is ELFCLASS64 (2)",
		                ((const uint8_t *)data)[EI_CLASS]);
	if (((const uint8_t *)data)[EI_DATA] != ELFDATA2LSB)
		return gcn_fail(err, errlen, "ELF header byte EI_DATA is %u, an AMDGPU code object is little-endian (ELFDATA2LSB, 1)",
		                ((const uint8_t *)data)[EI_DATA]);
	if (!gcn_check_extent(data, size, err, errlen))
		return false;
	if (elf_version(EV_CURRENT) == EV_NONE)
		return gcn_fail(err, errlen, "libelf initialisation failed: %s", elf_errmsg(-1));
	e = elf_memory((char *)(uintptr_t)data, size);
	if (!e || elf_kind(e) != ELF_K_ELF) {
		int en = elf_errno();

		gcn_fail(err, errlen, "not a readable ELF file: %s",
		         en ? elf_errmsg(en) : "libelf cannot read its header");
		goto out;
	}
	if (!gcn_check_header(e, data, size, out, err, errlen) ||
	    !gcn_find_metadata(e, out, err, errlen) ||
	    !gcn_find_text(e, out, err, errlen) ||
	    !gcn_find_descriptors(e, out, err, errlen))
		goto out;
	ok = true;
out:
	if (e)
		elf_end(e);
	if (!ok)
		gcn_codeobj_free(out);
	return ok;
}

void gcn_codeobj_free(struct gcn_codeobj *co)
{
	if (!co)
		return;
	for (uint32_t i = 0; i < co->nkernels; i++)
		free(co->kernels[i].args);
	free(co->kernels);
	memset(co, 0, sizeof(*co));
}

const struct gcn_kernel *gcn_codeobj_find_kernel(const struct gcn_codeobj *co, const char *name)
{
	if (!co || !name)
		return NULL;
	for (uint32_t i = 0; i < co->nkernels; i++)
		if (strcmp(co->kernels[i].name, name) == 0 || strcmp(co->kernels[i].symbol, name) == 0)
			return &co->kernels[i];
	return NULL;
}
