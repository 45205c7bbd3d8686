# kernels.mk — code objects from asm/**/*.s and asm/**/*.hip.
#
# Which objects a source gives, and for which arches, is written in the source
# itself (`// gcnlab: variant ...`, `// gcnlab: archs ...`; mk/kernels.awk
# documents the syntax, README.md shows it). Suite objects go to
# build/<arch>/<name>.co, test-only variants to build/<arch>/test/<name>.co.
#
#   .s   : llvm-mc -mcpu=<arch> --amdhsa-code-object-version=5 --defsym GFX=<n>
#          --defsym SYM=VAL... -> build/<arch>/obj/<name>.o -> ld.lld -shared
#   .hip : clang -x hip --cuda-device-only ... --no-gpu-bundle-output -DSYM=VAL
#          (clang runs lld itself; the result must be a plain ELF DYN object)

# asm/programs/ holds whole HIP programs (host and device), built by hipcc
# (mk/hipcc.mk), not kernels.
KERNEL_SRCS := $(sort $(shell find asm -path asm/programs -prune -o -type f \( -name '*.s' -o -name '*.hip' \) -print 2>/dev/null))
ASM_INCS := $(wildcard asm/include/*.inc)
HIP_HDR := asm/hip/include/gcnlab_hip.h
# A change of the build rules rebuilds the kernels too (they are cheap).
KMK_DEPS := mk/kernels.mk mk/kernels.awk mk/procs.mk

MC_FLAGS := -triple amdgcn-amd-amdhsa --amdhsa-code-object-version=5 --fatal-warnings \
	-filetype=obj -I asm/include
HIP_FLAGS := -x hip --cuda-device-only -nogpulib -nogpuinc -O3 -mcode-object-version=5 \
	--no-gpu-bundle-output -Wall -Wextra -Werror -include $(HIP_HDR)

# GFX number the sources test with .if: $(call gfxnum,ARCH), the row's
# asm_num (mk/procs.mk); an arch without a row stops the build rather than
# assembling as another.

KREC := $(shell awk -v mode=records -v known="$(ARCHS)" -f mk/kernels.awk $(KERNEL_SRCS) /dev/null)
ifneq ($(filter !error,$(KREC)),)
$(error gcnlab: bad `gcnlab:` header lines in asm/ (see the messages above))
endif

# kdir KIND, ARCH
kdir = $(BUILD)/$(2)$(if $(filter test,$(1)),/test)
kdefs = $(if $(filter -,$(1)),,$(subst :, ,$(1)))

# asm_recipe NAME, SRC, DEFS, NAMED, ARCH
define asm_recipe
@mkdir -p $(BUILD)/$(5)/obj $(@D)
$(call say,MC,$(2) -> $@)
$(Q)$(LLVM_MC) $(MC_FLAGS) -mcpu=$(5) --defsym GFX=$(call gfxnum,$(5)) \
	$(addprefix --defsym ,$(call kdefs,$(3))) $(2) -o $(BUILD)/$(5)/obj/$(1).o$(TMP) && \
	$(LLD) -shared --discard-all -o $@$(TMP) $(BUILD)/$(5)/obj/$(1).o$(TMP); \
	st=$$?; rm -f $(BUILD)/$(5)/obj/$(1).o$(TMP); [ $$st = 0 ] || { rm -f $@$(TMP); exit 1; }
$(if $(filter 1,$(4)),@$(LLVM_READELF) --dyn-syms --wide $@$(TMP) | grep -q ' $(1)\.kd$$' || \
	{ echo "$(2): variant $(1): the object defines no kernel $(1) (the name the source builds differs)" >&2; \
	  rm -f $@$(TMP); exit 1; })
@mv -f $@$(TMP) $@
endef

# hip_recipe NAME, SRC, DEFS, NAMED, ARCH
define hip_recipe
@mkdir -p $(@D)
$(call say,HIP,$(2) -> $@)
$(Q)$(CLANG) $(HIP_FLAGS) --offload-arch=$(5) -DGCNLAB_GFX=$(call gfxnum,$(5)) \
	$(addprefix -D,$(call kdefs,$(3))) -c $(2) -o $@$(TMP) || { rm -f $@$(TMP); exit 1; }
@$(LLVM_READELF) -h $@$(TMP) | grep -q 'DYN (Shared object' || \
	{ echo "$@: clang did not produce a plain ELF code object (offload bundle?)" >&2; rm -f $@$(TMP); exit 1; }
$(if $(filter 1,$(4)),@$(LLVM_READELF) --dyn-syms --wide $@$(TMP) | grep -q ' $(1)\.kd$$' || \
	{ echo "$(2): variant $(1): the object defines no kernel $(1)" >&2; rm -f $@$(TMP); exit 1; })
@mv -f $@$(TMP) $@
endef

# kernel_tpl NAME, SRC, KIND, ARCHS, DEFS, NAMED, ARCH
define kernel_tpl
ifneq ($(filter all $(7),$(subst :, ,$(4))),)
KCO_$(3)_$(7) += $(call kdir,$(3),$(7))/$(1).co
$(call kdir,$(3),$(7))/$(1).co: $(2) $(if $(filter %.hip,$(2)),$(HIP_HDR),$(ASM_INCS)) $(KMK_DEPS) | check-deps
	$$(call $(if $(filter %.hip,$(2)),hip_recipe,asm_recipe),$(1),$(2),$(5),$(6),$(7))
endif
endef

# kernel_rec RECORD, ARCH: split name|src|kind|archs|defs|named into arguments.
kf = $(word $(2),$(subst |, ,$(1)))
kernel_rec = $(call kernel_tpl,$(call kf,$(1),1),$(call kf,$(1),2),$(call kf,$(1),3),$(call kf,$(1),4),$(call kf,$(1),5),$(call kf,$(1),6),$(2))

$(foreach a,$(ARCHS),$(foreach r,$(KREC),$(eval $(call kernel_rec,$(r),$(a)))))
