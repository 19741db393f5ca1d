// The CLI's allocator, chosen at build time (allocator.cpp says why it matters).
#pragma once

namespace fbcompat::cli {

// Called first in main: glibc's malloc, when it is the allocator, keeps freed memory instead of
// trimming it (the process is short-lived), and grows its heap in larger steps.
void tune_allocator();

}  // namespace fbcompat::cli
