// RPC_NO_DELETE: a method of a service must keep its name: clients call it by name.
#include <fmt/format.h>

#include "evolution/evolution_context.h"
#include "evolution/service_pairs.h"

namespace fbcompat {

const RuleInfo kRpcNoDelete{"RPC_NO_DELETE", Category::Wire, Severity::Error, RuleScope::Evolution,
                            "An rpc_service method must not be deleted or renamed: gRPC clients call it by name."};

namespace {

void check(const EvolutionContext& context, FindingSink& sink) {
  for (const ServicePair& pair : service_pairs(context.old_schema, context.new_schema)) {
    if (pair.new_service == nullptr) continue;  // SERVICE_NO_DELETE
    const Service& service = *pair.new_service;
    for (const RpcMethod& method : pair.old_service.methods) {
      if (service.find_method(method.name) != nullptr) continue;
      const std::string declaration = fmt::format("{}({}):{}", method.name, unqualified_name(method.request),
                                                  unqualified_name(method.response));
      if (const RpcMethod* renamed = renamed_to(pair.old_service, method, service)) {
        sink.report(kRpcNoDelete, service.name + "." + method.name, context.new_schema, renamed->location,
                    fmt::format("{} of {} was renamed to {}. Clients built from the old schema call {}, which a server "
                                "built from the new one no longer serves: they get UNIMPLEMENTED.",
                                method.name, unqualified_name(service.name), renamed->name,
                                rpc_path(pair.old_service, method)),
                    fmt::format("keep `{}` beside {}, served alike, until no client calls the old name", declaration,
                                renamed->name));
        continue;
      }
      sink.report(kRpcNoDelete, service.name + "." + method.name, context.old_schema, method.location,
                  fmt::format("{} was deleted from {}. Clients built from the old schema call {}, and get UNIMPLEMENTED "
                              "from a server built from the new one.",
                              method.name, unqualified_name(service.name), rpc_path(pair.old_service, method)),
                  fmt::format("restore `{}` in {}; keep serving it until no client calls it", declaration,
                              unqualified_name(service.name)));
    }
  }
}

}  // namespace

extern const EvolutionRule kRpcNoDeleteRule{kRpcNoDelete, check};

}  // namespace fbcompat
