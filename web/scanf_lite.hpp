// web/scanf_lite.hpp - the sscanf that Dear ImGui calls in the page, small.
//
// Dear ImGui parses typed numbers (InputScalar, Ctrl+click on a slider) and its .ini settings with sscanf. In
// the wasm build the C library's sscanf brings its whole scanf engine with long-double float parsing: 22 KB
// of the page's wasm, 11 KB gzip (measured by linking a stub: 247,458 -> 236,597 B gzip). web/scanf_lite.cpp
// defines `sscanf` for the page with the conversions ImGui 1.86 uses, so the C library's is not linked:
//
//   %d %i %u %x %X   int / unsigned, with an optional field width (%02X) and the l / ll / h / hh size prefixes
//   %f %e %g         float (double with l): sign, digits, '.', digits, exponent; no "inf"/"nan"/hex floats
//   %c %n %%         one character; characters read so far; a literal '%'
//   whitespace       any amount of whitespace in the input (none needed); other characters match exactly
//
// Differences from C, all on inputs C leaves undefined or that a person does not type: a value beyond its
// type's range saturates (C: undefined; glibc and musl wrap it) so no wrapped integer reaches the UI; "inf",
// "nan" and hex floats do not match; %s and %[ are not supported (ImGui 1.86 does not use them; they answer a
// matching failure). Returns the number of values stored, or EOF when the input ends before the first
// conversion. tests/web-scanf-lite.cpp compares it with the C library natively.
#pragma once

#include <cstdarg>

namespace smcalc::web {

int vsscanf_lite(const char* str, const char* format, va_list ap);
int sscanf_lite(const char* str, const char* format, ...);

}  // namespace smcalc::web
