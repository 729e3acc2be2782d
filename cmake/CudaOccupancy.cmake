# cmake/CudaOccupancy.cmake - where NVIDIA's cuda_occupancy.h (host-only C code of the CUDA toolkit) is: one
# search for tests/oracle/ (the differential test) and tests/bench/ (the benchmark against NVIDIA's header).
#
# smcalc_find_cuda_occupancy(<var> [<hint>...]) sets <var> to the directory holding the header, or "" where it
# is not found. Looked for in the hints given, $ENV{CUDA_PATH}/include, the include/ next to the bin/ holding
# nvcc on PATH, then /usr/local/cuda/include; never in the system's default paths.
function(smcalc_find_cuda_occupancy out)
  set(hints ${ARGN})
  if(DEFINED ENV{CUDA_PATH})
    list(APPEND hints "$ENV{CUDA_PATH}/include")
  endif()
  find_program(SMCALC_NVCC nvcc)
  if(SMCALC_NVCC)
    get_filename_component(nvcc_real "${SMCALC_NVCC}" REALPATH)
    get_filename_component(nvcc_bin "${nvcc_real}" DIRECTORY)
    list(APPEND hints "${nvcc_bin}/../include")
  endif()
  list(APPEND hints /usr/local/cuda/include)
  find_path(SMCALC_CUDA_OCCUPANCY_DIR cuda_occupancy.h HINTS ${hints} NO_DEFAULT_PATH)
  if(SMCALC_CUDA_OCCUPANCY_DIR)
    set(${out} "${SMCALC_CUDA_OCCUPANCY_DIR}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()
