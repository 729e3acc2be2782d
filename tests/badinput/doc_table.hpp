// tests/badinput/doc_table.hpp - reads the tables of docs/bad-inputs.md that the tests check: the rows after a
// `<!-- check: NAME -->` line, cell by cell, with the page's conventions (code spans, `\|`, the input macros
// $(empty), $(repeat N TEXT), \xNN, and a trailing … for a prefix). Used by tests/api-badinput.cpp and
// tests/badinput/hash-badinput.cpp; tests/cli/badinput.sh and tests/wasm-eq/js-badinput.mjs read the same tables.
#pragma once

#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace smcalc::badinput {

struct Row {
    int line = 0;                    // 1-based line in docs/bad-inputs.md
    std::vector<std::string> cells;  // raw cells, trimmed, `\|` already `|`
};

// Every table row under each `<!-- check: name -->` marker (several tables may share a name).
inline std::vector<Row> read_rows(const std::string& path, const std::string& name) {
    std::ifstream f(path);
    std::vector<Row> rows;
    std::string text;
    int lineno = 0;
    bool in_section = false, in_table = false;
    int table_line = 0;
    while (std::getline(f, text)) {
        ++lineno;
        if (text.rfind("<!-- check: ", 0) == 0) {
            in_section = text == "<!-- check: " + name + " -->";
            in_table = false;
            table_line = 0;
            continue;
        }
        if (!in_section) continue;
        if (text.rfind("|", 0) != 0) {
            if (in_table) in_section = false;  // the table ended
            continue;
        }
        in_table = true;
        if (++table_line <= 2) continue;  // header and separator
        Row r;
        r.line = lineno;
        std::string cell;
        for (std::size_t i = 1; i < text.size(); ++i) {
            if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '|') {
                cell += '|';
                ++i;
            } else if (text[i] == '|') {
                const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
                r.cells.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
                cell.clear();
            } else {
                cell += text[i];
            }
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

// A cell's text: `code` -> code; "`code`…" -> code with prefix = true.
inline std::string code(const std::string& cell, bool* prefix = nullptr) {
    std::string c = cell;
    const std::string ellipsis = "\xE2\x80\xA6";  // …
    bool pre = false;
    if (c.size() >= ellipsis.size() && c.compare(c.size() - ellipsis.size(), ellipsis.size(), ellipsis) == 0) {
        pre = true;
        c.resize(c.size() - ellipsis.size());
    }
    if (prefix) *prefix = pre;
    if (c.size() >= 2 && c.front() == '`' && c.back() == '`') return c.substr(1, c.size() - 2);
    return c;
}

// The input macros: $(empty), $(repeat N TEXT), \xNN.
inline std::string expand(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        if (s.compare(i, 8, "$(empty)") == 0) {
            i += 8;
        } else if (s.compare(i, 9, "$(repeat ") == 0) {
            const std::size_t sp = s.find(' ', i + 9), close = s.find(')', sp == std::string::npos ? i : sp + 1);
            const std::size_t n = std::stoul(s.substr(i + 9, sp - (i + 9)));
            const std::string text = s.substr(sp + 1, close - sp - 1);
            out.reserve(out.size() + n * text.size());
            for (std::size_t k = 0; k < n; ++k) out += text;
            i = close + 1;
        } else if (s.compare(i, 2, "\\x") == 0 && i + 3 < s.size() + 0) {
            out += static_cast<char>(std::stoi(s.substr(i + 2, 2), nullptr, 16));
            i += 4;
        } else {
            out += s[i++];
        }
    }
    return out;
}

// "a`<br>`b" cells: the code spans between <br>.
inline std::vector<std::string> lines(const std::string& cell) {
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (true) {
        const std::size_t br = cell.find("<br>", pos);
        out.push_back(code(cell.substr(pos, br == std::string::npos ? std::string::npos : br - pos)));
        if (br == std::string::npos) break;
        pos = br + 4;
    }
    return out;
}

}  // namespace smcalc::badinput
