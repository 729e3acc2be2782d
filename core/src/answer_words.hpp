// core/src/answer_words.hpp - the small text pieces the solver's rows (compare's cells, solve.cpp) and the text
// answers (answer_text.cpp) share: each defined once, in answer_text.cpp. Internal to the core.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/format.hpp"
#include "smcalc/guidance.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc::words {

// Plain decimal (no grouping): what a machine or a formula line reads ("128 x 4").
inline std::string num(int64_t v) { return std::to_string(v); }
inline std::string plural(int64_t n, const char* one, const char* many) { return count_text(n, one, many); }
// 4 -> "4", 3.5 -> "3.5", 3.25 -> "3.25": at most two decimals, trailing zeros dropped (waves per SIMD).
std::string fixed1(double v);
// The limiting resources, ", "-separated; "-" when none.
std::string nv_limiting_text(const std::vector<Resource>& l);
std::string amd_limiting_text(const std::vector<amd::Limit>& l);
// "MI300X: gfx942 (CDNA3), 304 CUs (8 XCDs x 38)".
std::string arch_title(const amd::GpuSpec& g);
std::string amd_kernel_text(const amd::KernelInput& in);
std::string nv_kernel_text(const KernelInput& in);
// A row over the columns: `value` per column; differs when not all equal.
CompareRow make_row(const std::string& key, const std::string& label, std::vector<std::string> values);
std::string opt_count(const std::optional<int64_t>& v, const char* one, const char* many);
const amd::Vocabulary& nv_words();
const amd::Vocabulary& amd_words();
// Columns of text, two spaces apart, each left- or right-aligned (`right`), every line after `indent`.
std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right,
                       const std::string& indent = "");
// The items in order, `sep` between them ("" when there are none).
std::string join(const std::vector<std::string>& items, std::string_view sep = ", ");
// A titled list, one item a line after `bullet`; "" when there are no items (notes, compiler messages).
std::string list_text(const std::string& title, const std::vector<std::string>& items, const char* bullet = "  - ");
// A tile readout as people read it: fractions as "51.5 %", integers plain, other values to 1 decimal.
std::string row_value_text(std::string_view unit, double value);

}  // namespace smcalc::words
