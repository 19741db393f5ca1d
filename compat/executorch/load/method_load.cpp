// Method::init of one execution plan as the runtime does it (docs/what-loads-where.md, section 5): the
// plan, its values in index order (each tensor's metadata and data as it is parsed), its delegates
// (section 3, then the backend's own checks), its chains and instructions, and the operators its
// kernel calls name. The order is the runtime's, so the first refusal is the one the runtime gives.
#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "load/load_state.h"

namespace fbcompat::load {
namespace {

using flatbuffers::uoffset_t;

constexpr std::uint64_t kNoBytes = UINT64_MAX;  // a byte size that does not fit: every bounds check fails
constexpr std::size_t kOperatorNameLimit = 99;  // the runtime's name buffer holds 100 bytes with the NUL

// Bytes per element of each scalar type code (0 for codes that are not types).
std::uint64_t element_size(int scalar_type) {
  static constexpr std::uint8_t kSizes[30] = {
      1, 1, 2, 4, 8, 2, 4, 8,  // BYTE CHAR SHORT INT LONG HALF FLOAT DOUBLE
      4, 8, 16,                // COMPLEX_HALF COMPLEX_FLOAT COMPLEX_DOUBLE
      1, 1, 1, 4, 2, 1, 1,     // BOOL QINT8 QUINT8 QINT32 BFLOAT16 QUINT4X2 QUINT2X4
      1, 1, 1, 1, 2,           // BITS1X8 BITS2X4 BITS4X2 BITS8 BITS16
      1, 1, 1, 1, 2, 4, 8,     // FLOAT8 x4, UINT16 UINT32 UINT64
  };
  return scalar_type >= 0 && scalar_type < 30 ? kSizes[scalar_type] : 0;
}

// Everything Method::init of one plan needs while it walks it.
struct MethodLoad {
  LoadState& s;
  const et::ExecutionPlan& plan;
  std::size_t index;
  ProgramPlan& out;
  const flatbuffers::Vector<flatbuffers::Offset<et::EValue>>* values = nullptr;

  std::size_t value_count() const { return values == nullptr ? 0 : values->size(); }
  bool value_in_range(std::int64_t i) const { return i >= 0 && static_cast<std::uint64_t>(i) < value_count(); }
  std::string where_value(uoffset_t v) const { return fmt::format("value {}", v); }

  bool refuse(LoadStage stage, RuntimeError error, std::string message) {
    return s.refuse(stage, error, std::move(message));
  }
  bool refuse_under(LoaderRule rule, LoadStage stage, RuntimeError error, std::string message) {
    return s.refuse_under(rule, stage, error, std::move(message));
  }

  bool run() {
    return check_plan() && check_values() && check_delegates() && check_chains() && check_inputs_outputs();
  }

  // ---- the plan ----------------------------------------------------------------------------------
  bool check_plan() {
    for (const auto& [field, present] :
         {std::pair{"non_const_buffer_sizes", plan.non_const_buffer_sizes() != nullptr},
          std::pair{"inputs", plan.inputs() != nullptr}, std::pair{"outputs", plan.outputs() != nullptr}}) {
      if (!present) {
        return refuse(LoadStage::MethodPlan, RuntimeError::InvalidProgram,
                      fmt::format("execution plan {} has no {}", index, field));
      }
    }
    return true;
  }

  // ---- A. values ---------------------------------------------------------------------------------
  // A value the runtime can parse: present, and holding a payload unless it is Null.
  bool check_value_present(uoffset_t v) {
    const et::EValue* value = values->Get(v);
    if (value == nullptr) {
      return refuse(LoadStage::MethodValues, RuntimeError::InvalidProgram, fmt::format("value {} is null", v));
    }
    if (value->val() == nullptr && value->val_type() != et::KernelTypes::Null) {
      return refuse(LoadStage::MethodValues, RuntimeError::InvalidProgram,
                    fmt::format("value {} (type {}) has no payload", v, static_cast<int>(value->val_type())));
    }
    return true;
  }

  bool check_values() {
    values = plan.values();
    if (values == nullptr) {
      return refuse(LoadStage::MethodValues, RuntimeError::InvalidProgram,
                    fmt::format("execution plan {} has no values", index));
    }
    const bool checked_first = s.applies(LoaderRule::ValuesPresentFirst);
    if (checked_first) {
      for (uoffset_t v = 0; v < values->size(); ++v) {
        if (!check_value_present(v)) return false;
      }
      for (uoffset_t v = 0; v < values->size(); ++v) {
        const et::Tensor* tensor = values->Get(v)->val_as_Tensor();
        if (tensor != nullptr && is_external(*tensor) && tensor->allocation_info() == nullptr &&
            !check_external_constant(*tensor, v)) {
          return false;
        }
      }
    }
    for (uoffset_t v = 0; v < values->size(); ++v) {
      if (!checked_first && !check_value_present(v)) return false;
      if (!parse_value(v)) return false;
    }
    return true;
  }

  bool is_external(const et::Tensor& tensor) const {
    return s.applies(LoaderRule::ExternalTensors) && tensor.extra_tensor_info() != nullptr &&
           tensor.extra_tensor_info()->location() == et::TensorDataLocation::EXTERNAL;
  }

  // A constant whose data is in a .ptd file: fbcompat is never given one.
  bool check_external_constant(const et::Tensor& tensor, uoffset_t v) {
    if (tensor.extra_tensor_info()->fully_qualified_name() == nullptr) {
      return refuse(LoadStage::MethodValues, RuntimeError::InvalidExternalData,
                    fmt::format("value {}: an external tensor without a fully_qualified_name", v));
    }
    return refuse_under(LoaderRule::ExternalDataMapChecked, LoadStage::MethodValues, RuntimeError::InvalidState,
                        fmt::format("value {}: tensor '{}' is external (its data is in a .ptd file), and no .ptd data "
                                    "is supplied",
                                    v, tensor.extra_tensor_info()->fully_qualified_name()->str()));
  }

  bool parse_value(uoffset_t v) {
    const et::EValue* value = values->Get(v);
    const auto invalid = [&](std::string message) {
      return refuse(LoadStage::MethodValues, RuntimeError::InvalidProgram, fmt::format("value {}: {}", v, message));
    };
    switch (value->val_type()) {
      case et::KernelTypes::Null:
      case et::KernelTypes::Int:
      case et::KernelTypes::Bool:
      case et::KernelTypes::Double:
        return true;
      case et::KernelTypes::String:
        return value->val_as_String()->string_val() != nullptr || invalid("a String without string_val");
      case et::KernelTypes::IntList: {
        const auto* items = value->val_as_IntList()->items();
        if (items == nullptr) return invalid("an IntList without items");
        if (!s.applies(LoaderRule::ListItemsChecked)) return true;
        for (uoffset_t i = 0; i < items->size(); ++i) {
          if (!value_in_range(items->Get(i))) {
            return invalid(fmt::format("IntList item {} is {}, not one of the plan's {} values", i, items->Get(i),
                                       value_count()));
          }
        }
        return true;
      }
      case et::KernelTypes::DoubleList:
        return value->val_as_DoubleList()->items() != nullptr || invalid("a DoubleList without items");
      case et::KernelTypes::BoolList:
        return value->val_as_BoolList()->items() != nullptr || invalid("a BoolList without items");
      case et::KernelTypes::TensorList:
        return check_tensor_list(v, value->val_as_TensorList()->items(), false);
      case et::KernelTypes::OptionalTensorList:
        return check_tensor_list(v, value->val_as_OptionalTensorList()->items(), true);
      case et::KernelTypes::Tensor:
        return check_tensor(*value->val_as_Tensor(), v);
      default:
        return invalid(fmt::format("union type {} is not a value type the runtime knows", static_cast<int>(value->val_type())));
    }
  }

  // Each item is read at once, so it must name an earlier value that is already a tensor (or None).
  bool check_tensor_list(uoffset_t v, const flatbuffers::Vector<std::int32_t>* items, bool optional) {
    const char* kind = optional ? "OptionalTensorList" : "TensorList";
    if (items == nullptr) {
      return refuse_under(LoaderRule::ListItemsChecked, LoadStage::MethodValues, RuntimeError::InvalidProgram,
                          fmt::format("value {}: a {} without items", v, kind));
    }
    for (uoffset_t i = 0; i < items->size(); ++i) {
      const std::int32_t item = items->Get(i);
      if (optional && item == -1) continue;
      if (!value_in_range(item)) {
        return refuse_under(LoaderRule::ListItemsChecked, LoadStage::MethodValues, RuntimeError::InvalidProgram,
                            fmt::format("value {}: {} item {} is {}, not one of the plan's {} values", v, kind, i, item,
                                        value_count()));
      }
      if (static_cast<uoffset_t>(item) >= v) {
        return refuse(LoadStage::MethodValues, RuntimeError::Crash,
                      fmt::format("value {}: {} item {} is value {}, which is not parsed yet when the list reads it",
                                  v, kind, i, item));
      }
      const et::KernelTypes type = values->Get(item)->val_type();
      const bool fits = type == et::KernelTypes::Tensor || (optional && type == et::KernelTypes::Null);
      if (!fits) {
        return refuse_under(LoaderRule::ListItemTypeChecked, LoadStage::MethodValues, RuntimeError::InvalidType,
                            fmt::format("value {}: {} item {} is value {}, which is not a tensor{}", v, kind, i, item,
                                        optional ? " or None" : ""));
      }
    }
    return true;
  }

  // ---- B. tensors --------------------------------------------------------------------------------
  bool check_tensor(const et::Tensor& tensor, uoffset_t v) {
    const auto refuse_tensor = [&](RuntimeError error, std::string message) {
      return refuse(LoadStage::MethodTensors, error, fmt::format("value {}: {}", v, message));
    };
    if (tensor.storage_offset() != 0) {
      return refuse_tensor(RuntimeError::NotSupported, fmt::format("storage_offset {} (only 0 is supported)", tensor.storage_offset()));
    }
    const int scalar = static_cast<int>(tensor.scalar_type());
    const int newest_code = s.applies(LoaderRule::ScalarTypesTo29) ? 29 : 22;
    if (scalar < 0 || scalar > newest_code) {
      return refuse_tensor(RuntimeError::InvalidProgram,
                           fmt::format("scalar type {} is not one of 0..{}", scalar, newest_code));
    }
    if (scalar >= 8 && scalar <= 10 && !s.applies(LoaderRule::ComplexScalarTypes)) {
      return refuse_tensor(RuntimeError::InvalidProgram,
                           fmt::format("scalar type {} is complex, which ExecuTorch supports from {}", scalar,
                                       release_rule(LoaderRule::ComplexScalarTypes).since.text()));
    }
    if (scalar == 15 && !s.applies(LoaderRule::BFloat16ScalarType)) {
      return refuse_tensor(RuntimeError::InvalidProgram,
                           fmt::format("scalar type 15 is BFloat16, which ExecuTorch supports from {}",
                                       release_rule(LoaderRule::BFloat16ScalarType).since.text()));
    }
    if (tensor.shape_dynamism() == et::TensorShapeDynamism::DYNAMIC_UNBOUND) {
      return refuse_tensor(RuntimeError::NotSupported, "shape_dynamism is DYNAMIC_UNBOUND");
    }
    const auto* sizes = tensor.sizes();
    if (sizes == nullptr) return refuse_tensor(RuntimeError::InvalidProgram, "a tensor without sizes");
    const std::size_t rank = sizes->size();
    if (s.applies(LoaderRule::RankAtMost16) && rank > 16) {
      return refuse_tensor(RuntimeError::InvalidProgram, fmt::format("rank {} is above the runtime's 16", rank));
    }
    const auto* dim_order = tensor.dim_order();
    if (dim_order == nullptr || dim_order->size() != rank) {
      return refuse_tensor(RuntimeError::InvalidProgram,
                           dim_order == nullptr
                               ? std::string("a tensor without dim_order")
                               : fmt::format("dim_order has {} entries for rank {}", dim_order->size(), rank));
    }
    bool negative = false;
    for (uoffset_t d = 0; d < rank; ++d) {
      if (sizes->Get(d) >= 0) continue;
      if (s.applies(LoaderRule::NegativeSizesRefused)) {
        return refuse_tensor(RuntimeError::InvalidProgram, fmt::format("size {} (dimension {}) is negative", sizes->Get(d), d));
      }
      negative = true;
    }
    if (negative) {
      s.warn(fmt::format("method '{}' value {}: a negative tensor size, which ExecuTorch refuses from {}", s.method, v,
                         release_rule(LoaderRule::NegativeSizesRefused).since.text()));
    }
    if (!check_dim_order(*dim_order, rank, v)) return false;
    return check_tensor_data(tensor, v, negative ? 0 : tensor_bytes(tensor));
  }

  bool check_dim_order(const flatbuffers::Vector<std::uint8_t>& dim_order, std::size_t rank, uoffset_t v) {
    std::vector<bool> seen(rank, false);
    for (uoffset_t d = 0; d < rank; ++d) {
      const std::size_t entry = dim_order.Get(d);
      const bool duplicate = entry < rank && seen[entry];
      if (entry >= rank || (duplicate && s.applies(LoaderRule::DimOrderPermutation))) {
        return refuse(LoadStage::MethodTensors, RuntimeError::Internal,
                      fmt::format("value {}: dim_order is not a permutation of 0..{} (entry {} is {})", v,
                                  rank == 0 ? 0 : rank - 1, d, entry));
      }
      if (entry < rank) seen[entry] = true;
    }
    return true;
  }

  // The tensor's size in bytes, kNoBytes when it does not fit 64 bits.
  static std::uint64_t tensor_bytes(const et::Tensor& tensor) {
    std::uint64_t bytes = element_size(static_cast<int>(tensor.scalar_type()));
    for (const std::int32_t dim : *tensor.sizes()) {
      const auto d = static_cast<std::uint64_t>(dim);
      if (d != 0 && bytes > UINT64_MAX / d) return kNoBytes;
      bytes *= d;
    }
    return bytes;
  }

  bool check_tensor_data(const et::Tensor& tensor, uoffset_t v, std::uint64_t nbytes) {
    const MethodPlace where{MethodPlace::Kind::Value, v, 0, {}};
    const et::AllocationDetails* allocation = tensor.allocation_info();
    const std::size_t buffers = plan.non_const_buffer_sizes()->size();
    if (allocation != nullptr && buffers <= 1) {
      return refuse_under(LoaderRule::PlannedMemoryRequired, LoadStage::MethodTensors, RuntimeError::InvalidState,
                          fmt::format("{}: the tensor has allocation_info, but the plan has no planned memory "
                                      "(non_const_buffer_sizes has {} entries)",
                                      where, buffers));
    }
    if (is_external(tensor)) {
      if (allocation == nullptr) return true;  // checked with the values
      return refuse_under(LoaderRule::ExternalDataMapChecked, LoadStage::MethodTensors, RuntimeError::InvalidExternalData,
                          fmt::format("{}: the tensor's data is external (in a .ptd file), and no .ptd data is supplied", where));
    }
    if (tensor.data_buffer_idx() > 0 && allocation == nullptr) return check_constant_data(s, tensor, nbytes, where);
    if (allocation == nullptr) return true;
    if (tensor.data_buffer_idx() > 0 && s.applies(LoaderRule::MutableData) && !check_mutable_data(s, tensor, nbytes, where)) {
      return false;
    }
    return check_planned_memory(*allocation, nbytes, where);
  }

  bool check_planned_memory(const et::AllocationDetails& allocation, std::uint64_t nbytes, const MethodPlace& where) {
    const auto* sizes = plan.non_const_buffer_sizes();
    const std::uint32_t id = allocation.memory_id();
    if (id == 0 || id >= sizes->size()) {
      return refuse(LoadStage::MethodTensors, RuntimeError::InvalidArgument,
                    fmt::format("{}: memory_id {} is not one of the plan's planned buffers 1..{}", where, id,
                                sizes->size() - 1));
    }
    const std::uint64_t offset =
        static_cast<std::uint64_t>(allocation.memory_offset_low()) | static_cast<std::uint64_t>(allocation.memory_offset_high()) << 32;
    const auto end = add(offset, nbytes);
    if (!end) {
      return refuse_under(LoaderRule::OverflowChecks, LoadStage::MethodTensors, RuntimeError::InvalidArgument,
                          fmt::format("{}: memory offset {} plus the tensor's {} bytes overflows", where, offset, nbytes));
    }
    const std::int64_t length = sizes->Get(id);
    if (length < 0 || *end > static_cast<std::uint64_t>(length)) {
      return refuse(LoadStage::MethodTensors, RuntimeError::MemoryAllocationFailed,
                    fmt::format("{}: the tensor's {} bytes at offset {} run past planned buffer {} ({} bytes)", where,
                                nbytes, offset, id, length));
    }
    return true;
  }

  // ---- C. delegates (BackendDelegate::Init) -------------------------------------------------------
  bool check_delegates() {
    const auto* delegates = plan.delegates();
    if (delegates == nullptr) {
      return refuse(LoadStage::MethodPlan, RuntimeError::InvalidProgram, fmt::format("execution plan {} has no delegates list", index));
    }
    if (delegates->size() > s.options.max_vector_length) {
      return refuse(LoadStage::MethodPlan, RuntimeError::InputLimit,
                    limits::exceeded(fmt::format("execution plan {}'s delegates vector holds", index), delegates->size(),
                                     "element", limits::kVectorLengthName, s.options.max_vector_length));
    }
    out.delegates.reserve(delegates->size());
    for (uoffset_t d = 0; d < delegates->size(); ++d) {
      if (!init_delegate(*delegates->Get(d), d)) return false;
    }
    return true;
  }

  const BackendLoadChecks* checks_for(std::string_view backend_id) const {
    for (const BackendLoadChecks* checks : s.options.backends) {
      if (checks != nullptr && checks->backend_id() == backend_id) return checks;
    }
    return nullptr;
  }

  bool init_delegate(const et::BackendDelegate& delegate, uoffset_t d) {
    constexpr LoadStage kStage = LoadStage::DelegateData;
    if (delegate.id() == nullptr) {
      return refuse(kStage, RuntimeError::InvalidProgram, fmt::format("delegate {} has no backend id", d));
    }
    ProgramDelegate resolved;
    resolved.backend_id = delegate.id()->str();
    const MethodPlace where{MethodPlace::Kind::Delegate, d, 0, resolved.backend_id};
    const BackendLoadChecks* checks = checks_for(resolved.backend_id);
    if (checks == nullptr) note_unchecked(resolved.backend_id);
    const et::BackendDelegateDataReference* processed = delegate.processed();
    if (processed == nullptr) {
      return refuse(kStage, RuntimeError::Crash, fmt::format("{} has no processed data reference, which the runtime reads unchecked", where));
    }
    resolved.index = processed->index();
    switch (processed->location()) {
      case et::DataLocation::INLINE:
        if (!resolve_inline(resolved, where)) return false;
        break;
      case et::DataLocation::SEGMENT: {
        resolved.location = DelegateLocation::Segment;
        FileSpan span;
        if (!load_delegate_segment(s, resolved.index, span)) return false;
        resolved.file_offset = span.offset;
        resolved.data = s.data + span.offset;
        resolved.size = static_cast<std::size_t>(span.size);
        break;
      }
      default:
        return refuse(kStage, RuntimeError::Internal,
                      fmt::format("{} has data location {}, neither INLINE (0) nor SEGMENT (1)", where,
                                  static_cast<int>(processed->location())));
    }
    if (!check_compile_specs(delegate, where)) return false;
    out.delegates.push_back(resolved);
    if (checks == nullptr) return true;
    std::optional<LoadRefusal> refusal = checks->check(resolved.data, resolved.size, delegate_context(where));
    if (!refusal) return true;
    refusal->method = s.method;
    refusal->backend = std::string(checks->display_name());
    refusal->message = fmt::format("{}: {}", where, refusal->message);
    if (!s.result.refusal) s.result.refusal = std::move(refusal);
    return false;
  }

  // What the backend's checks may ask of the program, and its library when one is given.
  DelegateLoadContext delegate_context(const MethodPlace& where) {
    DelegateLoadContext context{s.release, s.method, nullptr, s.options.verified, nullptr, nullptr, nullptr, nullptr,
                                s.options.runtime.is_development_head(), nullptr};
    if (s.program->named_data() != nullptr) {
      context.resolve_named_data = [this](std::string_view key) { return find_named_data(s, key).refusal; };
      context.named_data_bytes = [this](std::string_view key) -> std::optional<NamedDataBytes> {
        const NamedDataLookup found = find_named_data(s, key);
        if (found.refusal) return std::nullopt;
        return NamedDataBytes{s.data + found.span.offset, static_cast<std::size_t>(found.span.size)};
      };
    }
    context.warn = [this, where](std::string message) {
      s.warn(fmt::format("method '{}' {}: {}", s.method, where.text(), message));
    };
    context.crashes_when_run = [this, where](std::string message) {
      s.crashes_when_run(LoadStage::DelegateChecks, fmt::format("{}: {}", where.text(), message));
    };
    context.library = s.options.libraries.find(where.backend);
    if (context.library == nullptr) note_not_defined(where.backend);
    context.not_checked = [this, where](std::string why) {
      const std::string note = fmt::format("{}'s definitions of method '{}' {} were not all checked: {}",
                                           checks_for(where.backend)->display_name(), s.method, where.text(), why);
      auto& notes = s.result.view.definitions_not_checked;
      if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
    };
    return context;
  }

  // Said once per backend: the stage was not checked, and why.
  void note_not_defined(std::string_view backend_id) {
    const std::string_view name = checks_for(backend_id)->display_name();
    const std::string why = s.options.libraries.why_absent(backend_id);
    const std::string note = fmt::format("{}'s own definitions of its payloads were not checked: {}", name, why);
    auto& notes = s.result.view.definitions_not_checked;
    if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
  }

  void note_unchecked(const std::string& backend_id) {
    auto& unchecked = s.result.view.unchecked_backends;
    if (std::find(unchecked.begin(), unchecked.end(), backend_id) == unchecked.end()) unchecked.push_back(backend_id);
  }

  bool resolve_inline(ProgramDelegate& resolved, const MethodPlace& where) {
    constexpr LoadStage kStage = LoadStage::DelegateData;
    resolved.location = DelegateLocation::Inline;
    const auto* entries = s.program->backend_delegate_data();
    if (entries == nullptr) {
      return refuse(kStage, RuntimeError::Crash,
                    fmt::format("{}'s data is inline entry {}, but Program.backend_delegate_data is missing, which the "
                                "runtime reads unchecked",
                                where, resolved.index));
    }
    if (resolved.index >= entries->size()) {
      return refuse(kStage, RuntimeError::NotFound,
                    fmt::format("{}'s data is inline entry {}, but the program has {}", where, resolved.index, entries->size()));
    }
    const auto* bytes = entries->Get(resolved.index)->data();
    if (bytes == nullptr) {
      return refuse(kStage, RuntimeError::Crash,
                    fmt::format("{}'s inline entry {} has no data, which the runtime reads unchecked", where, resolved.index));
    }
    resolved.data = bytes->data();
    resolved.size = bytes->size();
    resolved.file_offset = static_cast<std::uint64_t>(resolved.data - s.data);
    return true;
  }

  bool check_compile_specs(const et::BackendDelegate& delegate, const MethodPlace& where) {
    const auto* specs = delegate.compile_specs();
    if (specs == nullptr) {
      return s.applies(LoaderRule::OptionalCompileSpecs) ||
             refuse(LoadStage::DelegateData, RuntimeError::Crash,
                    fmt::format("{} has no compile_specs list, which the runtime reads unchecked before {}", where,
                                release_rule(LoaderRule::OptionalCompileSpecs).since.text()));
    }
    for (uoffset_t i = 0; i < specs->size(); ++i) {
      const et::CompileSpec* spec = specs->Get(i);
      if (spec->key() == nullptr || spec->value() == nullptr) {
        return refuse(LoadStage::DelegateData, RuntimeError::Crash,
                      fmt::format("{}: compile spec {} has no {}, which the runtime reads unchecked", where, i,
                                  spec->key() == nullptr ? "key" : "value"));
      }
    }
    return true;
  }

  // ---- D. chains and instructions -----------------------------------------------------------------
  // The outcome of a kernel call's operator lookup; the runtime keeps only the last one.
  struct OperatorOutcome {
    RuntimeError error = RuntimeError::InvalidProgram;
    std::string message;
  };

  bool check_chains() {
    const auto* chains = plan.chains();
    if (chains == nullptr || chains->size() == 0) {
      return refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram,
                    fmt::format("execution plan {} has no chains", index));
    }
    std::optional<OperatorOutcome> first_error;
    std::optional<OperatorOutcome> last_outcome;  // nullopt: the last kernel call resolved
    for (uoffset_t c = 0; c < chains->size(); ++c) {
      const auto* instructions = chains->Get(c)->instructions();
      if (instructions == nullptr) {
        return refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram, fmt::format("chain {} has no instructions", c));
      }
      for (uoffset_t i = 0; i < instructions->size(); ++i) {
        const MethodPlace where{MethodPlace::Kind::Instruction, c, i, {}};
        const et::Instruction* instruction = instructions->Get(i);
        if (instruction == nullptr || instruction->instr_args() == nullptr) {
          return refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram, fmt::format("{} has no arguments", where));
        }
        if (const et::KernelCall* call = instruction->instr_args_as_KernelCall()) {
          if (!check_args(call->args(), where)) return false;
          last_outcome = lookup_operator(call->op_index(), where);
          if (last_outcome && !first_error) first_error = last_outcome;
        } else if (!check_instruction(*instruction, where)) {
          return false;
        }
      }
    }
    if (last_outcome) return refuse(LoadStage::MethodOperators, last_outcome->error, last_outcome->message);
    if (first_error) {
      s.crashes_when_run(LoadStage::MethodOperators,
                         first_error->message +
                             " (" + runtime_error_name(first_error->error) +
                             "); a later kernel call resolved and overwrote that error, so the method loads with the "
                             "call's kernel unset, and running it calls through the unset kernel");
    }
    return true;
  }

  bool check_args(const flatbuffers::Vector<std::int32_t>* args, const MethodPlace& where) {
    if (args == nullptr) return refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram, fmt::format("{} has no args", where));
    for (uoffset_t a = 0; a < args->size(); ++a) {
      if (!value_in_range(args->Get(a))) {
        return refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram,
                      fmt::format("{}: argument {} is {}, not one of the plan's {} values", where, a, args->Get(a), value_count()));
      }
    }
    return true;
  }

  // Nullopt when the kernel call names an operator; the operator is recorded for the runtime to register.
  std::optional<OperatorOutcome> lookup_operator(std::int32_t op_index, const MethodPlace& where) {
    const auto* operators = plan.operators();
    if (operators == nullptr || op_index < 0 || static_cast<uoffset_t>(op_index) >= operators->size()) {
      return OperatorOutcome{RuntimeError::InvalidProgram,
                             fmt::format("{}: op_index {} is not one of the plan's {} operators", where, op_index,
                                         operators == nullptr ? 0 : operators->size())};
    }
    const et::Operator* op = operators->Get(op_index);
    if (op->name() == nullptr) {
      return OperatorOutcome{RuntimeError::InvalidProgram, fmt::format("{}: operator {} has no name", where, op_index)};
    }
    // The runtime prints "name.overload" as C strings into 100 bytes: each ends at its first NUL, and the
    // overload is added when its stored length is not 0, even if its text is empty.
    std::string name(op->name()->c_str());
    if (op->overload() != nullptr && op->overload()->size() != 0) name += "." + std::string(op->overload()->c_str());
    if (name.size() > kOperatorNameLimit) {
      return OperatorOutcome{RuntimeError::Internal,
                             fmt::format("{}: operator {}'s name is {} characters, above the runtime's {}", where,
                                         op_index, name.size(), kOperatorNameLimit)};
    }
    if (std::find(out.operators.begin(), out.operators.end(), name) == out.operators.end()) out.operators.push_back(name);
    return std::nullopt;
  }

  bool check_instruction(const et::Instruction& instruction, const MethodPlace& where) {
    const auto in_range = [&](std::int32_t i, const char* field) {
      return value_in_range(i) ||
             refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram,
                    fmt::format("{}: {} is {}, not one of the plan's {} values", where, field, i, value_count()));
    };
    if (const et::DelegateCall* call = instruction.instr_args_as_DelegateCall()) {
      if (!check_args(call->args(), where)) return false;
      const std::size_t delegates = plan.delegates()->size();
      if (call->delegate_index() < 0 || static_cast<std::size_t>(call->delegate_index()) >= delegates) {
        s.warn(fmt::format("method '{}' {}: delegate_index {} is not one of the plan's {} delegates; the runtime "
                           "checks it only when the call runs (Error::Internal)",
                           s.method, where, call->delegate_index(), delegates));
      }
      return true;
    }
    if (const et::JumpFalseCall* call = instruction.instr_args_as_JumpFalseCall()) {
      return in_range(call->cond_value_index(), "cond_value_index");
    }
    const et::MoveCall* move = instruction.instr_args_as_MoveCall();
    const et::FreeCall* free = instruction.instr_args_as_FreeCall();
    if (move == nullptr && free == nullptr) {
      if (s.applies(LoaderRule::MoveFreeChecked)) {
        return refuse(LoadStage::MethodInstructions, RuntimeError::InvalidProgram,
                      fmt::format("{} has instruction type {}, which the runtime does not know", where,
                                  static_cast<int>(instruction.instr_args_type())));
      }
      s.warn(fmt::format("method '{}' {}: instruction type {} is unknown; ExecuTorch refuses it from {}", s.method,
                         where, static_cast<int>(instruction.instr_args_type()),
                         release_rule(LoaderRule::MoveFreeChecked).since.text()));
      return true;
    }
    const std::vector<std::pair<std::int32_t, const char*>> indices =
        move != nullptr ? std::vector<std::pair<std::int32_t, const char*>>{{move->move_from(), "move_from"}, {move->move_to(), "move_to"}}
                        : std::vector<std::pair<std::int32_t, const char*>>{{free->value_index(), "value_index"}};
    for (const auto& [i, field] : indices) {
      if (value_in_range(i)) continue;
      return refuse_under(LoaderRule::MoveFreeChecked, LoadStage::MethodInstructions, RuntimeError::InvalidProgram,
                          fmt::format("{}: {} is {}, not one of the plan's {} values", where, field, i, value_count()));
    }
    return true;
  }

  // ---- E. inputs and outputs ----------------------------------------------------------------------
  // Checked at load only before inputs-outputs-checked-when-used; later the method loads and the first
  // use of such an index aborts.
  bool check_inputs_outputs() {
    for (const auto& [field, list] : {std::pair{"inputs", plan.inputs()}, std::pair{"outputs", plan.outputs()}}) {
      for (uoffset_t i = 0; i < list->size(); ++i) {
        if (value_in_range(list->Get(i))) continue;
        const std::string message =
            fmt::format("{} entry {} is {}, not one of the plan's {} values", field, i, list->Get(i), value_count());
        if (!s.applies(LoaderRule::InputsOutputsCheckedWhenUsed)) {
          return refuse(LoadStage::MethodPlan, RuntimeError::InvalidProgram, message);
        }
        s.crashes_when_run(LoadStage::MethodPlan,
                           message + "; the runtime does not check it at load, and aborts when the method uses it");
        return true;
      }
    }
    return true;
  }
};

}  // namespace

bool load_method(LoadState& s, const et::ExecutionPlan& plan, std::size_t index) {
  ProgramPlan& out = s.result.view.plans.emplace_back();
  out.name = s.method;
  MethodLoad method{s, plan, index, out};
  return method.run();
}

}  // namespace fbcompat::load
