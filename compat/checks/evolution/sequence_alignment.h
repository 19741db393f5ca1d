// Aligns two versions of a numbered sequence: union members (type ids), table fields (slots) or enum
// values (numbers). All three break the same way: data stores only the number, so an item that
// changes number, or a number that changes item, makes old data mean something else. The alignment
// says which items kept their number, which were inserted, deleted or renamed, and which moved, and
// it tells the items that moved on their own (reordered, renumbered) from the items that only shifted
// because of an insertion, a deletion or another item's move: those are named in that change's
// finding, so that one edit is one finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fbcompat {

struct SequenceItem {
  std::string_view name;
  std::int64_t number = 0;
  std::int64_t width = 1;  // numbers the item uses, ending at `number`: a union field takes two slots
};

struct Alignment {
  struct Pair {
    std::size_t old_index;
    std::size_t new_index;
  };
  std::vector<Pair> kept;       // same name, same number
  std::vector<Pair> shifted;    // same name, new number explained by insertions, deletions and moves
  std::vector<Pair> moved;      // same name, new number not so explained: reordered or renumbered
  std::vector<Pair> renamed;    // different name at the same number, neither name in the other version
  std::vector<std::size_t> deleted;   // old items: name gone and number not reused by a renamed item
  std::vector<std::size_t> inserted;  // new items that took a number old data may hold, shifting others
  std::vector<std::size_t> added;     // new items that harm nothing: a number old data never held

  // The shifted items a change displaced, in old order: for a deleted (old) item, an inserted (new)
  // item, or a moved pair.
  std::vector<Pair> displaced_by_deletion(std::size_t old_index) const;
  std::vector<Pair> displaced_by_insertion(std::size_t new_index) const;
  std::vector<Pair> displaced_by_move(const Pair& move) const;

  // The new item that follows a new item in number order; empty for the last.
  std::string_view next_in_new(std::size_t new_index) const;

  // Where a new item belongs so that no old number changes: after every old item, the new items in
  // the order they were written. `number` is the number it takes there; `after` the item it follows.
  struct EndPlace {
    std::int64_t number = 0;
    std::string_view after;  // empty when the old version had no items
  };
  EndPlace end_place(std::size_t new_index) const;

  // Items of the old and new versions, kept to answer the questions above.
  std::vector<SequenceItem> old_items;
  std::vector<SequenceItem> new_items;
};

Alignment align_sequences(std::vector<SequenceItem> old_items, std::vector<SequenceItem> new_items);

}  // namespace fbcompat
