// smcalc/binary.hpp - reads kernels' resources straight from compiled files: NVIDIA cubins (ELF, EM_CUDA), fat
// binaries (raw, or in the .nv_fatbin / __nv_relfatbin section of a host object, executable or shared library),
// AMD code objects (ELF, EM_AMDGPU) and clang offload bundles (raw, or in a host file's .hip_fatbin section).
//
// The answer is the text readers' answer (smcalc/ptxas.hpp ParsedOutput, smcalc/amd_parse.hpp ParsedOutput), so a
// binary is solved, listed and chosen from like pasted compiler output; each kernel's `sources` says where each
// figure came from (section and attribute).
//
// Where the figures are (checked against ptxas -v / LLVM on the files in tests/data/binaries, README there):
//   NVIDIA  registers       EIATTR_REGCOUNT (0x2f) in .nv.info: {symbol index, registers}; older cubins also the
//                           top byte of .text.<kernel>'s sh_info (CUDA 13 writes it below sm_90 only)
//           barriers        EIATTR_NUM_BARRIERS (0x4c) in .nv.info.<kernel> (absent = 0); older cubins: bits
//                           20-26 of .text.<kernel>'s sh_flags
//           static smem     size of .nv.shared.<kernel> (absent = 0); from sm_90 on the section also holds the
//                           1 KiB of shared memory reserved per CTA (ptxas -v and cudaFuncGetAttributes leave it out,
//                           the occupancy rules add it per block again), so 1024 B are subtracted there
//           stack frame     EIATTR_FRAME_SIZE (0x11) in .nv.info: {symbol index, bytes}
//           launch bounds   EIATTR_MAX_THREADS (0x05) {x, y, z}; register cap EIATTR_MAXREG_COUNT (0x1b)
//           cluster dims    EIATTR_CTA_PER_CLUSTER (0x3d) {x, y, z} (__cluster_dims__)
//           parameters      EIATTR_CBANK_PARAM_SIZE (0x19): bytes of kernel parameters
//           architecture    e_flags: sm_XX in bits 8-15 (ELF OS/ABI 0x41, CUDA 12.9+), else bits 0-7
//   AMD     NT_AMDGPU_METADATA note (MessagePack, code object v4-v6): .vgpr_count, .agpr_count, .sgpr_count,
//           .group_segment_fixed_size, .private_segment_fixed_size, .max_flat_workgroup_size, .wavefront_size,
//           spill counts, amdhsa.target; the kernel descriptor (<kernel>.kd, 64 bytes) gives COMPUTE_PGM_RSRC1's
//           granulated VGPR and SGPR blocks, i.e. what the hardware allocates.
//
// Untrusted input: every offset and length is checked against the bytes before it is used, counts are bounded
// (kMaxBinaryInput, kMaxSections, kMaxKernels, kMaxEntries, MessagePack depth), nothing recurses without a bound,
// so any bytes give an answer or an Error naming what is wrong, never a crash or a hang (tests/fuzz/fuzz_binary).
//
// Standard library only: compressed fat binary entries (zstd since CUDA 12.8's nvcc; LZ4 before) are handed to
// the decompressor a layer installs (set_decompressor: the CLI links libzstd); without one, or for a compression
// it cannot read, the entry is reported, naming the compression.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "smcalc/amd_parse.hpp"
#include "smcalc/error.hpp"
#include "smcalc/ptxas.hpp"

namespace smcalc::binary {

inline constexpr std::size_t kMaxBinaryInput = std::size_t{256} << 20;   // bytes of one file
inline constexpr std::size_t kMaxDecompressed = std::size_t{64} << 20;   // bytes of one decompressed entry
inline constexpr std::size_t kMaxDecompressedTotal = std::size_t{256} << 20;
inline constexpr std::size_t kMaxSections = 65536;
inline constexpr std::size_t kMaxKernels = 20000;
inline constexpr std::size_t kMaxEntries = 100000;  // fat binary entries and bundle entries, all containers

enum class Compression { Zstd, Lz4, Zlib, Unknown };
std::string_view compression_name(Compression c);  // "zstd", "LZ4", "zlib", "an unknown compression"

// Decompresses `in` into exactly `size` bytes (size <= kMaxDecompressed), or returns nullopt with `why` set.
using Decompressor = std::function<std::optional<std::string>(Compression, std::string_view in, std::size_t size,
                                                              std::string& why)>;
// Process-wide; the CLI installs libzstd's at start, the JS API a JS decoder. Empty = none.
void set_decompressor(Decompressor d);

// Whether `bytes` starts like a file read_binary() reads: ELF, fat binary, offload bundle (plain or compressed).
bool looks_binary(std::string_view bytes);

struct Read {
    std::optional<ParsedOutput> nvidia;     // kernels of cubins (one per kernel and architecture)
    std::optional<amd::ParsedOutput> amd;   // kernels of AMD code objects
    std::string format;                     // "cubin", "host ELF with a fat binary", "AMD code object", ...
};

// Every kernel in the file. Error (InvalidInput, field "text") for a file that is not one of these formats, is
// truncated or inconsistent, or holds no kernel whose resources the file gives (PTX only: "resources are decided
// at JIT time"; compressed entries that could not be decompressed, naming the compression).
Expected<Read> read_binary(std::string_view bytes);

}  // namespace smcalc::binary
