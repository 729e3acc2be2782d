// smcalc/report.hpp - text for people: byte strings in, budget tables out.
//
// Shared by the CLI, the JSON layer and the web UI, so the three read and print sizes the same way.
// Standard library only, like the rest of core/. Nothing here decides a number: every count shown comes
// from OccupancyResult; the device and kernel input are only used to show how it was reached.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "smcalc/arch.hpp"
#include "smcalc/error.hpp"
#include "smcalc/format.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"

namespace smcalc {

// A byte count as people write it: "24576", "24KiB", "24KB", "24 K", "1.5MiB", "2 GB".
// Units (case-insensitive): B; K, KB, KiB; M, MB, MiB; G, GB, GiB. KB = KiB = 1024 B and MB = MiB,
// GB = GiB, as in CUDA's documentation ("48 KB of shared memory"). A fraction must come to whole bytes
// ("1.5K" = 1536, "0.3K" is an error). Range 0 .. kMaxInput. InvalidInput naming `field` otherwise.
Expected<int64_t> parse_bytes(std::string_view field, std::string_view text);

// The per-resource budget table, a "Factor | Calculation | Limit" table as occupancy lessons print it: one row per
// resource with its arithmetic and the blocks per SM it allows, then the result, the limiting resources
// and the occupancy. `title` (e.g. "A100 40GB SXM4") heads the device line when not empty.
// `r` must be occupancy(dev, in) with Detail::Full.
std::string budget_table_text(const OccupancyResult& r, const Device& dev, const KernelInput& in,
                              std::string_view title = {});

// The same table as GitHub-flavoured Markdown (for issues, notebooks, the web UI's "copy as Markdown").
std::string budget_table_markdown(const OccupancyResult& r, const Device& dev, const KernelInput& in,
                                  std::string_view title = {});

// The GPU database as a text table: name, CC, SMs ("unknown" when 0), shared memory per SM, source.
std::string gpu_table_text(std::span<const GpuSpec> gpus);

// The per-CC rules as a text table: CC, family, warps/SM, blocks/SM, registers, shared memory, carveouts.
std::string arch_table_text(std::span<const ArchRules> archs);

}  // namespace smcalc
