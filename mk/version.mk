# version.mk — the git revision `gcnlab --version` reports (host/base/gl_version.c).
# `git describe --always --dirty` at every make; outside a git checkout (a
# tarball) the revision is "unknown". The stamp file changes only when the
# revision does, so an unchanged tree rebuilds nothing.

GIT_REV := $(or $(shell git -C $(CURDIR) describe --always --dirty 2>/dev/null),unknown)
VERSION_STAMP := $(BUILD)/version.stamp
$(shell mkdir -p $(BUILD) && { [ "$$(cat $(VERSION_STAMP) 2>/dev/null)" = "$(GIT_REV)" ] || \
	{ printf '%s\n' '$(GIT_REV)' > $(VERSION_STAMP)$(TMP) && mv -f $(VERSION_STAMP)$(TMP) $(VERSION_STAMP); }; })

GL_VERSION_OBJS := $(call objs,$(BUILD),$(filter %/gl_version.c,$(HOST_SRCS))) $(call objs,$(BUILD)/san,$(filter %/gl_version.c,$(HOST_SRCS)))
$(GL_VERSION_OBJS): $(VERSION_STAMP)
$(GL_VERSION_OBJS): GCN_CFLAGS += -DGCNLAB_GIT_REV='"$(GIT_REV)"'
