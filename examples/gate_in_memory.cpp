// Gate two schemas held in memory, as a schema registry or a code generator would: no file is read
// or written. The old schema and its include are the registered version; the new one inserts a table
// mid-union, which renumbers every later member for buffers already written.
//
//   gate_in_memory [--format text|json|markdown|sarif|github|junit]
//
// Exits 0 when the new schema is compatible, 1 when it breaks old buffers, 2 on bad input.
#include <cstdio>
#include <cstring>
#include <string>

#include "fbcompat/checks/diff.h"
#include "fbcompat/core/report.h"
#include "fbcompat/core/schema_loader.h"

namespace {

const char* const kShapes = R"(namespace geometry;
table Circle { radius: float; }
table Square { side: float; }
)";

const char* const kOldRoot = R"(include "shapes.fbs";
namespace geometry;
union Shape { Circle, Square }
table Drawing { shapes: [Shape]; }
root_type Drawing;
)";

// Triangle inserted before Square: a Square written as member 2 now reads as a Triangle.
const char* const kNewRoot = R"(include "shapes.fbs";
namespace geometry;
table Triangle { base: float; height: float; }
union Shape { Circle, Triangle, Square }
table Drawing { shapes: [Shape]; }
root_type Drawing;
)";

}  // namespace

int main(int argc, char** argv) {
  fbcompat::Format format = fbcompat::Format::Text;
  if (argc == 3 && std::strcmp(argv[1], "--format") == 0) {
    const auto parsed = fbcompat::parse_format(argv[2]);
    if (!parsed) {
      std::fprintf(stderr, "gate_in_memory: unknown format '%s'\n", argv[2]);
      return 2;
    }
    format = *parsed;
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: gate_in_memory [--format NAME]\n");
    return 2;
  }

  const auto old_schema = fbcompat::load_schema_from_texts("drawing.fbs", {{"drawing.fbs", kOldRoot}, {"shapes.fbs", kShapes}});
  const auto new_schema = fbcompat::load_schema_from_texts("drawing.fbs", {{"drawing.fbs", kNewRoot}, {"shapes.fbs", kShapes}});
  for (const auto* schema : {&old_schema, &new_schema}) {
    if (!schema->ok()) {
      std::fprintf(stderr, "%s\n", schema->error().to_string().c_str());
      return 2;
    }
  }

  const fbcompat::Report report(fbcompat::diff_schemas(*old_schema, *new_schema));
  fbcompat::RenderOptions options;
  options.what = "the new drawing.fbs against the registered one";
  std::fputs(fbcompat::render(report, format, options).c_str(), stdout);
  return report.compatible() ? 0 : 1;
}
