// fmt's implementation, compiled once into the library. Linking Debian's shared libfmt instead would
// load the shared C++ runtime it depends on at every start of the CLI, which links the C++ runtime
// statically to start fast; compiling fmt header-only would compile it in every file.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {
// Declared in format.h, defined as templates in format-inl.h: the instantiations fbcompat uses.
template auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl<char>(locale_ref) -> char;
}  // namespace detail
FMT_END_NAMESPACE
