// tests/fuzz/check.hpp - how a fuzz target reports a broken invariant: one line on stderr, then abort(), which
// libFuzzer records as a crash and saves the input for (crash-<sha1>). Also checks shared by the targets.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "smcalc/error.hpp"

namespace smcalc::fuzz {

[[noreturn]] inline void broken(const std::string& what) {
    std::fprintf(stderr, "\nsmcalc invariant broken: %s\n", what.c_str());
    std::abort();
}

// An invariant check returned "" (holds) or a sentence (broken).
inline void require(const std::string& problem, const char* where) {
    if (!problem.empty()) broken(std::string(where) + ": " + problem);
}

// Every Error a public function returns: a known id and a sentence.
inline void require_error(const Error& e, const char* where) {
    if (error_id_string(e.id) == "unknown") broken(std::string(where) + ": error with an unknown id");
    if (e.message.empty()) broken(std::string(where) + ": error without a message (id " + std::string(error_id_string(e.id)) + ")");
}

}  // namespace smcalc::fuzz
