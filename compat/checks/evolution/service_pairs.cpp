#include "evolution/service_pairs.h"

namespace fbcompat {

std::vector<ServicePair> service_pairs(const Schema& old_schema, const Schema& new_schema) {
  std::vector<ServicePair> pairs;
  for (const Service& service : old_schema.services) pairs.push_back({service, new_schema.find_service(service.name)});
  return pairs;
}

std::string rpc_path(const Service& service, const RpcMethod& method) { return "/" + service.name + "/" + method.name; }

const RpcMethod* renamed_to(const Service& old_service, const RpcMethod& old_method, const Service& new_service) {
  const RpcMethod* found = nullptr;
  for (const RpcMethod& candidate : new_service.methods) {
    if (old_service.find_method(candidate.name) != nullptr) continue;
    if (candidate.request != old_method.request || candidate.response != old_method.response ||
        candidate.streaming != old_method.streaming) {
      continue;
    }
    if (found != nullptr) return nullptr;
    found = &candidate;
  }
  return found;
}

}  // namespace fbcompat
