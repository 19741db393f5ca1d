#include "diff/sequence_alignment.h"

#include <unordered_map>

namespace fbcompat {

Alignment align_sequences(std::vector<SequenceItem> old_items, std::vector<SequenceItem> new_items) {
  Alignment alignment;
  std::unordered_map<std::string_view, std::size_t> new_by_name;
  std::unordered_map<std::int64_t, std::size_t> new_by_number;
  for (std::size_t i = 0; i < new_items.size(); ++i) {
    new_by_name.emplace(new_items[i].name, i);
    new_by_number.emplace(new_items[i].number, i);
  }
  std::unordered_map<std::string_view, std::size_t> old_by_name;
  for (std::size_t i = 0; i < old_items.size(); ++i) old_by_name.emplace(old_items[i].name, i);

  // Pass 1: same name.
  std::vector<bool> new_matched(new_items.size(), false);
  std::vector<Alignment::Pair> same_name;
  std::vector<std::size_t> old_unmatched;
  for (std::size_t i = 0; i < old_items.size(); ++i) {
    const auto found = new_by_name.find(old_items[i].name);
    if (found == new_by_name.end()) {
      old_unmatched.push_back(i);
      continue;
    }
    new_matched[found->second] = true;
    same_name.push_back({i, found->second});
  }

  // Pass 2: an old name that is gone and a new name that is new, at the same number, is a rename.
  for (std::size_t i : old_unmatched) {
    const auto found = new_by_number.find(old_items[i].number);
    if (found != new_by_number.end() && !new_matched[found->second] &&
        old_by_name.count(new_items[found->second].name) == 0) {
      new_matched[found->second] = true;
      alignment.renamed.push_back({i, found->second});
    } else {
      alignment.deleted.push_back(i);
    }
  }

  std::vector<std::size_t> new_only;
  for (std::size_t i = 0; i < new_items.size(); ++i) {
    if (!new_matched[i]) new_only.push_back(i);
  }

  // Pass 3: a number change is explained when it equals the new-only items before the item in the
  // new version less the deleted items before it in the old one: the number was assigned by position.
  auto count_before = [](const std::vector<std::size_t>& indexes, const std::vector<SequenceItem>& items,
                         std::int64_t number) {
    std::int64_t numbers = 0;
    for (std::size_t i : indexes) {
      if (items[i].number < number) numbers += items[i].width;
    }
    return numbers;
  };
  for (const Alignment::Pair& pair : same_name) {
    const std::int64_t old_number = old_items[pair.old_index].number;
    const std::int64_t new_number = new_items[pair.new_index].number;
    if (old_number == new_number) {
      alignment.kept.push_back(pair);
    } else if (new_number - old_number ==
               count_before(new_only, new_items, new_number) - count_before(alignment.deleted, old_items, old_number)) {
      alignment.shifted.push_back(pair);
    } else {
      alignment.moved.push_back(pair);
    }
  }

  alignment.old_items = std::move(old_items);
  alignment.new_items = std::move(new_items);

  // A new-only item is harmful when items after it had to shift: it took a number old data holds.
  // One that takes a number freed by a deletion or a move is reported with that deletion or move.
  for (std::size_t i : new_only) {
    (alignment.displaced_by_insertion(i).empty() ? alignment.added : alignment.inserted).push_back(i);
  }
  return alignment;
}

std::vector<Alignment::Pair> Alignment::displaced_by_deletion(std::size_t old_index) const {
  std::vector<Pair> displaced;
  const std::int64_t number = old_items[old_index].number;
  for (const Pair& pair : shifted) {
    if (old_items[pair.old_index].number > number && new_items[pair.new_index].number < old_items[pair.old_index].number) {
      displaced.push_back(pair);
    }
  }
  return displaced;
}

std::vector<Alignment::Pair> Alignment::displaced_by_insertion(std::size_t new_index) const {
  std::vector<Pair> displaced;
  const std::int64_t number = new_items[new_index].number;
  for (const Pair& pair : shifted) {
    if (new_items[pair.new_index].number > number && new_items[pair.new_index].number > old_items[pair.old_index].number) {
      displaced.push_back(pair);
    }
  }
  return displaced;
}

}  // namespace fbcompat
