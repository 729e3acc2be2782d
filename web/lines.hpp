// web/lines.hpp - one line of an answer the JS API module (smcalc-api.js) hands the page as tab-separated text,
// split on tabs: the paste box's kernels (web/js/page.js read_lines), a tile with a CUTLASS schedule
// (web/page_tile.cpp writes it, web/ui_model.cpp read_page_tile reads it) and the saved entries (web/page_saved.cpp,
// web/ui_storage.cpp read_saved_lines). The page's wasm carries no JSON reader. Every writer escapes its cells the one
// way (append_cell; page.js cell() the same in JavaScript) and Cells::str reads them back exactly.
#pragma once

#include <algorithm>
#include <cstring>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smcalc::web {

// Cells past the end are "".
struct Cells {
    std::vector<std::string_view> v;
    explicit Cells(std::string_view line) {
        for (std::size_t pos = 0;;) {
            const std::size_t tab = line.find('\t', pos);
            v.push_back(line.substr(pos, tab == std::string_view::npos ? line.npos : tab - pos));
            if (tab == std::string_view::npos) break;
            pos = tab + 1;
        }
    }
    std::string_view operator[](std::size_t i) const { return i < v.size() ? v[i] : std::string_view(); }
    std::string str(std::size_t i) const;  // the text as written (append_cell's escapes undone)
    std::optional<int64_t> num(std::size_t i) const {
        const std::string_view c = (*this)[i];
        int64_t x = 0;
        const auto [end, ec] = std::from_chars(c.data(), c.data() + c.size(), x);
        if (ec != std::errc() || end != c.data() + c.size()) return std::nullopt;
        return x;
    }
    int64_t n(std::size_t i) const { return num(i).value_or(0); }
    // A double sent as its IEEE-754 bits, a decimal int64 (exact, and the page links no strtod: page weight);
    // nullopt for "".
    std::optional<double> real(std::size_t i) const {
        const auto bits = num(i);
        if (!bits) return std::nullopt;
        double x = 0;  // std::bit_cast is not in Emscripten's libc++ 14
        std::memcpy(&x, &*bits, sizeof x);
        return x;
    }
    std::vector<std::string> list(std::size_t i) const {  // "registers,smem" -> {"registers", "smem"}
        std::vector<std::string> out;
        for (std::string_view c = (*this)[i]; !c.empty();) {
            const std::size_t comma = std::min(c.find(','), c.size());
            out.emplace_back(c.substr(0, comma));
            c.remove_prefix(std::min(comma + 1, c.size()));
        }
        return out;
    }
};

// A cell that reads back exactly as it was (any text: a localStorage key may hold tabs and line breaks, a kernel
// name a backslash): a backslash is written as two, a tab, line break and return as a backslash and t, n, r.
inline void append_cell(std::string& out, std::string_view v) {
    out += '\t';
    for (char c : v) {
        if (c == '\\') out += "\\\\";
        else if (c == '\t') out += "\\t";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else out += c;
    }
}
inline std::string Cells::str(std::size_t cell) const {
    const std::string_view t = (*this)[cell];
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] != '\\' || i + 1 == t.size()) {
            out += t[i];
            continue;
        }
        const char e = t[++i];
        out += e == 't' ? '\t' : e == 'n' ? '\n' : e == 'r' ? '\r' : e;
    }
    return out;
}

}  // namespace smcalc::web
