// smcalc/format.hpp - numbers, byte counts, percentages, compute capabilities and counted nouns as text,
// one way everywhere: the CLI's text answers, the JSON layer's readouts, the page and the docs' tables.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "smcalc/arch.hpp"

namespace smcalc {

// 12345678 -> "12,345,678" (thousands grouped; plain std::to_string where a machine reads it).
std::string grouped(int64_t v);

// "24 KiB" when a whole number of KiB (MiB, GiB), else "25601 B".
std::string format_bytes(int64_t bytes);

// std::round (halves away from zero) from floor, fabs and copysign only. The page links the browser's Math for
// libm (web/CMakeLists.txt, -sJS_MATH), whose round is floor(x + 0.5) and rounds 0.49999999999999994 up; these
// three are WebAssembly instructions, so the page's percentages are the CLI's to the last digit.
double round_half_away(double x);

// "62.5 %": a fraction (0..1) as a percentage with at most one decimal; "? %" when not finite.
std::string format_percent(double fraction);

// "9.0".
std::string cc_text(ComputeCapability cc);

// "1 CTA", "2 CTAs", "0 blocks": the number and the noun that agrees with it.
std::string count_text(int64_t n, std::string_view one, std::string_view many);

// A readout value in its unit: "96 KiB" / "98,304 B" (bytes), "51.5 %" (fraction), "10.7 FLOP/B",
// "64 registers"; what the page and compare show for one row of a tile's readouts.
std::string unit_value_text(std::string_view unit, double value);
// A value against its limit with the unit once: "64 / 255 registers", "1 / 32 CTAs", "96 KiB / 227 KiB".
std::string value_of_limit_text(std::string_view unit, double value, double limit);

}  // namespace smcalc
