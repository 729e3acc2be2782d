// fuzz_api_line - api::handle_line (one line of `smcalc batch`, the JS API's one entry point) over arbitrary
// bytes. Invariants: never throws; the answer is one JSON object (check_answer); when the bytes are a JSON
// document of modest depth, handle() on it gives the same text (the line layer adds nothing but parsing), and an
// unknown key is refused naming a known one (check_unknown_key).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "api_check.hpp"
#include "check.hpp"
#include "smcalc_api.hpp"

using nlohmann::json;
using namespace smcalc::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    const std::string out = smcalc::api::handle_line(line);
    if (out.find('\n') != std::string::npos) broken("handle_line: the answer spans several lines");
    const json a = json::parse(out, nullptr, false);
    if (a.is_discarded()) broken("handle_line: the answer is not JSON: " + out.substr(0, 200));
    require(check_answer(a), "handle_line");
    if (smcalc::api::nesting_depth(line) <= 32) {
        const json request = json::parse(line, nullptr, false);
        if (!request.is_discarded()) {
            const json b = smcalc::api::handle(request);
            require(check_answer(b), "handle");
            require(check_unknown_key(request, b), "unknown key");
            if (b.dump(-1, ' ', false, json::error_handler_t::replace) != out)
                broken("handle and handle_line disagree:\n  " + out.substr(0, 300) + "\n  " + b.dump().substr(0, 300));
        }
    }
    return 0;
}
