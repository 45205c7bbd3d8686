# model.mk — the cycle model seen from outside:
#
#   make trace KERNEL=name [ARCH=gfx942] [WAVE=n]
#       gcnlab trace: the suite kernel `name` run once as its suite launches
#       it, on the emulator, printed as its disassembly annotated per
#       instruction (issues, cycles, stalls by cause); WAVE=n traces only
#       wave n instead of summing all waves. Other code objects: gcnlab exec
#       CODE KERNEL --grid .. --block .. --trace ARG...
#
#   build/tests/model/<arch>/<name>.co
#       tests/asm/model/<name>.s (one kernel each) for tests/e2e/model.t,
#       assembled like asm/ (kernels.mk) with tests/asm/model on the include
#       path; model_stream_u<N> are model_stream.s with UNROLL=N.

MODEL_DIR := $(BUILD)/tests/model
MODEL_SRCS := $(sort $(wildcard tests/asm/model/*.s))
MODEL_INCS := $(wildcard tests/asm/model/*.inc) $(ASM_INCS)
MODEL_PLAIN := $(filter-out model_stream,$(patsubst tests/asm/model/%.s,%,$(MODEL_SRCS)))
MODEL_STREAM_UNROLLS := 1 2 4 8 16
MODEL_NAMES := $(MODEL_PLAIN) $(addprefix model_stream_u,$(MODEL_STREAM_UNROLLS))
MODEL_COS := $(foreach a,$(ARCHS),$(foreach n,$(MODEL_NAMES),$(MODEL_DIR)/$(a)/$(n).co))

# model_asm ARCH, SOURCE, DEFS: recipe lines for $@
define model_asm
@mkdir -p $(@D)
$(call say,MC,$(2) -> $@)
$(Q)$(LLVM_MC) $(MC_FLAGS) -I tests/asm/model -mcpu=$(1) --defsym GFX=$(call gfxnum,$(1)) \
	$(addprefix --defsym ,$(3)) $(2) -o $(@:.co=.o)
$(Q)$(LLD) -shared --discard-all -o $@ $(@:.co=.o)
endef

# model_tpl ARCH
define model_tpl
$(MODEL_DIR)/$(1)/model_stream_u%.co: tests/asm/model/model_stream.s $(MODEL_INCS) mk/model.mk | check-deps
	$$(call model_asm,$(1),$$<,UNROLL=$$*)
$(MODEL_DIR)/$(1)/%.co: tests/asm/model/%.s $(MODEL_INCS) mk/model.mk | check-deps
	$$(call model_asm,$(1),$$<,)
endef
$(foreach a,$(ARCHS),$(eval $(call model_tpl,$(a))))

.PHONY: trace model-kernels
model-kernels: $(MODEL_COS)
test-build: model-kernels

trace: $(EMU_SO) $(GCNLAB) kernels
	@if [ -z "$(KERNEL)" ]; then \
		echo "usage: make trace KERNEL=<suite kernel> [ARCH=...] [WAVE=n]; gcnlab list shows the kernels" >&2; \
		exit 2; \
	fi
	$(GCNLAB) trace $(KERNEL) --arch $(ARCH) --backend emu $(if $(WAVE),--trace-wave $(WAVE))
