// unit-fields.cpp - core/src/fields.cpp's request-key helpers: the CLI's spellings as aliases (flag_alias) and
// the nearest known key to a misspelt one (key_distance, nearest_key, near_miss), which core/api uses to refuse
// unknown request keys.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <string_view>

#include "smcalc/fields.hpp"

using namespace smcalc;

TEST_CASE("fields: flag_alias reads the CLI's spelling of a field where it names one field") {
    // --smem is smem_static's flag (and --smem-static, which is the key itself).
    REQUIRE(fields::flag_alias("smem"));
    CHECK(*fields::flag_alias("smem") == "smem_static");
    // A JSON key is never an alias of another, nor of itself.
    CHECK_FALSE(fields::flag_alias("smem_static"));
    CHECK_FALSE(fields::flag_alias("threads"));
    CHECK_FALSE(fields::flag_alias("a"));
    // Only the flag's own spelling, with '_' for '-': the dashed form and partial names are not aliases.
    CHECK_FALSE(fields::flag_alias("smem-static"));
    CHECK_FALSE(fields::flag_alias("--smem"));
    CHECK_FALSE(fields::flag_alias("sme"));
    CHECK_FALSE(fields::flag_alias("SMEM"));
    CHECK_FALSE(fields::flag_alias(""));
    // CLI flags outside the tables (--ab sets two fields; --tile sets m, n and k) are no aliases.
    CHECK_FALSE(fields::flag_alias("ab"));
    CHECK_FALSE(fields::flag_alias("tile"));
    // Every flag of every table that differs from its key spells exactly that field (and no key of a table).
    auto each = [](auto table) {
        for (const auto& f : table) {
            std::string_view flags = f.flag;
            while (!flags.empty()) {
                const auto comma = flags.find(',');
                std::string one(flags.substr(2, comma == std::string_view::npos ? std::string_view::npos : comma - 2));
                flags = comma == std::string_view::npos ? std::string_view{} : flags.substr(comma + 1);
                for (char& c : one) c = c == '-' ? '_' : c;
                if (one == f.key) continue;
                const auto alias = fields::flag_alias(one);
                REQUIRE_MESSAGE(alias, one);
                CHECK(*alias == f.key);
            }
        }
    };
    each(fields::kernel_fields());
    each(fields::amd_kernel_fields());
    each(fields::tile_fields());
    each(fields::cluster_fields());
}

TEST_CASE("fields: key_distance counts edits, folds case and reads '-' as '_'") {
    CHECK(fields::key_distance("threads", "threads") == 0);
    CHECK(fields::key_distance("Threads", "threads") == 0);
    CHECK(fields::key_distance("smem-static", "smem_static") == 0);
    CHECK(fields::key_distance("thread", "threads") == 1);       // a deletion
    CHECK(fields::key_distance("thraeds", "threads") == 1);      // a swap of neighbours
    CHECK(fields::key_distance("smem_stat", "smem_static") == 2);
    CHECK(fields::key_distance("", "regs") == 4);
    CHECK(fields::key_distance("foo", "op") == 2);
    // Only the first 64 bytes count: a 100,000-byte key costs no more than a 64-byte one.
    const std::string longest(100000, 'x');
    CHECK(fields::key_distance(longest, "threads") == 64);
    CHECK(fields::key_distance(longest, std::string(64, 'x')) == 0);
}

TEST_CASE("fields: nearest_key takes the nearest candidate, the earlier on a tie, and near_miss says when it is a typo") {
    constexpr std::array<std::string_view, 4> c = {"threads", "regs", "smem_static", "smem_dynamic"};
    CHECK(fields::nearest_key("thread", c) == "threads");
    CHECK(fields::nearest_key("smem_stat", c) == "smem_static");
    CHECK(fields::nearest_key("smem_dyn", c) == "smem_dynamic");
    CHECK(fields::nearest_key("reg", c) == "regs");
    constexpr std::array<std::string_view, 2> tie = {"ab", "ac"};
    CHECK(fields::nearest_key("a", tie) == "ab");
    CHECK(fields::nearest_key("x", std::span<const std::string_view>{}).empty());
    CHECK(fields::near_miss("thread", "threads"));
    CHECK(fields::near_miss("smem_stat", "smem_static"));  // 2 edits in 11 bytes
    CHECK(fields::near_miss("Threads", "threads"));
    CHECK_FALSE(fields::near_miss("foo", "op"));            // 2 edits in 3 bytes: not a misspelling
    CHECK_FALSE(fields::near_miss("l2", "cc"));
}
