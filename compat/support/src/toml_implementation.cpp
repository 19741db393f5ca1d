// toml++'s implementation, compiled once here; every other file includes its declarations only
// (TOML_HEADER_ONLY=0, set by the fbcompat_toml target).
#define TOML_IMPLEMENTATION
#include <toml++/toml.h>
