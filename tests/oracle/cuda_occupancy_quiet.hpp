// tests/oracle/cuda_occupancy_quiet.hpp - NVIDIA's cuda_occupancy.h (CUDA toolkit, host-only C-style code)
// without its warnings: they are not ours to fix, and our own code in the including file still builds with
// -Wconversion -Wshadow. Both users also add the header's directory as SYSTEM (tests/oracle/ and tests/bench/
// CMakeLists.txt, found by cmake/CudaOccupancy.cmake).
#pragma once

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include <cuda_occupancy.h>
#pragma GCC diagnostic pop
