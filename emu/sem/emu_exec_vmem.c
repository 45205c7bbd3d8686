/*
 * emu_exec_vmem — semantics of the vector memory instructions of gfx900,
 * gfx90a and gfx942: MUBUF (buffer_*), MTBUF (tbuffer_*) and FLAT, GLOBAL
 * and SCRATCH, and their handler table emu_sem_vmem (the atomic operations
 * and load conversions they share with DS are in emu_exec_mem.c).
 *
 * Timing contract (emu_wave.h): memory is read and written at issue, the
 * values an instruction returns go to a pending entry and reach the VGPRs
 * (or, for the LDS-direct loads, the LDS) when it completes; stores and
 * atomics without return still begin/end a pending entry so that vmcnt
 * counts them. All addresses are computed and translated before anything
 * is written, so a memory fault leaves memory untouched.
 *
 * Buffer addressing and range checking (GFX9/CDNA; V# = 4 SGPRs at srsrc):
 *   base = V#[47:0], stride = V#[61:48], swizzle_enable = V#[63],
 *   num_records = V#[95:64], data_format = V#[114:111],
 *   index_stride = 8 << V#[118:117], add_tid_enable = V#[119].
 *   offset = (uint32)(VGPR offset (offen) + inst_offset), index = VGPR index
 *   (idxen), plus the lane with add_tid_enable when swizzled or !idxen;
 *   address = base + soffset + index * stride + offset (linear), or the
 *   swizzled layout with 4-byte elements when swizzle_enable && add_tid.
 *   Range check, per lane: add_tid && !idxen: none; idxen && stride != 0:
 *   index < num_records; otherwise the access must end within num_records
 *   bytes counting soffset (offset + soffset + size <= num_records), per dword
 *   for buffer_load/store_dwordx2/x3/x4 and all-or-nothing for everything
 *   else. Out-of-range loads return 0, out-of-range stores and atomics are
 *   dropped. Sources: the AMD ISA guides' buffer range-checking notes (reads
 *   return zero, writes are dropped, format ops and atomics all or nothing,
 *   dword-x2/x3/x4 per component); the soffset, IDXEN-only index check and
 *   per-dword end-of-access rules as AMD's rocjitsu emulator models GFX9/CDNA
 *   after gfx950 hardware (ROCm/rocm-systems PR #10928,
 *   shared/addr_calc_buffer.h); num_records in records when strided on gfx9
 *   (Mesa radv divides the range by the stride except on GFX8).
 *
 * FLAT: an address in the shared aperture [src_shared_base,
 * src_shared_limit] is an LDS access at (address - base), one in the private
 * aperture is a scratch access, anything else is global memory. Scratch is
 * swizzled per dword: private offset o of lane l is at
 * FLAT_SCRATCH + (o / 4) * 256 + l * 4 + o % 4 (the layout rocm-dbgapi
 * reads; the MUBUF scratch V# with index_stride 64 and add_tid gives the
 * same). GLOBAL: saddr (SGPR pair) + zero-extended 32-bit VGPR offset (LLVM
 * SelectGlobalSAddr matches add (i64 sgpr), (zero_extend (i32 vgpr))), or a
 * 64-bit VGPR address with saddr = off; 13-bit signed instruction offset
 * (FLAT: 12-bit unsigned; llvm-mc: "expected a 12-bit unsigned offset").
 *
 * Misaligned global accesses are performed as is (the HSA runtime's
 * unaligned SH_MEM_CONFIG mode); emu_gva checks every element's span.
 * Atomics must be naturally aligned (reported otherwise).
 */
#include <string.h>

#include "arch/emu_profile.h"
#include "sem/emu_exec_mem.h"

/* ---- per-instruction description ---- */

enum vm_mode { VM_BUF = 0, VM_TBUF, VM_FLAT };
enum vm_family { VM_LOAD = 0, VM_STORE, VM_ATOM, VM_LOAD_LDS, VM_CACHE };
enum vm_where { VM_GLOBAL = 0, VM_SCRATCH, VM_LDS };

struct vm_desc {
	uint8_t mode;    /* enum vm_mode */
	uint8_t fam;     /* enum vm_family */
	uint8_t bytes;   /* bytes per element: 1, 2, 4 or 8 (64-bit atomics) */
	uint8_t nelem;   /* elements per lane (dwords of dwordxN, components of tbuffer) */
	uint8_t ext;     /* enum emu_ext */
	uint8_t atom;    /* enum emu_atom */
};

/* Addresses of one instruction: element e of lane l is at a[e][l], a GPU
 * VA for VM_GLOBAL/VM_SCRATCH, an LDS byte address for VM_LDS; only the
 * first nvalid[l] elements are in range. When contig is set, only a[0][l]
 * has been written and element e is at a[0][l] + e * bytes; vm_addr_fill
 * writes the others for the code that reads them (the per-element paths). */
struct vm_addr {
	uint8_t nvalid[EMU_LANES];
	uint8_t where[EMU_LANES];
	bool contig;
	uint64_t a[4][EMU_LANES];
};

static void vm_addr_fill(struct vm_addr *va, unsigned nelem, unsigned bytes, uint64_t exec)
{
	if (!va->contig)
		return;
	for (; exec; exec &= exec - 1) {
		unsigned l = (unsigned)__builtin_ctzll(exec);
		for (unsigned e = 1; e < nelem; e++)
			va->a[e][l] = va->a[0][l] + (uint64_t)e * bytes;
	}
	va->contig = false;
}

static uint64_t lane_bit(unsigned l)
{
	return 1ull << l;
}

/* ---- address computation ---- */

static bool vm_addr_buf(struct emu_wave *w, const struct emu_inst *in, const struct vm_desc *d,
                        uint64_t exec, struct vm_addr *va)
{
	uint32_t rs[4];
	for (unsigned k = 0; k < 4; k++)
		rs[k] = emu_sread32(w, in, in->srsrc + k, EMU_T_B32);
	uint64_t base = rs[0] | (uint64_t)(rs[1] & 0xffff) << 32;
	uint32_t stride = (rs[1] >> 16) & 0x3fff;
	bool swizzle = rs[1] >> 31;
	uint32_t nrec = rs[2];
	uint32_t dfmt = (rs[3] >> 15) & 0xf;
	uint32_t istride = 8u << ((rs[3] >> 21) & 3);
	bool add_tid = (rs[3] >> 23) & 1;
	uint32_t soff = emu_sread32(w, in, in->soffset, EMU_T_B32);
	uint32_t ioff = (uint32_t)in->imm & 0xfff;
	bool idxen = in->flags & EMU_F_IDXEN, offen = in->flags & EMU_F_OFFEN;
	bool format = d->mode == VM_TBUF;
	/* Per-dword range check only for buffer_load/store_dwordx2/x3/x4. */
	bool per_elem = !format && d->fam != VM_ATOM && d->nelem > 1;

	if (swizzle && !add_tid) {
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "buffer resource with swizzle_enable=1 and add_tid_enable=0 is not implemented "
		          "(only the swizzled scratch layout with add_tid_enable=1 is)");
		return false;
	}
	const uint32_t *v0 = (idxen || offen) ? emu_vreg(w, in->addr, 0) : NULL;
	const uint32_t *v1 = (idxen && offen) ? emu_vreg(w, in->addr, 1) : NULL;
	va->contig = !swizzle;
	/* With add_tid_enable the lane is added to the index, and non-format
	 * ops extend STRIDE with DATA_FORMAT as its bits [17:14]. */
	bool add_lane = add_tid && (swizzle || !idxen);
	uint64_t stride_eff = add_lane && !format ? (uint64_t)dfmt << 14 | stride : stride;

	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec & lane_bit(l)))
			continue;
		uint32_t vidx = idxen ? v0[l] : 0;
		uint32_t voff = offen ? (idxen ? v1[l] : v0[l]) : 0;
		uint32_t opart = voff + ioff;
		uint32_t index = vidx + (add_lane ? l : 0);
		unsigned n;
		if (add_tid && !idxen) {
			n = d->nelem;
		} else if (idxen && stride) {
			n = vidx < nrec ? d->nelem : 0;
		} else {
			uint64_t bo = (uint64_t)opart + soff;
			if (bo + (uint64_t)d->nelem * d->bytes <= nrec)  /* the whole access: no division */
				n = d->nelem;
			else
				n = per_elem && bo < nrec ? (unsigned)((nrec - bo) / d->bytes) : 0;
		}
		va->nvalid[l] = (uint8_t)n;
		va->where[l] = VM_GLOBAL;
		if (!swizzle) {  /* linear: the elements follow each other */
			va->a[0][l] = base + soff + (uint64_t)index * stride_eff + opart;
			continue;
		}
		for (unsigned e = 0; e < d->nelem; e++) {
			uint32_t o = opart + e * d->bytes;
			if (e < n && (o & 3) + d->bytes > 4) {
				emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
				          "lane %u: swizzled buffer access at offset 0x%x crosses a 4-byte "
				          "swizzle element (not implemented)", l, o);
				return false;
			}
			va->a[e][l] = base + soff +
			              ((uint64_t)(index / istride) * stride_eff + (o / 4) * 4ull) * istride +
			              (index % istride) * 4ull + (o & 3);
		}
	}
	return true;
}

/* Scratch: FLAT_SCRATCH + per-dword swizzle of the private offset. */
static bool vm_scratch_elems(struct emu_wave *w, const struct emu_inst *in, const struct vm_desc *d,
                             unsigned l, uint32_t priv, struct vm_addr *va)
{
	uint64_t fs = (uint64_t)w->s[EMU_OP_FLAT_SCR_LO] | (uint64_t)w->s[EMU_OP_FLAT_SCR_HI] << 32;
	if (!fs) {
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
		          "scratch (private segment) access with FLAT_SCRATCH = 0: the dispatch has no "
		          "private segment (the packet's private_segment_size is 0, or the kernel "
		          "descriptor does not enable it)");
		return false;
	}
	va->where[l] = VM_SCRATCH;
	va->nvalid[l] = d->nelem;
	for (unsigned e = 0; e < d->nelem; e++) {
		uint32_t o = priv + e * d->bytes;
		if ((o & 3) + d->bytes > 4 && d->bytes <= 4) {
			emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
			          "lane %u: scratch access at private offset 0x%x crosses a swizzled dword "
			          "(not implemented)", l, o);
			return false;
		}
		va->a[e][l] = fs + (uint64_t)(o / 4) * (4 * EMU_LANES) + 4ull * l + (o & 3);
	}
	return true;
}

static bool vm_addr_flat(struct emu_wave *w, const struct emu_inst *in, const struct vm_desc *d,
                         uint64_t exec, struct vm_addr *va)
{
	/* The decoder's fields (emu_decode.c, emu_dec_mem): seg, the offset
	 * (GLOBAL/SCRATCH offset[12:0] signed; FLAT's offset[11:0] unsigned),
	 * saddr unless "off". */
	unsigned seg = in->seg;
	int64_t off = seg == 0 ? (int64_t)(in->imm & 0xfff) : (int64_t)in->imm;
	unsigned saddr = in->soffset;
	bool has_saddr = in->flags & EMU_F_SADDR;
	const uint32_t *v0 = emu_vreg(w, in->addr, 0);
	const uint32_t *v1 = emu_vreg(w, in->addr, 1);

	va->contig = false;
	switch (seg) {
	case 2: { /* GLOBAL */
		uint64_t sbase = has_saddr ? emu_sread64(w, in, saddr, EMU_T_B64) : 0;
		va->contig = true;
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!(exec & lane_bit(l)))
				continue;
			uint64_t a = has_saddr ? sbase + v0[l] : ((uint64_t)v0[l] | (uint64_t)v1[l] << 32);
			va->where[l] = VM_GLOBAL;
			va->nvalid[l] = d->nelem;
			va->a[0][l] = a + (uint64_t)off;
		}
		return true;
	}
	case 1: { /* SCRATCH: gfx942 says whether VADDR is used in SVE (bit 13);
	             gfx900/gfx90a use it exactly when saddr is off. */
		bool has_vaddr = gcn_has(w->prog->prof->tgt, GCN_F_FLAT_SCRATCH_SVS) ? (in->flags & EMU_F_LDS) != 0 : !has_saddr;
		uint32_t s = has_saddr ? emu_sread32(w, in, saddr, EMU_T_B32) : 0;
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!(exec & lane_bit(l)))
				continue;
			uint32_t priv = (has_vaddr ? v0[l] : 0) + s + (uint32_t)off;
			if (!vm_scratch_elems(w, in, d, l, priv, va))
				return false;
		}
		return true;
	}
	case 0: { /* FLAT: apertures */
		uint64_t sb = emu_aperture(w, EMU_OP_SHARED_BASE), sl = emu_aperture(w, EMU_OP_SHARED_LIMIT);
		uint64_t pb = emu_aperture(w, EMU_OP_PRIVATE_BASE), pl = emu_aperture(w, EMU_OP_PRIVATE_LIMIT);
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!(exec & lane_bit(l)))
				continue;
			uint64_t a = ((uint64_t)v0[l] | (uint64_t)v1[l] << 32) + (uint64_t)off;
			if (a >= sb && a <= sl) {
				va->where[l] = VM_LDS;
				va->nvalid[l] = d->nelem;
				for (unsigned e = 0; e < d->nelem; e++)
					va->a[e][l] = (uint32_t)(a - sb) + e * d->bytes;
			} else if (a >= pb && a <= pl) {
				if (!vm_scratch_elems(w, in, d, l, (uint32_t)(a - pb), va))
					return false;
			} else {
				va->where[l] = VM_GLOBAL;
				va->nvalid[l] = d->nelem;
				for (unsigned e = 0; e < d->nelem; e++)
					va->a[e][l] = a + (uint64_t)e * d->bytes;
			}
		}
		return true;
	}
	default:
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0, "FLAT instruction with reserved segment 3");
		return false;
	}
}

/* ---- execution ---- */

struct vm_ctx {
	struct emu_wave *w;
	const struct emu_inst *in;
	const struct vm_desc *d;
	uint64_t exec;
	uint64_t touched;              /* lanes with at least one element in range */
	uint8_t *lds;                  /* for VM_LDS lanes (FLAT in the shared aperture) */
	uint32_t lds_size;
	bool direct;                   /* vm_translate_direct: host pointer = address (below) */
	/* vm_fast_addr wrote every lane's address into va.a[0], each lane
	 * wholly in range, and found them not direct (ops->direct said no): the
	 * general path starts from there (vm_addr_whole). */
	bool addr_whole;
	/* vm_fast_addr: the whole wave's lanes one after another, lane l at
	 * va.a[0][0] + l * span (a lane-linear offset of the element size, not
	 * wrapping): its elements are one block (when not *partial). */
	bool packed;
	/* vm_fast_addr: a store whose lanes fill [lo, hi) in lane order, to
	 * be written here (ops->store_log), lane after lane. NULL: at a0. */
	uint8_t *dbuf;
	struct vm_addr va;
	void *host[4][EMU_LANES];      /* translated VM_GLOBAL/VM_SCRATCH elements */
	uint64_t acc_addr[EMU_LANES];
};

/* The common case in one range check: every lane's elements follow each
 * other in global memory (va.contig) and all of them lie inside one live
 * allocation. GPU addresses are host pointers (emu_mem.h), so no
 * per-element translation is needed then (c->direct). False, with nothing
 * reported, when that does not hold: the per-element path then finds the
 * faulting element. */
static bool vm_translate_direct(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	uint64_t lo = UINT64_MAX, hi = 0, touched = 0, m = c->exec;
	if (!c->va.contig)
		return false;
	while (m) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		m &= m - 1;
		uint64_t a = c->va.a[0][l];
		c->acc_addr[l] = a;
		unsigned n = c->va.nvalid[l];
		if (!n)
			continue;
		if (c->va.where[l] != VM_GLOBAL)
			return false;
		touched |= lane_bit(l);
		uint64_t end = a + (uint64_t)n * d->bytes;
		lo = a < lo ? a : lo;
		hi = end > hi ? end : hi;
	}
	if (touched && !c->w->ops->direct(c->w, lo, hi))
		return false;
	c->touched = touched;
	c->direct = true;
	return true;
}

/* Translate every in-range element; false after a fault was recorded. */
static bool vm_translate(struct vm_ctx *c, bool write)
{
	const struct vm_desc *d = c->d;
	bool atomic = d->fam == VM_ATOM;
	if (!atomic && !c->addr_whole && vm_translate_direct(c))
		return true;
	vm_addr_fill(&c->va, d->nelem, d->bytes, c->exec);
	c->touched = 0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(c->exec & lane_bit(l)))
			continue;
		c->acc_addr[l] = c->va.a[0][l];
		if (!c->va.nvalid[l])
			continue;
		c->touched |= lane_bit(l);
		if (atomic && c->va.a[0][l] % d->bytes) {
			emu_fault(c->w, c->in, EMU_FAULT_MEMORY, c->va.a[0][l],
			          "misaligned atomic: lane %u address 0x%llx is not a multiple of %u bytes", l,
			          (unsigned long long)c->va.a[0][l], d->bytes);
			return false;
		}
		if (c->va.where[l] == VM_LDS) {
			if (!c->lds)
				c->lds = emu_lds(c->w, &c->lds_size);
			continue;
		}
		for (unsigned e = 0; e < c->va.nvalid[l]; e++) {
			c->host[e][l] = emu_gva(c->w, c->va.a[e][l], d->bytes, write);
			if (!c->host[e][l])
				return false;
		}
	}
	return true;
}

/* MUBUF/MTBUF have a single VDATA field: the load destination, the store
 * data, and both for atomics (buffer_atomic_add v1, ... glc returns into v1);
 * FLAT has separate VDST and DATA fields. Accept whichever of dst/data[0]
 * the decoder filled for the single-field encodings. */
static unsigned vm_dst(const struct vm_ctx *c)
{
	const struct emu_inst *in = c->in;
	if (in->dst != EMU_OP_NONE)
		return in->dst;
	if (c->d->mode != VM_FLAT)
		return in->data[0];
	/* FLAT VDST is w1[31:24], an AGPR with ACC (EMU_F_ACC, decoded where
	 * the processor has the bit); the field exists even where the opcode
	 * table lists no destination (atomics print one only with glc/sc0), so
	 * the decoder leaves in->dst empty and the raw field is read here. */
	bool acc = in->flags & EMU_F_ACC;
	return EMU_OP_VGPR0 + (in->w[1] >> 24) + (acc ? EMU_OP_AGPR0 - EMU_OP_VGPR0 : 0);
}

static unsigned vm_src(const struct vm_ctx *c)
{
	if (c->d->mode != VM_FLAT && c->in->data[0] == EMU_OP_NONE)
		return c->in->dst;
	return c->in->data[0];
}

/* A FLAT access to the shared aperture: element e of lane l, checked
 * (emu_wave.h) and then read into or written from *v. */
static void vm_lds_elem(struct vm_ctx *c, unsigned e, unsigned l, uint64_t *v, enum emu_lds_op op)
{
	uint32_t a = (uint32_t)c->va.a[e][l];
	emu_lds_check(c->w, &a, 0, 1, c->d->bytes, op);
	if (op == EMU_LDS_READ)
		emu_exec_lds_read(c->lds, c->lds_size, a, v, c->d->bytes);
	else
		emu_exec_lds_write(c->lds, c->lds_size, a, v, c->d->bytes);
}

static uint64_t vm_read_elem(struct vm_ctx *c, unsigned e, unsigned l)
{
	uint64_t v = 0;
	if (c->direct)
		memcpy(&v, (const void *)(uintptr_t)(c->va.a[0][l] + (uint64_t)e * c->d->bytes), c->d->bytes);
	else if (c->va.where[l] == VM_LDS)
		vm_lds_elem(c, e, l, &v, EMU_LDS_READ);
	else
		memcpy(&v, c->host[e][l], c->d->bytes);
	return v;
}

static void vm_write_elem(struct vm_ctx *c, unsigned e, unsigned l, uint64_t v)
{
	if (c->direct)
		memcpy((void *)(uintptr_t)(c->va.a[0][l] + (uint64_t)e * c->d->bytes), &v, c->d->bytes);
	else if (c->va.where[l] == VM_LDS)
		vm_lds_elem(c, e, l, &v, EMU_LDS_WRITE);
	else
		memcpy(c->host[e][l], &v, c->d->bytes);
}

static void vm_end(struct vm_ctx *c, struct emu_pending *p, bool store, uint8_t kind, unsigned bytes)
{
	if (kind == EMU_ACC_GLOBAL) {
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (c->touched & lane_bit(l)) {
				kind = c->va.where[l] == VM_LDS ? EMU_ACC_LDS
				     : c->va.where[l] == VM_SCRATCH ? EMU_ACC_SCRATCH : EMU_ACC_GLOBAL;
				break;
			}
		}
	}
	struct emu_access acc = {
		.kind = kind,
		.store = store,
		.atomic = c->d->fam == VM_ATOM,
		.bytes = (uint8_t)bytes,
		.flags = c->in->flags & (EMU_F_GLC | EMU_F_SLC | EMU_F_SC1),
		.mask = c->touched,
		.addr = c->acc_addr,
	};
	emu_pend_end(c->w, p, &acc);
}

static void vm_load(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	unsigned ndw = d->bytes < 4 ? 1 : d->nelem;
	struct emu_pending *p = emu_pend_begin(c->w, c->in, EMU_CNT_VM);
	uint32_t *buf = emu_pend_vgpr(p, vm_dst(c), ndw, c->exec);
	/* d16: the loaded half now, the kept half from the register when the
	 * load completes */
	if (emu_exec_ext_d16(d->ext))
		emu_pend_keep(p, d->ext == EMU_EXT_D16_U || d->ext == EMU_EXT_D16_S ? 0xffff0000u : 0x0000ffffu);
	if (c->direct && d->bytes == 4) {  /* dwords of global memory, the common case */
		for (uint64_t m = c->exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			const uint8_t *src = (const uint8_t *)(uintptr_t)c->va.a[0][l];
			unsigned n = c->va.nvalid[l];
			for (unsigned e = 0; e < d->nelem; e++) {
				uint32_t v = 0;
				if (e < n)
					memcpy(&v, src + 4 * e, 4);
				buf[e * EMU_LANES + l] = v;
			}
		}
		vm_end(c, p, false, EMU_ACC_GLOBAL, (unsigned)d->bytes * d->nelem);
		return;
	}
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(c->exec & lane_bit(l)))
			continue;
		for (unsigned e = 0; e < d->nelem; e++) {
			uint32_t raw = e < c->va.nvalid[l] ? (uint32_t)vm_read_elem(c, e, l) : 0;
			if (d->bytes >= 4)
				buf[e * EMU_LANES + l] = raw;
			else
				buf[l] = emu_exec_load_ext((enum emu_ext)d->ext, d->bytes, raw, 0);
		}
	}
	vm_end(c, p, false, EMU_ACC_GLOBAL, (unsigned)d->bytes * d->nelem);
}

static void vm_store(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	if (c->direct && d->bytes == 4) {  /* dwords to global memory, the common case */
		unsigned src = vm_src(c);
		for (uint64_t m = c->touched; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			uint8_t *dst = (uint8_t *)(uintptr_t)c->va.a[0][l];
			for (unsigned e = 0; e < c->va.nvalid[l]; e++)
				memcpy(dst + 4 * e, &emu_vreg(c->w, src, e)[l], 4);
		}
		struct emu_pending *p = emu_pend_begin(c->w, c->in, EMU_CNT_VM);
		vm_end(c, p, true, EMU_ACC_GLOBAL, (unsigned)d->bytes * d->nelem);
		return;
	}
	const uint32_t *src[4];  /* the data registers, once for all lanes */
	for (unsigned e = 0; e < d->nelem && e < 4; e++)
		src[e] = emu_vreg(c->w, vm_src(c), d->bytes >= 4 ? e : 0);
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(c->touched & lane_bit(l)))
			continue;
		for (unsigned e = 0; e < c->va.nvalid[l]; e++) {
			uint32_t v = src[e][l];
			if (d->ext == EMU_EXT_HI)
				v >>= 16;
			vm_write_elem(c, e, l, v);
		}
	}
	struct emu_pending *p = emu_pend_begin(c->w, c->in, EMU_CNT_VM);
	vm_end(c, p, true, EMU_ACC_GLOBAL, (unsigned)d->bytes * d->nelem);
}

static uint64_t vm_data64(struct vm_ctx *c, unsigned k, unsigned l)
{
	uint64_t v = emu_vreg(c->w, vm_src(c), k)[l];
	if (c->d->bytes == 8)
		v |= (uint64_t)emu_vreg(c->w, vm_src(c), k + 1)[l] << 32;
	return v;
}

static uint64_t vm_atom_apply(unsigned op, unsigned bytes, uint64_t old, uint64_t src, uint64_t cmp)
{
	return emu_exec_atom((enum emu_atom)op, bytes * 8u, old, src, cmp);
}

/* Atomics the machine performs later (w->ops->atomic): the data is read
 * now, the pre-op values reach the pending result when they are done. LDS
 * lanes (FLAT in the shared aperture) are the workgroup's: done now. */
static void vm_atomic_deferred(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	unsigned k = d->bytes / 4u;
	uint64_t src[EMU_LANES], cmp[EMU_LANES];
	for (uint64_t m = c->touched; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		src[l] = vm_data64(c, 0, l);
		cmp[l] = d->atom == EMU_ATOM_CMPSWAP ? vm_data64(c, k, l) : 0;
	}
	bool rtn = c->in->flags & EMU_F_GLC;
	struct emu_pending *p = emu_pend_begin(c->w, c->in, EMU_CNT_VM);
	uint32_t *buf = rtn ? emu_pend_vgpr(p, vm_dst(c), k, c->exec) : NULL;
	if (buf)
		memset(buf, 0, (size_t)k * EMU_LANES * sizeof(*buf));
	for (uint64_t m = c->touched; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		if (c->va.where[l] == VM_LDS) {
			uint64_t old = vm_read_elem(c, 0, l);
			vm_write_elem(c, 0, l, vm_atom_apply(d->atom, d->bytes, old, src[l], cmp[l]));
			for (unsigned j = 0; buf && j < k; j++)
				buf[j * EMU_LANES + l] = (uint32_t)(old >> (32 * j));
			continue;
		}
		struct emu_atomic_req r = { .addr = c->va.a[0][l], .bytes = (uint8_t)d->bytes, .op = d->atom,
		                            .src = src[l], .cmp = cmp[l], .apply = vm_atom_apply,
		                            .ret = buf ? &buf[l] : NULL, .stride = EMU_LANES };
		c->w->ops->atomic(c->w, &r);
	}
	vm_end(c, p, !rtn, EMU_ACC_GLOBAL, d->bytes);
}

/* Atomics: data = {src} or, for cmpswap, {src, cmp}; GLC (gfx942: sc0)
 * returns the pre-op value. */
static void vm_atomic(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	unsigned k = d->bytes / 4u;
	if (c->w->ops->atomic) {
		vm_atomic_deferred(c);
		return;
	}
	uint64_t old[EMU_LANES] = { 0 };
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(c->touched & lane_bit(l)))
			continue;
		uint64_t src = vm_data64(c, 0, l);
		uint64_t cmp = d->atom == EMU_ATOM_CMPSWAP ? vm_data64(c, k, l) : 0;
		old[l] = vm_read_elem(c, 0, l);
		vm_write_elem(c, 0, l, emu_exec_atom((enum emu_atom)d->atom, d->bytes * 8u, old[l], src, cmp));
	}
	bool rtn = c->in->flags & EMU_F_GLC;
	struct emu_pending *p = emu_pend_begin(c->w, c->in, EMU_CNT_VM);
	if (rtn) {
		uint32_t *buf = emu_pend_vgpr(p, vm_dst(c), k, c->exec);
		for (unsigned l = 0; l < EMU_LANES; l++)
			for (unsigned j = 0; j < k; j++)
				buf[j * EMU_LANES + l] = (uint32_t)(old[l] >> (32 * j));
	}
	vm_end(c, p, !rtn, EMU_ACC_GLOBAL, d->bytes);
}

/* Loads to LDS (MUBUF lds=1; gfx942 global/scratch_load_lds_*): lane l's
 * dword goes to LDS_ADDR = M0 + inst_offset + 4 * l (CDNA3 ISA, "Global
 * Load LDS" / Vega ISA, "Buffer Instructions" LDS_ADDR = LDSbase + LDS_offset
 * + inst_offset + TIDinWave * 4; LLVM intrinsics global.load.lds and
 * raw.buffer.load.lds: "imm offset (applied to both global and LDS
 * address)"). Sub-dword elements are extended to a dword; out-of-range lanes
 * write 0. The pending LDS write is one contiguous run of dwords, so lanes
 * outside EXEC inside the run rewrite the value they held at issue. */
static void vm_load_lds(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	const struct emu_inst *in = c->in;
	if (d->nelem != 1 || d->bytes > 4 || emu_exec_ext_d16(d->ext)) {
		emu_fault(c->w, in, EMU_FAULT_ILLEGAL, 0,
		          "lds=1 is only valid on dword, ubyte, sbyte, ushort and sshort loads on this GPU");
		return;
	}
	int32_t ioff;
	if (d->mode != VM_FLAT)
		ioff = (int32_t)(in->imm & 0xfff);          /* MUBUF offset[11:0] */
	else if (in->seg == 0)
		ioff = (int32_t)(in->imm & 0xfff);          /* FLAT offset[11:0] */
	else
		ioff = in->imm;                             /* GLOBAL/SCRATCH offset[12:0], signed */
	uint32_t lds0 = c->w->s[EMU_OP_M0] + (uint32_t)ioff;
	if (!c->exec) {
		struct emu_pending *p = emu_pend_begin(c->w, in, EMU_CNT_VM);
		vm_end(c, p, false, EMU_ACC_GLOBAL_TO_LDS, d->bytes);
		return;
	}
	unsigned last = 63 - (unsigned)__builtin_clzll(c->exec);
	uint32_t size;
	uint8_t *lds = emu_lds(c->w, &size);
	/* The LDS dwords the active lanes will write (M0 + offset + 4 x lane). */
	uint32_t lva[EMU_LANES];
	for (unsigned l = 0; l < EMU_LANES; l++)
		lva[l] = lds0 + 4 * l;
	emu_lds_check(c->w, lva, 0, c->exec, 4, EMU_LDS_WRITE);
	struct emu_pending *p = emu_pend_begin(c->w, in, EMU_CNT_VM);
	uint32_t *buf = emu_pend_lds(p, lds0, last + 1);
	for (unsigned l = 0; l <= last; l++) {
		if (!(c->exec & lane_bit(l))) {
			emu_exec_lds_read(lds, size, lds0 + 4 * l, &buf[l], 4);
			continue;
		}
		uint32_t raw = c->va.nvalid[l] ? (uint32_t)vm_read_elem(c, 0, l) : 0;
		buf[l] = emu_exec_load_ext((enum emu_ext)d->ext, d->bytes, raw, 0);
	}
	vm_end(c, p, false, EMU_ACC_GLOBAL_TO_LDS, d->bytes);
}

/* MTBUF: only the 32-bit-per-component formats, whose data pass unchanged:
 * dfmt (w0[22:19]) BUF_DATA_FORMAT_32 (4), 32_32 (11), 32_32_32 (13),
 * 32_32_32_32 (14) with as many components as the instruction, and nfmt
 * (w0[25:23]) UINT (4), SINT (5) or FLOAT (7). */
static bool vm_tbuf_format_ok(struct emu_wave *w, const struct emu_inst *in, const struct vm_desc *d)
{
	static const uint8_t dfmt_of_comps[5] = { 0, 4, 11, 13, 14 };
	unsigned dfmt = (in->w[0] >> 19) & 0xf, nfmt = (in->w[0] >> 23) & 7;
	if (dfmt == dfmt_of_comps[d->nelem] && (nfmt == 4 || nfmt == 5 || nfmt == 7))
		return true;
	emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0,
	          "tbuffer format dfmt=%u nfmt=%u with %u components is not implemented (only the "
	          "32-bit UINT/SINT/FLOAT formats matching the component count are)", dfmt, nfmt, d->nelem);
	return false;
}

/* ---- fast path ----
 * Most vector memory instructions are dword loads and stores with a plain
 * buffer resource (no swizzle, no index, no add_tid) or GLOBAL addressing,
 * all of whose lanes land in one allocation. vm_fast does those in two
 * tight passes (addresses and range check; data) with the same semantics
 * as the general path below, and returns false, having changed nothing,
 * for anything else: the general path then starts from scratch, or from
 * the lane addresses when only the one-allocation check failed
 * (c->addr_whole). */

/* Lane addresses into c->va.a[0] (element e at + 4e), c->touched and, when
 * some lane is only partly in range (buffer num_records), c->va.nvalid and
 * c->partial. False, with nothing reported, when the instruction is not
 * one vm_fast handles or its lanes are not all inside one allocation (then
 * c->addr_whole if no lane was partly in range). */
/* Whole wave: a0[l] = base + x[l] with x[l] = v[l] + add (32 bits,
 * wrapping as the lane loops compute it), and the least and greatest x;
 * four lanes per step in 128-bit vectors (GCC vector extension). The
 * usual offsets are lane-linear (x[l] = x[0] + l * d, the lane's id times
 * the element size): checked while the addresses are written, and then
 * the ends are the least and greatest unless the 63 steps wrap 32 bits;
 * otherwise a second pass finds them (SSE2 compares unsigned words in
 * several instructions); eight lanes per step in 256-bit vectors where the
 * host has AVX2. */
typedef uint64_t vm_v2u64 __attribute__((vector_size(16)));
typedef uint32_t vm_a4u32 __attribute__((vector_size(16)));

/* vm_wave_addr32's ends: lane-linear (linear) and not wrapping 32 bits,
 * the first and the last lane (true); otherwise a pass over the lanes. */
static inline __attribute__((always_inline)) bool vm_addr32_ends(const uint32_t *v, uint32_t add, uint32_t x0,
                                                                  uint32_t d, bool linear, uint32_t *xmin,
                                                                  uint32_t *xmax)
{
	const vm_a4u32 vadd = { add, add, add, add }, zero = { 0, 0, 0, 0 };
	uint64_t last = (uint64_t)x0 + (uint64_t)(EMU_LANES - 1) * d;
	if (linear && last <= UINT32_MAX) {
		*xmin = x0;
		*xmax = (uint32_t)last;
		return true;
	}
	vm_a4u32 mn = ~zero, mx = zero;
	for (unsigned l = 0; l < EMU_LANES; l += 4) {
		vm_a4u32 x;
		memcpy(&x, &v[l], 16);
		x += vadd;
		vm_a4u32 lt = (vm_a4u32)(x < mn), gt = (vm_a4u32)(x > mx);
		mn = (x & lt) | (mn & ~lt);
		mx = (x & gt) | (mx & ~gt);
	}
	uint32_t m0 = mn[0], m1 = mx[0];
	for (unsigned k = 1; k < 4; k++) {
		m0 = mn[k] < m0 ? mn[k] : m0;
		m1 = mx[k] > m1 ? mx[k] : m1;
	}
	*xmin = m0;
	*xmax = m1;
	return false;
}

static bool vm_wave_addr32_sse2(const uint32_t *v, uint32_t add, uint64_t base, uint64_t *a0, uint32_t *xmin,
                                uint32_t *xmax)
{
	const vm_a4u32 vadd = { add, add, add, add }, zero = { 0, 0, 0, 0 };
	const vm_v2u64 vb = { base, base };
	const uint32_t x0 = v[0] + add, d = v[1] - v[0];
	vm_a4u32 expect = { x0, x0 + d, x0 + 2 * d, x0 + 3 * d }, diff = zero;
	const vm_a4u32 step = { 4 * d, 4 * d, 4 * d, 4 * d };
	for (unsigned l = 0; l < EMU_LANES; l += 4) {
		vm_a4u32 x;
		memcpy(&x, &v[l], 16);
		x += vadd;
		diff |= x ^ expect;
		expect += step;
		vm_v2u64 lo = (vm_v2u64)__builtin_shuffle(x, zero, (vm_a4u32){ 0, 4, 1, 5 }) + vb;
		vm_v2u64 hi = (vm_v2u64)__builtin_shuffle(x, zero, (vm_a4u32){ 2, 6, 3, 7 }) + vb;
		memcpy(&a0[l], &lo, 16);
		memcpy(&a0[l + 2], &hi, 16);
	}
	return vm_addr32_ends(v, add, x0, d, !(diff[0] | diff[1] | diff[2] | diff[3]), xmin, xmax);
}

/* The same, eight lanes per step in 256-bit vectors (the widening is one
 * vpmovzxdq per four lanes). */
typedef uint32_t vm_a8u32 __attribute__((vector_size(32)));
typedef uint64_t vm_v4u64 __attribute__((vector_size(32)));

__attribute__((target("avx2")))
static bool vm_wave_addr32_avx2(const uint32_t *v, uint32_t add, uint64_t base, uint64_t *a0, uint32_t *xmin,
                                uint32_t *xmax)
{
	const vm_a4u32 zero = { 0, 0, 0, 0 };
	const uint32_t x0 = v[0] + add, d = v[1] - v[0];
	vm_a8u32 expect = { x0, x0 + d, x0 + 2 * d, x0 + 3 * d, x0 + 4 * d, x0 + 5 * d, x0 + 6 * d, x0 + 7 * d };
	vm_a8u32 diff = { 0 };
	for (unsigned l = 0; l < EMU_LANES; l += 8) {
		vm_a8u32 x;
		vm_a4u32 h[2];
		memcpy(&x, &v[l], 32);
		x += add;
		diff |= x ^ expect;
		expect += 8 * d;
		memcpy(h, &x, 32);
		vm_v4u64 lo = (vm_v4u64)__builtin_shufflevector(h[0], zero, 0, 4, 1, 5, 2, 6, 3, 7) + base;
		vm_v4u64 hi = (vm_v4u64)__builtin_shufflevector(h[1], zero, 0, 4, 1, 5, 2, 6, 3, 7) + base;
		memcpy(&a0[l], &lo, 32);
		memcpy(&a0[l + 4], &hi, 32);
	}
	uint32_t any = 0;
	for (unsigned k = 0; k < 8; k++)
		any |= diff[k];
	return vm_addr32_ends(v, add, x0, d, !any, xmin, xmax);
}

/* The host's widest of the two (the CPU's features, read once by libgcc
 * at load time). True when the lanes are linear without a wrap: lane l's
 * address is a0[0] + l * (v[1] - v[0]). */
static bool vm_wave_addr32(const uint32_t *v, uint32_t add, uint64_t base, uint64_t *a0, uint32_t *xmin,
                           uint32_t *xmax)
{
	if (__builtin_cpu_supports("avx2"))
		return vm_wave_addr32_avx2(v, add, base, a0, xmin, xmax);
	return vm_wave_addr32_sse2(v, add, base, a0, xmin, xmax);
}

/* Whole wave, 64-bit VGPR addresses: a0[l] = (v1[l]:v0[l]) + off, and the
 * least and greatest; the lane-linear check of vm_wave_addr32 (two lanes
 * per step), a scalar pass only for other layouts. */
static void vm_wave_addr64(const uint32_t *v0, const uint32_t *v1, uint64_t off, uint64_t *a0, uint64_t *amin,
                           uint64_t *amax)
{
	const vm_v2u64 voff = { off, off };
	const uint64_t first = ((uint64_t)v0[0] | (uint64_t)v1[0] << 32) + off;
	const uint64_t d = ((uint64_t)v0[1] | (uint64_t)v1[1] << 32) + off - first;
	vm_v2u64 expect = { first, first + d }, diff = { 0, 0 };
	const vm_v2u64 step = { 2 * d, 2 * d };
	for (unsigned l = 0; l < EMU_LANES; l += 4) {
		vm_a4u32 lo, hi;
		memcpy(&lo, &v0[l], 16);
		memcpy(&hi, &v1[l], 16);
		vm_v2u64 p = (vm_v2u64)__builtin_shuffle(lo, hi, (vm_a4u32){ 0, 4, 1, 5 }) + voff;
		vm_v2u64 q = (vm_v2u64)__builtin_shuffle(lo, hi, (vm_a4u32){ 2, 6, 3, 7 }) + voff;
		diff |= p ^ expect;
		expect += step;
		diff |= q ^ expect;
		expect += step;
		memcpy(&a0[l], &p, 16);
		memcpy(&a0[l + 2], &q, 16);
	}
	if (!(diff[0] | diff[1]) && d <= (UINT64_MAX - first) / (EMU_LANES - 1)) {
		*amin = first;
		*amax = first + (EMU_LANES - 1) * d;
		return;
	}
	uint64_t mn = UINT64_MAX, mx = 0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		mn = a0[l] < mn ? a0[l] : mn;
		mx = a0[l] > mx ? a0[l] : mx;
	}
	*amin = mn;
	*amax = mx;
}

/* Whether the touched lanes' elements fill [lo, hi) exactly, lane after
 * lane (a contiguous store: its per-element stores in order are one
 * range). */
static bool vm_lanes_fill(const struct vm_ctx *c, uint64_t lo, uint64_t hi, unsigned span)
{
	uint64_t at = lo;
	if (hi - lo != (uint64_t)span * (unsigned)__builtin_popcountll(c->touched))
		return false;  /* gaps or overlaps (a strided store): not one range */
	for (uint64_t m = c->touched; m; m &= m - 1) {
		if (c->va.a[0][__builtin_ctzll(m)] != at)
			return false;
		at += span;
	}
	return at == hi && at != lo;
}

/* emu_sread32 of a 32-bit operand, its SGPR case (the V# and soffset of a
 * buffer instruction) inline: the same grant check (emu_sgpr), no call. */
static inline uint32_t vm_sread(struct emu_wave *w, const struct emu_inst *in, unsigned code)
{
	if (code <= EMU_OP_EXEC_HI)
		return w->s[emu_sgpr(w, code)];
	return emu_sread32(w, in, code, EMU_T_B32);
}

static bool vm_fast_addr(struct vm_ctx *c, bool *partial)
{
	struct emu_wave *w = c->w;
	const struct emu_inst *in = c->in;
	const struct vm_desc *d = c->d;
	const unsigned nelem = d->nelem, span = 4u * nelem;
	const uint64_t exec = c->exec;
	uint64_t *a0 = c->va.a[0];
	uint64_t lo, hi;

	*partial = false;
	if (!exec) {
		c->touched = 0;
		return true;
	}
	if (d->mode == VM_BUF) {
		uint32_t rs1 = vm_sread(w, in, in->srsrc + 1);
		uint32_t rs3 = vm_sread(w, in, in->srsrc + 3);
		if ((rs1 >> 31) || ((rs3 >> 23) & 1) || (in->flags & EMU_F_IDXEN))
			return false;  /* swizzle, add_tid or an index: the general path */
		uint64_t base = vm_sread(w, in, in->srsrc) | (uint64_t)(rs1 & 0xffff) << 32;
		uint32_t nrec = vm_sread(w, in, in->srsrc + 2);
		uint32_t soff = vm_sread(w, in, in->soffset);
		uint32_t ioff = (uint32_t)in->imm & 0xfff;
		/* bo = (uint32)(voff + ioff) + soff, the byte offset vm_addr_buf
		 * range-checks; min/max of bo bound the lanes. */
		uint64_t bmin = UINT64_MAX, bmax = 0;
		if (in->flags & EMU_F_OFFEN) {
			const uint32_t *v0 = emu_vreg(w, in->addr, 0);
			if (exec == ~0ull) {
				uint32_t xmin, xmax;
				c->packed = vm_wave_addr32(v0, ioff, base + soff, a0, &xmin, &xmax) && v0[1] - v0[0] == span;
				bmin = (uint64_t)xmin + soff;
				bmax = (uint64_t)xmax + soff;
			} else {
				for (uint64_t m = exec; m; m &= m - 1) {
					unsigned l = (unsigned)__builtin_ctzll(m);
					uint64_t bo = (uint64_t)(uint32_t)(v0[l] + ioff) + soff;
					a0[l] = base + bo;
					bmin = bo < bmin ? bo : bmin;
					bmax = bo > bmax ? bo : bmax;
				}
			}
		} else {
			bmin = bmax = (uint64_t)ioff + soff;
			for (uint64_t m = exec; m; m &= m - 1)
				a0[__builtin_ctzll(m)] = base + bmin;
		}
		c->touched = exec;
		if (bmax + span > nrec) {
			/* Some lane ends past num_records: vm_addr_buf's rule per
			 * lane (per dword for x2..x4, all or nothing otherwise). */
			*partial = true;
			c->touched = 0;
			bmin = UINT64_MAX;
			bmax = 0;
			for (uint64_t m = exec; m; m &= m - 1) {
				unsigned l = (unsigned)__builtin_ctzll(m);
				uint64_t bo = a0[l] - base;
				unsigned n = nelem;
				if (bo + span > nrec)
					n = nelem > 1 && bo < nrec ? (unsigned)((nrec - bo) / 4) : 0;
				c->va.nvalid[l] = (uint8_t)n;
				if (!n)
					continue;
				c->touched |= lane_bit(l);
				bmin = bo < bmin ? bo : bmin;
				bmax = bo + 4u * n - span > bmax ? bo + 4u * n - span : bmax;
			}
			if (!c->touched)
				return true;
		}
		lo = base + bmin;
		hi = base + bmax + span;
	} else {
		unsigned seg = in->seg, saddr = in->soffset;
		bool has_saddr = in->flags & EMU_F_SADDR;
		if (seg != 2)
			return false;  /* FLAT (apertures) and SCRATCH: the general path */
		int64_t off = in->imm;
		const uint32_t *v0 = emu_vreg(w, in->addr, 0), *v1 = emu_vreg(w, in->addr, 1);
		uint64_t amin = UINT64_MAX, amax = 0;
		if (has_saddr && exec == ~0ull) {
			uint64_t sbase = emu_sread64(w, in, saddr, EMU_T_B64) + (uint64_t)off;
			uint32_t xmin, xmax;
			c->packed = vm_wave_addr32(v0, 0, sbase, a0, &xmin, &xmax) && v0[1] - v0[0] == span;
			amin = sbase + xmin;
			amax = sbase + xmax;
		} else if (has_saddr) {
			uint64_t sbase = emu_sread64(w, in, saddr, EMU_T_B64) + (uint64_t)off;
			for (uint64_t m = exec; m; m &= m - 1) {
				unsigned l = (unsigned)__builtin_ctzll(m);
				uint64_t a = sbase + v0[l];
				a0[l] = a;
				amin = a < amin ? a : amin;
				amax = a > amax ? a : amax;
			}
		} else if (exec == ~0ull) {
			vm_wave_addr64(v0, v1, (uint64_t)off, a0, &amin, &amax);
		} else {
			for (uint64_t m = exec; m; m &= m - 1) {
				unsigned l = (unsigned)__builtin_ctzll(m);
				uint64_t a = ((uint64_t)v0[l] | (uint64_t)v1[l] << 32) + (uint64_t)off;
				a0[l] = a;
				amin = a < amin ? a : amin;
				amax = a > amax ? a : amax;
			}
		}
		c->touched = exec;
		lo = amin;
		hi = amax + span;
	}
	if (w->ops->direct(w, lo, hi))
		return true;
	if (d->fam == VM_STORE && !*partial && w->ops->store_log && vm_lanes_fill(c, lo, hi, span) &&
	    (c->dbuf = w->ops->store_log(w, lo, hi)))
		return true;
	c->addr_whole = !*partial;
	return false;
}

/* The general path's addresses from vm_fast_addr's (c->addr_whole): every
 * lane of the exec mask global and wholly in range, its elements following
 * each other, as vm_addr_buf and vm_addr_flat would have found them. */
static void vm_addr_whole(struct vm_ctx *c)
{
	c->va.contig = true;
	memset(c->va.where, VM_GLOBAL, sizeof(c->va.where));
	memset(c->va.nvalid, c->d->nelem, sizeof(c->va.nvalid));
}

static void vm_fast_end(struct vm_ctx *c, struct emu_pending *p, bool store)
{
	struct emu_access acc = {
		.kind = EMU_ACC_GLOBAL,
		.store = store,
		.atomic = false,
		.bytes = (uint8_t)(4u * c->d->nelem),
		.flags = c->in->flags & (EMU_F_GLC | EMU_F_SLC | EMU_F_SC1),
		.mask = c->touched,
		.addr = c->va.a[0],
	};
	emu_pend_end(c->w, p, &acc);
}

/* Whole-wave dwordx4 moves between memory (16 bytes at a0[l] for lane l)
 * and the register layout (dword e of lane l at rows[e][l]): four lanes at
 * a time through a 4 x 4 transpose in 128-bit vectors (GCC vector
 * extension), instead of 16 scalar moves per four lanes. */
typedef uint32_t vm_v4u32 __attribute__((vector_size(16)));

/* 4 x 4 transpose: rows a, b, c, d become columns (punpck{l,h}dq, then
 * punpck{l,h}qdq). */
#define VM_TRANSPOSE4(a, b, c, d)                                                   \
	do {                                                                        \
		vm_v4u32 t0_ = __builtin_shuffle(a, b, (vm_v4u32){ 0, 4, 1, 5 });   \
		vm_v4u32 t1_ = __builtin_shuffle(c, d, (vm_v4u32){ 0, 4, 1, 5 });   \
		vm_v4u32 t2_ = __builtin_shuffle(a, b, (vm_v4u32){ 2, 6, 3, 7 });   \
		vm_v4u32 t3_ = __builtin_shuffle(c, d, (vm_v4u32){ 2, 6, 3, 7 });   \
		a = __builtin_shuffle(t0_, t1_, (vm_v4u32){ 0, 1, 4, 5 });          \
		b = __builtin_shuffle(t0_, t1_, (vm_v4u32){ 2, 3, 6, 7 });          \
		c = __builtin_shuffle(t2_, t3_, (vm_v4u32){ 0, 1, 4, 5 });          \
		d = __builtin_shuffle(t2_, t3_, (vm_v4u32){ 2, 3, 6, 7 });          \
	} while (0)

static void vm_gather_x4_sse2(uint32_t *buf, const uint64_t *a0)
{
	for (unsigned l = 0; l < EMU_LANES; l += 4) {
		vm_v4u32 r0, r1, r2, r3;
		memcpy(&r0, (const void *)(uintptr_t)a0[l], 16);
		memcpy(&r1, (const void *)(uintptr_t)a0[l + 1], 16);
		memcpy(&r2, (const void *)(uintptr_t)a0[l + 2], 16);
		memcpy(&r3, (const void *)(uintptr_t)a0[l + 3], 16);
		VM_TRANSPOSE4(r0, r1, r2, r3);
		memcpy(&buf[l], &r0, 16);
		memcpy(&buf[EMU_LANES + l], &r1, 16);
		memcpy(&buf[2 * EMU_LANES + l], &r2, 16);
		memcpy(&buf[3 * EMU_LANES + l], &r3, 16);
	}
}

/* Lane by lane in lane order as far as memory sees it (a later lane's bytes
 * win where two lanes overlap): the four stores of a group go in order. */
static void vm_scatter_x4_sse2(const uint64_t *a0, const uint32_t *const dv[4])
{
	for (unsigned l = 0; l < EMU_LANES; l += 4) {
		vm_v4u32 r0, r1, r2, r3;
		memcpy(&r0, &dv[0][l], 16);
		memcpy(&r1, &dv[1][l], 16);
		memcpy(&r2, &dv[2][l], 16);
		memcpy(&r3, &dv[3][l], 16);
		VM_TRANSPOSE4(r0, r1, r2, r3);
		memcpy((void *)(uintptr_t)a0[l], &r0, 16);
		memcpy((void *)(uintptr_t)a0[l + 1], &r1, 16);
		memcpy((void *)(uintptr_t)a0[l + 2], &r2, 16);
		memcpy((void *)(uintptr_t)a0[l + 3], &r3, 16);
	}
}

/* The same moves eight lanes at a time where the host has AVX2: lanes
 * l..l+3 in the low 128 bits of a 256-bit vector and l+4..l+7 in the high
 * ones, VM_TRANSPOSE4's shuffles within each half (vpunpck on ymm). */
typedef uint32_t vm_v8u32 __attribute__((vector_size(32)));

#define VM_TRANSPOSE8(a, b, c, d)                                                                \
	do {                                                                                     \
		vm_v8u32 t0_ = __builtin_shuffle(a, b, (vm_v8u32){ 0, 8, 1, 9, 4, 12, 5, 13 });   \
		vm_v8u32 t1_ = __builtin_shuffle(c, d, (vm_v8u32){ 0, 8, 1, 9, 4, 12, 5, 13 });   \
		vm_v8u32 t2_ = __builtin_shuffle(a, b, (vm_v8u32){ 2, 10, 3, 11, 6, 14, 7, 15 }); \
		vm_v8u32 t3_ = __builtin_shuffle(c, d, (vm_v8u32){ 2, 10, 3, 11, 6, 14, 7, 15 }); \
		a = __builtin_shuffle(t0_, t1_, (vm_v8u32){ 0, 1, 8, 9, 4, 5, 12, 13 });          \
		b = __builtin_shuffle(t0_, t1_, (vm_v8u32){ 2, 3, 10, 11, 6, 7, 14, 15 });        \
		c = __builtin_shuffle(t2_, t3_, (vm_v8u32){ 0, 1, 8, 9, 4, 5, 12, 13 });          \
		d = __builtin_shuffle(t2_, t3_, (vm_v8u32){ 2, 3, 10, 11, 6, 7, 14, 15 });        \
	} while (0)

/* Lane l's 16 bytes (low half) and lane l + 4's (high half). */
#define VM_LOAD_PAIR(r, a0, l)                                                   \
	do {                                                                     \
		vm_v4u32 x_, y_;                                                 \
		memcpy(&x_, (const void *)(uintptr_t)(a0)[l], 16);               \
		memcpy(&y_, (const void *)(uintptr_t)(a0)[(l) + 4], 16);         \
		r = __builtin_shufflevector(x_, y_, 0, 1, 2, 3, 4, 5, 6, 7);     \
	} while (0)

/* The low (h = 0) or high half of r to the 16 bytes at a. */
#define VM_STORE_HALF(a, r, h)                                                                         \
	do {                                                                                           \
		vm_v4u32 x_ = __builtin_shufflevector(r, r, 4 * (h), 4 * (h) + 1, 4 * (h) + 2, 4 * (h) + 3); \
		memcpy((void *)(uintptr_t)(a), &x_, 16);                                               \
	} while (0)

/* Lanes l..l+7 of the four result rows (64 dwords apart in buf), or of
 * the four data rows dv, to or from the transpose's four vectors. */
#define VM_ROWS_OUT(buf, l, r0, r1, r2, r3)                 \
	do {                                                  \
		memcpy(&(buf)[l], &(r0), 32);                     \
		memcpy(&(buf)[EMU_LANES + (l)], &(r1), 32);       \
		memcpy(&(buf)[2 * EMU_LANES + (l)], &(r2), 32);   \
		memcpy(&(buf)[3 * EMU_LANES + (l)], &(r3), 32);   \
	} while (0)
#define VM_ROWS_IN(dv, l, r0, r1, r2, r3)                   \
	do {                                                  \
		memcpy(&(r0), &(dv)[0][l], 32);                   \
		memcpy(&(r1), &(dv)[1][l], 32);                   \
		memcpy(&(r2), &(dv)[2][l], 32);                   \
		memcpy(&(r3), &(dv)[3][l], 32);                   \
	} while (0)

__attribute__((target("avx2")))
static void vm_gather_x4_avx2(uint32_t *buf, const uint64_t *a0)
{
	for (unsigned l = 0; l < EMU_LANES; l += 8) {
		vm_v8u32 r0, r1, r2, r3;
		VM_LOAD_PAIR(r0, a0, l);
		VM_LOAD_PAIR(r1, a0, l + 1);
		VM_LOAD_PAIR(r2, a0, l + 2);
		VM_LOAD_PAIR(r3, a0, l + 3);
		VM_TRANSPOSE8(r0, r1, r2, r3);
		VM_ROWS_OUT(buf, l, r0, r1, r2, r3);
	}
}

/* In lane order, as vm_scatter_x4_sse2. */
__attribute__((target("avx2")))
static void vm_scatter_x4_avx2(const uint64_t *a0, const uint32_t *const dv[4])
{
	for (unsigned l = 0; l < EMU_LANES; l += 8) {
		vm_v8u32 r0, r1, r2, r3;
		VM_ROWS_IN(dv, l, r0, r1, r2, r3);
		VM_TRANSPOSE8(r0, r1, r2, r3);
		VM_STORE_HALF(a0[l], r0, 0);
		VM_STORE_HALF(a0[l + 1], r1, 0);
		VM_STORE_HALF(a0[l + 2], r2, 0);
		VM_STORE_HALF(a0[l + 3], r3, 0);
		VM_STORE_HALF(a0[l + 4], r0, 1);
		VM_STORE_HALF(a0[l + 5], r1, 1);
		VM_STORE_HALF(a0[l + 6], r2, 1);
		VM_STORE_HALF(a0[l + 7], r3, 1);
	}
}

/* The lanes one after another (vm_ctx.packed): the 1 KiB at src in
 * 32-byte moves, two lanes each, paired into VM_TRANSPOSE8's halves by
 * vperm2i128, no per-lane address. */
__attribute__((target("avx2")))
static void vm_gather_x4_packed_avx2(uint32_t *buf, const uint8_t *src)
{
	for (unsigned l = 0; l < EMU_LANES; l += 8, src += 128) {
		vm_v8u32 q0, q1, q2, q3;  /* lanes l and l+1, l+2 and l+3, ... */
		memcpy(&q0, src, 32);
		memcpy(&q1, src + 32, 32);
		memcpy(&q2, src + 64, 32);
		memcpy(&q3, src + 96, 32);
		vm_v8u32 r0 = __builtin_shufflevector(q0, q2, 0, 1, 2, 3, 8, 9, 10, 11);
		vm_v8u32 r1 = __builtin_shufflevector(q0, q2, 4, 5, 6, 7, 12, 13, 14, 15);
		vm_v8u32 r2 = __builtin_shufflevector(q1, q3, 0, 1, 2, 3, 8, 9, 10, 11);
		vm_v8u32 r3 = __builtin_shufflevector(q1, q3, 4, 5, 6, 7, 12, 13, 14, 15);
		VM_TRANSPOSE8(r0, r1, r2, r3);
		VM_ROWS_OUT(buf, l, r0, r1, r2, r3);
	}
}

/* The inverse: rows to the 1 KiB at dst (the lanes do not overlap). */
__attribute__((target("avx2")))
static void vm_scatter_x4_packed_avx2(uint8_t *dst, const uint32_t *const dv[4])
{
	for (unsigned l = 0; l < EMU_LANES; l += 8, dst += 128) {
		vm_v8u32 r0, r1, r2, r3;
		VM_ROWS_IN(dv, l, r0, r1, r2, r3);
		VM_TRANSPOSE8(r0, r1, r2, r3);
		vm_v8u32 q0 = __builtin_shufflevector(r0, r1, 0, 1, 2, 3, 8, 9, 10, 11);
		vm_v8u32 q1 = __builtin_shufflevector(r2, r3, 0, 1, 2, 3, 8, 9, 10, 11);
		vm_v8u32 q2 = __builtin_shufflevector(r0, r1, 4, 5, 6, 7, 12, 13, 14, 15);
		vm_v8u32 q3 = __builtin_shufflevector(r2, r3, 4, 5, 6, 7, 12, 13, 14, 15);
		memcpy(dst, &q0, 32);
		memcpy(dst + 32, &q1, 32);
		memcpy(dst + 64, &q2, 32);
		memcpy(dst + 96, &q3, 32);
	}
}

/* packed: the lanes follow each other from a0[0] (vm_ctx.packed). */
static void vm_gather_x4(uint32_t *buf, const uint64_t *a0, bool packed)
{
	if (!__builtin_cpu_supports("avx2"))
		vm_gather_x4_sse2(buf, a0);
	else if (packed)
		vm_gather_x4_packed_avx2(buf, (const uint8_t *)(uintptr_t)a0[0]);
	else
		vm_gather_x4_avx2(buf, a0);
}

static void vm_scatter_x4(const uint64_t *a0, const uint32_t *const dv[4], bool packed)
{
	if (!__builtin_cpu_supports("avx2"))
		vm_scatter_x4_sse2(a0, dv);
	else if (packed)
		vm_scatter_x4_packed_avx2((uint8_t *)(uintptr_t)a0[0], dv);
	else
		vm_scatter_x4_avx2(a0, dv);
}

static bool vm_fast(struct vm_ctx *c)
{
	const struct vm_desc *d = c->d;
	bool partial;
	if ((d->fam != VM_LOAD && d->fam != VM_STORE) || d->bytes != 4 || d->ext != EMU_EXT_NONE ||
	    d->mode == VM_TBUF || (c->in->flags & EMU_F_LDS) || !vm_fast_addr(c, &partial))
		return false;
	const unsigned nelem = d->nelem;
	const uint64_t *a0 = c->va.a[0];
	const uint8_t *nv = c->va.nvalid;
	if (d->fam == VM_STORE) {
		/* Data registers are read at issue, before pend_begin can retire
		 * older loads into them (as vm_store does). */
		const uint32_t *dv[4];
		unsigned src = vm_src(c);
		for (unsigned e = 0; e < nelem; e++)
			dv[e] = emu_vreg(c->w, src, e);
		if (c->dbuf) {  /* the lanes one after another (vm_lanes_fill) */
			uint8_t *dst = c->dbuf;
			for (uint64_t m = c->touched; m; m &= m - 1) {
				unsigned l = (unsigned)__builtin_ctzll(m);
				for (unsigned e = 0; e < nelem; e++, dst += 4)
					memcpy(dst, &dv[e][l], 4);
			}
		} else if (!partial && nelem == 4 && c->touched == ~0ull) {  /* dwordx4, whole wave */
			vm_scatter_x4(a0, dv, c->packed);
		} else if (!partial && nelem == 4) {  /* dwordx4: a lane's 16 bytes at once */
			for (uint64_t m = c->touched; m; m &= m - 1) {
				unsigned l = (unsigned)__builtin_ctzll(m);
				uint32_t t[4] = { dv[0][l], dv[1][l], dv[2][l], dv[3][l] };
				memcpy((void *)(uintptr_t)a0[l], t, sizeof(t));
			}
		} else {
			for (uint64_t m = c->touched; m; m &= m - 1) {
				unsigned l = (unsigned)__builtin_ctzll(m);
				uint8_t *dst = (uint8_t *)(uintptr_t)a0[l];
				unsigned n = partial ? nv[l] : nelem;
				for (unsigned e = 0; e < n; e++)
					memcpy(dst + 4 * e, &dv[e][l], 4);
			}
		}
		vm_fast_end(c, emu_pend_begin(c->w, c->in, EMU_CNT_VM), true);
		return true;
	}
	struct emu_pending *p = emu_pend_begin(c->w, c->in, EMU_CNT_VM);
	uint32_t *buf = emu_pend_vgpr(p, vm_dst(c), nelem, c->exec);
	if (!partial && nelem == 4 && c->exec == ~0ull) {  /* dwordx4, whole wave */
		vm_gather_x4(buf, a0, c->packed);
	} else if (!partial && nelem == 4) {  /* dwordx4 */
		for (uint64_t m = c->exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			uint32_t t[4];
			memcpy(t, (const void *)(uintptr_t)a0[l], sizeof(t));
			buf[l] = t[0];
			buf[EMU_LANES + l] = t[1];
			buf[2 * EMU_LANES + l] = t[2];
			buf[3 * EMU_LANES + l] = t[3];
		}
	} else if (!partial && nelem == 1) {
		for (uint64_t m = c->exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			memcpy(&buf[l], (const void *)(uintptr_t)a0[l], 4);
		}
	} else {
		for (uint64_t m = c->exec; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			const uint8_t *src = (const uint8_t *)(uintptr_t)a0[l];
			unsigned n = partial ? nv[l] : nelem;
			for (unsigned e = 0; e < nelem; e++) {
				uint32_t v = 0;
				if (e < n)
					memcpy(&v, src + 4 * e, 4);
				buf[e * EMU_LANES + l] = v;
			}
		}
	}
	vm_fast_end(c, p, false);
	return true;
}

static void vm_exec(struct emu_wave *w, const struct emu_inst *in, const struct vm_desc *d)
{
	if (d->fam == VM_CACHE) {
		/* buffer_wbinvl1[_vol], buffer_wbl2, buffer_invl2, buffer_inv: no
		 * functional effect (the emulator has no incoherent caches) but they
		 * are VMEM instructions counted by vmcnt. */
		struct emu_pending *p = emu_pend_begin(w, in, EMU_CNT_VM);
		struct emu_access acc = { .kind = EMU_ACC_GLOBAL,
		                          .flags = in->flags & (EMU_F_GLC | EMU_F_SLC | EMU_F_SC1) };
		emu_pend_end(w, p, &acc);
		return;
	}
	if (in->flags & EMU_F_TFE) {
		emu_fault(w, in, EMU_FAULT_UNIMPLEMENTED, 0, "tfe=1 (texture fail enable) is not implemented");
		return;
	}
	if (d->mode == VM_TBUF && !vm_tbuf_format_ok(w, in, d))
		return;

	/* The per-lane arrays are written for the lanes that use them before
	 * anything reads them: only the scalar fields are initialised (zeroing
	 * ~5 KiB per instruction was most of its cost). */
	struct vm_ctx ctx;
	struct vm_ctx *c = &ctx;
	c->w = w;
	c->in = in;
	c->d = d;
	c->exec = emu_exec_mask(w);
	c->touched = 0;
	c->lds = NULL;
	c->lds_size = 0;
	c->direct = false;
	c->addr_whole = false;
	c->dbuf = NULL;
	c->packed = false;
	if (vm_fast(c))
		return;
	if (c->addr_whole)
		vm_addr_whole(c);
	else if (!(d->mode == VM_FLAT ? vm_addr_flat(w, in, d, c->exec, &c->va)
	                              : vm_addr_buf(w, in, d, c->exec, &c->va)))
		return;
	bool lds_direct = d->fam == VM_LOAD_LDS || (d->mode == VM_BUF && (in->flags & EMU_F_LDS));
	if (lds_direct && d->fam != VM_LOAD && d->fam != VM_LOAD_LDS) {
		emu_fault(w, in, EMU_FAULT_ILLEGAL, 0, "lds=1 on a buffer store or atomic");
		return;
	}
	if (!vm_translate(c, d->fam == VM_STORE || d->fam == VM_ATOM))
		return;
	if (lds_direct) {
		vm_load_lds(c);
		return;
	}
	switch ((enum vm_family)d->fam) {
	case VM_LOAD:
		vm_load(c);
		break;
	case VM_STORE:
		vm_store(c);
		break;
	case VM_ATOM:
		vm_atomic(c);
		break;
	case VM_LOAD_LDS:
	case VM_CACHE:
		break;
	}
}

/* ---- handler lists ----
 * X(mnemonic, mode, family, bytes, nelem, ext, atom) */

#define VM_LOADS_STORES(X, P, M) \
	X(P##_load_dword,          M, LOAD,  4, 1, NONE,    NONE) \
	X(P##_load_dwordx2,        M, LOAD,  4, 2, NONE,    NONE) \
	X(P##_load_dwordx3,        M, LOAD,  4, 3, NONE,    NONE) \
	X(P##_load_dwordx4,        M, LOAD,  4, 4, NONE,    NONE) \
	X(P##_load_ubyte,          M, LOAD,  1, 1, U,       NONE) \
	X(P##_load_sbyte,          M, LOAD,  1, 1, S,       NONE) \
	X(P##_load_ushort,         M, LOAD,  2, 1, U,       NONE) \
	X(P##_load_sshort,         M, LOAD,  2, 1, S,       NONE) \
	X(P##_load_ubyte_d16,      M, LOAD,  1, 1, D16_U,   NONE) \
	X(P##_load_sbyte_d16,      M, LOAD,  1, 1, D16_S,   NONE) \
	X(P##_load_short_d16,      M, LOAD,  2, 1, D16_U,   NONE) \
	X(P##_load_ubyte_d16_hi,   M, LOAD,  1, 1, D16HI_U, NONE) \
	X(P##_load_sbyte_d16_hi,   M, LOAD,  1, 1, D16HI_S, NONE) \
	X(P##_load_short_d16_hi,   M, LOAD,  2, 1, D16HI_U, NONE) \
	X(P##_store_byte,          M, STORE, 1, 1, NONE,    NONE) \
	X(P##_store_byte_d16_hi,   M, STORE, 1, 1, HI,      NONE) \
	X(P##_store_short,         M, STORE, 2, 1, NONE,    NONE) \
	X(P##_store_short_d16_hi,  M, STORE, 2, 1, HI,      NONE) \
	X(P##_store_dword,         M, STORE, 4, 1, NONE,    NONE) \
	X(P##_store_dwordx2,       M, STORE, 4, 2, NONE,    NONE) \
	X(P##_store_dwordx3,       M, STORE, 4, 3, NONE,    NONE) \
	X(P##_store_dwordx4,       M, STORE, 4, 4, NONE,    NONE)

#define VM_ATOMICS(X, P, M) \
	X(P##_atomic_swap,         M, ATOM, 4, 1, NONE, SWAP)    \
	X(P##_atomic_cmpswap,      M, ATOM, 4, 1, NONE, CMPSWAP) \
	X(P##_atomic_add,          M, ATOM, 4, 1, NONE, ADD)     \
	X(P##_atomic_sub,          M, ATOM, 4, 1, NONE, SUB)     \
	X(P##_atomic_smin,         M, ATOM, 4, 1, NONE, SMIN)    \
	X(P##_atomic_umin,         M, ATOM, 4, 1, NONE, UMIN)    \
	X(P##_atomic_smax,         M, ATOM, 4, 1, NONE, SMAX)    \
	X(P##_atomic_umax,         M, ATOM, 4, 1, NONE, UMAX)    \
	X(P##_atomic_and,          M, ATOM, 4, 1, NONE, AND)     \
	X(P##_atomic_or,           M, ATOM, 4, 1, NONE, OR)      \
	X(P##_atomic_xor,          M, ATOM, 4, 1, NONE, XOR)     \
	X(P##_atomic_inc,          M, ATOM, 4, 1, NONE, INC)     \
	X(P##_atomic_dec,          M, ATOM, 4, 1, NONE, DEC)     \
	X(P##_atomic_swap_x2,      M, ATOM, 8, 1, NONE, SWAP)    \
	X(P##_atomic_cmpswap_x2,   M, ATOM, 8, 1, NONE, CMPSWAP) \
	X(P##_atomic_add_x2,       M, ATOM, 8, 1, NONE, ADD)     \
	X(P##_atomic_sub_x2,       M, ATOM, 8, 1, NONE, SUB)     \
	X(P##_atomic_smin_x2,      M, ATOM, 8, 1, NONE, SMIN)    \
	X(P##_atomic_umin_x2,      M, ATOM, 8, 1, NONE, UMIN)    \
	X(P##_atomic_smax_x2,      M, ATOM, 8, 1, NONE, SMAX)    \
	X(P##_atomic_umax_x2,      M, ATOM, 8, 1, NONE, UMAX)    \
	X(P##_atomic_and_x2,       M, ATOM, 8, 1, NONE, AND)     \
	X(P##_atomic_or_x2,        M, ATOM, 8, 1, NONE, OR)      \
	X(P##_atomic_xor_x2,       M, ATOM, 8, 1, NONE, XOR)     \
	X(P##_atomic_inc_x2,       M, ATOM, 8, 1, NONE, INC)     \
	X(P##_atomic_dec_x2,       M, ATOM, 8, 1, NONE, DEC)     \
	X(P##_atomic_add_f32,      M, ATOM, 4, 1, NONE, FADD)    \
	X(P##_atomic_pk_add_f16,   M, ATOM, 4, 1, NONE, PK_FADD_F16) \
	X(P##_atomic_add_f64,      M, ATOM, 8, 1, NONE, FADD)    \
	X(P##_atomic_min_f64,      M, ATOM, 8, 1, NONE, FMIN)    \
	X(P##_atomic_max_f64,      M, ATOM, 8, 1, NONE, FMAX)

#define VM_LDS_LOADS(X, P) \
	X(P##_load_lds_dword,      VM_FLAT, LOAD_LDS, 4, 1, NONE, NONE) \
	X(P##_load_lds_ubyte,      VM_FLAT, LOAD_LDS, 1, 1, U,    NONE) \
	X(P##_load_lds_sbyte,      VM_FLAT, LOAD_LDS, 1, 1, S,    NONE) \
	X(P##_load_lds_ushort,     VM_FLAT, LOAD_LDS, 2, 1, U,    NONE) \
	X(P##_load_lds_sshort,     VM_FLAT, LOAD_LDS, 2, 1, S,    NONE)

/* tbuffer_<op>_format_x..xyzw: 1 to 4 components of 4 bytes
 * (vm_tbuf_format_ok). */
#define VM_TBUF_FORMATS(X, OP, FAM) \
	X(tbuffer_##OP##_format_x,    VM_TBUF, FAM, 4, 1, NONE, NONE) \
	X(tbuffer_##OP##_format_xy,   VM_TBUF, FAM, 4, 2, NONE, NONE) \
	X(tbuffer_##OP##_format_xyz,  VM_TBUF, FAM, 4, 3, NONE, NONE) \
	X(tbuffer_##OP##_format_xyzw, VM_TBUF, FAM, 4, 4, NONE, NONE)

#define VM_HANDLERS(X) \
	VM_LOADS_STORES(X, buffer, VM_BUF) \
	VM_LOADS_STORES(X, flat, VM_FLAT) \
	VM_LOADS_STORES(X, global, VM_FLAT) \
	VM_LOADS_STORES(X, scratch, VM_FLAT) \
	VM_ATOMICS(X, buffer, VM_BUF) \
	VM_ATOMICS(X, flat, VM_FLAT) \
	VM_ATOMICS(X, global, VM_FLAT) \
	X(flat_atomic_pk_add_bf16,   VM_FLAT, ATOM, 4, 1, NONE, PK_FADD_BF16) \
	X(global_atomic_pk_add_bf16, VM_FLAT, ATOM, 4, 1, NONE, PK_FADD_BF16) \
	VM_LDS_LOADS(X, global) \
	VM_LDS_LOADS(X, scratch) \
	VM_TBUF_FORMATS(X, load, LOAD) \
	VM_TBUF_FORMATS(X, store, STORE) \
	X(buffer_wbinvl1,            VM_BUF,  CACHE, 0, 0, NONE, NONE) \
	X(buffer_wbinvl1_vol,        VM_BUF,  CACHE, 0, 0, NONE, NONE) \
	X(buffer_wbl2,               VM_BUF,  CACHE, 0, 0, NONE, NONE) \
	X(buffer_invl2,              VM_BUF,  CACHE, 0, 0, NONE, NONE) \
	X(buffer_inv,                VM_BUF,  CACHE, 0, 0, NONE, NONE)

#define VM_DEFINE(mn, mode, fam, bytes, nelem, ext, atom) \
	MEM_HANDLER(mn, struct vm_desc, vm_exec, mode, VM_##fam, bytes, nelem, EMU_EXT_##ext, EMU_ATOM_##atom)
VM_HANDLERS(VM_DEFINE)
#undef VM_DEFINE

const struct emu_sem emu_sem_vmem[] = {
	VM_HANDLERS(MEM_ENTRY)
	EMU_SEM_END
};
