// Data after the program flatbuffer as the runtime reaches it (docs/what-loads-where.md, section 2):
// delegate segments, the constant segment, mutable data and named data. Nothing is checked before it
// is used, and a segment nothing refers to is never checked.
#include <fmt/format.h>

#include "load/load_state.h"

namespace fbcompat::load {
namespace {

// The loader's bounds check of [offset, offset + size) against the file.
bool inside_file(const LoadState& s, std::uint64_t offset, std::uint64_t size) {
  return offset <= s.size && size <= s.size - offset;
}

std::string span_text(std::uint64_t offset, std::uint64_t size) {
  return fmt::format("bytes [{}, +{})", offset, size);
}

}  // namespace

bool load_delegate_segment(LoadState& s, std::uint32_t index, FileSpan& span) {
  constexpr LoadStage kStage = LoadStage::DelegateData;
  if (!s.has_header || s.segment_base == 0) {
    return s.refuse(kStage, RuntimeError::NotFound,
                    fmt::format("the delegate's data is segment {}, but the program has {} to locate segments", index,
                                s.has_header ? "a segment base offset of 0" : "no extended header"));
  }
  const auto* segments = s.program->segments();
  if (segments == nullptr) {
    return s.refuse_under(LoaderRule::MissingSegmentsRefused, kStage, RuntimeError::InvalidProgram,
                          fmt::format("the delegate's data is segment {}, but Program.segments is missing", index));
  }
  if (index >= segments->size()) {
    return s.refuse(kStage, RuntimeError::NotFound,
                    fmt::format("the delegate's data is segment {}, but the program has {} segments", index, segments->size()));
  }
  s.segments_used.insert(index);
  const et::DataSegment* segment = segments->Get(index);
  const auto start = add(s.segment_base, segment->offset());
  if (!start) {
    return s.refuse_under(LoaderRule::OverflowChecks, kStage, RuntimeError::InvalidProgram,
                          fmt::format("segment {}: the segment base {} plus its offset {} overflows", index, s.segment_base,
                                      segment->offset()));
  }
  if (!inside_file(s, *start, segment->size())) {
    return s.refuse(kStage, RuntimeError::InvalidArgument,
                    fmt::format("segment {} is {} of the file (segment base {} plus offset {}), past the end of the "
                                "{}-byte file (truncated?)",
                                index, span_text(*start, segment->size()), s.segment_base, segment->offset(), s.size));
  }
  span = FileSpan{*start, segment->size()};
  return true;
}

bool load_constant_segment(LoadState& s) {
  constexpr LoadStage kStage = LoadStage::ProgramContainer;
  const et::SubsegmentOffsets* constants = s.program->constant_segment();
  const std::size_t n = constants == nullptr || constants->offsets() == nullptr ? 0 : constants->offsets()->size();
  // Before 0.4.0 one offset already meant a segment; from 0.4.0 entry 0 is a placeholder, so two.
  const std::size_t used_from = s.applies(LoaderRule::ConstantSegmentPlaceholder) ? 2 : 1;
  if (n < used_from) return true;
  const auto* buffers = s.program->constant_buffer();
  if (buffers != nullptr && buffers->size() != 0) {
    return s.refuse(kStage, RuntimeError::InvalidProgram,
                    fmt::format("the program has both a constant segment ({} offsets) and {} constant_buffer entries",
                                n, buffers->size()));
  }
  const auto* segments = s.program->segments();
  if (segments == nullptr) {
    return s.refuse(kStage, RuntimeError::InvalidProgram,
                    fmt::format("the constant segment ({} offsets) needs Program.segments, which is missing", n));
  }
  const std::uint32_t index = constants->segment_index();
  if (index >= segments->size()) {
    return s.refuse(kStage, RuntimeError::InvalidProgram,
                    fmt::format("the constant segment is segment {}, but the program has {} segments", index, segments->size()));
  }
  s.segments_used.insert(index);
  const et::DataSegment* segment = segments->Get(index);
  // No check that sbo is set: without a header, offsets count from byte 0. No overflow check either.
  const auto start = add(s.segment_base, segment->offset());
  if (!start) {
    return s.refuse(kStage, RuntimeError::Crash,
                    fmt::format("the constant segment's offset {} plus the segment base {} overflows, which the runtime "
                                "does not check",
                                segment->offset(), s.segment_base));
  }
  if (!inside_file(s, *start, segment->size())) {
    return s.refuse(kStage, RuntimeError::InvalidArgument,
                    fmt::format("the constant segment (segment {}) is {} of the file, past the end of the {}-byte file "
                                "(truncated?)",
                                index, span_text(*start, segment->size()), s.size));
  }
  // An empty segment loads as null from a file, and lookups then go to constant_buffer.
  if (segment->size() != 0) s.constant_segment = FileSpan{*start, segment->size()};
  return true;
}

NamedDataLookup find_named_data(LoadState& s, std::string_view key) {
  constexpr LoadStage kStage = LoadStage::DelegateChecks;
  const auto refusal = [&](RuntimeError error, std::string message) {
    return NamedDataLookup{LoadRefusal{kStage, error, s.method, "", std::move(message), {}}, {}};
  };
  const auto* entries = s.program->named_data();
  if (entries == nullptr) return refusal(RuntimeError::NotFound, fmt::format("named data '{}' is not in the program", key));
  for (flatbuffers::uoffset_t i = 0; i < entries->size(); ++i) {
    const et::NamedData* entry = entries->Get(i);
    if (entry->key() == nullptr) {
      return refusal(RuntimeError::InvalidArgument,
                     fmt::format("Program.named_data[{}] has no key (met while looking up '{}')", i, key));
    }
    const std::string_view stored(entry->key()->c_str(), entry->key()->size());
    // 0.7.0 matched any requested key that starts with a stored one; the others match exactly.
    const bool prefix_match = s.applies(LoaderRule::NamedDataKeyPrefix);
    if (!(stored == key || (prefix_match && key.substr(0, stored.size()) == stored))) continue;
    const auto* segments = s.program->segments();
    const std::size_t count = segments == nullptr ? 0 : segments->size();
    if (entry->segment_index() >= count) {
      return refusal(RuntimeError::InvalidArgument,
                     fmt::format("named data '{}' is segment {}, but the program has {} segments", key, entry->segment_index(), count));
    }
    s.segments_used.insert(entry->segment_index());
    const et::DataSegment* segment = segments->Get(entry->segment_index());
    const auto start = add(s.segment_base, segment->offset());
    if (!start) {
      return refusal(RuntimeError::Crash, fmt::format("named data '{}': the segment base plus offset {} overflows", key,
                                                      segment->offset()));
    }
    if (!inside_file(s, *start, segment->size())) {
      return refusal(RuntimeError::InvalidArgument,
                     fmt::format("named data '{}' is {} of the file, past the end of the {}-byte file", key,
                                 span_text(*start, segment->size()), s.size));
    }
    return NamedDataLookup{std::nullopt, FileSpan{*start, segment->size()}};
  }
  return refusal(RuntimeError::NotFound, fmt::format("named data '{}' is not in Program.named_data", key));
}

bool check_constant_data(LoadState& s, const et::Tensor& tensor, std::uint64_t nbytes, const MethodPlace& where) {
  constexpr LoadStage kStage = LoadStage::MethodTensors;
  const std::uint32_t i = tensor.data_buffer_idx();
  if (s.constant_segment) {
    const auto* offsets = s.program->constant_segment()->offsets();
    if (i >= offsets->size()) {
      return s.refuse(kStage, RuntimeError::InvalidArgument,
                      fmt::format("{}: constant {} is past the constant segment's {} offsets", where, i, offsets->size()));
    }
    const std::uint64_t offset = offsets->Get(i);
    const std::uint64_t available = s.constant_segment->size;
    if (offset <= available && nbytes <= available - offset) return true;
    const std::string message = fmt::format("{}: constant {} ({} bytes at offset {}) runs past the {}-byte constant "
                                            "segment",
                                            where, i, nbytes, offset, available);
    // Before 1.3.0 the test was offset + nbytes <= size, which a large offset wraps past.
    const bool wraps = !s.applies(LoaderRule::OverflowChecks) && offset + nbytes <= available;
    return s.refuse(kStage, wraps ? RuntimeError::Crash : RuntimeError::InvalidArgument, message);
  }
  const auto* buffers = s.program->constant_buffer();
  if (buffers == nullptr && !s.applies(LoaderRule::AbsentConstantBufferEmpty)) {
    return s.refuse(kStage, RuntimeError::Crash,
                    fmt::format("{}: constant {} is looked up in Program.constant_buffer, which is missing", where, i));
  }
  const std::size_t count = buffers == nullptr ? 0 : buffers->size();
  if (i >= count) {
    return s.refuse(kStage, RuntimeError::InvalidArgument,
                    fmt::format("{}: constant {} is past the program's {} constant_buffer entries", where, i, count));
  }
  const auto* storage = buffers->Get(i)->storage();
  if (storage == nullptr) {
    return s.refuse(kStage, RuntimeError::Crash, fmt::format("{}: constant_buffer[{}] has no storage", where, i));
  }
  // From 1.2.0 the storage must hold the tensor (padding allowed); before, the test was reversed.
  const bool padding_allowed = s.applies(LoaderRule::ConstantBufferPadding);
  if (padding_allowed ? nbytes > storage->size() : storage->size() > nbytes) {
    return s.refuse(kStage, RuntimeError::InvalidArgument,
                    fmt::format("{}: constant_buffer[{}] holds {} bytes for a {}-byte tensor{}", where, i,
                                storage->size(), nbytes,
                                padding_allowed ? std::string()
                                                : fmt::format(" (before {} the storage may not be larger)",
                                                              release_rule(LoaderRule::ConstantBufferPadding).since.text())));
  }
  return true;
}

bool check_mutable_data(LoadState& s, const et::Tensor& tensor, std::uint64_t nbytes, const MethodPlace& where) {
  constexpr LoadStage kStage = LoadStage::MethodTensors;
  const std::uint32_t i = tensor.data_buffer_idx();
  const auto not_found = [&](std::string why) {
    return s.refuse(kStage, RuntimeError::NotFound, fmt::format("{}: mutable data {}: {}", where, i, why));
  };
  if (!s.has_header || s.segment_base == 0) return not_found("the program has no segments to hold it");
  const auto* lists = s.program->mutable_data_segments();
  if (lists == nullptr || lists->size() == 0) return not_found("Program.mutable_data_segments is missing or empty");
  const et::SubsegmentOffsets* list = lists->Get(0);
  if (list->offsets() == nullptr) return not_found("mutable_data_segments[0] has no offsets");
  if (i >= list->offsets()->size()) return not_found(fmt::format("past its {} offsets", list->offsets()->size()));
  const auto* segments = s.program->segments();
  if (segments == nullptr) {
    return s.refuse_under(LoaderRule::MissingSegmentsRefused, kStage, RuntimeError::InvalidProgram,
                          fmt::format("{}: mutable data needs Program.segments, which is missing", where));
  }
  if (list->segment_index() >= segments->size()) {
    return not_found(fmt::format("its segment {} is past the program's {} segments", list->segment_index(), segments->size()));
  }
  s.segments_used.insert(list->segment_index());
  const et::DataSegment* segment = segments->Get(list->segment_index());
  const std::uint64_t offset = list->offsets()->Get(i);
  const auto end = add(offset, nbytes);
  if (!end) {
    return s.refuse_under(LoaderRule::OverflowChecks, kStage, RuntimeError::InvalidProgram,
                          fmt::format("{}: mutable data offset {} plus {} bytes overflows", where, offset, nbytes));
  }
  if (*end > segment->size()) {
    return s.refuse(kStage, RuntimeError::InvalidArgument,
                    fmt::format("{}: mutable data ({} bytes at offset {}) runs past its {}-byte segment", where, nbytes,
                                offset, segment->size()));
  }
  const auto start = add(s.segment_base, segment->offset());
  const auto data_start = start ? add(*start, offset) : std::nullopt;
  if (!data_start) {
    return s.refuse_under(LoaderRule::OverflowChecks, kStage, RuntimeError::InvalidProgram,
                          fmt::format("{}: the mutable data's place in the file overflows", where));
  }
  if (!inside_file(s, *data_start, nbytes)) {
    return s.refuse(kStage, RuntimeError::InvalidArgument,
                    fmt::format("{}: mutable data {} is past the end of the {}-byte file", where,
                                span_text(*data_start, nbytes), s.size));
  }
  return true;
}

std::string MethodPlace::text() const {
  switch (kind) {
    case Kind::Value:
      return fmt::format("value {}", first);
    case Kind::Delegate:
      return fmt::format("delegate {} ({})", first, backend);
    case Kind::Instruction:
      break;
  }
  return fmt::format("chain {} instruction {}", first, second);
}

}  // namespace fbcompat::load
