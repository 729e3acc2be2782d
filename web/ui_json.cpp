// web/ui_json.cpp - see ui_json.hpp.
#include "ui_json.hpp"

#include <cstdio>

#include "smcalc/answer_schema.hpp"
#include "ui_state.hpp"

namespace smcalc::web {

void JsonOut::value_start() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (comma_ >> depth_ & 1) s_ += ',';
    comma_ |= uint64_t{1} << depth_;
}

JsonOut& JsonOut::key(std::string_view k) {
    value_start();
    s_ += json_string(k);
    s_ += ':';
    after_key_ = true;
    return *this;
}

JsonOut& JsonOut::num(int64_t v) {
    value_start();
    s_ += std::to_string(v);
    return *this;
}

JsonOut& JsonOut::real(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return raw(buf);
}

JsonOut& JsonOut::str(std::string_view v) {
    value_start();
    s_ += json_string(v);
    return *this;
}

JsonOut& JsonOut::boolean(bool v) { return raw(v ? "true" : "false"); }

JsonOut& JsonOut::null() { return raw("null"); }

JsonOut& JsonOut::raw(std::string_view json) {
    value_start();
    s_ += json;
    return *this;
}

JsonOut& JsonOut::open(char bracket) {
    value_start();
    s_ += bracket;
    ++depth_;
    comma_ &= ~(uint64_t{1} << depth_);
    return *this;
}

JsonOut& JsonOut::close(char bracket) {
    --depth_;
    s_ += bracket;
    return *this;
}

void put_occupancy(JsonOut& j, const OccupancyResult& r) { put_value(j, r); }

}  // namespace smcalc::web
