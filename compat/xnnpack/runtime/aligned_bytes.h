// An owned byte buffer (a copy, or zeros when given no bytes) aligned for any tensor element, with
// slack after its end for XNNPACK's reads past the end of static data (XNN_EXTRA_BYTES).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

namespace fbcompat::xnnpack {

class AlignedBytes {
 public:
  static constexpr std::size_t kAlignment = 64;
  static constexpr std::size_t kSlack = 16;

  AlignedBytes() = default;
  AlignedBytes(const std::uint8_t* data, std::size_t size)
      : bytes_(static_cast<std::uint8_t*>(::operator new[](size + kSlack, std::align_val_t{kAlignment}))), size_(size) {
    if (size != 0 && data != nullptr) std::memcpy(bytes_.get(), data, size);
    if (size != 0 && data == nullptr) std::memset(bytes_.get(), 0, size);
    std::memset(bytes_.get() + size, 0, kSlack);
  }

  std::uint8_t* data() { return bytes_.get(); }
  const std::uint8_t* data() const { return bytes_.get(); }
  std::size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(std::uint8_t* bytes) const { ::operator delete[](bytes, std::align_val_t{kAlignment}); }
  };
  std::unique_ptr<std::uint8_t[], Free> bytes_;
  std::size_t size_ = 0;
};

}  // namespace fbcompat::xnnpack
