// web/ui_json.cpp - see ui_json.hpp.
#include "ui_json.hpp"

#include <cstdio>

#include "smcalc/answer_schema.hpp"
#include "smcalc/fields.hpp"
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

namespace {

// One input table row's value, as core/api's field_json writes it.
void put_field(JsonOut& j, fields::Codec codec, const fields::Vocab* vocab, int64_t v) {
    const fields::JsonScalar x = fields::json_scalar(codec, vocab, v);
    switch (x.kind) {
        case fields::JsonScalar::Null: j.null(); break;
        case fields::JsonScalar::Bool: j.boolean(x.number != 0); break;
        case fields::JsonScalar::Number: j.num(x.number); break;
        case fields::JsonScalar::Text: j.str(x.text); break;
    }
}

// An input table's rows as keys of the object being written; put_fields opens the object first.
template <class T>
void put_rows(JsonOut& j, std::span<const fields::Field<T>> table, const T& t) {
    for (const auto& f : table) put_field(j.key(f.key), f.codec, f.vocab, f.get(t));
}
template <class T>
JsonOut& put_fields(JsonOut& j, std::span<const fields::Field<T>> table, const T& t) {
    put_rows(j.open('{'), table, t);
    return j;
}

}  // namespace

void put_kernel_rows(JsonOut& j, const KernelInput& k) { put_rows(j, fields::kernel_fields(), k); }
void put_custom(JsonOut& j, const Dim3& d) { j.open('[').num(d.x).num(d.y).num(d.z).close(']'); }
void put_custom(JsonOut& j, const KernelInput& k) { put_fields(j, fields::kernel_fields(), k).close('}'); }
void put_custom(JsonOut& j, const amd::KernelInput& k) { put_fields(j, fields::amd_kernel_fields(), k).close('}'); }
void put_custom(JsonOut& j, const TileInput& t) {
    put_fields(j, fields::tile_fields(), t);
    put_value(j.key("problem"), t.problem);
    j.close('}');
}

}  // namespace smcalc::web
