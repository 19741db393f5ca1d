// RPC_SAME_STREAMING: a method keeps its streaming mode: it decides how many messages each side sends.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/service_pairs.h"

namespace fbcompat {

const RuleInfo kRpcSameStreaming{"RPC_SAME_STREAMING", Category::Wire, Severity::Error, RuleScope::Evolution,
                                 "An rpc_service method must keep its streaming mode: clients and servers disagree "
                                 "on how many messages each sends."};

namespace {

std::string mode(const std::string& streaming) {
  if (streaming == "none") return "unary (streaming: \"none\")";
  return fmt::format("streaming: \"{}\"", streaming);
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const ServicePair& pair : service_pairs(context.old_schema, context.new_schema)) {
    if (pair.new_service == nullptr) continue;
    for (const RpcMethod& old_method : pair.old_service.methods) {
      const RpcMethod* new_method = pair.new_service->find_method(old_method.name);
      if (new_method == nullptr || new_method->streaming == old_method.streaming) continue;
      sink.report(kRpcSameStreaming, pair.new_service->name + "." + new_method->name, context.new_schema,
                  new_method->location,
                  fmt::format("{} was {} and is {}. A client built from the old schema and a server built from the new "
                              "one disagree on how many messages each side sends: the call fails.",
                              new_method->name, mode(old_method.streaming), mode(new_method->streaming)),
                  fmt::format("restore {} on {}; for the new mode, add a new method", mode(old_method.streaming),
                              new_method->name));
    }
  }
}

}  // namespace

extern const EvolutionRule kRpcSameStreamingRule{kRpcSameStreaming, check};

}  // namespace fbcompat
