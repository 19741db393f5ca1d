// SERVICE_NO_DELETE: an rpc_service that clients call must stay.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/service_pairs.h"

namespace fbcompat {

const RuleInfo kServiceNoDelete{"SERVICE_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                                "An rpc_service must not be deleted: every gRPC client of it fails."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const ServicePair& pair : service_pairs(context.old_schema, context.new_schema)) {
    if (pair.new_service != nullptr) continue;
    std::vector<std::string> methods;
    for (const RpcMethod& method : pair.old_service.methods) methods.push_back(method.name);
    sink.report(kServiceNoDelete, pair.old_service.name, context.old_schema, pair.old_service.location,
                fmt::format("rpc_service {} was deleted, with its {} method{} ({}). Every client built from the old "
                            "schema calls /{}/<method> and now gets UNIMPLEMENTED from a server built from the new one.",
                            unqualified_name(pair.old_service.name), methods.size(), methods.size() == 1 ? "" : "s",
                            fmt::join(methods, ", "), pair.old_service.name),
                fmt::format("restore rpc_service {}; to retire it, keep serving it until no client calls it",
                            unqualified_name(pair.old_service.name)));
  }
}

}  // namespace

extern const EvolutionRule kServiceNoDeleteRule{kServiceNoDelete, check};

}  // namespace fbcompat
