# gcnlab — build, kernels and tests. `make help` lists the targets; README.md
# explains them. The pieces live in mk/: toolchain.mk (LLVM, HSA headers,
# deps), c.mk (emulator, host, unit tests), kernels.mk (asm/ -> code objects),
# test.mk (make test).

.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
# Parallel by default, one job per core; `make -j1` (or any -jN) overrides.
# A sub-make (make run's) joins its parent's jobserver instead of forcing
# its own -j, which make warns about ("resetting jobserver mode"); make 4.3
# does not show the inherited -j in MAKEFLAGS while it parses, MAKELEVEL
# tells a sub-make.
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
.SUFFIXES:
MAKEFLAGS += --no-builtin-rules

# ARCHS and gfxnum: the rows of common/gcn_proc.c.
include mk/procs.mk
# make run with no ARCH and BACKEND auto: the GPU that is present (KFD's
# topology, tools/detect_arch.sh), so an MI250 or a Vega 64 does not fall
# back to the emulator; with none (or one gcnlab has no kernels for), the
# emulated gfx942. Other targets default to gfx942.
comma := ,
ARCH_FROM :=
ifeq ($(origin ARCH),undefined)
ifneq ($(filter run run-suites,$(MAKECMDGOALS)),)
ifeq ($(or $(BACKEND),auto),auto)
ARCH_GPU := $(shell sh tools/detect_arch.sh 2>/dev/null)
ifneq ($(filter $(ARCH_GPU),$(ARCHS)),)
ARCH := $(ARCH_GPU)
ARCH_FROM := the $(ARCH_GPU) GPU present (ARCH not given)
else
ARCH_FROM := $(if $(ARCH_GPU),the GPU present is $(ARCH_GPU)$(comma) which gcnlab has no kernels for:,no GPU present:) the emulated gfx942 (ARCH not given)
endif
endif
endif
endif
ARCH ?= gfx942
ifeq ($(filter $(ARCH),$(ARCHS)),)
$(error ARCH=$(ARCH) is not supported: use one of $(ARCHS))
endif

BUILD := build

# Every built file is written under a temporary name and renamed into place
# (`-o $@$(TMP) ... && mv -f $@$(TMP) $@`): two makes at once, or a gcnlab
# started mid-build, see the old file or the new one, never one being
# written. The suffix is this make's pid: each make's temporaries are its
# own, and the lines of one recipe share them.
MAKE_PID := $(shell echo $$PPID)
TMP = .tmp.$(MAKE_PID)
# install_tmp: the temporary into place, or removed when the command failed.
install_tmp = && mv -f $@$(TMP) $@ || { rm -f $@$(TMP); exit 1; }

# V=1 prints every command; otherwise one short line per step.
ifeq ($(V),1)
Q :=
say =
else
Q := @
say = @printf '  %-5s %s\n' '$(1)' '$(2)'
endif

include mk/toolchain.mk
include mk/c.mk
include mk/kernels.mk
include mk/tools.mk
include mk/test.mk
include mk/tests_hip.mk
include mk/compare.mk
include mk/hip.mk
include mk/bench.mk
include mk/model.mk
include mk/seeds.mk
include mk/tsan.mk
include mk/kd.mk
include mk/version.mk
include mk/layers.mk
include mk/kfd.mk
include mk/hipcc.mk
include mk/suppress.mk

.PHONY: all kernels kernels-all run run-suites bench disasm clean help info

all: $(EMU_SO) $(GCNLAB) kernels

# The emulated GPU's speed: wave-instructions per host second on the copy
# suite and a clang-compiled compute kernel, and callgrind host instructions
# per emulated instruction (mk/bench.mk, tools/bench.sh).
bench: $(EMU_SO) $(GCNLAB) kernels $(patsubst tests/bench/%.hip,$(BENCH_DIR)/$(ARCH)/%.co,$(BENCH_SRCS))
	@GCNLAB_BIN=$(abspath $(GCNLAB)) GCNLAB_BUILD=$(abspath $(BUILD)) \
		bash tools/bench.sh --arch $(ARCH) --n $(BENCH_N) --reps $(BENCH_REPS) \
		$(if $(filter 0,$(BENCH_CALLGRIND)),--no-callgrind)

# Suite code objects for $(ARCH); says which sources the arch skips, and
# removes code objects that no source produces any more (a suite directory
# must list exactly the current kernels).
kernels: $(KCO_suite_$(ARCH))
	@awk -v mode=skips -v arch=$(ARCH) -v known="$(ARCHS)" -f mk/kernels.awk $(KERNEL_SRCS) /dev/null
	@for f in $(BUILD)/$(ARCH)/*.co; do \
		[ -e "$$f" ] || continue; \
		case " $(KCO_suite_$(ARCH)) " in *" $$f "*) ;; \
		*) rm -f "$$f"; echo "  RM    stale $$f";; esac; \
	done
	@echo "kernels: $(words $(KCO_suite_$(ARCH))) code objects for $(ARCH) in $(BUILD)/$(ARCH)/"

kernels-all: $(foreach a,$(ARCHS),$(KCO_suite_$(a)))

# make run ARCH=gfx942 [SUITE=copy] [BACKEND=emu|rocr|auto]: first installs
# what building and running need (tools/deps.sh --for run; as root, else it
# prints the apt-get command), then builds in a fresh make, which sees the
# LLVM just installed. Results go to results/<arch>-<backend>/ (not tracked).
run: deps-run
	@$(MAKE) --no-print-directory run-suites

run-suites: all
	$(if $(ARCH_FROM),@echo "make run: ARCH=$(ARCH): $(ARCH_FROM)")
	$(GCNLAB) run $(or $(SUITE),all) --arch $(ARCH) --backend $(or $(BACKEND),auto)

# make disasm KERNEL=copy_256_4_64_256 [ARCH=gfx90a]: code and metadata of one
# code object (suite or test). Builds that one code object only (cmp_obj,
# mk/compare.mk), not every kernel of every arch.
disasm: $(if $(KERNEL),$(call cmp_obj,$(KERNEL))) $(KD_TOOL)
	@co="$(if $(KERNEL),$(call cmp_obj,$(KERNEL)))"; \
	if [ -z "$(KERNEL)" ] || [ -z "$$co" ]; then \
		echo "usage: make disasm KERNEL=<code object name> [ARCH=...]; for $(ARCH) there are:" >&2; \
		echo "$(sort $(notdir $(basename $(KCO_suite_$(ARCH)) $(KCO_test_$(ARCH)))))" | tr ' ' '\n' >&2; \
		exit 1; \
	fi; \
	$(LLVM_OBJDUMP) -d --mcpu=$(ARCH) "$$co" && $(LLVM_READELF) --notes "$$co" && \
		echo "Kernel descriptors:" && $(KD_TOOL) "$$co"

info:
	@echo "ARCH=$(ARCH)  ARCHS=$(ARCHS)"
	@echo "LLVM_BIN=$(or $(LLVM_BIN),<not found: run make deps>)"
	@echo "HSA_INC=$(or $(HSA_INC),<not found: run make deps>)"
	@echo "CC=$(CC)  ROCM_PATH=$(ROCM_PATH)"
	@echo "kernel sources: $(KERNEL_SRCS)"

clean:
	rm -rf $(BUILD)

help:
	@echo "gcnlab make targets (ARCH=$(subst $(eval) ,|,$(ARCHS)), default gfx942):"
	@echo "  all          libhsa-emu.so, gcnlab and the kernels for ARCH (default)"
	@echo "  kernels      code objects of asm/ for ARCH -> build/ARCH/*.co"
	@echo "  kernels-all  the same for every arch"
	@echo "  run          all, then gcnlab run SUITE(=all) --arch ARCH --backend BACKEND(=auto)"
	@echo "  test         build everything (+ ASan/UBSan unit tests) and run prove"
	@echo "  unit         build the unit tests only"
	@echo "  disasm       KERNEL=name: disassembly and metadata of one code object"
	@echo "  trace        KERNEL=name [WAVE=n]: one suite kernel with the per-instruction trace"
	@echo "  bench        the emulator's speed (BENCH_N, BENCH_REPS, BENCH_CALLGRIND=0)"
	@echo "  tsan         the parallel simulation under ThreadSanitizer (tests/e2e/threads.t)"
	@echo "  compare      KERNEL=name [REF=hip kernel]: asm vs its HIP reference, side by side and timed"
	@echo "  hip          SRC=file.hip: one HIP kernel -> build/hip/ARCH/<name>.co, with the clang make info names"
	@echo "  deps         install everything run and test need (root) or print the command"
	@echo "  info         show the toolchain found"
	@echo "  clean        remove build/"
	@echo "Variables: V=1 (show commands), LLVM_DIR, ROCM_PATH, EXTRA_CFLAGS, PROVE_JOBS, PROVE_FLAGS"
	@echo "Builds run one job per core; make -j1 (or -jN) overrides."
