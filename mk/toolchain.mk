# toolchain.mk — find LLVM, the HSA headers and the C compiler.
#
# LLVM: tools/find_llvm.sh decides (LLVM_DIR, then $(ROCM_PATH)/llvm/bin, then
# the newest /usr/lib/llvm-N/bin with N >= 17); every LLVM tool comes from
# that one directory. When nothing is found LLVM_BIN is empty and the
# check-deps step (run before any build) names what is missing.

ROCM_PATH ?= /opt/rocm
export ROCM_PATH
ifdef LLVM_DIR
export LLVM_DIR
endif

LLVM_BIN := $(shell sh tools/find_llvm.sh -q)
export LLVM_BIN
LLVM_MC := $(LLVM_BIN)/llvm-mc
LLD := $(LLVM_BIN)/ld.lld
LLVM_OBJDUMP := $(LLVM_BIN)/llvm-objdump
LLVM_READELF := $(LLVM_BIN)/llvm-readelf
CLANG := $(LLVM_BIN)/clang

# HSA headers: ROCm's first, then Debian's libhsa-runtime-dev. The flag names
# the directory that holds hsa/, so `#include <hsa/hsa.h>` works.
HSA_INC := $(firstword $(foreach d,$(ROCM_PATH)/include /usr/include,\
	$(if $(wildcard $(d)/hsa/hsa.h),$(d))))
HSA_CPPFLAGS := $(if $(filter /usr/include,$(HSA_INC)),,$(addprefix -I,$(HSA_INC)))

ifeq ($(origin CC),default)
CC := gcc
endif
ifeq ($(origin AR),default)
AR := ar
endif

# check-deps: the fast check (< 1 s, file tests only) every build step waits
# for. deps-run / deps-test install what `make run` / `make test` need (as
# root; otherwise they print the apt-get command and fail); `make deps` is
# deps-test, plus valgrind with OPTIONAL=1.
.PHONY: check-deps deps deps-run deps-test
check-deps:
	@bash tools/deps.sh --for run --check

deps-run:
	@bash tools/deps.sh --for run

deps-test:
	@bash tools/deps.sh --for test

deps:
	@bash tools/deps.sh --for test $(if $(filter 1,$(OPTIONAL)),--optional)
