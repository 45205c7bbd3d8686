# layers.mk — the emulator's layers ({emu/hsa, emu/kfd} -> emu/cp ->
# emu/core -> {emu/sem, emu/model} -> emu/wave -> emu/isa -> emu/arch),
# checked by the linker (and, include by include, by tests/e2e/layers.t):
#
#   build/lib/libemu-core.so   every emu/ object but those of the two front
#                              ends, emu/hsa/ (the HSA runtime surface) and
#                              emu/kfd/ (the KFD thunk), with common/ (code
#                              the host shares), linked with -z defs: the
#                              command processor, the core, the semantics
#                              and the cycle model build and resolve every
#                              symbol without either front end.
#
# `make emu-core` builds it; `make test` builds it first (test-build).

EMU_CORE_SRCS := $(filter-out emu/hsa/% emu/kfd/%,$(EMU_SRCS)) $(COMMON_SRCS)
EMU_CORE_SO := $(BUILD)/lib/libemu-core.so

$(EMU_CORE_SO): $(call objs,$(BUILD),$(EMU_CORE_SRCS))
	@mkdir -p $(@D)
	$(call say,LINK,$@ (emu/ without emu/hsa/ and emu/kfd/))
	$(Q)$(CC) -shared -Wl,-z,defs -o $@ $^ $(LIBS_EMU)

.PHONY: emu-core
emu-core: $(EMU_CORE_SO)
test-build: $(EMU_CORE_SO)
