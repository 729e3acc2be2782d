// probe_elem.hpp - the types both CUTLASS probes (probe.cu for 3.x/4.x, probe_sm80.cu for 2.x) take from -D
// PROBE_ELEM: 16 = half, otherwise bfloat16 (17); fp32 accumulate; the 128-bit alignment in elements.
#pragma once
#include "cutlass/numeric_types.h"

#if PROBE_ELEM == 16
using Elem = cutlass::half_t;
#else
using Elem = cutlass::bfloat16_t;
#endif
using Acc = float;
constexpr int Align = 128 / cutlass::sizeof_bits<Elem>::value;
