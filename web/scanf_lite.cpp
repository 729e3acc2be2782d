// web/scanf_lite.cpp - the sscanf that Dear ImGui calls in the page, small (why and what: scanf_lite.hpp).
#include "scanf_lite.hpp"

#include <cfloat>
#include <climits>
#include <cstdint>
#include <cstdio>

namespace smcalc::web {
namespace {

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

int digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

// The characters of one conversion: at most `width` of them (INT_MAX: no width given).
struct Field {
    const char* p;
    int left;
    char peek() const { return left > 0 ? *p : '\0'; }
    void next() { ++p, --left; }
};

// An integer as %d (base 10), %i (base 0: 0x.. hex, 0.. octal, else decimal), %u, %x: sign, optional 0x for
// base 16, digits. The magnitude saturates at UINT64_MAX. False when no digit was read.
bool scan_integer(Field& f, int base, bool& negative, uint64_t& magnitude) {
    negative = false;
    if (f.peek() == '+' || f.peek() == '-') {
        negative = f.peek() == '-';
        f.next();
    }
    bool digits = false;
    if ((base == 0 || base == 16) && f.peek() == '0') {
        f.next();
        digits = true;  // the 0 counts as a digit even if an 'x' follows with no hex digit
        if (f.peek() == 'x' || f.peek() == 'X') {
            f.next();
            base = 16;
        } else if (base == 0) {
            base = 8;
        }
    }
    if (base == 0) base = 10;
    magnitude = 0;
    for (int d; (d = digit_value(f.peek())) < base; f.next()) {
        digits = true;
        const auto b = static_cast<uint64_t>(base), dv = static_cast<uint64_t>(d);
        magnitude = magnitude > (UINT64_MAX - dv) / b ? UINT64_MAX : magnitude * b + dv;
    }
    return digits;
}

// 10^n for n >= 0 by squaring (exact up to 10^22, then within a few ulps); inf beyond DBL_MAX.
double pow10(int n) {
    double result = 1.0, base = 10.0;
    for (; n > 0; n >>= 1, base *= base)
        if (n & 1) result *= base;
    return result;
}

// A decimal floating-point number: sign, digits, optional '.' and digits (at least one digit in all), optional
// exponent (only taken with its digits). Saturates at +-max_value. False when no digit was read.
bool scan_float(Field& f, double max_value, double& out) {
    bool negative = false;
    if (f.peek() == '+' || f.peek() == '-') {
        negative = f.peek() == '-';
        f.next();
    }
    uint64_t mantissa = 0;
    int exp10 = 0, digits = 0;
    auto digit = [&](int d, bool after_point) {
        ++digits;
        if (mantissa < UINT64_MAX / 10 - 9) {
            mantissa = mantissa * 10 + static_cast<uint64_t>(d);
            if (after_point) --exp10;
        } else if (!after_point) {
            ++exp10;  // digits beyond 19 significant ones only scale
        }
    };
    for (; f.peek() >= '0' && f.peek() <= '9'; f.next()) digit(f.peek() - '0', false);
    if (f.peek() == '.') {
        f.next();
        for (; f.peek() >= '0' && f.peek() <= '9'; f.next()) digit(f.peek() - '0', true);
    }
    if (digits == 0) return false;
    if ((f.peek() == 'e' || f.peek() == 'E') && f.left > 1) {
        Field g = f;
        g.next();
        bool exp_negative = false;
        if (g.peek() == '+' || g.peek() == '-') {
            exp_negative = g.peek() == '-';
            g.next();
        }
        if (g.peek() >= '0' && g.peek() <= '9') {
            int e = 0;
            for (; g.peek() >= '0' && g.peek() <= '9'; g.next()) e = e < 100000 ? e * 10 + (g.peek() - '0') : e;
            exp10 += exp_negative ? -e : e;
            f = g;
        }
    }
    double v = static_cast<double>(mantissa);
    if (exp10 > 0) {
        v *= pow10(exp10 > 400 ? 400 : exp10);  // beyond DBL_MAX: inf, saturated below
    } else if (exp10 < 0) {
        const int e = -exp10;  // divided in two steps past 10^308 (its inverse is not a normal double)
        v = e > 400 ? 0.0 : e > 308 ? v / pow10(308) / pow10(e - 308) : v / pow10(e);
    }
    if (v > max_value) v = max_value;  // no infinity reaches the UI
    out = negative ? -v : v;
    return true;
}

enum class Size { Char, Short, Int, Long, LongLong };

void store_signed(va_list& ap, Size size, bool negative, uint64_t magnitude) {
    auto clamp = [&](long long lo, long long hi) -> long long {
        if (negative) return magnitude > static_cast<uint64_t>(hi) + 1 ? lo : -static_cast<long long>(magnitude - 1) - 1;
        return magnitude > static_cast<uint64_t>(hi) ? hi : static_cast<long long>(magnitude);
    };
    switch (size) {
        case Size::Char: *va_arg(ap, signed char*) = static_cast<signed char>(clamp(SCHAR_MIN, SCHAR_MAX)); break;
        case Size::Short: *va_arg(ap, short*) = static_cast<short>(clamp(SHRT_MIN, SHRT_MAX)); break;
        case Size::Int: *va_arg(ap, int*) = static_cast<int>(clamp(INT_MIN, INT_MAX)); break;
        case Size::Long: *va_arg(ap, long*) = static_cast<long>(clamp(LONG_MIN, LONG_MAX)); break;
        case Size::LongLong: *va_arg(ap, long long*) = clamp(LLONG_MIN, LLONG_MAX); break;
    }
}

void store_unsigned(va_list& ap, Size size, bool negative, uint64_t magnitude) {
    auto clamp = [&](unsigned long long hi) -> unsigned long long {
        if (negative) return 0;  // C would wrap "-1" to the largest value
        return magnitude > hi ? hi : magnitude;
    };
    switch (size) {
        case Size::Char: *va_arg(ap, unsigned char*) = static_cast<unsigned char>(clamp(UCHAR_MAX)); break;
        case Size::Short: *va_arg(ap, unsigned short*) = static_cast<unsigned short>(clamp(USHRT_MAX)); break;
        case Size::Int: *va_arg(ap, unsigned*) = static_cast<unsigned>(clamp(UINT_MAX)); break;
        case Size::Long: *va_arg(ap, unsigned long*) = static_cast<unsigned long>(clamp(ULONG_MAX)); break;
        case Size::LongLong: *va_arg(ap, unsigned long long*) = clamp(ULLONG_MAX); break;
    }
}

}  // namespace

int vsscanf_lite(const char* str, const char* format, va_list ap_in) {
    va_list ap;
    va_copy(ap, ap_in);
    const char* s = str;
    int stored = 0;
    bool converted = false;  // a conversion was attempted with input left: EOF no longer applies
    auto result = [&](int r) {
        va_end(ap);
        return r;
    };
    for (const char* f = format; *f; ++f) {
        if (is_space(*f)) {
            while (is_space(*s)) ++s;
            continue;
        }
        if (*f != '%' || f[1] == '%') {
            if (*f == '%') ++f;  // "%%" matches one '%'
            if (*s == '\0') return result(converted ? stored : EOF);
            if (*s != *f) return result(stored);
            ++s;
            continue;
        }
        ++f;  // the conversion: [width][hh|h|l|ll]type
        int width = 0;
        while (*f >= '0' && *f <= '9') width = width < 100000 ? width * 10 + (*f++ - '0') : width;
        Size size = Size::Int;
        if (*f == 'h') size = *++f == 'h' ? (++f, Size::Char) : Size::Short;
        else if (*f == 'l') size = *++f == 'l' ? (++f, Size::LongLong) : Size::Long;
        const char type = *f;
        if (type == 'n') {
            *va_arg(ap, int*) = static_cast<int>(s - str);
            continue;
        }
        if (type == 'c') {
            if (*s == '\0') return result(converted ? stored : EOF);
            *va_arg(ap, char*) = *s++;
            ++stored, converted = true;
            continue;
        }
        while (is_space(*s)) ++s;  // every other conversion skips leading whitespace
        if (*s == '\0') return result(converted ? stored : EOF);
        converted = true;
        Field field{s, width > 0 ? width : INT_MAX};
        if (type == 'd' || type == 'i' || type == 'u' || type == 'x' || type == 'X') {
            bool negative = false;
            uint64_t magnitude = 0;
            const int base = type == 'd' || type == 'u' ? 10 : type == 'i' ? 0 : 16;
            if (!scan_integer(field, base, negative, magnitude)) return result(stored);
            if (type == 'd' || type == 'i')
                store_signed(ap, size, negative, magnitude);
            else
                store_unsigned(ap, size, negative, magnitude);
        } else if (type == 'f' || type == 'e' || type == 'g' || type == 'E' || type == 'G') {
            double v = 0;
            if (!scan_float(field, size == Size::Int ? FLT_MAX : DBL_MAX, v)) return result(stored);
            if (size == Size::Int)
                *va_arg(ap, float*) = static_cast<float>(v);
            else
                *va_arg(ap, double*) = v;
        } else {
            return result(stored);  // %s, %[ and the rest: not supported (ImGui 1.86 does not use them)
        }
        s = field.p;
        ++stored;
    }
    return result(stored);
}

int sscanf_lite(const char* str, const char* format, ...) {
    va_list ap;
    va_start(ap, format);
    const int r = vsscanf_lite(str, format, ap);
    va_end(ap);
    return r;
}

}  // namespace smcalc::web

#ifdef __EMSCRIPTEN__
// The page's sscanf (Dear ImGui's only caller): linked instead of the C library's, see scanf_lite.hpp.
extern "C" int sscanf(const char* str, const char* format, ...) {
    va_list ap;
    va_start(ap, format);
    const int r = smcalc::web::vsscanf_lite(str, format, ap);
    va_end(ap);
    return r;
}
#endif
