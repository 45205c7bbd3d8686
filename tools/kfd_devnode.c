/*
 * kfd_devnode — LD_PRELOAD shim for tools/rocr-emu: an open of /dev/kfd
 * opens /dev/null instead.
 *
 * ROCm programs such as rocminfo check, before hsa_init, that /dev/kfd opens
 * read-write; ROCr itself never opens it (all KFD access is the thunk's, and
 * the emulated thunk build/lib/kfd/libhsakmt.so.1 needs no device). Nothing
 * else is redirected.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>

#define KFD_DEV "/dev/kfd"

typedef int (*open_fn)(const char *, int, ...);
typedef int (*openat_fn)(int, const char *, int, ...);

static const char *kfd_redirect(const char *path)
{
	return path && strcmp(path, KFD_DEV) == 0 ? "/dev/null" : path;
}

static mode_t kfd_mode(int flags, va_list ap)
{
	return (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

#define KFD_OPEN(name)                                                     \
	int name(const char *path, int flags, ...)                         \
	{                                                                  \
		static open_fn real;                                       \
		va_list ap;                                                \
		mode_t mode;                                               \
		if (!real)                                                 \
			real = (open_fn)dlsym(RTLD_NEXT, #name);           \
		va_start(ap, flags);                                       \
		mode = kfd_mode(flags, ap);                                \
		va_end(ap);                                                \
		return real(kfd_redirect(path), flags, mode);              \
	}

#define KFD_OPENAT(name)                                                   \
	int name(int dir, const char *path, int flags, ...)                \
	{                                                                  \
		static openat_fn real;                                     \
		va_list ap;                                                \
		mode_t mode;                                               \
		if (!real)                                                 \
			real = (openat_fn)dlsym(RTLD_NEXT, #name);         \
		va_start(ap, flags);                                       \
		mode = kfd_mode(flags, ap);                                \
		va_end(ap);                                                \
		return real(dir, kfd_redirect(path), flags, mode);         \
	}

KFD_OPEN(open)
KFD_OPEN(open64)
KFD_OPENAT(openat)
KFD_OPENAT(openat64)
