// The CLI's allocator. A diff of two large schemas is mostly flatbuffers' Parser allocating small
// objects, and half its time went to faulting in fresh memory page by page (docs/benchmarks.md). Linked
// statically with jemalloc (FBCOMPAT_ALLOCATOR=auto, the default, where Debian's libjemalloc-dev is
// installed), its heap asks for transparent huge pages, which halves the 130,000-line diff where the
// kernel gives them (on a kernel that gives none, glibc's malloc is 10-17% faster: build with
// FBCOMPAT_ALLOCATOR=system). With glibc's malloc, the heap grows in larger steps and is never
// trimmed, which takes about 7% off.
// The library leaves the choice of allocator to the program that links it.
#include "allocator.h"

#if defined(__GLIBC__) && !defined(FBCOMPAT_JEMALLOC)
#include <malloc.h>
#endif

#if defined(FBCOMPAT_JEMALLOC)
// Read by jemalloc when it starts, before main: huge pages for its heap and its own metadata.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always";
}
#endif

namespace fbcompat::cli {

void tune_allocator() {
#if defined(__GLIBC__) && !defined(FBCOMPAT_JEMALLOC)
  mallopt(M_TOP_PAD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

}  // namespace fbcompat::cli
