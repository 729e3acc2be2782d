// smcalc/error.hpp - errors as values: a stable id plus a sentence for people.
//
// Every failure the core can report has one row in SMCALC_ERRORS below. The id string is the contract
// (CLI JSON, JS API, tests match on it); the message is built at the failure site and always names the
// field and the allowed range. Nothing in the core throws.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace smcalc {

// X-macro: enum name, stable id string.
#define SMCALC_ERRORS(X)                                                  \
    X(InvalidInput, "invalid_input")       /* a field outside its range */ \
    X(UnknownArch, "unknown_arch")         /* compute capability not modelled */ \
    X(UnknownGpu, "unknown_gpu")           /* GPU name not in the database */ \
    X(InvalidDevice, "invalid_device")     /* a custom device contradicts itself */ \
    X(NotAchievable, "not_achievable")     /* e.g. dynamic_smem for more blocks than fit */ \
    X(Unsupported, "unsupported")          /* valid input the hardware cannot run (tile model) */ \
    X(BadRequest, "bad_request")           /* malformed request: JSON, types, missing fields */

enum class ErrorId {
#define SMCALC_X(name, str) name,
    SMCALC_ERRORS(SMCALC_X)
#undef SMCALC_X
};

constexpr std::string_view error_id_string(ErrorId id) {
    switch (id) {
#define SMCALC_X(name, str) \
    case ErrorId::name:     \
        return str;
        SMCALC_ERRORS(SMCALC_X)
#undef SMCALC_X
    }
    return "unknown";
}

struct Error {
    ErrorId id = ErrorId::InvalidInput;
    std::string field;    // the input field at fault ("threads", "device.smem_per_sm", ...), may be empty
    std::string message;  // one sentence naming the field and its allowed range
};

// A value or an Error. Deliberately tiny (std::expected is C++23; wasm's libc++ here is older).
template <typename T>
class Expected {
public:
    Expected(T&& v) : v_(std::in_place_index<0>, std::move(v)) {}      // NOLINT(google-explicit-constructor)
    Expected(const T& v) : v_(std::in_place_index<0>, v) {}            // NOLINT(google-explicit-constructor)
    Expected(Error e) : v_(std::move(e)) {}      // NOLINT(google-explicit-constructor)
    // A default T built in place (the solver fills its result where it will be returned: no move).
    explicit Expected(std::in_place_t) : v_(std::in_place_index<0>) {}
    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const { return std::get<0>(v_); }
    T& value() { return std::get<0>(v_); }
    const Error& error() const { return std::get<1>(v_); }
    const T* operator->() const { return &value(); }
    const T& operator*() const { return value(); }

private:
    std::variant<T, Error> v_;
};

}  // namespace smcalc
