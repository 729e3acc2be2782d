// format.cpp - see smcalc/format.hpp.
#include "smcalc/format.hpp"

#include <cmath>
#include <cstdio>

namespace smcalc {

std::string grouped(int64_t v) {
    // -v of INT64_MIN would overflow: format its magnitude as unsigned.
    const uint64_t mag = v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    std::string s = std::to_string(mag);
    for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
    return v < 0 ? "-" + s : s;
}

std::string format_bytes(int64_t bytes) {
    constexpr int64_t KiB = 1024, MiB = KiB * 1024, GiB = MiB * 1024;
    if (bytes >= GiB && bytes % GiB == 0) return std::to_string(bytes / GiB) + " GiB";
    if (bytes >= MiB && bytes % MiB == 0) return std::to_string(bytes / MiB) + " MiB";
    if (bytes >= KiB && bytes % KiB == 0) return std::to_string(bytes / KiB) + " KiB";
    return std::to_string(bytes) + " B";
}

double round_half_away(double x) {
    const double a = std::fabs(x);
    double r = std::floor(a);
    if (a - r >= 0.5) r += 1.0;  // a - floor(a) is exact
    return std::copysign(r, x);
}

std::string format_percent(double fraction) {
    if (!std::isfinite(fraction)) return "? %";
    const double pct = round_half_away(fraction * 1000.0) / 10.0;
    char buf[32];
    if (pct == std::floor(pct))
        std::snprintf(buf, sizeof buf, "%.0f %%", pct);
    else
        std::snprintf(buf, sizeof buf, "%.1f %%", pct);
    return buf;
}

std::string cc_text(ComputeCapability cc) { return std::to_string(cc.major) + "." + std::to_string(cc.minor); }

std::string count_text(int64_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string unit_value_text(std::string_view unit, double v) {
    char buf[64];
    if (unit == "bytes") {
        const auto b = static_cast<int64_t>(v);
        if (b < 10 * 1024 || b % 1024 == 0) return format_bytes(b);
        std::snprintf(buf, sizeof buf, "%.2f KiB", v / 1024.0);
        return buf;
    }
    if (unit == "fraction") return format_percent(v);
    if (unit == "FLOP/B") {
        std::snprintf(buf, sizeof buf, "%.1f FLOP/B", v);
        return buf;
    }
    if (v == 1) {
        // One of a counted unit: its first word singular ("1 workgroup", "1 register per thread"), as count_text.
        std::string u(unit);
        const std::size_t end = u.find(' ') == std::string::npos ? u.size() : u.find(' ');
        if (end > 1 && u[end - 1] == 's') u.erase(end - 1, 1);
        return "1 " + u;
    }
    if (v == std::floor(v) && std::fabs(v) < 9e15) return std::to_string(static_cast<int64_t>(v)) + " " + std::string(unit);
    std::snprintf(buf, sizeof buf, "%.3g %s", v, std::string(unit).c_str());
    return buf;
}

std::string value_of_limit_text(std::string_view unit, double value, double limit) {
    std::string v = unit_value_text(unit, value);
    const std::string lim = unit_value_text(unit, limit);
    // "64 / 255 registers": the count's unit once, after the limit (a value of 1 has it singular: "1 CTA").
    const std::string tail = " " + std::string(unit);
    const auto ends = [](const std::string& x, const std::string& t) {
        return x.size() > t.size() && x.compare(x.size() - t.size(), t.size(), t) == 0;
    };
    if (ends(lim, tail) && value == std::floor(value) && std::fabs(value) < 9e15 && unit != "bytes")
        v = std::to_string(static_cast<int64_t>(value));
    return v + " / " + lim;
}

}  // namespace smcalc
