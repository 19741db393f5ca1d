// Compiler hints the header-only load-time check uses, spelled for each compiler it may be built with.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define FBCOMPAT_PRINTF_FORMAT(format_index, first_argument) \
  __attribute__((format(printf, format_index, first_argument)))
#define FBCOMPAT_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define FBCOMPAT_PRINTF_FORMAT(format_index, first_argument)
#define FBCOMPAT_NOINLINE __declspec(noinline)
#else
#define FBCOMPAT_PRINTF_FORMAT(format_index, first_argument)
#define FBCOMPAT_NOINLINE
#endif
