// Must NOT compile with -Werror=unused-result: a dropped Expected is a diagnosed mistake
// (the expected_is_nodiscard test checks that the compiler refuses it, naming nodiscard).
#include "fbcompat/core/error.h"

fbcompat::Expected<int> load() { return fbcompat::Error{"", 0, 0, "failed"}; }

int main() {
  load();
  return 0;
}
