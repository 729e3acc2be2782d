// web/ui_json.hpp - the page's state JSON (smcalc.state(), read by the browser tests and the embed's messages)
// written through one small writer: each key and value is an out-of-line call. Written as std::string
// concatenations it cost the page ~10 KB of code (page weight, scripts/page-weight.sh). Compact JSON, no spaces;
// doubles as %.6g (what the tests compare with the JS API's figures).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace smcalc::web {

class JsonOut {
public:
    explicit JsonOut(std::string& out) : s_(out) {}
    JsonOut& key(std::string_view k);      // ,"k": (the comma where a member came before)
    JsonOut& num(int64_t v);
    JsonOut& real(double v);               // %.6g
    JsonOut& str(std::string_view v);      // a JSON string (json_string)
    JsonOut& boolean(bool v);
    JsonOut& null();
    JsonOut& opt(const std::optional<int64_t>& v) { return v ? num(*v) : null(); }
    // An optional error (std::optional<Error>) as its message, or null.
    template <class E>
    JsonOut& message(const E& error) { return error ? str(error->message) : null(); }
    JsonOut& open(char bracket);           // '{' or '['
    JsonOut& close(char bracket);          // '}' or ']'
    JsonOut& raw(std::string_view json);   // a value that is already JSON

private:
    void value_start();
    std::string& s_;
    uint64_t comma_ = 0;   // bit d: level d has a member already (levels up to 63 deep)
    int depth_ = 0;
    bool after_key_ = false;
};

}  // namespace smcalc::web
