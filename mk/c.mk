# c.mk — the C side: libhsa-emu.so, gcnlab, and the cmocka unit tests.
#
# Sources are picked up by wildcard: common/*.c, emu/*.c, host/*.c,
# tests/unit/test_*.c. Objects go to build/obj/<dir>/<name>.o, and again to
# build/san/obj/... for the sanitizer build of the unit tests.
#
# Unit-test link convention: tests/unit/test_X.c becomes build/tests/unit/test_X,
# linked with libhost.a (host/*.c without host/gcnlab_main.c), libemu.a
# (emu/*.c) and libcommon.a (common/*.c): from archives the linker takes only
# the objects a test needs.

CSTD_FLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g
# -fPIC for everything: the emu and common objects go into libhsa-emu.so and
# the same objects (via the archives) into the tests. Hidden visibility: the
# emulator exports only what it marks (the HSA API).
PIC_FLAGS := -fPIC -fvisibility=hidden
GCN_CPPFLAGS := -Iinclude -Iemu -Icommon $(HSA_CPPFLAGS)
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
EXTRA_CFLAGS ?=
GCN_CFLAGS = $(CSTD_FLAGS) $(PIC_FLAGS) $(GCN_CPPFLAGS) $(EXTRA_CFLAGS)

COMMON_SRCS := $(sort $(wildcard common/*.c))
EMU_SRCS := $(sort $(wildcard emu/*.c))
HOST_SRCS := $(sort $(wildcard host/*.c))
HOST_MAIN := host/gcnlab_main.c
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))

LIBS_EMU := -lelf -lmsgpackc -lpthread -lm
# The host dlopens the HSA runtime (ROCr or the emulator): no -lhsa-runtime64.
LIBS_HOST := -ldl -lelf -lmsgpackc -lm -lpthread
LIBS_UNIT := -lcmocka -ldl -lelf -lmsgpackc -lm -lpthread

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
	$$(Q)$$(CC) $$(GCN_CFLAGS) $(2) -MMD -MP -c $$< -o $$@

$(1)/lib/libcommon.a: $(call objs,$(1),$(COMMON_SRCS))
$(1)/lib/libemu.a: $(call objs,$(1),$(EMU_SRCS))
$(1)/lib/libhost.a: $(call objs,$(1),$(filter-out $(HOST_MAIN),$(HOST_SRCS)))

# Rebuilt from scratch so that a deleted source leaves no stale member.
$(1)/lib/%.a:
	@mkdir -p $$(@D)
	$$(call say,AR,$$@)
	$$(Q)rm -f $$@ && $$(AR) rcs $$@ $$^

$(1)/tests/unit/%: $(1)/obj/tests/unit/%.o $(1)/lib/libhost.a $(1)/lib/libemu.a $(1)/lib/libcommon.a
	@mkdir -p $$(@D)
	$$(call say,LINK,$$@)
	$$(Q)$$(CC) $(2) -o $$@ $$< -Wl,--start-group $(1)/lib/libhost.a $(1)/lib/libemu.a \
		$(1)/lib/libcommon.a -Wl,--end-group $$(LIBS_UNIT)

-include $(patsubst %.o,%.d,$(call objs,$(1),$(COMMON_SRCS) $(EMU_SRCS) $(HOST_SRCS) $(UNIT_SRCS)))
endef

# The unit-test objects are reached only through the pattern rules; without
# this make would treat them as intermediate and delete them after each link.
.SECONDARY: $(call objs,$(BUILD),$(UNIT_SRCS)) $(call objs,$(BUILD)/san,$(UNIT_SRCS))

# gl_ref finds results/reference/ and results/published/ in this tree.
$(BUILD)/obj/host/gl_ref.o $(BUILD)/san/obj/host/gl_ref.o: GCN_CFLAGS += -DGL_SOURCE_DIR='"$(CURDIR)"'

$(eval $(call c_flavour,$(BUILD),))
$(eval $(call c_flavour,$(BUILD)/san,$(SAN_FLAGS)))

# -z defs: an emulator symbol left undefined is a link error here, not a
# dlopen failure later.
$(EMU_SO): $(call objs,$(BUILD),$(EMU_SRCS) $(COMMON_SRCS))
	@test -n "$(EMU_SRCS)" || { echo "gcnlab: emu/ has no .c sources yet" >&2; exit 1; }
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) -shared -Wl,-z,defs -Wl,-soname,libhsa-emu.so -o $@ $^ $(LIBS_EMU)

$(GCNLAB): $(call objs,$(BUILD),$(HOST_SRCS) $(COMMON_SRCS))
	@test -f "$(HOST_MAIN)" || { echo "gcnlab: $(HOST_MAIN) (main) does not exist yet" >&2; exit 1; }
	@mkdir -p $(@D)
	$(call say,LINK,$@)
	$(Q)$(CC) -o $@ $^ $(LIBS_HOST)

.PHONY: emu host unit
emu: $(EMU_SO)
host: $(GCNLAB)
unit: $(UNIT_BINS) $(SAN_UNIT_BINS)
