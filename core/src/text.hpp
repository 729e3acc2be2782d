// core/src/text.hpp - the line helpers of the two compiler-output readers (ptxas.cpp for NVIDIA's, amd_parse.cpp
// for LLVM's AMDGPU output): ASCII whitespace, trimming and prefix/suffix tests on string_views. Internal to the
// core (not under include/): both readers take their text byte by byte, with no locale.
#pragma once

#include <string_view>

namespace smcalc::text {

// The C locale's isspace: space, \t, \n, \v, \f, \r.
inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'; }

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

inline bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
inline bool ends_with(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

}  // namespace smcalc::text
