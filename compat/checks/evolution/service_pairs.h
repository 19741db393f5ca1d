// The rpc_services of two schemas paired by qualified name, and their methods by name: what the service
// rules compare. gRPC calls a method by "/<namespace>.<Service>/<Method>", so a name is the whole of a
// method's identity to a client.
#pragma once

#include <string>
#include <vector>

#include "fbcompat/core/schema.h"

namespace fbcompat {

struct ServicePair {
  const Service& old_service;
  const Service* new_service;  // null: the service was deleted
};

std::vector<ServicePair> service_pairs(const Schema& old_schema, const Schema& new_schema);

// "/fb.Greeter/SayHello": the path a gRPC client calls.
std::string rpc_path(const Service& service, const RpcMethod& method);

// The new method that took an old, deleted one's place: the same request, response and streaming, under a
// name the old service did not have. Null when there is none, or more than one.
const RpcMethod* renamed_to(const Service& old_service, const RpcMethod& old_method, const Service& new_service);

}  // namespace fbcompat
