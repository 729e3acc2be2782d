// web/wrap.hpp - where a wrapped line of the page's text may end. Dear ImGui 1.86 wraps after '.' and ','
// (ImFont::CalcWordWrapPositionA), so a grouped number such as "2,048" or a figure such as "98.4" could end one
// line and start the next ("2," / "048"); it also ends a line between a number and its unit ("1" / "KiB"). The
// page's text_wrapped asks ImGui for the break, then this moves a break inside a number, or between a number and
// its unit, back to the blank before the number. Plain C++: tested natively (tests/web-wrap.cpp).
#pragma once

#include <cstddef>
#include <string_view>

namespace smcalc::web {

// Whether a unit word starts at s[i] and ends there (followed by the end, a blank or punctuation): the words the
// page writes after a number ("48 KiB", "98.4 %", "255 regs", "32 blocks").
inline bool unit_word_at(std::string_view s, std::size_t i) {
    static constexpr std::string_view kUnits[] = {"B",     "KB",   "KiB",       "MB",    "MiB",    "GB",
                                                  "GiB",   "%",    "regs",      "registers", "warps", "threads",
                                                  "blocks", "CTAs", "CTA",      "bytes", "SMs",    "cycles"};
    for (std::string_view u : kUnits) {
        if (s.substr(i, u.size()) != u) continue;
        const std::size_t e = i + u.size();
        if (e == s.size()) return true;
        const char c = s[e];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return true;
    }
    return false;
}

// `br`: where ImGui would end the line that starts at `from` (an index into s, from < br <= s.size()). Returns
// br, or the index of the last blank after `from` before a number that the break would cut: where s[br - 1] is
// ',' or '.' between two digits ("2," / "048"), or where the line would end with a number and the next start
// with its unit ("1" / "KiB"; blanks at br are skipped on both sides, as ImGui leaves them). The number then
// starts the next line whole, with its unit; br again if the number has no blank before it on this line.
inline std::size_t number_safe_break(std::string_view s, std::size_t from, std::size_t br) {
    auto digit = [&](std::size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
    if (br < from + 2 || br >= s.size()) return br;
    std::size_t start;  // where the number that the break cuts starts
    if ((s[br - 1] == ',' || s[br - 1] == '.') && digit(br - 2) && digit(br)) {
        start = br - 1;
    } else {
        std::size_t end = br;  // just after the line's last character that is not a blank
        while (end > from && s[end - 1] == ' ') --end;
        std::size_t next = br;  // the next line's first character
        while (next < s.size() && s[next] == ' ') ++next;
        if (end == next || end == from || !digit(end - 1) || next == s.size() || !unit_word_at(s, next)) return br;
        start = end - 1;
    }
    while (start > from && (digit(start - 1) || s[start - 1] == ',' || s[start - 1] == '.')) --start;
    for (std::size_t i = start; i > from; --i)
        if (s[i - 1] == ' ' && i - 1 > from) return i - 1;
    return br;
}

}  // namespace smcalc::web
