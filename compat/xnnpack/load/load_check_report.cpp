#include "load/load_check_rules.h"

namespace fbcompat {

const RuleInfo kLoadTypesUnknown{
    "LOAD_TYPES_UNKNOWN", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program must use only node, value, quantization and data types the runtime knows."};

const RuleInfo kLoadIdentifierNotAccepted{
    "LOAD_IDENTIFIER_NOT_ACCEPTED", Category::Wire, Severity::Error, RuleScope::LoadCheck,
    "A program's XNNPACK payload must carry a file identifier the runtime accepts."};

const RuleInfo kLoadFieldsIgnored{
    "LOAD_FIELDS_IGNORED", Category::Wire, Severity::Info, RuleScope::LoadCheck,
    "Fields a program sets that the runtime does not know are ignored when it loads the program."};

}  // namespace fbcompat
