// smcalc/schema.hpp - the answer schema, declared once: for each result struct the list of members an answer
// shows, each with its JSON key and (where the number needs it) a unit. Standard library only.
//
// One list feeds every writer of that part of an answer:
//   - the JSON API's writer (core/api: detail::put_members), so a key is never spelt twice;
//   - the TypeScript declarations of the answers (answer_declarations(), printed by `smcalc fields --dts` and
//     pasted into web/smcalc.d.ts's generated block; tests/cli/cli_test.sh fails when the two differ).
// A new answer member is one struct member plus one entry in its list (smcalc/answer_schema.hpp); the dummy
// member of tests/fields-dummy proves it reaches JSON and the declarations with no other edit.
//
// The mechanism is the same as the input field tables' (smcalc/fields.hpp) without their codecs: an answer is
// written, never read back, so a member needs its key, its C++ type (which gives the TypeScript type) and a doc.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

namespace smcalc::schema {

// One member of a struct's answer: `key` in JSON and TypeScript, read through `ptr`, with a one-line `doc` (units,
// range) for the declarations. S is the class that declares the member (a base class's members are listed
// with the base's pointer, e.g. &OccupancyNumbers::blocks_per_sm in OccupancyResult's list).
template <class S, class M>
struct Member {
    std::string_view key;
    M S::*ptr;
    std::string_view doc;
};
template <class S, class M>
constexpr Member<S, M> member(std::string_view key, M S::*ptr, std::string_view doc = {}) {
    return {key, ptr, doc};
}

// A member written from a value the struct computes (a CC as "9.0", a count of 0 as null, a name list from
// "a|b|c"): `get` returns what is written; its C++ type gives the TypeScript type, as a data member's does.
// List it with a captureless lambda: computed("cc", +[](const TileResult& r) { return cc_text(r.cc); }).
template <class S, class R>
struct Computed {
    std::string_view key;
    R (*get)(const S&);
    std::string_view doc;
};
template <class S, class R>
constexpr Computed<S, R> computed(std::string_view key, R (*get)(const S&), std::string_view doc = {}) {
    return {key, get, doc};
}
// A member that is another type's whole list, written inline: JSON has its members beside the others, the
// TypeScript interface `extends` it (an answer extends its figures: OccupancyAnswer extends OccupancyFigures).
// B is a struct with a schema, or a Custom type written as an object (a Device's fields).
// List it with a getter: base(+[](const Reply<R>& v) -> const R& { return v.r; }).
// The getter may return a reference (a part of S) or a value (a view built from S, see answer_schema.hpp).
template <class S, class R>
struct Base {
    R (*get)(const S&);
};
template <class S, class R>
constexpr Base<S, R> base(R (*get)(const S&)) {
    return {get};
}

// A member present only sometimes: left out of the JSON while empty, `key?: T` in TypeScript (std::optional, in
// contrast, is always written: null while empty).
template <class T>
struct Sometimes : std::optional<T> {
    using std::optional<T>::optional;
};
// A key that is never written, declared `key?: undefined` so that TypeScript tells the answers apart by it
// (NVIDIA answers have no "vendor"; AMD answers say "amd").
struct Undefined {};
// A fixed string, written as itself; its TypeScript type is the literal ('amd').
template <std::size_t N>
struct Text {
    char s[N]{};
    constexpr Text(const char (&t)[N]) {
        for (std::size_t i = 0; i < N; ++i) s[i] = t[i];
    }
    constexpr std::string_view view() const { return {s, N - 1}; }
};
template <Text T>
struct Literal {
    static constexpr std::string_view text = T.view();
};
// Values keyed by an enum's keys (EnumKey<E>): a JSON object {key: value}; TypeScript Record<E's keys, V>.
template <class E, class V>
struct Keyed {
    std::vector<std::pair<E, V>> items;
};

// The value of a listed member in `s`.
template <class S, class M, class T>
const M& value_of(const Member<S, M>& m, const T& s) {
    return s.*(m.ptr);
}
template <class S, class R, class T>
R value_of(const Computed<S, R>& m, const T& s) {
    return m.get(s);
}

// A member written with the type it has in the list (Sometimes<T> stays Sometimes<T>).
template <class M>
struct is_base : std::false_type {};
template <class S, class R>
struct is_base<Base<S, R>> : std::true_type {};

// Of<T> is specialised per struct (smcalc/answer_schema.hpp): `name` (the TypeScript interface) and `members`
// (a tuple of Member). Types without a specialisation are values (numbers, strings, enums with EnumKey).
template <class T>
struct Of;
template <class T, class = void>
struct has_schema : std::false_type {};
template <class T>
struct has_schema<T, std::void_t<decltype(Of<T>::members)>> : std::true_type {};

// An enum in an answer is written as its key (a string): EnumKey<E> gives `key(e)`, the enum's `values` and the
// name of the TypeScript union of their keys (`ts`, declared by answer_declarations()).
template <class E>
struct EnumKey;
// A value type written another way (e.g. Dim3 as [x, y, z]): Custom<T>::ts is its TypeScript type; each writer
// has its own overload for T.
template <class T>
struct Custom;
template <class T, class = void>
struct has_custom : std::false_type {};
template <class T>
struct has_custom<T, std::void_t<decltype(Custom<T>::ts)>> : std::true_type {};
// A list of values (std::vector, ResourceList): anything with value_type and begin() that is not a string.
template <class T, class = void>
struct is_list : std::false_type {};
template <class T>
struct is_list<T, std::void_t<typename T::value_type, decltype(std::declval<const T&>().begin())>>
    : std::bool_constant<!std::is_same_v<T, std::string> && !std::is_same_v<T, std::string_view>> {};

// Calls f(key, value) for each member of s, in the list's order.
// A Base member calls f(value) with the base itself instead of a key: base(b) where the caller writes b inline.
template <class T, class F, class G>
void each_member(const T& s, F&& f, G&& base) {
    auto one = [&](const auto& m) {
        if constexpr (is_base<std::remove_cvref_t<decltype(m)>>::value) base(m.get(s));
        else f(m.key, value_of(m, s));
    };
    std::apply([&](const auto&... m) { (one(m), ...); }, Of<T>::members);
}

// ----- TypeScript -----
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};
template <class T>
struct is_sometimes : std::false_type {};
template <class T>
struct is_sometimes<Sometimes<T>> : std::true_type {};
template <class T>
struct is_literal : std::false_type {};
template <Text T>
struct is_literal<Literal<T>> : std::true_type {};
template <class T>
struct is_variant : std::false_type {};
template <class... Ts>
struct is_variant<std::variant<Ts...>> : std::true_type {};
template <class T>
struct is_keyed : std::false_type {};
template <class E, class V>
struct is_keyed<Keyed<E, V>> : std::true_type {};
// An answer's interface extends the envelope's (Of<T>::extends, e.g. "AnswerCommon") where it names one.
template <class T, class = void>
struct has_extends : std::false_type {};
template <class T>
struct has_extends<T, std::void_t<decltype(Of<T>::extends)>> : std::true_type {};

// The TypeScript type of a member of C++ type T: number, boolean, string, X[], X | null, an enum's key type, or
// the interface of a struct with a schema.
template <class T>
std::string ts_type() {
    if constexpr (std::is_same_v<T, bool>) {
        return "boolean";
    } else if constexpr (std::is_same_v<T, Undefined>) {
        return "undefined";
    } else if constexpr (is_literal<T>::value) {
        return "'" + std::string(T::text) + "'";
    } else if constexpr (is_variant<T>::value) {
        // One of several types (a compare column's limits: NVIDIA's resources or AMD's): A | B.
        return []<class... Ts>(std::variant<Ts...>*) {
            std::string s;
            ((s += (s.empty() ? "" : " | ") + ts_type<Ts>()), ...);
            return s;
        }(static_cast<T*>(nullptr));
    } else if constexpr (is_keyed<T>::value) {
        using P = typename decltype(T::items)::value_type;
        return "Record<" + ts_type<typename P::first_type>() + ", " + ts_type<typename P::second_type>() + ">";
    } else if constexpr (std::is_arithmetic_v<T>) {
        return "number";
    } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
        return "string";
    } else if constexpr (std::is_enum_v<T>) {
        return std::string(EnumKey<T>::ts);
    } else if constexpr (has_custom<T>::value) {
        return std::string(Custom<T>::ts);
    } else if constexpr (is_optional<T>::value) {
        return ts_type<typename T::value_type>() + " | null";
    } else if constexpr (is_list<T>::value) {
        const std::string e = ts_type<typename T::value_type>();
        return e.find(' ') == std::string::npos ? e + "[]" : "Array<" + e + ">";
    } else if constexpr (has_schema<T>::value) {
        return std::string(Of<T>::name);
    } else {
        static_assert(has_schema<T>::value, "an answer member's type needs a schema (smcalc/answer_schema.hpp)");
        return {};
    }
}

// `export type <ts> = 'a' | 'b';` for the enum E: the keys of its values, and EnumKey<E>::extra where it has
// one (a key that another layer writes: the JS API's 'internal' error).
template <class E, class = void>
struct has_extra : std::false_type {};
template <class E>
struct has_extra<E, std::void_t<decltype(EnumKey<E>::extra)>> : std::true_type {};
template <class E>
std::string ts_enum() {
    std::string s = "export type " + std::string(EnumKey<E>::ts) + " =";
    const char* sep = " '";
    for (E e : EnumKey<E>::values) {
        s += sep + std::string(EnumKey<E>::key(e)) + "'";
        sep = " | '";
    }
    if constexpr (has_extra<E>::value) s += " | " + std::string(EnumKey<E>::extra);
    return s + ";\n";
}

// `/** doc */ export interface <name> { key: type;  // unit ... }` for the struct T (Of<T>::name, doc, members).
// Base members become the `extends` list, after Of<T>::extends (the envelope) where there is one.
template <class T>
std::string ts_interface() {
    std::string bases;
    if constexpr (has_extends<T>::value) bases = std::string(Of<T>::extends);
    std::apply(
        [&](const auto&... m) {
            auto one = [&](const auto& mm) {
                using M = std::remove_cvref_t<decltype(mm)>;
                if constexpr (is_base<M>::value) {
                    using B = std::remove_cvref_t<decltype(mm.get(std::declval<const T&>()))>;
                    bases += (bases.empty() ? "" : ", ") + ts_type<B>();
                }
            };
            (one(m), ...);
        },
        Of<T>::members);
    std::string s = "/** " + std::string(Of<T>::doc) + " */\nexport interface " + std::string(Of<T>::name) +
                    (bases.empty() ? "" : " extends " + bases) + " {\n";
    std::apply(
        [&](const auto&... m) {
            auto line = [&](const auto& mm) {
                if constexpr (!is_base<std::remove_cvref_t<decltype(mm)>>::value) {
                using V = std::remove_cv_t<std::remove_reference_t<decltype(value_of(mm, std::declval<const T&>()))>>;
                std::string l;
                if constexpr (is_sometimes<V>::value)
                    l = "  " + std::string(mm.key) + "?: " + ts_type<typename V::value_type>() + ";";
                else
                    l = "  " + std::string(mm.key) + ": " + ts_type<V>() + ";";
                if (!mm.doc.empty()) {
                    if (l.size() < 38) l.resize(38, ' ');
                    l += " // " + std::string(mm.doc);
                }
                s += l + "\n";
                }
            };
            (line(m), ...);
        },
        Of<T>::members);
    return s + "}\n";
}

// The interfaces of Ts, in order, a blank line between two.
template <class... Ts>
std::string interfaces() {
    std::string s;
    ((s += (s.empty() ? "" : "\n") + ts_interface<Ts>()), ...);
    return s;
}

// Every answer part with a schema, as TypeScript interfaces (smcalc/answer_schema.hpp lists them).
std::string answer_declarations();

}  // namespace smcalc::schema
