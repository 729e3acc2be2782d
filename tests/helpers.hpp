// tests/helpers.hpp - what several unit-*.cpp files need alike: a test data file's bytes and a kernel given by
// the few numbers a test varies. Header-only and inline: each test file is its own translation unit of the
// one smcalc_tests binary.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>

#include "smcalc/occupancy.hpp"

namespace smcalc::test {

// The bytes of tests/data/<rel> (captured compiler output: tests/data/*/README.md says how each was made);
// fails the test when the file cannot be opened.
inline std::string read_data(const std::string& rel) {
    const std::string path = std::string(SMCALC_SOURCE_DIR) + "/tests/data/" + rel;
    std::ifstream f(path, std::ios::binary);
    REQUIRE_MESSAGE(f.good(), "cannot open " << path);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// A kernel of `threads` threads per CTA, `regs` registers per thread, `smem_static` bytes of static shared
// memory and `barriers` named barriers; everything else KernelInput's defaults.
inline KernelInput kernel(int64_t threads, int64_t regs, int64_t smem_static = 0, int64_t barriers = 1) {
    KernelInput in;
    in.threads = threads;
    in.regs = regs;
    in.smem_static = smem_static;
    in.barriers = barriers;
    return in;
}

// Checks that `text` contains every one of `parts`; a missing part is reported by itself.
inline void check_contains_all(std::string_view text, std::initializer_list<std::string_view> parts) {
    for (std::string_view part : parts) {
        CAPTURE(part);
        CHECK(text.find(part) != std::string_view::npos);
    }
}

}  // namespace smcalc::test
