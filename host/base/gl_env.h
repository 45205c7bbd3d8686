/*
 * gl_env — the environment variables gcnlab and the emulated GPU read,
 * validated like options before anything runs: a bad value is bad input
 * (exit 2, one message naming the variable and what it takes), never a
 * silent default.
 */
#ifndef GL_ENV_H
#define GL_ENV_H

#include <stdbool.h>

#include "base/gl_err.h"

/* Check every GCNLAB_EMU_* variable that is set (and not empty). */
bool gl_env_check(struct gl_err *e);

#endif
