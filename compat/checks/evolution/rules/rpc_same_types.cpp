// RPC_SAME_TYPES: a method keeps its request and response tables: each side reads the other's buffers.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/service_pairs.h"

namespace fbcompat {

const RuleInfo kRpcSameTypes{"RPC_SAME_TYPES", Category::Wire, Severity::Error, RuleScope::Evolution,
                             "An rpc_service method must keep its request and response tables: the other side "
                             "reads its buffers as those."};

namespace {

// `role`: "request" or "response"; `reader`: who reads that buffer.
void compare(const EvolutionContext& context, FindingSink& sink, const Service& service, const RpcMethod& new_method, const std::string& old_type, const std::string& new_type, const char* role,
             const char* writer, const char* reader) {
  if (context.matching.same(old_type, new_type)) return;
  std::string reason;
  if (context.wire_compatible(old_type, new_type, &reason)) return;  // laid out the same: only its name changed
  sink.report(kRpcSameTypes, service.name + "." + new_method.name, context.new_schema, new_method.location,
              fmt::format("the {} of {} changed from {} to {} ({}). A {} built from the old schema sends {}, which a "
                          "{} built from the new one reads as {}: fields come from the wrong slots, or the buffer "
                          "fails verification.",
                          role, new_method.name, unqualified_name(old_type), unqualified_name(new_type), reason, writer,
                          unqualified_name(old_type), reader, unqualified_name(new_type)),
              fmt::format("keep {} as the {} of {}; to change it, add a new method with the new {}", unqualified_name(old_type),
                          role, new_method.name, role));
}

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const ServicePair& pair : service_pairs(context.old_schema, context.new_schema)) {
    if (pair.new_service == nullptr) continue;
    for (const RpcMethod& old_method : pair.old_service.methods) {
      const RpcMethod* new_method = pair.new_service->find_method(old_method.name);
      if (new_method == nullptr) continue;  // RPC_NO_DELETE
      compare(context, sink, *pair.new_service, *new_method, old_method.request, new_method->request,
              "request", "client", "server");
      compare(context, sink, *pair.new_service, *new_method, old_method.response, new_method->response,
              "response", "server", "client");
    }
  }
}

}  // namespace

extern const EvolutionRule kRpcSameTypesRule{kRpcSameTypes, check};

}  // namespace fbcompat
