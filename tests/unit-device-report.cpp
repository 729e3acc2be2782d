// tests/unit-device-report.cpp - a pasted device report becomes the device (issue 33).
//
// Known answers: real reports from public GitHub issues, kept in tests/data/device-reports with their source
// (manifest.tsv). Each must become the same Device as the product row the manifest names (the row's figures come
// from other sources: docs/sources.md), or be refused with the error the manifest names.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "smcalc/device_report.hpp"
#include "smcalc/fields.hpp"

using namespace smcalc;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::ostringstream o;
    o << f.rdbuf();
    return o.str();
}

const std::string kDir = std::string(SMCALC_SOURCE_DIR) + "/tests/data/device-reports/";

// The report read from `text`; a refusal fails the test with the reader's message.
DeviceReport read_ok(std::string_view text) {
    auto r = read_device_report(text);
    REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().message));
    return *r;
}

// What a report says of its GPU: the format recognised, the name, the SM count and the shared memory per SM.
void check_read(const DeviceReport& r, std::string_view format, std::string_view name, int64_t sms, int64_t smem_per_sm) {
    CHECK(r.format == format);
    CHECK(r.name == name);
    CHECK(r.device.sm_count == sms);
    CHECK(r.device.smem_per_sm == smem_per_sm);
}

// Whether a list of field names (DeviceReport::read, from_rules) holds `name`.
bool lists(const std::vector<std::string>& fields, std::string_view name) {
    return std::find(fields.begin(), fields.end(), name) != fields.end();
}

}  // namespace

TEST_CASE("device report: each public sample becomes its product row's device (manifest.tsv)") {
    std::ifstream m(kDir + "manifest.tsv");
    REQUIRE(m.good());
    std::string line;
    int checked = 0;
    while (std::getline(m, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> cells;
        std::stringstream ss(line);
        for (std::string c; std::getline(ss, c, '\t');) cells.push_back(c);
        REQUIRE(cells.size() == 4);
        const std::string& file = cells[0];
        const std::string& expected = cells[1];
        CAPTURE(file);
        CAPTURE(cells[2]);  // source
        const std::string text = slurp(kDir + file);
        REQUIRE(!text.empty());
        auto r = read_device_report(text);
        ++checked;
        if (expected.rfind("error:", 0) == 0) {
            REQUIRE(!r.ok());
            CHECK(error_id_string(r.error().id) == expected.substr(6));
            CHECK(r.error().field == "device_report");
            continue;
        }
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().message));
        const DeviceReport& d = *r;
        CAPTURE(device_report_summary(d));
        if (expected.rfind("custom:", 0) == 0) {
            // The name resolves to a row the report's figures contradict: a custom device, the differences listed.
            const std::string rest = expected.substr(7);
            const std::size_t eq = rest.find('=');
            const std::string named = rest.substr(0, eq);
            CHECK(!d.differences.empty());
            if (d.amd) {
                REQUIRE(d.amd_product != nullptr);
                CHECK(d.amd_product->name == named);
                REQUIRE(d.amd_device != nullptr);
                CHECK(d.amd_device->cu_count == d.amd_cus);
                CHECK(d.amd_device->gfx == d.amd_product->gfx);
                continue;
            }
            REQUIRE(d.product != nullptr);
            CHECK(d.product->name == named);
            CHECK(!d.same_as_product);
            if (eq != std::string::npos) {
                auto equal = find_gpu(rest.substr(eq + 1));
                REQUIRE(equal.ok());
                for (const auto& f : fields::device_fields()) {
                    CAPTURE(f.key);
                    CHECK(f.get(d.device) == f.get((*equal)->device));
                }
                CHECK(d.device.cc == (*equal)->device.cc);
            }
            continue;
        }
        if (d.amd) {
            REQUIRE(d.amd_product != nullptr);
            CHECK(d.amd_product->name == expected);
            CHECK(d.differences.empty());
            CHECK(d.amd_device == nullptr);
            continue;
        }
        REQUIRE(d.product != nullptr);
        CHECK(d.product->name == expected);
        CHECK(d.same_as_product);
        CHECK(d.differences.empty());
        for (const auto& f : fields::device_fields()) {
            CAPTURE(f.key);
            CHECK(f.get(d.device) == f.get(d.product->device));
        }
        CHECK(d.device.cc == d.product->device.cc);
    }
    CHECK(checked == 13);
}

TEST_CASE("device report: what each format reads, and what it takes from the CC's rules") {
    const DeviceReport rtx = read_ok(slurp(kDir + "deviceQuery-rtx5090.txt"));
    check_read(rtx, "deviceQuery", "NVIDIA GeForce RTX 5090", 170, 102400);
    // deviceQuery prints no registers per SM, no opt-in or reserved shared memory: from CC 12.0's rules, listed.
    CHECK(lists(rtx.from_rules, "regs_per_sm"));
    CHECK(lists(rtx.from_rules, "smem_per_block_optin"));
    CHECK(lists(rtx.read, "sm_count"));
    CHECK(device_report_summary(rtx).find("matches RTX 5090") != std::string::npos);

    const DeviceReport smi = read_ok(slurp(kDir + "nvidia-smi-q-t4.txt"));
    CHECK(smi.format == "nvidia-smi -q");
    CHECK(smi.name == "Tesla T4");
    CHECK(smi.read.empty());  // nvidia-smi -q prints no figures: every one is the row's, and it says so
    CHECK(!smi.notes.empty());

    const DeviceReport mi = read_ok(slurp(kDir + "rocminfo-mi300x.txt"));
    CHECK(mi.amd);
    CHECK(mi.gfx == "gfx942");

    const auto both = read_device_report(slurp(kDir + "rocminfo-mi250x-mi250-no-cus.txt"));
    REQUIRE(!both.ok());
    CHECK(both.error().message.find("MI250X or MI250") != std::string::npos);
    CHECK(both.error().message.find("Compute Unit") != std::string::npos);
}

// The report wins where it differs from the row, and the difference is named. The first case is the RTX 5090
// sample with its SM count edited (a harvested or partitioned part would print fewer); the second a laptop GPU
// whose name has no row. These are edits of a real report, not known answers: they test the comparison only.
TEST_CASE("device report: differences from the row are named, and an unknown name is a custom device") {
    std::string text = slurp(kDir + "deviceQuery-rtx5090.txt");
    const std::string from = "(170) Multiprocessors";
    text.replace(text.find(from), from.size(), "(160) Multiprocessors");
    const DeviceReport r = read_ok(text);
    CHECK(r.product != nullptr);
    CHECK(!r.same_as_product);
    REQUIRE(r.differences.size() == 1);
    CHECK(r.differences[0] == "sm_count: the report says 160, the database (RTX 5090) 170");
    CHECK(r.device.sm_count == 160);

    std::string other = slurp(kDir + "deviceQuery-rtx5090.txt");
    const std::string name = "NVIDIA GeForce RTX 5090";
    other.replace(other.find(name), name.size(), "NVIDIA GeForce RTX 5070 Ti Laptop GPU");
    const DeviceReport o = read_ok(other);
    CHECK(o.product == nullptr);
    CHECK(o.device.sm_count == 170);
    CHECK(device_report_summary(o).find("custom device") != std::string::npos);
}

TEST_CASE("device report: cudaDeviceProp JSON and PyTorch's repr") {
    // The shape of CuPy's getDeviceProperties() dumped as JSON (cudaDeviceProp member names); figures are the
    // RTX 3060 Laptop GPU's deviceQuery (DQ-3060L) so the row must come out.
    const char* json = R"({"name": "NVIDIA GeForce RTX 3060 Laptop GPU", "major": 8, "minor": 6,
        "multiProcessorCount": 30, "sharedMemPerBlock": 49152, "sharedMemPerMultiprocessor": 102400,
        "sharedMemPerBlockOptin": 101376, "reservedSharedMemPerBlock": 1024, "regsPerBlock": 65536,
        "regsPerMultiprocessor": 65536, "warpSize": 32, "maxThreadsPerBlock": 1024, "maxThreadsPerMultiProcessor": 1536})";
    const DeviceReport j = read_ok(json);
    CHECK(j.format == "cudaDeviceProp JSON");
    REQUIRE(j.product != nullptr);
    CHECK(j.product->name == "RTX 3060 Laptop");
    CHECK(j.same_as_product);
    CHECK(j.from_rules.empty());

    const char* torch = "_CudaDeviceProperties(name='NVIDIA GeForce RTX 4060 Laptop GPU', major=8, minor=9, "
                        "total_memory=7940MB, multi_processor_count=24, uuid=00000000, L2_cache_size=32MB)";
    const DeviceReport t = read_ok(torch);
    CHECK(t.format == "PyTorch");
    REQUIRE(t.product != nullptr);
    CHECK(t.product->name == "RTX 4060 Laptop");
    CHECK(t.same_as_product);

    // HIP's hipDeviceProp_t has the same member names: an AMD dump is an AMD device (its major 9 is no NVIDIA CC).
    const DeviceReport a = read_ok(R"({"name": "AMD Instinct MI210", "major": 9, "minor": 0, "multiProcessorCount": 104, "warpSize": 64})");
    CHECK(a.amd);
    REQUIRE(a.amd_product != nullptr);
    CHECK(a.amd_product->name == "MI210");
}

TEST_CASE("device report: a PyTorch profiler trace's deviceProperties (the first GPU's)") {
    // KINETO-H800: DeepSeek's trace lists 8 H800s; the first is read and the note says so.
    const DeviceReport h = read_ok(slurp(kDir + "pytorch-trace-h800.txt"));
    check_read(h, "PyTorch profiler trace", "NVIDIA H800", 132, 233472);
    CHECK(lists(h.read, "smem_per_block_optin"));
    CHECK(lists(h.from_rules, "reserved_smem_per_block"));  // the trace prints no reserved shared memory
    REQUIRE(h.notes.size() == 1);
    CHECK(h.notes[0] == "the trace lists 8 GPUs; the first (\"NVIDIA H800\") is read");

    // Only the first device's block is read: a kernel event's "name" later in the trace is not the device's, and a
    // second device's figures do not fill the first's gaps.
    const char* trace = R"({"schemaVersion": 1, "deviceProperties": [
        {"id": 0, "computeMajor": 8, "computeMinor": 9, "numSms": 92},
        {"id": 1, "name": "NVIDIA H800", "computeMajor": 9, "computeMinor": 0, "numSms": 132, "warpSize": 32}],
      "traceEvents": [{"ph": "X", "cat": "kernel", "name": "NVIDIA GeForce RTX 4090"}]})";
    const DeviceReport t = read_ok(trace);
    CHECK(t.name.empty());
    CHECK(t.product == nullptr);
    CHECK(t.device.sm_count == 92);
    CHECK(t.device.cc == ComputeCapability{8, 9});
    CHECK(lists(t.from_rules, "warp_size"));

    // No computeMajor / computeMinor and no name to take a CC from: refused, naming the keys to look for.
    const auto n = read_device_report(R"({"deviceProperties": [{"id": 0, "numSms": 92}]})");
    REQUIRE(!n.ok());
    CHECK(n.error().field == "device_report");
    CHECK(n.error().message == "device_report (PyTorch profiler trace) gives no compute capability (\"computeMajor\" and "
                               "\"computeMinor\")");
}

TEST_CASE("device report: bad reports are refused with the field and what to paste") {
    const char* bad[] = {
        "",
        "hello",
        "CUDA Capability Major/Minor version number:    2.0\n  (010) Multiprocessors",  // CC 2.0: not modelled
        "Device 0: \"Mystery\"\n  CUDA Capability Major/Minor version number:    8.6\n  (999999999999999999999) Multiprocessors",
        "Device 0: \"Mystery\"\n  (040) Multiprocessors",                                        // no CC, unknown name
        "    Product Name                    : NVIDIA Mystery GPU\n",                             // nvidia-smi, no row
        "  Name:                    gfx1100\n  Marketing Name:          Radeon RX 7900 XTX\n  Device Type:             GPU\n  Compute Unit:            96\n",
        "{\"multiProcessorCount\": 10}",
    };
    for (const char* b : bad) {
        CAPTURE(b);
        auto r = read_device_report(b);
        REQUIRE(!r.ok());
        CHECK(r.error().field == "device_report");
        CHECK(!r.error().message.empty());
    }
    // Contradicting figures: threads per block above threads per SM.
    auto c = read_device_report("Device 0: \"X\"\n  CUDA Capability Major/Minor version number:    8.6\n"
                                "  Maximum number of threads per multiprocessor:  512\n"
                                "  Maximum number of threads per block:           1024\n");
    REQUIRE(!c.ok());
    CHECK(c.error().id == ErrorId::InvalidDevice);
    CHECK(c.error().field == "device_report");
    CHECK(!read_device_report(std::string(kMaxDeviceReportBytes + 1, 'x')).ok());
}

TEST_CASE("device report: an AMD agent whose CUs differ from its row is a custom device, kept like a row") {
    // ROCm/ROCm#4750: an MI300X partitioned CPX reports one XCD's 38 CUs per device (the row: 8 XCDs x 38 = 304).
    const DeviceReport a = read_ok(slurp(kDir + "rocminfo-mi300x-cpx.txt"));
    REQUIRE(a.amd_product != nullptr);
    REQUIRE(a.amd_device != nullptr);
    CHECK(a.amd_product->name == "MI300X");
    CHECK(a.amd_device->cu_count == 38);
    CHECK(a.amd_device->xcd_count == 1);
    CHECK(a.amd_device->cus_per_xcd == 38);
    CHECK(a.amd_device->gfx == "gfx942");
    CHECK(!a.amd_device->hbm_bytes.has_value());  // a partition's memory is not the product's
    CHECK(device_report_summary(a).find("a custom device: gfx942's per-CU rules with the report's 38 CUs (1 XCD x 38)") !=
          std::string::npos);
    // Read again: the same device (requests keep a plain pointer to it, as to a product row).
    const DeviceReport b = read_ok(slurp(kDir + "rocminfo-mi300x-cpx.txt"));
    CHECK(b.amd_device == a.amd_device);
    // More CUs than the product has: not that GPU, refused (never a custom device bigger than its row).
    std::string more = slurp(kDir + "rocminfo-mi300x-cpx.txt");
    const std::string from = "Compute Unit:            38";
    more.replace(more.find(from), from.size(), "Compute Unit:            400");
    const auto c = read_device_report(more);
    REQUIRE(!c.ok());
    CHECK(c.error().field == "device_report");
    CHECK(c.error().message.find("reports 400 CUs, more than the product has") != std::string::npos);
}
