#include "base/gl_version.h"

/* Only this file sees the define, so a new revision recompiles one file. */
#ifndef GCNLAB_GIT_REV
#define GCNLAB_GIT_REV "unknown"
#endif

const char *gl_version_git(void)
{
	return GCNLAB_GIT_REV;
}
