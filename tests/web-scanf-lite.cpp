// tests/web-scanf-lite.cpp - web/scanf_lite.cpp (the page's sscanf for Dear ImGui) against the C library's
// sscanf, natively: every format Dear ImGui 1.86 passes (imgui.cpp, imgui_widgets.cpp, imgui_tables.cpp) on
// generated inputs, same return value, same values stored, same characters consumed (%n). Where C leaves the
// answer undefined (out-of-range values) scanf_lite saturates: checked on its own.
#include <doctest/doctest.h>

#include <cctype>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "../web/scanf_lite.hpp"

using smcalc::web::sscanf_lite;

namespace {

// Inputs a person or an .ini file gives ImGui: numbers with signs, spaces, prefixes, fractions, exponents,
// trailing junk, and a few of pure junk. Values stay within int range (out of range: see the saturation test).
std::vector<std::string> inputs() {
    std::vector<std::string> v = {"",      " ",     "0",      "-0",     "+7",    "42",    "  42",  "42  ",
                                  "4 2",   "-17x",  "0x1F",   "0X1f",   "010",   "08",    "0x",    "x12",
                                  "abc",   "1.5",   "-2.25",  ".5",     "5.",    "1e3",   "1E-2",  "2.5e+2",
                                  "1e",    "1e+",   "-.75",   "+",      "-",     ".",     "\t9",   "12345678",
                                  "ff",    "FFAA11", "7fffffff", "2147483647", "-2147483648", "3.14159265358979",
                                  "1e30",  "6.02e23", "0.000001", "123456789012"};
    std::mt19937 rng(0x5ca9f);
    const char alphabet[] = " +-.0123456789eExXabcdefABCDEF,=%";
    for (int i = 0; i < 3000; ++i) {
        std::string s;
        for (std::size_t n = rng() % 10; n > 0; --n) s += alphabet[rng() % (sizeof alphabet - 1)];
        v.push_back(s);
    }
    for (int i = 0; i < 2000; ++i) {
        const long long x = static_cast<long long>(rng() % 2000001) - 1000000;
        v.push_back(std::to_string(x));
        v.push_back(std::to_string(static_cast<double>(x) / 1000.0));
    }
    return v;
}

// No run of more than 7 hex digits: every number in it fits 32 bits (beyond, C wraps and scanf_lite saturates).
bool short_digit_runs(const std::string& s) {
    int run = 0;
    for (char c : s) {
        run = std::isxdigit(static_cast<unsigned char>(c)) ? run + 1 : 0;
        if (run > 7) return false;
    }
    return true;
}

}  // namespace

TEST_CASE("scanf_lite: ImGui's integer formats read as the C library reads them") {
    for (const char* fmt : {"%d", "%i", "%u", "%x", "%X", "%02X", "%08X", "%3d"}) {
        for (const std::string& in : inputs()) {
            if (!short_digit_runs(in)) continue;
            CAPTURE(fmt);
            CAPTURE(in);
            unsigned a = 0xdeadbeef, b = 0xdeadbeef;  // also the int of %d / %i (same size)
            int na = -1, nb = -1;
            const std::string f = std::string(fmt) + "%n";
            const int ra = std::sscanf(in.c_str(), f.c_str(), &a, &na);
            const int rb = sscanf_lite(in.c_str(), f.c_str(), &b, &nb);
            // C reads "0x" with no hex digit, "-"/"+" alone and such differently between libraries: compared only
            // where the C library stored a value and consumed what it read, and the sign fits the conversion.
            const bool unsigned_negative = (fmt[1] != 'd' && fmt[1] != 'i' && fmt[2] != 'd') && in.find('-') != std::string::npos;
            if (ra == 1 && !unsigned_negative) {
                CHECK(rb == 1);
                CHECK(a == b);
                CHECK(na == nb);
            } else if (ra != 1) {
                CHECK(rb == ra);
            }
        }
    }
}

TEST_CASE("scanf_lite: 64-bit and float formats read as the C library reads them") {
    for (const std::string& in : inputs()) {
        CAPTURE(in);
        long long a = 11, b = 11;
        int na = -1, nb = -1;
        int ra = std::sscanf(in.c_str(), "%lld%n", &a, &na);
        int rb = sscanf_lite(in.c_str(), "%lld%n", &b, &nb);
        CHECK(ra == rb);
        if (ra == 1) {
            CHECK(a == b);
            CHECK(na == nb);
        }
        float fa = 3, fb = 3;
        ra = std::sscanf(in.c_str(), "%f", &fa);
        rb = sscanf_lite(in.c_str(), "%f", &fb);
        // Left out of the comparison: "1e", "1e+" (C's scanf reads the 'e' and then fails; scanf_lite leaves it, as
        // strtod does), hex floats ("0x1F": C reads them, scanf_lite reads the 0) and values beyond the type's range
        // (C: infinity, scanf_lite: the largest finite value; checked below).
        const bool dangling_exponent = in.find_first_of("eE") != std::string::npos;
        const bool hex = in.find_first_of("xX") != std::string::npos;
        if ((!dangling_exponent || ra == rb) && !hex && std::isfinite(fa)) {
            CHECK(ra == rb);
            if (ra == 1) CHECK(fb == doctest::Approx(fa).epsilon(1e-6));
        }
        double da = 3, db = 3;
        ra = std::sscanf(in.c_str(), "%lf", &da);
        rb = sscanf_lite(in.c_str(), "%lf", &db);
        if ((!dangling_exponent || ra == rb) && !hex && std::isfinite(da)) {
            CHECK(ra == rb);
            if (ra == 1) CHECK(db == doctest::Approx(da).epsilon(1e-14));
        }
    }
}

TEST_CASE("scanf_lite: ImGui's settings lines (.ini) and multi-value formats") {
    struct Row {
        const char* in;
        const char* fmt;
    };
    const Row rows[] = {{"Pos=60,40", "Pos=%i,%i"},      {"Pos=-8,0x10", "Pos=%i,%i"}, {"Size=400,300", "Size=%i,%i"},
                        {"Size=400", "Size=%i,%i"},      {"Collapsed=1", "Collapsed=%d"}, {"Collapsed=", "Collapsed=%d"},
                        {"Column 3 Width=80", "Column %d%n"}, {"Sort=2^", "Sort=%d%c%n"}, {"Sort=0v Order=1", "Sort=%d%c%n"},
                        {"0x0000ABCD,3", "0x%08X,%d"},   {"RefScale=13", "RefScale=%f"}, {"Weight=0.5000", "Weight=%f%n"},
                        {"UserID=0x0000002A", "UserID=0x%08X%n"}, {"AABBCC", "%02X%02X%02X"}, {"AABBCCDD", "%02X%02X%02X%02X"},
                        {"Pos=", "Pos=%i,%i"},            {"", "Pos=%i,%i"},          {"Other=1", "Pos=%i,%i"},
                        {"100%", "%d%%"},                 {"100 %", "%d %%"}};
    for (const Row& r : rows) {
        CAPTURE(r.in);
        CAPTURE(r.fmt);
        int a[4] = {-1, -1, -1, -1}, b[4] = {-1, -1, -1, -1};
        char ca = '?', cb = '?';
        float fa = -1, fb = -1;
        int ra, rb;
        const std::string f = r.fmt;
        if (f.find("%c") != std::string::npos) {
            ra = std::sscanf(r.in, r.fmt, &a[0], &ca, &a[1]);
            rb = sscanf_lite(r.in, r.fmt, &b[0], &cb, &b[1]);
            CHECK(ca == cb);
        } else if (f.find("%f") != std::string::npos) {
            ra = std::sscanf(r.in, r.fmt, &fa, &a[0]);
            rb = sscanf_lite(r.in, r.fmt, &fb, &b[0]);
            CHECK(fa == fb);
        } else {
            ra = std::sscanf(r.in, r.fmt, &a[0], &a[1], &a[2], &a[3]);
            rb = sscanf_lite(r.in, r.fmt, &b[0], &b[1], &b[2], &b[3]);
        }
        CHECK(ra == rb);
        for (int i = 0; i < 4; ++i) CHECK(a[i] == b[i]);
    }
}

TEST_CASE("scanf_lite: out-of-range values saturate (C leaves them undefined - no wrapped integer)") {
    int i = 0;
    CHECK(sscanf_lite("99999999999", "%d", &i) == 1);
    CHECK(i == INT_MAX);
    CHECK(sscanf_lite("-99999999999", "%d", &i) == 1);
    CHECK(i == INT_MIN);
    CHECK(sscanf_lite("2147483648", "%i", &i) == 1);
    CHECK(i == INT_MAX);
    CHECK(sscanf_lite("-2147483648", "%d", &i) == 1);
    CHECK(i == INT_MIN);
    long long ll = 0;
    CHECK(sscanf_lite("99999999999999999999999", "%lld", &ll) == 1);
    CHECK(ll == LLONG_MAX);
    CHECK(sscanf_lite("-9223372036854775808", "%lld", &ll) == 1);
    CHECK(ll == LLONG_MIN);
    unsigned u = 7;
    CHECK(sscanf_lite("-1", "%u", &u) == 1);
    CHECK(u == 0u);
    CHECK(sscanf_lite("1FFFFFFFF", "%X", &u) == 1);
    CHECK(u == UINT_MAX);
    float f = 0;
    CHECK(sscanf_lite("1e999", "%f", &f) == 1);
    CHECK(f == FLT_MAX);
    CHECK(sscanf_lite("-1e40", "%f", &f) == 1);
    CHECK(f == -FLT_MAX);
    double d = 0;
    CHECK(sscanf_lite("1e999", "%lf", &d) == 1);
    CHECK(d == DBL_MAX);
    CHECK(sscanf_lite("1e-999", "%lf", &d) == 1);
    CHECK(d == 0.0);
    CHECK(std::isfinite(d));
    // Not supported: "inf"/"nan" (no infinity or NaN reaches the UI) and %s.
    CHECK(sscanf_lite("inf", "%f", &f) == 0);
    CHECK(sscanf_lite("nan", "%lf", &d) == 0);
    char buf[8];
    CHECK(sscanf_lite("abc", "%s", buf) == 0);
}
