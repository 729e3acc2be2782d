// smcalc/device_report.hpp - a pasted device report becomes the device (issue 33).
//
// A student who has the GPU at hand can paste what their machine prints instead of retyping it:
//   - deviceQuery (CUDA samples, 1_Utilities/deviceQuery): name, CC, SMs, shared memory, registers, threads;
//   - nvidia-smi -q: the product name only (it prints no CC and no SM count): the database row it names;
//   - rocminfo: the first GPU agent's marketing name, gfx target and compute units;
//   - cudaDeviceProp as JSON: a flat object keyed by the CUDA runtime's cudaDeviceProp member names
//     ("name", "major", "minor", "multiProcessorCount", "sharedMemPerMultiprocessor", ...), the shape
//     CuPy's cupy.cuda.runtime.getDeviceProperties() returns, dumped with json.dumps;
//   - PyTorch's print(torch.cuda.get_device_properties(0)): "_CudaDeviceProperties(name='...', major=8, ...)";
//   - the head of a PyTorch profiler trace (the .pt.trace.json torch.profiler saves): its "deviceProperties"
//     block ("name", "computeMajor", "computeMinor", "numSms", ...), the first device's.
// What the report gives is used; what it lacks comes from the CC's rules (docs/sources.md) and is listed.
// The report's name is looked up in the product database; the answer says which row it matches and where
// the report and the row differ (the report wins: it is the device at hand). Core, std only.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"

namespace smcalc {

struct DeviceReport {
    std::string format;  // "deviceQuery", "nvidia-smi -q", "rocminfo", "cudaDeviceProp JSON", "PyTorch",
                         // "PyTorch profiler trace"
    std::string name;    // the device's name as the report prints it ("" when it prints none)
    bool amd = false;    // rocminfo: an AMD GPU (then `device` is unused; amd_product is set)
    // NVIDIA: the device the report describes; fields it does not print come from the CC's rules (or, for
    // nvidia-smi -q, which prints no figures, from the product row).
    Device device;
    std::vector<std::string> read;        // the device fields the report gave ("sm_count", ...)
    std::vector<std::string> from_rules;  // the device fields it lacked, taken from the CC's rules or the row
    const GpuSpec* product = nullptr;     // the NVIDIA product row the report's name resolves to, if any
    bool same_as_product = false;         // device == product->device (then the row stands for the device)
    // AMD (rocminfo): the product row, the gfx target and CUs the agent reports.
    const amd::GpuSpec* amd_product = nullptr;
    std::string gfx;
    int64_t amd_cus = 0;
    // AMD: where the agent's Compute Unit count differs from the row's (a CPX/DPX/QPX partition of an MI300X shows
    // one XCD's 38 CUs; a cut-down part), the device is a custom one: the row's gfx target (its per-CU rules) with
    // the report's CUs, like NVIDIA's differing report. Null where the row stands for the device. It lives as long
    // as the program, like a product row (one per gfx target and CU count, at most the rows' CU counts in all: a
    // report with more CUs than its row is refused).
    const amd::GpuSpec* amd_device = nullptr;
    std::vector<std::string> differences;  // where the report and the database differ, one sentence each
    std::vector<std::string> notes;        // what else was assumed (several devices, a partition, ...)
};

// The largest report read (bytes); longer text is refused, never cut silently.
inline constexpr std::size_t kMaxDeviceReportBytes = std::size_t{1} << 20;

// Reads `text` (one of the formats above). Errors: BadRequest (field "device_report") for text that is none
// of the formats, names its missing figures, or is too long; UnknownArch for a CC smcalc does not model;
// UnknownGpu for an nvidia-smi -q or rocminfo report whose product the database lacks (they print no
// figures to build a device from); InvalidDevice where the report's figures contradict each other.
Expected<DeviceReport> read_device_report(std::string_view text);

// One line for people: "deviceQuery of \"NVIDIA GeForce RTX 3060 Laptop GPU\": matches RTX 3060 Laptop".
std::string device_report_summary(const DeviceReport& r);

}  // namespace smcalc
