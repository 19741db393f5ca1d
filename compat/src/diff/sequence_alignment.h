// Aligns two versions of a numbered sequence: union members (type ids), table fields (slots) or enum
// values (numbers). All three break the same way: data stores only the number, so an item that
// changes number, or a number that changes item, makes old data mean something else. The alignment
// says which items kept their number, which were inserted, deleted or renamed, and which moved, and
// it tells a move caused by an insertion or deletion (named in that finding) from a reorder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fbcompat {

struct SequenceItem {
  std::string_view name;
  std::int64_t number = 0;
  std::int64_t width = 1;  // numbers the item uses: a union field takes two slots (its type, then its value)
};

struct Alignment {
  struct Pair {
    std::size_t old_index;
    std::size_t new_index;
  };
  std::vector<Pair> kept;       // same name, same number
  std::vector<Pair> shifted;    // same name, new number explained by insertions and deletions before it
  std::vector<Pair> moved;      // same name, new number not explained so (reordered, explicit number changed)
  std::vector<Pair> renamed;    // different name at the same number, neither name in the other version
  std::vector<std::size_t> deleted;   // old items: name gone and number not reused by a renamed item
  std::vector<std::size_t> inserted;  // new items that took a number old data may hold, shifting others
  std::vector<std::size_t> added;     // new items that harm nothing: a number old data never held

  // For a deleted (old) or inserted (new) item, the shifted items it displaced, in new order.
  std::vector<Pair> displaced_by_deletion(std::size_t old_index) const;
  std::vector<Pair> displaced_by_insertion(std::size_t new_index) const;

  // Items of the old and new versions, kept to answer the questions above.
  std::vector<SequenceItem> old_items;
  std::vector<SequenceItem> new_items;
};

Alignment align_sequences(std::vector<SequenceItem> old_items, std::vector<SequenceItem> new_items);

}  // namespace fbcompat
