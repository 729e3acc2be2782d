// tests/web-wrap.cpp - web/wrap.hpp: a line break Dear ImGui puts inside a grouped number ("2,048") or a decimal
// ("98.4") moves to the blank before the number; every other break stays where ImGui put it.
#include <doctest/doctest.h>

#include <string>
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

TEST_CASE("wrap: a break between a number and its unit moves to the blank before the number") {
    // The budget line that wrapped as "... 48 KiB + 1" + "KiB reserved" at 360 px (issue 31).
    constexpr std::string_view s = "Shared memory per CTA: 48 KiB + 1 KiB reserved";
    const std::size_t one = s.find("+ 1") + 2;
    // ImGui ends the line at the blank after "1" (its break leaves the blank), or after it: both move.
    CHECK(number_safe_break(s, 0, one + 1) == one - 1);
    CHECK(number_safe_break(s, 0, one + 2) == one - 1);
    // Each unit the page writes after a number, and punctuation after the unit.
    for (std::string_view u : {"B", "KB", "KiB", "MiB", "GiB", "%", "regs", "registers", "warps", "blocks",
                               "CTAs", "bytes"}) {
        const std::string t = "limit is 65,536 " + std::string(u) + ", so";
        const std::size_t end = t.find("65,536") + 6;
        CAPTURE(u);
        CHECK(number_safe_break(t, 0, end) == t.find(" 65,536"));
        CHECK(number_safe_break(t, 0, end + 1) == t.find(" 65,536"));
    }
    // A decimal before a unit, after a parenthesis: the break goes to the blank before "(98.4".
    constexpr std::string_view d = "gives 9 blocks (98.4 %)";
    CHECK(number_safe_break(d, 0, d.find("98.4") + 4) == d.find(" (98.4"));
    // A word that only starts like a unit, or no unit at all, is a fine break.
    constexpr std::string_view w = "uses 48 Bytes? no: 48 Banks, 32 of them";
    CHECK(number_safe_break(w, 0, w.find("48 Banks") + 2) == w.find("48 Banks") + 2);
    CHECK(number_safe_break(w, 0, w.find("32 of") + 2) == w.find("32 of") + 2);
    // A unit after a word, not a number: ImGui's break stands.
    constexpr std::string_view n = "shared memory KiB per SM";
    CHECK(number_safe_break(n, 0, n.find(" KiB")) == n.find(" KiB"));
    // The number starts the line: nowhere to move, the break stands (a line "48" then "KiB").
    constexpr std::string_view f = "48 KiB";
    CHECK(number_safe_break(f, 0, 2) == 2);
    // The number before the break is not this line's (the line starts after it).
    CHECK(number_safe_break(s, one + 1, one + 1) == one + 1);
}
