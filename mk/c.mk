# c.mk — the C side: libhsa-emu.so, gcnlab, and the cmocka unit tests.
#
# Sources are every .c below common/, emu/ and host/ (their layer folders
# included) and every tests/unit/**/test_*.c. Objects go to
# build/obj/<path>.o, and again to build/san/obj/... for the sanitizer build
# of the unit tests. Includes name their layer: #include "core/emu_wave.h"
# from -Iemu, #include "gpu/gl_hsa.h" from -Ihost.
#
# Unit-test link convention: tests/unit/<dir>/test_X.c becomes
# build/tests/unit/<dir>/test_X, linked with libhost.a (host/ without the
# main), libemu.a (emu/) and libcommon.a (common/): from archives the linker
# takes only the objects a test needs.

CSTD_FLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g
# -fPIC for everything: the emu and common objects go into libhsa-emu.so and
# the same objects (via the archives) into the tests. Hidden visibility: the
# emulator exports only what it marks (the HSA API).
PIC_FLAGS := -fPIC -fvisibility=hidden
GCN_CPPFLAGS := -Iinclude -Iemu -Ihost -Icommon $(HSA_CPPFLAGS)
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
EXTRA_CFLAGS ?=
GCN_CFLAGS = $(CSTD_FLAGS) $(PIC_FLAGS) $(GCN_CPPFLAGS) $(EXTRA_CFLAGS)

# srcs DIR, PATTERN: the files matching PATTERN below DIR, sorted.
srcs = $(sort $(shell find $(1) -name '$(2)' -type f 2>/dev/null))
COMMON_SRCS := $(call srcs,common,*.c)
EMU_SRCS := $(call srcs,emu,*.c)
HOST_SRCS := $(call srcs,host,*.c)
HOST_MAIN := $(firstword $(filter %/gcnlab_main.c,$(HOST_SRCS)) host/cli/gcnlab_main.c)
UNIT_SRCS := $(call srcs,tests/unit,test_*.c)

# -pthread: the emulator's simulation threads (emu/core/emu_domain.h).
LIBS_EMU := -lelf -lmsgpackc -pthread -lm
# The host dlopens the HSA runtime (ROCr or the emulator): no -lhsa-runtime64.
LIBS_HOST := -ldl -lelf -lmsgpackc -lm -pthread
LIBS_UNIT := -lcmocka -ldl -lelf -lmsgpackc -lm -pthread

EMU_SO := $(BUILD)/lib/libhsa-emu.so
GCNLAB := $(BUILD)/bin/gcnlab
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/unit/%,$(UNIT_SRCS))
SAN_UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/san/tests/unit/%,$(UNIT_SRCS))

# objs ROOT, SOURCES
objs = $(patsubst %.c,$(1)/obj/%.o,$(2))

# c_flavour ROOT, EXTRA_FLAGS: objects, archives and unit tests under ROOT.
define c_flavour
$(1)/obj/%.o: %.c | check-deps
	@mkdir -p $$(@D)
	$$(call say,CC,$$<$(if $(2), (san)))
	$$(Q)$$(CC) $$(GCN_CFLAGS) $(2) -MMD -MP -MT $$@ -MF $$(@:.o=.d)$$(TMP) -c $$< -o $$@$$(TMP) && \
		mv -f $$(@:.o=.d)$$(TMP) $$(@:.o=.d) && mv -f $$@$$(TMP) $$@ || \
		{ rm -f $$@$$(TMP) $$(@:.o=.d)$$(TMP); exit 1; }

$(1)/lib/libcommon.a: $(call objs,$(1),$(COMMON_SRCS))
$(1)/lib/libemu.a: $(call objs,$(1),$(EMU_SRCS))
$(1)/lib/libhost.a: $(call objs,$(1),$(filter-out $(HOST_MAIN),$(HOST_SRCS)))

# Rebuilt from scratch so that a deleted source leaves no stale member.
$(1)/lib/%.a:
	@mkdir -p $$(@D)
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@$$(TMP) && $$(AR) rcs $$@$$(TMP) $$^ $$(install_tmp)

$(1)/tests/unit/%: $(1)/obj/tests/unit/%.o $(1)/lib/libhost.a $(1)/lib/libemu.a $(1)/lib/libcommon.a
	@mkdir -p $$(@D)
	$$(call say,LINK,$$@)
	$$(Q)$$(CC) $(2) -o $$@$$(TMP) $$< -Wl,--start-group $(1)/lib/libhost.a $(1)/lib/libemu.a \
		$(1)/lib/libcommon.a -Wl,--end-group $$(LIBS_UNIT) $$(install_tmp)

-include $(patsubst %.o,%.d,$(call objs,$(1),$(COMMON_SRCS) $(EMU_SRCS) $(HOST_SRCS) $(UNIT_SRCS)))
endef

# The unit-test objects are reached only through the pattern rules; without
# this make would treat them as intermediate and delete them after each link.
.SECONDARY: $(call objs,$(BUILD),$(UNIT_SRCS)) $(call objs,$(BUILD)/san,$(UNIT_SRCS))

# gl_ref finds results/reference/ and results/published/ in this tree.
$(call objs,$(BUILD),$(filter %/gl_ref.c,$(HOST_SRCS))) $(call objs,$(BUILD)/san,$(filter %/gl_ref.c,$(HOST_SRCS))): GCN_CFLAGS += -DGL_SOURCE_DIR='"$(CURDIR)"'

$(eval $(call c_flavour,$(BUILD),))
$(eval $(call c_flavour,$(BUILD)/san,$(SAN_FLAGS)))

# -z defs: an emulator symbol left undefined is a link error here, not a
# dlopen failure later. emu/kfd is the other front end (mk/kfd.mk).
$(EMU_SO): $(call objs,$(BUILD),$(filter-out emu/kfd/%,$(EMU_SRCS)) $(COMMON_SRCS))
	@test -n "$(EMU_SRCS)" || { echo "gcnlab: emu/ has no .c sources yet" >&2; exit 1; }
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) -shared -Wl,-z,defs -Wl,-soname,libhsa-emu.so -o $@$(TMP) $^ $(LIBS_EMU) $(install_tmp)

$(GCNLAB): $(call objs,$(BUILD),$(HOST_SRCS) $(COMMON_SRCS))
	@test -f "$(HOST_MAIN)" || { echo "gcnlab: $(HOST_MAIN) (main) does not exist yet" >&2; exit 1; }
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) -o $@$(TMP) $^ $(LIBS_HOST) $(install_tmp)

# The command and the emulator themselves under ASan/UBSan (make asan):
# build/san/bin/gcnlab dlopens build/san/lib/libhsa-emu.so (its ../lib) and
# finds the code objects through GCNLAB_BUILD_DIR; tests/e2e/san.t runs the
# hostile-input tests against it.
SAN_GCNLAB := $(BUILD)/san/bin/gcnlab
SAN_EMU_SO := $(BUILD)/san/lib/libhsa-emu.so

$(SAN_EMU_SO): $(call objs,$(BUILD)/san,$(EMU_SRCS) $(COMMON_SRCS))
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) $(SAN_FLAGS) -shared -Wl,-z,defs -Wl,-soname,libhsa-emu.so -o $@$(TMP) $^ $(LIBS_EMU) \
		$(install_tmp)

$(SAN_GCNLAB): $(call objs,$(BUILD)/san,$(HOST_SRCS) $(COMMON_SRCS))
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) $(SAN_FLAGS) -o $@$(TMP) $^ $(LIBS_HOST) $(install_tmp)

.PHONY: emu host unit asan
asan: $(SAN_GCNLAB) $(SAN_EMU_SO)
emu: $(EMU_SO)
host: $(GCNLAB)
unit: $(UNIT_BINS) $(SAN_UNIT_BINS)

# Unit tests include their shared fixtures (tests/unit/tu_*.h) by bare name
# from whichever folder below tests/unit/ they sit in.
$(call objs,$(BUILD),$(UNIT_SRCS)) $(call objs,$(BUILD)/san,$(UNIT_SRCS)): GCN_CFLAGS += -Itests/unit
