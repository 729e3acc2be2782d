// tests/web-wrap.cpp - web/wrap.hpp: a line break Dear ImGui puts inside a grouped number ("2,048") or a decimal
// ("98.4") moves to the blank before the number; every other break stays where ImGui put it.
#include <doctest/doctest.h>

#include <string_view>

#include "../web/wrap.hpp"

using smcalc::web::number_safe_break;

TEST_CASE("wrap: a break inside a number moves to the blank before it, others stay") {
    // The Why tab's line that wrapped as "... 65,536 / 2," + "048 -> 32 blocks" (issue 31).
    constexpr std::string_view s = "Registers: 65,536 / 2,048 -> 32 blocks";
    const std::size_t after_comma = s.find("2,048") + 2;  // ImGui's break: after "2,"
    CHECK(number_safe_break(s, 0, after_comma) == s.find(" 2,048"));
    // The same in a decimal figure.
    constexpr std::string_view d = "gives 9 blocks (63 warps, 98.4 %)";
    CHECK(number_safe_break(d, 0, d.find("98.4") + 3) == d.find(" 98.4"));
    // Punctuation that ends a word is a fine break: a comma before a blank, a full stop at a sentence's end.
    CHECK(number_safe_break(d, 0, d.find("warps,") + 6) == d.find("warps,") + 6);
    constexpr std::string_view t = "Limited by registers. Next: 2 blocks";
    CHECK(number_safe_break(t, 0, t.find(". ") + 1) == t.find(". ") + 1);
    // A number with no blank before it on this line (the line starts with it): ImGui's break stands.
    constexpr std::string_view n = "123,456,789";
    CHECK(number_safe_break(n, 0, 4) == 4);
    // The line starting at `from`: a blank before `from` is not this line's.
    CHECK(number_safe_break(s, s.find("2,048"), after_comma) == after_comma);
    // The end of the text and degenerate breaks are returned unchanged.
    CHECK(number_safe_break(s, 0, s.size()) == s.size());
    CHECK(number_safe_break(s, 5, 5) == 5);
    CHECK(number_safe_break(s, 5, 6) == 6);
}
