// fuzz_device_report - read_device_report (a pasted deviceQuery / nvidia-smi -q / rocminfo / cudaDeviceProp JSON /
// PyTorch report, issue 33) over arbitrary bytes. Invariants: an error names the field device_report and has a
// message; an NVIDIA device read passes validate_device; every device field the report gave or the rules filled
// is listed once (read + from_rules); "same as product" means the device equals the row's and no difference is
// listed, and a difference is listed only with a product; an AMD report names its product row; the summary is
// bounded (names are cut at 200 characters).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "check.hpp"
#include "smcalc/device_report.hpp"
#include "smcalc/fields.hpp"

using namespace smcalc;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto r = read_device_report(text);
    if (!r) {
        require_error(r.error(), "read_device_report");
        if (r.error().field != "device_report") broken("read_device_report: error names field " + r.error().field);
        return 0;
    }
    const DeviceReport& d = *r;
    const std::string summary = device_report_summary(d);
    if (summary.size() > 8000) broken("device_report_summary: " + std::to_string(summary.size()) + " bytes");
    if (d.name.size() > 200) broken("read_device_report: name longer than 200 bytes");
    if (d.amd) {
        if (!d.amd_product) broken("read_device_report: an AMD report without its product row");
        return 0;
    }
    if (!validate_device(d.device)) broken("read_device_report: the device fails validate_device");
    if (d.format != "nvidia-smi -q" && d.read.size() + d.from_rules.size() != fields::device_fields().size())
        broken("read_device_report: read + from_rules do not list every device field once");
    if (d.same_as_product) {
        if (!d.product) broken("read_device_report: same_as_product without a product");
        if (!d.differences.empty()) broken("read_device_report: same_as_product with differences");
        for (const auto& f : fields::device_fields())
            if (f.get(d.device) != f.get(d.product->device)) broken("read_device_report: same_as_product but " + std::string(f.key) + " differs");
    } else if (!d.product && !d.differences.empty()) {
        broken("read_device_report: differences without a product row");
    }
    return 0;
}
