// core/src/small_sort.hpp - a stable insertion sort for the core's short lists.
//
// Why not std::stable_sort / std::sort: each call with its own comparator instantiates libc++'s merge and
// introsort machinery (~3 KB of wasm per call site, and the page carries every one). The lists sorted with
// this are short (GPC layouts, ranked GPU names, next steps: tens of elements), where insertion sort is as
// fast and a few hundred bytes. Stable: equal elements keep their order, as std::stable_sort's do.
#pragma once

#include <iterator>
#include <utility>

namespace smcalc::detail {

template <class It, class Less>
void small_stable_sort(It first, It last, Less less) {
    if (first == last) return;
    for (It i = std::next(first); i != last; ++i) {
        auto v = std::move(*i);
        It j = i;
        for (; j != first && less(v, *std::prev(j)); --j) *j = std::move(*std::prev(j));
        *j = std::move(v);
    }
}

}  // namespace smcalc::detail
