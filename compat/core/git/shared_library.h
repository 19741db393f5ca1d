// Opens a shared library at first use instead of at program start. libgit2 (with the Kerberos and
// TLS libraries it pulls in) and libcrypto are needed only by the commands that read git or hash
// golden programs; linking them would add several milliseconds to every start, a large share of a
// pre-merge `fbcompat diff` of two small schemas.
#pragma once

#include <string>

#include "fbcompat/core/error.h"

namespace fbcompat {

class SharedLibrary {
 public:
  // The library named by its soname ("libgit2.so.1.5"), opened once per process; an Error names it
  // and says what the dynamic loader said.
  static Expected<const SharedLibrary*> open(const std::string& soname);

  // A symbol of the library; null when it has none.
  void* symbol(const char* name) const;
  const std::string& soname() const { return soname_; }

 private:
  SharedLibrary(std::string soname, void* handle) : soname_(std::move(soname)), handle_(handle) {}
  std::string soname_;
  void* handle_;
};

}  // namespace fbcompat
