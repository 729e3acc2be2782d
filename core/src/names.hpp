// core/src/names.hpp - an enum's names as one table: each value with its JSON key and the words the
// derivation and the pages use, so that the two can never list different values. Internal to the core.
#pragma once

#include <cstddef>
#include <string_view>

namespace smcalc {

template <typename E>
struct Named {
    E value;
    std::string_view key;    // JSON name: stable, machine-read
    std::string_view label;  // for people
};

// The row of `table` naming `v`; key and label "?" for a value the table lacks (a newer enum value).
template <typename E, std::size_t N>
constexpr Named<E> name_of(const Named<E> (&table)[N], E v) {
    for (const Named<E>& n : table)
        if (n.value == v) return n;
    return {v, "?", "?"};
}

}  // namespace smcalc
