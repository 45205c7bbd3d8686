/*
 * emu_api_executable — code object readers, executables and symbols.
 *
 * Loading follows ROCr's loader (loader/executable.cpp) for code object
 * v4+: the PT_LOAD segments go into one allocation covering the first
 * segment's p_vaddr to the end of the last one (registered in emu_mem as
 * EMU_MEM_CODE, GPU address == host address), dynamic relocations are
 * applied, and every global STT_OBJECT symbol becomes an executable symbol:
 * a kernel when its name ends in ".kd" (ROCr's rule), a variable otherwise.
 * Kernel symbol attributes come from the loaded kernel descriptor, as in
 * ROCr: kernarg size (descriptor byte 8), group and private fixed sizes
 * (bytes 0 and 4), dynamic call stack (kernel_code_properties, byte 56,
 * bit 11); the kernarg alignment is ROCr's fixed 16.
 *
 * Statuses: unparseable object, code object v2/v3 or unsupported relocation
 * -> HSA_STATUS_ERROR_INVALID_CODE_OBJECT (ROCr's answer to an unsupported
 * version); target not runnable on the agent (processor differs, or an
 * xnack/sramecc setting that is not "any" differs) or a CPU agent ->
 * HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS; relocation against an undefined
 * symbol -> HSA_STATUS_ERROR_VARIABLE_UNDEFINED; a symbol defined twice ->
 * HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED. Each refusal leaves one line
 * naming the reason as the extension's last report (emu_load_fail).
 */
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/emu_program.h"
#include "hsa/emu_runtime.h"
#include "gcn_codeobj.h"

#define EMU_PAGE 4096u
#define EMU_KD_KERNARG_SIZE 8          /* kernel descriptor byte offsets (AMDGPUUsage) */
#define EMU_KD_GROUP_SIZE 0
#define EMU_KD_PRIVATE_SIZE 4
#define EMU_KD_CODE_PROPERTIES 56
#define EMU_KD_USES_DYNAMIC_STACK (1u << 11)
#define EMU_R_AMDGPU_NONE 0            /* llvm/BinaryFormat/ELFRelocs/AMDGPU.def */
#define EMU_R_AMDGPU_ABS32_LO 1
#define EMU_R_AMDGPU_ABS32_HI 2
#define EMU_R_AMDGPU_ABS64 3
#define EMU_R_AMDGPU_ABS32 6
#define EMU_R_AMDGPU_RELATIVE64 13

struct emu_reader {
	struct emu_reader *next;
	uint8_t *data;
	size_t size;
};

struct emu_symbol {
	struct emu_symbol *next;
	char *name;
	hsa_symbol_kind_t kind;
	uint64_t address;          /* kernel descriptor or variable */
	uint64_t size;
	uint32_t align;
	bool is_const;
	uint32_t kernarg_size, group_size, private_size;
	bool dynamic_callstack;
};

struct emu_loaded {
	struct emu_loaded *next;
	void *base;                /* allocation; GPU address of ELF vaddr v is base + v - vaddr0 */
	size_t size;
	struct emu_program *prog;
};

struct emu_executable {
	struct emu_executable *next;
	hsa_profile_t profile;
	hsa_default_float_rounding_mode_t rounding;
	hsa_executable_state_t state;
	struct emu_loaded *loaded;
	struct emu_symbol *symbols, **symbols_tail;
};

/* ---- lookups, emu_rt.lock held ---- */

static struct emu_reader *emu_reader_find(hsa_code_object_reader_t r)
{
	for (struct emu_reader *x = emu_rt.readers; x; x = x->next)
		if ((uint64_t)(uintptr_t)x == r.handle)
			return x;
	return NULL;
}

static struct emu_executable *emu_executable_find(hsa_executable_t e)
{
	for (struct emu_executable *x = emu_rt.execs; x; x = x->next)
		if ((uint64_t)(uintptr_t)x == e.handle)
			return x;
	return NULL;
}

static struct emu_symbol *emu_symbol_find(hsa_executable_symbol_t s)
{
	for (struct emu_executable *x = emu_rt.execs; x; x = x->next)
		for (struct emu_symbol *y = x->symbols; y; y = y->next)
			if ((uint64_t)(uintptr_t)y == s.handle)
				return y;
	return NULL;
}

/* ---- readers ---- */

static hsa_status_t emu_reader_add(uint8_t *data, size_t size, hsa_code_object_reader_t *out)
{
	struct emu_reader *r = calloc(1, sizeof(*r));

	if (!r) {
		free(data);
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	}
	r->data = data;
	r->size = size;
	pthread_mutex_lock(&emu_rt.lock);
	EMU_RT_LINK(emu_rt.readers, r);
	pthread_mutex_unlock(&emu_rt.lock);
	out->handle = (uint64_t)(uintptr_t)r;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_code_object_reader_create_from_memory(const void *code_object, size_t size,
                                                               hsa_code_object_reader_t *reader)
{
	uint8_t *copy;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!code_object || size == 0 || !reader)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	copy = malloc(size);
	if (!copy)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	memcpy(copy, code_object, size);
	return emu_reader_add(copy, size, reader);
}

EMU_API hsa_status_t hsa_code_object_reader_create_from_file(hsa_file_t file,
                                                             hsa_code_object_reader_t *reader)
{
	struct stat st;
	uint8_t *data;
	size_t done = 0;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!reader)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	if (fstat(file, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0)
		return HSA_STATUS_ERROR_INVALID_FILE;
	data = malloc((size_t)st.st_size);
	if (!data)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	while (done < (size_t)st.st_size) {
		ssize_t n = pread(file, data + done, (size_t)st.st_size - done, (off_t)done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(data);
			return HSA_STATUS_ERROR_INVALID_FILE;
		}
		done += (size_t)n;
	}
	return emu_reader_add(data, done, reader);
}

/* Under emu_rt.lock, take the node of type T whose address is HANDLE out
 * of the list at HEAD; OUT is the node, or stays NULL when none is. */
#define EMU_RT_UNLINK(T, head, handle, out)                                   \
	do {                                                                  \
		pthread_mutex_lock(&emu_rt.lock);                             \
		for (T **pp_ = &(head); *pp_; pp_ = &(*pp_)->next) {         \
			if ((uint64_t)(uintptr_t)*pp_ == (handle)) {          \
				(out) = *pp_;                                 \
				*pp_ = (out)->next;                           \
				break;                                        \
			}                                                     \
		}                                                             \
		pthread_mutex_unlock(&emu_rt.lock);                           \
	} while (0)

EMU_API hsa_status_t hsa_code_object_reader_destroy(hsa_code_object_reader_t reader)
{
	struct emu_reader *r = NULL;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	EMU_RT_UNLINK(struct emu_reader, emu_rt.readers, reader.handle, r);
	if (!r)
		return HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
	free(r->data);
	free(r);
	return HSA_STATUS_SUCCESS;
}

/* ---- executables ---- */

EMU_API hsa_status_t hsa_executable_create_alt(hsa_profile_t profile,
                                               hsa_default_float_rounding_mode_t rounding,
                                               const char *options, hsa_executable_t *executable)
{
	struct emu_executable *x;

	(void)options;
	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	if (!executable || (profile != HSA_PROFILE_BASE && profile != HSA_PROFILE_FULL) ||
	    rounding > HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR)
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	x = calloc(1, sizeof(*x));
	if (!x)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	x->profile = profile;
	x->rounding = rounding;
	x->state = HSA_EXECUTABLE_STATE_UNFROZEN;
	x->symbols_tail = &x->symbols;
	pthread_mutex_lock(&emu_rt.lock);
	EMU_RT_LINK(emu_rt.execs, x);
	pthread_mutex_unlock(&emu_rt.lock);
	executable->handle = (uint64_t)(uintptr_t)x;
	return HSA_STATUS_SUCCESS;
}

EMU_API hsa_status_t hsa_executable_create(hsa_profile_t profile,
                                           hsa_executable_state_t executable_state,
                                           const char *options, hsa_executable_t *executable)
{
	(void)executable_state;
	return hsa_executable_create_alt(profile, HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT, options,
	                                 executable);
}

static void emu_executable_free(struct emu_executable *x)
{
	struct emu_loaded *l, *ln;
	struct emu_symbol *s, *sn;

	for (l = x->loaded; l; l = ln) {
		ln = l->next;
		if (l->prog) {
			pthread_mutex_lock(&emu_rt.dispatch_lock);
			emu_gpu_unregister_program(emu_rt.gpu, l->prog);
			pthread_mutex_unlock(&emu_rt.dispatch_lock);
			emu_program_destroy(l->prog);
		}
		emu_mem_remove(emu_rt.mem, l->base);
		munmap(l->base, l->size);
		free(l);
	}
	for (s = x->symbols; s; s = sn) {
		sn = s->next;
		free(s->name);
		free(s);
	}
	free(x);
}

EMU_API hsa_status_t hsa_executable_destroy(hsa_executable_t executable)
{
	struct emu_executable *x = NULL;

	if (!emu_rt_open())
		return HSA_STATUS_ERROR_NOT_INITIALIZED;
	EMU_RT_UNLINK(struct emu_executable, emu_rt.execs, executable.handle, x);
	if (!x)
		return HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	emu_executable_free(x);
	return HSA_STATUS_SUCCESS;
}

void emu_executable_destroy_all(void)
{
	struct emu_executable *x;
	struct emu_reader *r;

	pthread_mutex_lock(&emu_rt.lock);
	x = emu_rt.execs;
	r = emu_rt.readers;
	emu_rt.execs = NULL;
	emu_rt.readers = NULL;
	pthread_mutex_unlock(&emu_rt.lock);
	while (x) {
		struct emu_executable *next = x->next;
		emu_executable_free(x);
		x = next;
	}
	while (r) {
		struct emu_reader *next = r->next;
		free(r->data);
		free(r);
		r = next;
	}
}

/* ---- loading ---- */

struct emu_load {
	const uint8_t *data;       /* the ELF */
	size_t size;
	Elf *elf;
	uint64_t vaddr0, vend;     /* ELF vaddr range of the PT_LOAD segments */
	uint8_t *base;             /* allocation: ELF vaddr v is at base + (v - vaddr0) */
	size_t alloc;
};

static hsa_status_t emu_load_fail(hsa_status_t st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The reason goes to the gcnlab extension's last report (the host puts it
 * in its one message), not to stderr: ROCr's loader prints nothing either,
 * and printing it too showed it twice. */
static hsa_status_t emu_load_fail(hsa_status_t st, const char *fmt, ...)
{
	char why[512];
	int n = snprintf(why, sizeof(why), "code object not loaded: ");
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why + n, sizeof(why) - (size_t)n, fmt, ap);
	va_end(ap);
	emu_results_set_report(&emu_rt.results, why);
	return st;
}

static inline uint64_t emu_load_gpu(const struct emu_load *ld, uint64_t vaddr)
{
	return (uint64_t)(uintptr_t)ld->base + (vaddr - ld->vaddr0);
}

/* Allocate and fill the image from the PT_LOAD segments. */
static hsa_status_t emu_load_segments(struct emu_load *ld)
{
	size_t n, loads = 0;
	uint64_t prev_end = 0;

	if (elf_getphdrnum(ld->elf, &n))
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "no program headers");
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(ld->elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (ph.p_filesz > ph.p_memsz || ph.p_offset > ld->size ||
		    ph.p_filesz > ld->size - ph.p_offset || ph.p_vaddr + ph.p_memsz < ph.p_vaddr ||
		    (loads && ph.p_vaddr < prev_end) || ph.p_align > EMU_PAGE)
			return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
			                     "PT_LOAD segment %zu is malformed, out of order or aligned "
			                     "beyond a page", i);
		if (!loads++)
			ld->vaddr0 = ph.p_vaddr;
		prev_end = ph.p_vaddr + ph.p_memsz;
	}
	if (!loads)
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "no PT_LOAD segment");
	ld->vend = prev_end;
	if (ld->vend - ld->vaddr0 > (1ull << 32))
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "image larger than 4 GiB");
	ld->alloc = ((size_t)(ld->vend - ld->vaddr0) + EMU_PAGE - 1) & ~(size_t)(EMU_PAGE - 1);
	if (!ld->alloc)
		ld->alloc = EMU_PAGE;
	ld->base = emu_mem_map(emu_rt.mem, ld->alloc);
	if (!ld->base)
		return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(ld->elf, (int)i, &ph) && ph.p_type == PT_LOAD && ph.p_filesz)
			memcpy(ld->base + (ph.p_vaddr - ld->vaddr0), ld->data + ph.p_offset, ph.p_filesz);
	}
	return HSA_STATUS_SUCCESS;
}

static hsa_status_t emu_load_reloc(struct emu_load *ld, Elf_Data *syms, size_t nsyms,
                                   const GElf_Rela *r)
{
	unsigned type = (unsigned)GELF_R_TYPE(r->r_info);
	size_t isym = GELF_R_SYM(r->r_info);
	unsigned width = type == EMU_R_AMDGPU_ABS64 || type == EMU_R_AMDGPU_RELATIVE64 ? 8 : 4;
	uint64_t s = 0, v;
	uint8_t *where;

	if (type == EMU_R_AMDGPU_NONE)
		return HSA_STATUS_SUCCESS;
	if (type != EMU_R_AMDGPU_ABS32_LO && type != EMU_R_AMDGPU_ABS32_HI &&
	    type != EMU_R_AMDGPU_ABS64 && type != EMU_R_AMDGPU_ABS32 &&
	    type != EMU_R_AMDGPU_RELATIVE64)
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
		                     "dynamic relocation type %u is not supported", type);
	if (r->r_offset < ld->vaddr0 || r->r_offset > ld->vend - width)
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
		                     "relocation at 0x%llx lies outside the image",
		                     (unsigned long long)r->r_offset);
	if (type != EMU_R_AMDGPU_RELATIVE64) {
		GElf_Sym sym;
		if (!syms || isym >= nsyms || !gelf_getsym(syms, (int)isym, &sym))
			return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
			                     "relocation names symbol %zu, which does not exist", isym);
		if (sym.st_shndx == SHN_UNDEF)
			return emu_load_fail(HSA_STATUS_ERROR_VARIABLE_UNDEFINED,
			                     "relocation against undefined symbol %zu", isym);
		s = emu_load_gpu(ld, sym.st_value);
	} else {
		s = emu_load_gpu(ld, ld->vaddr0);  /* B: where vaddr 0 of the object lands */
		s -= ld->vaddr0;
	}
	v = s + (uint64_t)r->r_addend;
	where = ld->base + (r->r_offset - ld->vaddr0);
	if (type == EMU_R_AMDGPU_ABS32_HI)
		v >>= 32;
	if (width == 8)
		memcpy(where, &v, 8);
	else
		memcpy(where, &(uint32_t){ (uint32_t)v }, 4);
	return HSA_STATUS_SUCCESS;
}

/* Dynamic relocations: the SHF_ALLOC SHT_RELA sections (.rela.dyn). */
static hsa_status_t emu_load_relocate(struct emu_load *ld)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(ld->elf, scn))) {
		GElf_Shdr sh, symsh;
		Elf_Data *d, *syms = NULL;
		Elf_Scn *symscn;
		size_t nsyms = 0;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !(sh.sh_flags & SHF_ALLOC))
			continue;
		if (sh.sh_entsize == 0 || !(d = elf_getdata(scn, NULL)))
			return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
			                     "unreadable relocation section");
		symscn = elf_getscn(ld->elf, sh.sh_link);
		if (symscn && gelf_getshdr(symscn, &symsh) && symsh.sh_entsize &&
		    (syms = elf_getdata(symscn, NULL)))
			nsyms = symsh.sh_size / symsh.sh_entsize;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela r;
			hsa_status_t st;
			if (!gelf_getrela(d, (int)i, &r))
				return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
				                     "unreadable relocation %zu", i);
			st = emu_load_reloc(ld, syms, nsyms, &r);
			if (st != HSA_STATUS_SUCCESS)
				return st;
		}
	}
	return HSA_STATUS_SUCCESS;
}

static bool emu_symbol_exists(const struct emu_executable *x, const char *name)
{
	for (const struct emu_symbol *s = x->symbols; s; s = s->next)
		if (strcmp(s->name, name) == 0)
			return true;
	return false;
}

static bool emu_ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Executable symbols of the object, appended to *list (in table order). */
static hsa_status_t emu_load_symbols(struct emu_load *ld, const struct emu_executable *x,
                                     struct emu_symbol **list)
{
	Elf_Scn *scn = NULL, *table = NULL;
	GElf_Shdr sh;
	Elf_Data *d;
	struct emu_symbol **tail = list;

	/* .symtab when present (it holds everything .dynsym does), else .dynsym. */
	while ((scn = elf_nextscn(ld->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && !table))
			table = scn;
	}
	if (!table || !gelf_getshdr(table, &sh) || !sh.sh_entsize || !(d = elf_getdata(table, NULL)))
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "no symbol table");
	for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym sym;
		GElf_Shdr sec;
		Elf_Scn *sscn;
		const char *name;
		struct emu_symbol *s;

		if (!gelf_getsym(d, (int)i, &sym) || GELF_ST_BIND(sym.st_info) == STB_LOCAL ||
		    GELF_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_shndx == SHN_UNDEF ||
		    sym.st_shndx >= SHN_LORESERVE)
			continue;
		name = elf_strptr(ld->elf, sh.sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (sym.st_value < ld->vaddr0 || sym.st_value + sym.st_size > ld->vend ||
		    sym.st_value + sym.st_size < sym.st_value)
			return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
			                     "symbol %s lies outside the loaded image", name);
		if (emu_symbol_exists(x, name))
			return emu_load_fail(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED,
			                     "symbol %s is already defined in the executable", name);
		s = calloc(1, sizeof(*s));
		if (!s || !(s->name = strdup(name))) {
			free(s);
			return HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		}
		*tail = s;
		tail = &s->next;
		s->address = emu_load_gpu(ld, sym.st_value);
		s->size = sym.st_size;
		sscn = elf_getscn(ld->elf, sym.st_shndx);
		if (sscn && gelf_getshdr(sscn, &sec)) {
			s->align = sec.sh_addralign ? (uint32_t)sec.sh_addralign : 1;
			s->is_const = !(sec.sh_flags & SHF_WRITE);
		}
		if (emu_ends_with(name, ".kd")) {
			const uint8_t *kd = (const uint8_t *)(uintptr_t)s->address;
			uint16_t props;
			if (sym.st_size < 64)
				return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
				                     "kernel descriptor %s is %llu bytes, not 64", name,
				                     (unsigned long long)sym.st_size);
			s->kind = HSA_SYMBOL_KIND_KERNEL;
			memcpy(&s->kernarg_size, kd + EMU_KD_KERNARG_SIZE, 4);
			memcpy(&s->group_size, kd + EMU_KD_GROUP_SIZE, 4);
			memcpy(&s->private_size, kd + EMU_KD_PRIVATE_SIZE, 4);
			memcpy(&props, kd + EMU_KD_CODE_PROPERTIES, 2);
			s->dynamic_callstack = props & EMU_KD_USES_DYNAMIC_STACK;
		} else {
			s->kind = HSA_SYMBOL_KIND_VARIABLE;
		}
	}
	return HSA_STATUS_SUCCESS;
}

static void emu_symbols_free(struct emu_symbol *s)
{
	while (s) {
		struct emu_symbol *next = s->next;
		free(s->name);
		free(s);
		s = next;
	}
}

/* Whether the code object's target runs on the agent (ROCr's IsaSupportedByAgent). */
static bool emu_target_ok(const struct gcn_target *t, const struct emu_profile *p)
{
	return t->mach == p->mach && (t->xnack < 0 || t->xnack == p->xnack) &&
	       (t->sramecc < 0 || t->sramecc == p->sramecc);
}

static hsa_status_t emu_load(struct emu_executable *x, const struct emu_reader *r,
                             struct emu_loaded **out)
{
	struct emu_load ld = { .data = r->data, .size = r->size };
	struct gcn_codeobj co;
	struct emu_symbol *syms = NULL;
	struct emu_loaded *l = NULL;
	char err[256];
	hsa_status_t st;

	if (!gcn_codeobj_parse(r->data, r->size, &co, err, sizeof(err)))
		return emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "%s", err);
	if (!emu_target_ok(&co.target, emu_rt.prof)) {
		st = emu_load_fail(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
		                   "built for %s, which does not run on the agent (%s); reassemble "
		                   "for the agent or set GCNLAB_EMU_ARCH", co.target.full,
		                   emu_rt.prof->isa_name);
		goto fail_co;
	}
	if (co.text_size > UINT32_MAX) {
		st = emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, ".text larger than 4 GiB");
		goto fail_co;
	}
	elf_version(EV_CURRENT);
	ld.elf = elf_memory((char *)(uintptr_t)r->data, r->size);
	if (!ld.elf) {
		st = emu_load_fail(HSA_STATUS_ERROR_INVALID_CODE_OBJECT, "%s", elf_errmsg(-1));
		goto fail_co;
	}
	if ((st = emu_load_segments(&ld)) != HSA_STATUS_SUCCESS ||
	    (st = emu_load_relocate(&ld)) != HSA_STATUS_SUCCESS ||
	    (st = emu_load_symbols(&ld, x, &syms)) != HSA_STATUS_SUCCESS)
		goto fail;
	l = calloc(1, sizeof(*l));
	if (!l || !emu_mem_add(emu_rt.mem, ld.base, ld.alloc, EMU_MEM_CODE)) {
		st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		goto fail;
	}
	l->base = ld.base;
	l->size = ld.alloc;
	l->prog = emu_program_load(emu_rt.prof, emu_load_gpu(&ld, co.text_vaddr),
	                           (const uint8_t *)(uintptr_t)emu_load_gpu(&ld, co.text_vaddr),
	                           (uint32_t)co.text_size);
	if (!l->prog) {
		emu_mem_remove(emu_rt.mem, ld.base);
		st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		goto fail;
	}
	pthread_mutex_lock(&emu_rt.dispatch_lock);
	for (struct emu_symbol *s = syms; s; s = s->next) {
		struct emu_kernel_reg k = { .kd_addr = s->address, .prog = l->prog };
		const struct gcn_kernel *gk;
		if (s->kind != HSA_SYMBOL_KIND_KERNEL)
			continue;
		gk = gcn_codeobj_find_kernel(&co, s->name);
		if (gk)
			snprintf(k.name, sizeof(k.name), "%s", gk->name);
		else
			snprintf(k.name, sizeof(k.name), "%.*s", (int)(strlen(s->name) - 3), s->name);
		if (!emu_gpu_register_kernel(emu_rt.gpu, &k)) {
			emu_gpu_unregister_program(emu_rt.gpu, l->prog);
			pthread_mutex_unlock(&emu_rt.dispatch_lock);
			emu_program_destroy(l->prog);
			emu_mem_remove(emu_rt.mem, ld.base);
			st = emu_load_fail(HSA_STATUS_ERROR_OUT_OF_RESOURCES,
			                   "kernel %s could not be registered", k.name);
			goto fail;
		}
	}
	pthread_mutex_unlock(&emu_rt.dispatch_lock);
	*x->symbols_tail = syms;
	while (*x->symbols_tail)
		x->symbols_tail = &(*x->symbols_tail)->next;
	l->next = x->loaded;
	x->loaded = l;
	*out = l;
	elf_end(ld.elf);
	gcn_codeobj_free(&co);
	return HSA_STATUS_SUCCESS;
fail:
	free(l);
	emu_symbols_free(syms);
	if (ld.base)
		munmap(ld.base, ld.alloc);
	elf_end(ld.elf);
fail_co:
	gcn_codeobj_free(&co);
	return st;
}

EMU_API hsa_status_t hsa_executable_load_agent_code_object(hsa_executable_t executable,
                                                           hsa_agent_t agent,
                                                           hsa_code_object_reader_t code_object_reader,
                                                           const char *options,
                                                           hsa_loaded_code_object_t *loaded_code_object)
{
	struct emu_executable *x;
	struct emu_reader *r;
	struct emu_agent *a;
	struct emu_loaded *l = NULL;
	hsa_status_t st;

	(void)options;
	if ((st = emu_rt_enter(true)) != HSA_STATUS_SUCCESS)
		return st;
	if (!(x = emu_executable_find(executable))) {
		st = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	} else if (!(r = emu_reader_find(code_object_reader))) {
		st = HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER;
	} else if (!(a = emu_agent_from(agent))) {
		st = HSA_STATUS_ERROR_INVALID_AGENT;
	} else if (x->state == HSA_EXECUTABLE_STATE_FROZEN) {
		st = HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
	} else if (a->kind != EMU_AGENT_GPU) {
		st = emu_load_fail(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
		                   "the CPU agent has no ISA to run it");
	} else {
		st = emu_load(x, r, &l);
	}
	pthread_mutex_unlock(&emu_rt.lock);
	if (st == HSA_STATUS_SUCCESS && loaded_code_object)
		loaded_code_object->handle = (uint64_t)(uintptr_t)l;
	return st;
}

EMU_API hsa_status_t hsa_executable_freeze(hsa_executable_t executable, const char *options)
{
	struct emu_executable *x;
	hsa_status_t st;

	(void)options;
	if ((st = emu_rt_enter(true)) != HSA_STATUS_SUCCESS)
		return st;
	if (!(x = emu_executable_find(executable)))
		st = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	else if (x->state == HSA_EXECUTABLE_STATE_FROZEN)
		st = HSA_STATUS_ERROR_FROZEN_EXECUTABLE;
	else
		x->state = HSA_EXECUTABLE_STATE_FROZEN;
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}

/* emu_rt_enter, then whether the executable exists (emu_rt.lock released). */
static hsa_status_t emu_executable_check(hsa_executable_t executable, bool answer)
{
	hsa_status_t st = emu_rt_enter(answer);

	if (st != HSA_STATUS_SUCCESS)
		return st;
	if (!emu_executable_find(executable))
		st = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}

EMU_API hsa_status_t hsa_executable_validate_alt(hsa_executable_t executable, const char *options,
                                                 uint32_t *result)
{
	hsa_status_t st = emu_executable_check(executable, result != NULL);

	(void)options;
	if (st == HSA_STATUS_SUCCESS)
		*result = 0;  /* every loaded object was checked when it was loaded */
	return st;
}

EMU_API hsa_status_t hsa_executable_validate(hsa_executable_t executable, uint32_t *result)
{
	return hsa_executable_validate_alt(executable, NULL, result);
}

EMU_API hsa_status_t hsa_executable_get_info(hsa_executable_t executable,
                                             hsa_executable_info_t attribute, void *value)
{
	struct emu_executable *x;
	hsa_status_t st;

	if ((st = emu_rt_enter(value != NULL)) != HSA_STATUS_SUCCESS)
		return st;
	if (!(x = emu_executable_find(executable)))
		st = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	else if (attribute == HSA_EXECUTABLE_INFO_PROFILE)
		*(hsa_profile_t *)value = x->profile;
	else if (attribute == HSA_EXECUTABLE_INFO_STATE)
		*(hsa_executable_state_t *)value = x->state;
	else if (attribute == HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE)
		*(hsa_default_float_rounding_mode_t *)value = x->rounding;
	else
		st = HSA_STATUS_ERROR_INVALID_ARGUMENT;
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}

/* ---- symbols (all are agent symbols of the GPU agent) ---- */

EMU_API hsa_status_t hsa_executable_get_symbol_by_name(hsa_executable_t executable,
                                                       const char *symbol_name,
                                                       const hsa_agent_t *agent,
                                                       hsa_executable_symbol_t *symbol)
{
	struct emu_executable *x;
	hsa_status_t st;

	if ((st = emu_rt_enter(symbol_name && symbol)) != HSA_STATUS_SUCCESS)
		return st;
	st = HSA_STATUS_ERROR_INVALID_SYMBOL_NAME;
	if (!(x = emu_executable_find(executable))) {
		st = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	} else if (agent && agent->handle == emu_agent_handle(EMU_AGENT_GPU).handle) {
		/* No agent asks for program symbols, of which there are none. */
		for (struct emu_symbol *s = x->symbols; s; s = s->next) {
			if (strcmp(s->name, symbol_name) == 0) {
				symbol->handle = (uint64_t)(uintptr_t)s;
				st = HSA_STATUS_SUCCESS;
				break;
			}
		}
	}
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}

EMU_API hsa_status_t hsa_executable_get_symbol(hsa_executable_t executable, const char *module_name,
                                               const char *symbol_name, hsa_agent_t agent,
                                               int32_t call_convention,
                                               hsa_executable_symbol_t *symbol)
{
	(void)call_convention;
	if (module_name && *module_name)
		return emu_rt_open() ? HSA_STATUS_ERROR_INVALID_SYMBOL_NAME
		                     : HSA_STATUS_ERROR_NOT_INITIALIZED;
	return hsa_executable_get_symbol_by_name(executable, symbol_name, &agent, symbol);
}

static hsa_status_t emu_iterate(hsa_executable_t executable, bool agent_only, hsa_agent_t agent,
                                hsa_status_t (*cb)(hsa_executable_t, hsa_agent_t,
                                                   hsa_executable_symbol_t, void *),
                                hsa_status_t (*cb_all)(hsa_executable_t, hsa_executable_symbol_t,
                                                       void *),
                                void *data)
{
	struct emu_executable *x;
	hsa_status_t st;
	hsa_executable_symbol_t *handles = NULL;
	size_t n = 0;

	/* Snapshot under the lock; the callbacks may call back into the API. */
	if ((st = emu_rt_enter(cb || cb_all)) != HSA_STATUS_SUCCESS)
		return st;
	if (!(x = emu_executable_find(executable))) {
		st = HSA_STATUS_ERROR_INVALID_EXECUTABLE;
	} else if (agent_only && !emu_agent_from(agent)) {
		st = HSA_STATUS_ERROR_INVALID_AGENT;
	} else if (!agent_only || agent.handle == emu_agent_handle(EMU_AGENT_GPU).handle) {
		for (struct emu_symbol *s = x->symbols; s; s = s->next)
			n++;
		handles = n ? calloc(n, sizeof(*handles)) : NULL;
		if (n && !handles)
			st = HSA_STATUS_ERROR_OUT_OF_RESOURCES;
		n = 0;
		for (struct emu_symbol *s = x->symbols; handles && s; s = s->next)
			handles[n++].handle = (uint64_t)(uintptr_t)s;
	}
	pthread_mutex_unlock(&emu_rt.lock);
	for (size_t i = 0; st == HSA_STATUS_SUCCESS && i < n; i++)
		st = cb ? cb(executable, agent, handles[i], data) : cb_all(executable, handles[i], data);
	free(handles);
	return st;
}

EMU_API hsa_status_t hsa_executable_iterate_symbols(
	hsa_executable_t executable,
	hsa_status_t (*callback)(hsa_executable_t, hsa_executable_symbol_t, void *), void *data)
{
	return emu_iterate(executable, false, (hsa_agent_t){ 0 }, NULL, callback, data);
}

EMU_API hsa_status_t hsa_executable_iterate_agent_symbols(
	hsa_executable_t executable, hsa_agent_t agent,
	hsa_status_t (*callback)(hsa_executable_t, hsa_agent_t, hsa_executable_symbol_t, void *),
	void *data)
{
	if (!callback)
		return emu_rt_open() ? HSA_STATUS_ERROR_INVALID_ARGUMENT : HSA_STATUS_ERROR_NOT_INITIALIZED;
	return emu_iterate(executable, true, agent, callback, NULL, data);
}

EMU_API hsa_status_t hsa_executable_iterate_program_symbols(
	hsa_executable_t executable,
	hsa_status_t (*callback)(hsa_executable_t, hsa_executable_symbol_t, void *), void *data)
{
	(void)data;
	/* code objects v4+ have agent symbols only: nothing to call back for */
	return emu_executable_check(executable, callback != NULL);
}

static hsa_status_t emu_symbol_info(const struct emu_symbol *s, int attribute, void *value)
{
	bool kernel = s->kind == HSA_SYMBOL_KIND_KERNEL;

	switch (attribute) {
	case HSA_EXECUTABLE_SYMBOL_INFO_TYPE:
		*(hsa_symbol_kind_t *)value = s->kind;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH:
		*(uint32_t *)value = (uint32_t)strlen(s->name);
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_NAME:
		memcpy(value, s->name, strlen(s->name));  /* not NUL-terminated (hsa.h) */
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH:
		*(uint32_t *)value = 0;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME:
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_AGENT:
		*(hsa_agent_t *)value = emu_agent_handle(EMU_AGENT_GPU);
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE:
		*(hsa_symbol_linkage_t *)value = HSA_SYMBOL_LINKAGE_PROGRAM;  /* global binding */
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION:
		*(bool *)value = true;
		return HSA_STATUS_SUCCESS;
	}
	if (!kernel) {
		switch (attribute) {
		case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS:
			*(uint64_t *)value = s->address;
			return HSA_STATUS_SUCCESS;
		case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION:
			*(hsa_variable_allocation_t *)value = HSA_VARIABLE_ALLOCATION_AGENT;
			return HSA_STATUS_SUCCESS;
		case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT:
			*(hsa_variable_segment_t *)value = HSA_VARIABLE_SEGMENT_GLOBAL;
			return HSA_STATUS_SUCCESS;
		case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALIGNMENT:
			*(uint32_t *)value = s->align;
			return HSA_STATUS_SUCCESS;
		case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE:
			*(uint32_t *)value = (uint32_t)s->size;
			return HSA_STATUS_SUCCESS;
		case HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST:
			*(bool *)value = s->is_const;
			return HSA_STATUS_SUCCESS;
		}
		return HSA_STATUS_ERROR_INVALID_ARGUMENT;
	}
	switch (attribute) {
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT:
		*(uint64_t *)value = s->address;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE:
		*(uint32_t *)value = s->kernarg_size;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT:
		*(uint32_t *)value = 16;  /* ROCr: fixed for code object v3+ */
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE:
		*(uint32_t *)value = s->group_size;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE:
		*(uint32_t *)value = s->private_size;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK:
		*(bool *)value = s->dynamic_callstack;
		return HSA_STATUS_SUCCESS;
	case HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_CALL_CONVENTION:
		*(uint32_t *)value = 0;
		return HSA_STATUS_SUCCESS;
	}
	return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}

EMU_API hsa_status_t hsa_executable_symbol_get_info(hsa_executable_symbol_t executable_symbol,
                                                    hsa_executable_symbol_info_t attribute,
                                                    void *value)
{
	struct emu_symbol *s;
	hsa_status_t st;

	if ((st = emu_rt_enter(value != NULL)) != HSA_STATUS_SUCCESS)
		return st;
	s = emu_symbol_find(executable_symbol);
	st = s ? emu_symbol_info(s, (int)attribute, value) : HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL;
	pthread_mutex_unlock(&emu_rt.lock);
	return st;
}
