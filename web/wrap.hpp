// web/wrap.hpp - where a wrapped line of the page's text may end. Dear ImGui 1.86 wraps after '.' and ','
// (ImFont::CalcWordWrapPositionA), so a grouped number such as "2,048" or a figure such as "98.4" could end one
// line and start the next ("2," / "048"). The page's text_wrapped asks ImGui for the break, then this moves a
// break inside a number back to the blank before the number. Plain C++: tested natively (tests/web-wrap.cpp).
#pragma once

#include <cstddef>
#include <string_view>

namespace smcalc::web {

// `br`: where ImGui would end the line that starts at `from` (an index into s, from < br <= s.size()). Returns
// br, or, where s[br - 1] is ',' or '.' between two digits, the index of the last blank after `from` before the
// number (the number then starts the next line whole); br again if the number has no blank before it on this line.
inline std::size_t number_safe_break(std::string_view s, std::size_t from, std::size_t br) {
    auto digit = [&](std::size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
    if (br < from + 2 || br >= s.size() || (s[br - 1] != ',' && s[br - 1] != '.') || !digit(br - 2) || !digit(br))
        return br;
    for (std::size_t i = br - 1; i > from; --i)
        if (s[i] == ' ') return i;
    return br;
}

}  // namespace smcalc::web
