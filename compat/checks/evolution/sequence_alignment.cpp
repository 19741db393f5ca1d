#include "evolution/sequence_alignment.h"

#include <algorithm>
#include <unordered_map>

namespace fbcompat {
namespace {

// The pairs (sorted by old number) that keep their relative order: a longest run of strictly
// increasing new numbers. Every other pair moved on its own; these at most shifted around them.
std::vector<bool> in_order(const std::vector<Alignment::Pair>& pairs, const std::vector<SequenceItem>& new_items) {
  std::vector<std::size_t> tails;  // tails[k]: index into pairs of the smallest tail of a run of length k + 1
  std::vector<std::size_t> previous(pairs.size(), pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::int64_t number = new_items[pairs[i].new_index].number;
    const auto slot = std::lower_bound(tails.begin(), tails.end(), number, [&](std::size_t tail, std::int64_t value) {
      return new_items[pairs[tail].new_index].number < value;
    });
    if (slot != tails.begin()) previous[i] = *(slot - 1);
    if (slot == tails.end()) {
      tails.push_back(i);
    } else {
      *slot = i;
    }
  }
  std::vector<bool> result(pairs.size(), false);
  for (std::size_t i = tails.empty() ? pairs.size() : tails.back(); i < pairs.size(); i = previous[i]) result[i] = true;
  return result;
}

}  // namespace

Alignment align_sequences(std::vector<SequenceItem> old_items, std::vector<SequenceItem> new_items) {
  Alignment alignment;
  // The common case, every item where it was: nothing to look up.
  const bool unchanged = old_items.size() == new_items.size() &&
                         std::equal(old_items.begin(), old_items.end(), new_items.begin(),
                                    [](const SequenceItem& a, const SequenceItem& b) {
                                      return a.name == b.name && a.number == b.number && a.width == b.width;
                                    });
  if (unchanged) {
    alignment.kept.reserve(old_items.size());
    for (std::size_t i = 0; i < old_items.size(); ++i) alignment.kept.push_back({i, i});
    alignment.old_items = std::move(old_items);
    alignment.new_items = std::move(new_items);
    return alignment;
  }
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

  // Pass 3: items out of the old order moved on their own (reordered, or renumbered past a
  // neighbour). The others kept their number, or shifted: their new number is the old one plus the
  // numbers new items took before them, less the numbers deleted items freed before them, plus or
  // minus the moved items that crossed them. A number change nothing explains is a move too.
  std::sort(same_name.begin(), same_name.end(), [&](const Alignment::Pair& a, const Alignment::Pair& b) {
    return old_items[a.old_index].number < old_items[b.old_index].number;
  });
  const std::vector<bool> ordered = in_order(same_name, new_items);
  std::vector<Alignment::Pair> out_of_order;
  for (std::size_t i = 0; i < same_name.size(); ++i) {
    if (!ordered[i]) out_of_order.push_back(same_name[i]);
  }
  auto numbers_before = [](const std::vector<std::size_t>& indexes, const std::vector<SequenceItem>& items,
                           std::int64_t number) {
    std::int64_t numbers = 0;
    for (std::size_t i : indexes) {
      if (items[i].number < number) numbers += items[i].width;
    }
    return numbers;
  };
  for (std::size_t i = 0; i < same_name.size(); ++i) {
    const Alignment::Pair& pair = same_name[i];
    const std::int64_t old_number = old_items[pair.old_index].number;
    const std::int64_t new_number = new_items[pair.new_index].number;
    if (!ordered[i]) {
      alignment.moved.push_back(pair);
      continue;
    }
    if (old_number == new_number) {
      alignment.kept.push_back(pair);
      continue;
    }
    std::int64_t expected =
        old_number + numbers_before(new_only, new_items, new_number) - numbers_before(alignment.deleted, old_items, old_number);
    for (const Alignment::Pair& move : out_of_order) {
      const SequenceItem& moved_old = old_items[move.old_index];
      const SequenceItem& moved_new = new_items[move.new_index];
      if (moved_old.number > old_number && moved_new.number < new_number) expected += moved_new.width;
      if (moved_old.number < old_number && moved_new.number > new_number) expected -= moved_old.width;
    }
    (expected == new_number ? alignment.shifted : alignment.moved).push_back(pair);
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

std::vector<Alignment::Pair> Alignment::displaced_by_move(const Pair& move) const {
  std::vector<Pair> displaced;
  const std::int64_t from = old_items[move.old_index].number;
  const std::int64_t to = new_items[move.new_index].number;
  for (const Pair& pair : shifted) {
    const std::int64_t old_number = old_items[pair.old_index].number;
    const std::int64_t new_number = new_items[pair.new_index].number;
    const bool crossed_downwards = to > from && old_number > from && new_number < to && new_number < old_number;
    const bool crossed_upwards = to < from && old_number < from && new_number > to && new_number > old_number;
    if (crossed_downwards || crossed_upwards) displaced.push_back(pair);
  }
  return displaced;
}

std::string_view Alignment::next_in_new(std::size_t new_index) const {
  const SequenceItem* next = nullptr;
  for (const SequenceItem& item : new_items) {
    if (item.number > new_items[new_index].number && (next == nullptr || item.number < next->number)) next = &item;
  }
  return next != nullptr ? next->name : std::string_view();
}

Alignment::EndPlace Alignment::end_place(std::size_t new_index) const {
  EndPlace place;
  const SequenceItem* last_old = nullptr;
  for (const SequenceItem& item : old_items) {
    if (last_old == nullptr || item.number > last_old->number) last_old = &item;
  }
  place.number = last_old != nullptr ? last_old->number : 0;
  place.after = last_old != nullptr ? last_old->name : std::string_view();
  std::vector<std::size_t> new_ones = inserted;
  new_ones.insert(new_ones.end(), added.begin(), added.end());
  std::sort(new_ones.begin(), new_ones.end(),
            [&](std::size_t a, std::size_t b) { return new_items[a].number < new_items[b].number; });
  for (std::size_t index : new_ones) {
    place.number += new_items[index].width;
    if (index == new_index) break;
    place.after = new_items[index].name;
  }
  return place;
}

}  // namespace fbcompat
