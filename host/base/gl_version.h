/*
 * gl_version — what `gcnlab --version` prints: the release number and the
 * git revision the binary was built from (`git describe --always --dirty`,
 * passed by mk/version.mk as -DGCNLAB_GIT_REV; "unknown" outside git).
 */
#ifndef GL_VERSION_H
#define GL_VERSION_H

/* Release of the gcnlab command and its output formats. */
#define GL_VERSION "0.3.0"

const char *gl_version_git(void);

#endif
