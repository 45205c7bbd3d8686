# kfd.mk — the emulated KFD thunk, build/lib/kfd/libhsakmt.so.1: emu/kfd/
# over the command processor and the core (every emu/ object but emu/hsa/),
# with common/. Debian's unmodified ROCr (libhsa-runtime64.so.1) links
# libhsakmt.so.1 by soname, so loading this one first (the host's
# --backend rocr-emu) or putting its folder first in LD_LIBRARY_PATH
# (tools/rocr-emu) puts ROCr on the emulated GPU. The version script gives
# the hsaKmt* entry points version HSAKMT_1, as ROCr imports them, and hides
# the rest.

KFD_SRCS := $(filter-out emu/hsa/%,$(EMU_SRCS)) $(COMMON_SRCS)
KFD_SO := $(BUILD)/lib/kfd/libhsakmt.so.1
KFD_VER := emu/kfd/libhsakmt.ver

$(KFD_SO): $(call objs,$(BUILD),$(KFD_SRCS)) $(KFD_VER)
	@mkdir -p $(@D)
	$(call say,LINK,$@ (emulated KFD thunk))
	$(Q)$(CC) -shared -Wl,-z,defs -Wl,-soname,libhsakmt.so.1 -Wl,--version-script=$(KFD_VER) \
		-o $@ $(call objs,$(BUILD),$(KFD_SRCS)) $(LIBS_EMU)

.PHONY: kfd
kfd: $(KFD_SO)
all: $(KFD_SO)
test-build: $(KFD_SO)

# tools/rocr-emu's LD_PRELOAD shim (tools/kfd_devnode.c): rocminfo's
# pre-check opens /dev/kfd. Built apart: it must never be linked into
# anything else.
KFD_DEVNODE := $(BUILD)/lib/kfd/libgcnlab-devkfd.so

$(KFD_DEVNODE): tools/kfd_devnode.c | check-deps
	@mkdir -p $(@D)
	$(call say,CC,$< -> $@)
	$(Q)$(CC) $(CSTD_FLAGS) -fPIC -shared -o $@ $< -ldl

kfd: $(KFD_DEVNODE)
all: $(KFD_DEVNODE)
test-build: $(KFD_DEVNODE)
