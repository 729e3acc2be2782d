// tests/fuzz/api_check.hpp - invariants of every answer of the JSON layer (core/api): shared by the api fuzz
// targets and tests/api-badinput.cpp.
#pragma once

#include <cmath>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "smcalc_api.hpp"

namespace smcalc::fuzz {

// An occupancy answer's (NVIDIA or AMD) fraction lies in [0, 1].
inline bool occupancy_in_range(const nlohmann::json& a) {
    const double occ = a["occupancy"].get<double>();
    return occ >= 0 && occ <= 1;
}

// The lowest of an occupancy answer's per-resource limits (null = no limit); -1 when none limits.
inline int64_t lowest_limit(const nlohmann::json& a) {
    int64_t lowest = -1;
    for (const auto& l : a["limits"])
        if (!l.is_null() && (lowest < 0 || l.get<int64_t>() < lowest)) lowest = l.get<int64_t>();
    return lowest;
}

// "" when `a` is a well-formed answer: an object; an error is {"error": {"id": known, "message": non-empty,
// "field": string}}; no number anywhere is NaN or infinite (nlohmann would write those as null); an occupancy
// answer has occupancy in [0, 1] and blocks_per_sm equal to its lowest limit.
inline std::string check_answer(const nlohmann::json& a) {
    if (!a.is_object()) return "answer is not an object: " + a.dump().substr(0, 200);
    if (auto e = a.find("error"); e != a.end()) {
        if (!e->is_object()) return "error is not an object";
        const auto id = e->find("id"), msg = e->find("message"), field = e->find("field");
        if (id == e->end() || !id->is_string()) return "error without an id";
        static const char* const kIds[] = {"invalid_input", "unknown_arch", "unknown_gpu", "invalid_device",
                                           "not_achievable", "unsupported", "bad_request"};
        bool known = false;
        for (const char* k : kIds) known = known || *id == k;
        if (!known) return "unknown error id " + id->dump();
        if (msg == e->end() || !msg->is_string() || msg->get_ref<const std::string&>().empty()) return "error without a message";
        if (field == e->end() || !field->is_string()) return "error without a field string";
        return {};
    }
    // Non-finite numbers anywhere (iterative walk: answers are shallow, but be safe).
    std::vector<const nlohmann::json*> todo{&a};
    while (!todo.empty()) {
        const nlohmann::json* v = todo.back();
        todo.pop_back();
        if (v->is_number_float() && !std::isfinite(v->get<double>())) return "a non-finite number in the answer";
        if (v->is_structured())
            for (const auto& x : *v) todo.push_back(&x);
    }
    if (a.contains("blocks_per_sm") && a.contains("limits") && a.contains("occupancy")) {
        if (!occupancy_in_range(a)) return "occupancy outside [0, 1]";
        if (a["blocks_per_sm"].get<int64_t>() != lowest_limit(a)) return "blocks_per_sm is not the lowest limit";
    }
    // An AMD occupancy answer: occupancy in [0, 1], workgroups per CU the lowest limit, waves per SIMD within the
    // slots, and LLVM's figure as well.
    if (a.value("vendor", "") == "amd" && a.contains("workgroups_per_cu") && a.contains("limits") &&
        a.contains("compiler_waves_per_simd")) {
        if (!occupancy_in_range(a)) return "AMD occupancy outside [0, 1]";
        if (a["workgroups_per_cu"].get<int64_t>() != lowest_limit(a)) return "AMD workgroups_per_cu is not the lowest limit";
        const double w = a["waves_per_simd"].get<double>();
        if (!(w >= 0 && w <= a["max_waves_per_simd"].get<double>())) return "AMD waves_per_simd outside the slots";
        const int64_t c = a["compiler_waves_per_simd"].get<int64_t>();
        if (c < 0 || c > a["max_waves_per_simd"].get<int64_t>()) return "LLVM's waves_per_simd outside the slots";
    }
    // Thread block clusters (issue 17): low <= typical <= high <= bound, and every figure's CTAs = clusters x size.
    if (auto c = a.find("cluster"); c != a.end() && c->is_object() && c->contains("max_active_clusters")) {
        const nlohmann::json& m = (*c)["max_active_clusters"];
        if (!m.is_null()) {
            const int64_t bound = m["bound"].get<int64_t>();
            int64_t prev = 0;
            for (const char* k : {"low", "typical", "high"}) {
                if (m[k].is_null()) continue;
                const int64_t v = m[k].get<int64_t>();
                if (v < prev || v > bound) return std::string("cluster figures out of order at ") + k;
                prev = v;
            }
            const int64_t size = (*c)["cluster_size"].get<int64_t>();
            for (const auto& f : m["figures"])
                if (f["ctas"].get<int64_t>() != f["clusters"].get<int64_t>() * size) return "a cluster figure's CTAs != clusters x size";
        }
    }
    return {};
}

// "" unless `answer` (to `request`) refuses an unknown key wrongly. An unknown key is an error (never a warning)
// whose field is the key with its path (device., device.gpc., problem.; cut at 128 bytes) and whose message
// names a key as "did you mean" or "the nearest known field is"; that key is known: the request with the
// unknown key renamed to it is not refused for it.
inline std::string check_unknown_key(const nlohmann::json& request, const nlohmann::json& answer) {
    using nlohmann::json;
    if (answer.contains("warnings"))
        for (const auto& w : answer["warnings"])
            if (w.is_string() && w.get<std::string>().rfind("unknown field", 0) == 0) return "an unknown field as a warning";
    if (!answer.contains("error") || !request.is_object()) return {};
    const std::string msg = answer["error"].value("message", "");
    const std::string field = answer["error"].value("field", "");
    if (msg.rfind("unknown field \"", 0) != 0) return {};
    std::string suggested;
    for (const char* intro : {"; did you mean \"", "; the nearest known field is \""}) {
        const auto p = msg.rfind(intro);
        if (p == std::string::npos) continue;
        const auto b = p + std::strlen(intro);
        suggested = msg.substr(b, msg.find('"', b) - b);
    }
    if (suggested.empty()) return "an unknown field without a suggestion: " + msg.substr(0, 200);
    if (field.size() >= 128) return {};  // cut: the key cannot be found again
    // The object holding the unknown key, and the key's path.
    json fixed = request;
    json* holder = &fixed;
    std::string path;
    if (!fixed.contains(field)) {
        for (const char* p : {"device.gpc.", "device.", "problem."}) {
            if (field.rfind(p, 0) != 0) continue;
            json* h = &fixed;
            std::string rest = p;
            bool found = true;
            while (!rest.empty() && found) {
                const std::string part = rest.substr(0, rest.find('.'));
                rest = rest.substr(part.size() + 1);
                found = h->is_object() && h->contains(part);
                if (found) h = &(*h)[part];
            }
            if (found && h->is_object() && h->contains(field.substr(std::strlen(p)))) {
                holder = h;
                path = p;
                break;
            }
        }
    }
    const std::string key = field.substr(path.size());
    if (!holder->is_object() || !holder->contains(key)) return "the unknown field " + field.substr(0, 80) + " is no key of the request";
    if (suggested.rfind(path, 0) != 0) return "the suggestion " + suggested + " is not beside " + field.substr(0, 80);
    const std::string to = suggested.substr(path.size());
    json value = (*holder)[key];
    holder->erase(key);
    if (!holder->contains(to)) (*holder)[to] = value;
    const json again = smcalc::api::handle(fixed);
    if (again.contains("error") && again["error"].value("field", "") == suggested &&
        again["error"].value("message", "").rfind("unknown field", 0) == 0)
        return "the suggested field " + suggested + " is unknown itself";
    return {};
}

}  // namespace smcalc::fuzz
