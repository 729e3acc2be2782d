// ptxas.cpp - the pasted-compiler-output reader (smcalc/ptxas.hpp).
//
// One pass over the lines, a small state machine, no recursion, no regex (std::regex recurses per character
// on some standard libraries and can exhaust the stack on long garbage lines). Every number goes through
// read_count(): std::from_chars into uint64, then a range check against kMaxInput.
//
// Index
//   [SECTION] text helpers       trimming, case-insensitive search, checked numbers
//   [SECTION] names              demangling (bounded), function names of signatures, back-references
//   [SECTION] ptxas lines        "Compiling entry function", "Function properties", stack and "Used" lines
//   [SECTION] cuobjdump lines    "Fatbin elf code:", "arch = ", " Function X:", "REG:... SHARED:..."
//   [SECTION] result             missing fields, summary, the "no kernel found" message
#include "smcalc/ptxas.hpp"

#include <cxxabi.h>  // abi::__cxa_demangle: the C++ ABI library (libstdc++ natively, libc++abi under Emscripten)

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "text.hpp"  // is_space, trim, starts_with, ends_with (shared with amd_parse.cpp)

namespace smcalc {
namespace {

// ============================================================================ [SECTION] text helpers

constexpr std::size_t kMaxDiagnostics = 20;
constexpr std::size_t kMaxQuoted = 200;  // characters of a line quoted in a message

using text::ends_with;
using text::is_space;
using text::starts_with;
using text::trim;

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

bool istarts_with(std::string_view s, std::string_view p) { return s.size() >= p.size() && iequals(s.substr(0, p.size()), p); }

std::string quote(std::string_view s) {
    std::string q(s.substr(0, kMaxQuoted));
    for (char& c : q)
        if (static_cast<unsigned char>(c) < 0x20) c = ' ';
    if (s.size() > kMaxQuoted) q += "...";
    return "\"" + q + "\"";
}

// Splits on `sep`, trimming each piece; empty pieces are kept (the caller ignores what it does not know).
std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    while (true) {
        const std::size_t p = s.find(sep);
        out.push_back(trim(s.substr(0, p)));
        if (p == std::string_view::npos) break;
        s.remove_prefix(p + 1);
    }
    return out;
}

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && is_space(s[i])) ++i;
        const std::size_t b = i;
        while (i < s.size() && !is_space(s[i])) ++i;
        if (i > b) out.push_back(s.substr(b, i - b));
    }
    return out;
}

// A count or byte size as printed: decimal digits only, 0 .. kMaxInput. `whole`: the digits must be all of s.
enum class NumError { None, NotANumber, TooLarge };
struct Count {
    int64_t value = 0;
    NumError error = NumError::NotANumber;
    std::size_t end = 0;  // characters consumed
};

Count read_count(std::string_view s) {
    Count c;
    uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ptr == s.data()) return c;  // no digits (from_chars also rejects '-' for unsigned)
    c.end = static_cast<std::size_t>(r.ptr - s.data());
    if (r.ec == std::errc::result_out_of_range || v > static_cast<uint64_t>(kMaxInput)) {
        c.error = NumError::TooLarge;
        return c;
    }
    if (r.ec != std::errc{}) return c;
    c.value = static_cast<int64_t>(v);
    c.error = NumError::None;
    return c;
}

// "1024" or "2048+16" (old toolkits print static+parameter bytes); the sum, checked.
Count read_sum(std::string_view s) {
    Count a = read_count(s);
    if (a.error != NumError::None || a.end >= s.size() || s[a.end] != '+') return a;
    Count b = read_count(s.substr(a.end + 1));
    if (b.error != NumError::None) return b;
    Count sum;
    sum.end = a.end + 1 + b.end;
    if (a.value > kMaxInput - b.value) {
        sum.error = NumError::TooLarge;
        return sum;
    }
    sum.value = a.value + b.value;
    sum.error = NumError::None;
    return sum;
}

// ============================================================================ [SECTION] names

// "(anonymous namespace)" holds a '(' and a ' ' that must not end a name or drop a return type: it is swapped
// for one placeholder byte while a signature is cut up.
constexpr std::string_view kAnonymous = "(anonymous namespace)";
constexpr char kAnonymousByte = '\x01';

// Scanning a signature left to right: how deep inside <> and {} the next character is. Unbalanced closing
// brackets clamp the depth at 0.
struct Nesting {
    int angle = 0, brace = 0;
    // Takes the next character: true if it is neither bracket and stands outside every <> and {}.
    bool outside(char c) {
        if (c == '<') ++angle;
        else if (c == '>') angle = angle > 0 ? angle - 1 : 0;
        else if (c == '{') ++brace;
        else if (c == '}') brace = brace > 0 ? brace - 1 : 0;
        else return angle == 0 && brace == 0;
        return false;
    }
};

// The function name of a demangled signature, with or without its own template arguments:
// "void reduce<512>(float const*, float*, int)" -> "reduce<512>" or "reduce"; "ns::g(int)" -> "ns::g";
// "(anonymous namespace)::hidden(int*)" -> "(anonymous namespace)::hidden"; "void apply<f()::{lambda(float)#1}>
// (...)" -> "apply<f()::{lambda(float)#1}>". One pass, no recursion; unbalanced brackets clamp the depth at 0.
std::string signature_name(std::string_view sig, bool template_args) {
    std::string s;
    s.reserve(sig.size());
    for (std::size_t i = 0; i < sig.size();) {
        if (sig.compare(i, kAnonymous.size(), kAnonymous) == 0) {
            s += kAnonymousByte;
            i += kAnonymous.size();
        } else {
            s += sig[i++];
        }
    }
    // The parameter list is the first '(' outside <> and {} (lambda names carry their own parentheses).
    std::size_t paren = s.size();
    Nesting outer;
    for (std::size_t i = 0; i < s.size(); ++i)
        if (outer.outside(s[i]) && s[i] == '(' && i > 0) {
            paren = i;
            break;
        }
    const std::string_view head = trim(std::string_view(s).substr(0, paren));
    // The return type ends at the last space outside <> and {}.
    std::size_t start = 0;
    Nesting ret;
    for (std::size_t i = 0; i < head.size(); ++i)
        if (ret.outside(head[i]) && head[i] == ' ') start = i + 1;
    std::string out;
    int angle = 0;
    for (char c : head.substr(start)) {
        if (!template_args) {
            if (c == '<') {
                ++angle;
                continue;
            }
            if (c == '>') {
                angle = angle > 0 ? angle - 1 : 0;
                continue;
            }
            if (angle > 0) continue;
        }
        if (c == kAnonymousByte) out += kAnonymous;
        else out += c;
    }
    return out.empty() ? std::string(sig) : out;
}

// libc++abi (Emscripten) spells lambdas and unnamed types differently from libstdc++ (native): "'lambda'(float)"
// and "'lambda0'(float)" vs "{lambda(float)#1}" and "{lambda(float)#2}"; "'unnamed'" / "'unnamed0'" vs
// "{unnamed type#1}" / "{unnamed type#2}". The page and the CLI must show the same names, so the libc++abi
// spelling is rewritten to libstdc++'s (a no-op on native output).
std::string canonical_spelling(std::string_view d) {
    std::string out;
    out.reserve(d.size());
    std::size_t i = 0;
    while (i < d.size()) {
        const bool lambda = d.compare(i, 7, "'lambda") == 0, unnamed = d.compare(i, 8, "'unnamed") == 0;
        if (!lambda && !unnamed) {
            out += d[i++];
            continue;
        }
        std::size_t j = i + (lambda ? 7 : 8);
        std::size_t digits = j;
        while (digits < d.size() && std::isdigit(static_cast<unsigned char>(d[digits])) != 0) ++digits;
        if (digits >= d.size() || d[digits] != '\'') {
            out += d[i++];
            continue;
        }
        // 'lambda' is #1, 'lambda0' #2, 'lambda1' #3 ...
        int64_t number = 1;
        if (digits > j) {
            const Count c = read_count(d.substr(j, digits - j));
            number = c.error == NumError::None && c.value < kMaxInput ? c.value + 2 : 0;
        }
        j = digits + 1;
        if (unnamed) {
            out += "{unnamed type#" + std::to_string(number) + "}";
            i = j;
            continue;
        }
        // The lambda's parameter list follows: copy it, then close with the number.
        std::string params;
        if (j < d.size() && d[j] == '(') {
            int depth = 0;
            std::size_t k = j;
            for (; k < d.size(); ++k) {
                if (d[k] == '(') ++depth;
                else if (d[k] == ')' && --depth == 0) break;
            }
            if (k == d.size()) {  // unbalanced: leave the rest as printed
                out += d.substr(i);
                break;
            }
            params = std::string(d.substr(j, k + 1 - j));
            j = k + 1;
        }
        out += "{lambda" + params + "#" + std::to_string(number) + "}";
        i = j;
    }
    return out;
}

// Back-references in a mangled name: every 'S' or 'T' followed by base-36 digits (or none) and '_'
// ("S_", "S0_", "T_", "T1_"). Identifiers may hold the same letters; counting them too only errs on the safe side.
std::size_t back_references(std::string_view m) {
    std::size_t n = 0;
    for (std::size_t i = 0; i + 1 < m.size(); ++i) {
        if (m[i] != 'S' && m[i] != 'T') continue;
        std::size_t j = i + 1;
        while (j < m.size() && (std::isdigit(static_cast<unsigned char>(m[j])) != 0 ||
                                (m[i] == 'S' && m[j] >= 'A' && m[j] <= 'Z')))
            ++j;
        if (j < m.size() && m[j] == '_') ++n;
    }
    return n;
}

void fill_names(ParsedKernel& k) {
    if (starts_with(k.name, "_Z")) {
        k.mangled = k.name;
        if (auto d = demangle(k.name)) {
            k.demangled = std::move(*d);
            k.short_name = signature_name(k.demangled, true);
        } else {
            k.short_name = itanium_function_name(k.name).value_or(k.name);
        }
    } else if (k.name.find('(') != std::string::npos) {
        k.demangled = k.name;
        k.short_name = signature_name(k.name, true);
    } else {
        k.short_name = k.name;
    }
}

// ============================================================================ [SECTION] parser state

struct Parser {
    ParsedOutput out;
    // ptxas
    std::optional<std::size_t> entry;        // kernel of the last "Compiling entry function" / "Used" line
    std::optional<std::size_t> props_kernel; // kernel the next stack line belongs to
    std::string props_device_fn;             // last "Function properties" name that was not a kernel
    // cuobjdump
    std::string elf_arch;                    // "arch = " of the current block
    bool in_ptx_block = false;               // "Fatbin ptx code:" block: PTX has no resource usage
    std::optional<std::size_t> cuobj_fn;     // kernel of the last " Function X:" line awaiting its REG line
    // what was seen, for the summary and the "no kernel found" message
    int64_t n_entry = 0, n_props = 0, n_stack = 0, n_used = 0, n_res_header = 0, n_function = 0, n_reg = 0,
            n_elf = 0, n_too_large = 0;
    std::vector<std::string> too_large_fields;

    void add_arch(const std::string& a) {
        if (!a.empty() && std::find(out.archs.begin(), out.archs.end(), a) == out.archs.end()) out.archs.push_back(a);
    }

    std::size_t new_kernel(std::string name, std::string arch, CompilerTool tool, int64_t line, std::optional<bool> entry_flag) {
        ParsedKernel k;
        k.name = std::move(name);
        k.arch = std::move(arch);
        k.tool = tool;
        k.line = line;
        k.entry = entry_flag;
        if (!k.arch.empty()) {
            if (auto cc = parse_cc(k.arch)) {
                k.cc = *cc;
                k.cc_modelled = find_arch(*cc).ok();
            }
        }
        fill_names(k);
        // A nameless kernel (an entry "''", a REG: line without "Function NAME:") is shown by its line, so the
        // page, the CLI and API warnings never print an empty name (fuzz finding F7). `name` stays empty.
        if (k.name.empty()) k.short_name = "(unnamed, line " + std::to_string(line) + ")";
        add_arch(k.arch);
        out.kernels.push_back(std::move(k));
        return out.kernels.size() - 1;
    }

    // A number from the text; too-large ones are dropped with a note instead of wrapping.
    std::optional<int64_t> take(const Count& c, const char* field) {
        if (c.error == NumError::None) return c.value;
        if (c.error == NumError::TooLarge) {
            ++n_too_large;
            if (too_large_fields.size() < 5) too_large_fields.emplace_back(field);
        }
        return std::nullopt;
    }

    void diagnostic(std::string_view line) {
        if (out.diagnostics.size() < kMaxDiagnostics) out.diagnostics.emplace_back(line.substr(0, 4 * kMaxQuoted));
    }

    // ======================================================================== [SECTION] ptxas lines

    // ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_80'
    bool ptxas_entry(std::string_view line, int64_t lineno) {
        static constexpr std::string_view kKey = "Compiling entry function '";
        const std::size_t p = line.find(kKey);
        if (p == std::string_view::npos) return false;
        std::string_view rest = line.substr(p + kKey.size());
        std::string name, arch;
        static constexpr std::string_view kFor = "' for '";
        const std::size_t f = rest.rfind(kFor);
        if (f != std::string_view::npos) {
            name = std::string(rest.substr(0, f));
            std::string_view a = rest.substr(f + kFor.size());
            const std::size_t q = a.find('\'');
            arch = std::string(trim(a.substr(0, q)));
        } else {
            // Cut off after the name: keep what is there.
            const std::size_t q = rest.rfind('\'');
            name = std::string(trim(rest.substr(0, q)));
            out.notes.push_back("Line " + std::to_string(lineno) + ": \"Compiling entry function\" without \"for 'sm_XX'\": target unknown.");
        }
        if (name.empty())
            out.notes.push_back("Line " + std::to_string(lineno) + ": an entry function without a name: the kernel has no name.");
        ++n_entry;
        entry = new_kernel(std::move(name), std::move(arch), CompilerTool::Ptxas, lineno, true);
        props_kernel.reset();
        props_device_fn.clear();
        cuobj_fn.reset();
        return true;
    }

    // ptxas info    : Function properties for _Z6kernelPf
    bool ptxas_props(std::string_view line) {
        static constexpr std::string_view kKey = "Function properties for ";
        const std::size_t p = line.find(kKey);
        if (p == std::string_view::npos) return false;
        const std::string_view name = trim(line.substr(p + kKey.size()));
        ++n_props;
        props_kernel.reset();
        props_device_fn.clear();
        if (entry && out.kernels[*entry].name == name && !out.kernels[*entry].stack_frame) {
            props_kernel = entry;
        } else {
            props_device_fn = std::string(name);
            if (std::find(out.device_functions.begin(), out.device_functions.end(), props_device_fn) ==
                out.device_functions.end())
                out.device_functions.push_back(props_device_fn);
        }
        return true;
    }

    //     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
    bool ptxas_stack(std::string_view line) {
        if (line.find("bytes stack frame") == std::string_view::npos) return false;
        ++n_stack;
        std::optional<int64_t> frame, stores, loads;
        for (std::string_view item : split(line, ',')) {
            const auto w = words(item);
            if (w.size() < 3 || w[1] != "bytes") continue;
            const Count c = read_count(w[0]);
            if (c.end != w[0].size() && c.error == NumError::None) continue;
            if (w[2] == "stack") frame = take(c, "stack frame");
            else if (w[2] == "spill" && w.size() >= 4 && w[3] == "stores") stores = take(c, "spill stores");
            else if (w[2] == "spill" && w.size() >= 4 && w[3] == "loads") loads = take(c, "spill loads");
        }
        std::optional<std::size_t> target = props_kernel;
        if (!target && props_device_fn.empty() && entry && !out.kernels[*entry].stack_frame) target = entry;
        if (target) {
            ParsedKernel& k = out.kernels[*target];
            k.stack_frame = frame;
            k.spill_stores = stores;
            k.spill_loads = loads;
        }
        props_kernel.reset();
        return true;
    }

    // ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem, 360 bytes cmem[0]
    // Older toolkits: "Used 16 registers, 16+0 bytes lmem, 2048+16 bytes smem, 4 bytes cmem[1]".
    bool ptxas_used(std::string_view line, int64_t lineno) {
        const std::size_t p = line.find("Used ");
        if (p == std::string_view::npos || line.find("register", p) == std::string_view::npos) return false;
        const auto items = split(line.substr(p), ',');
        // The first item must really be "Used N registers" (not a sentence that happens to contain both words).
        {
            const auto w = words(items.front());
            if (w.size() < 3 || w[0] != "Used" || !istarts_with(w[2], "register") || read_count(w[1]).end != w[1].size())
                return false;
        }
        ++n_used;
        std::size_t idx = 0;
        if (entry && !out.kernels[*entry].registers) {
            idx = *entry;
        } else {
            // No "Compiling entry function" line for this one (pasted on its own, or cut above it).
            std::string name = props_device_fn;
            idx = new_kernel(name, {}, CompilerTool::Ptxas, lineno, std::nullopt);
            out.notes.push_back("Line " + std::to_string(lineno) + ": a \"Used N registers\" line without a " +
                                "\"Compiling entry function\" line before it" +
                                (name.empty() ? std::string(": the kernel has no name") : " (taken as " + name + ")") +
                                " and no target.");
            entry = idx;
            props_device_fn.clear();
        }
        ParsedKernel& k = out.kernels[idx];
        bool smem_seen = false;
        for (std::string_view item : items) {
            const auto w = words(item);
            if (w.size() < 2) continue;
            if (iequals(w[0], "used") && w.size() >= 3) {
                const Count c = read_count(w[1]);
                if (c.end != w[1].size()) continue;
                if (istarts_with(w[2], "register")) k.registers = take(c, "registers");
                else if (istarts_with(w[2], "barrier")) k.barriers = take(c, "barriers");
                continue;
            }
            if (w.size() < 3 || w[1] != "bytes") continue;
            const Count c = read_sum(w[0]);
            if (c.end != w[0].size() && c.error == NumError::None) continue;
            if (w[2] == "smem") {
                k.smem_static = take(c, "smem");
                smem_seen = true;
            } else if (w[2] == "lmem") {
                k.local = take(c, "lmem");
            } else if (w[2] == "cumulative") {
                k.cumulative_stack = take(c, "cumulative stack size");
            } else if (starts_with(w[2], "cmem[")) {
                const Count bank = read_count(w[2].substr(5));
                if (bank.error == NumError::None && bank.value < 1024 && 5 + bank.end < w[2].size() &&
                    w[2][5 + bank.end] == ']')
                    if (auto v = take(c, "cmem")) k.cmem.emplace_back(static_cast<int>(bank.value), *v);
            }
        }
        // ptxas leaves "bytes smem" out when the kernel has no static shared memory.
        if (!smem_seen && k.registers) k.smem_static = 0;
        return true;
    }

    void ptxas_line(std::string_view line, int64_t lineno) {
        if (ptxas_entry(line, lineno)) return;
        if (ptxas_props(line)) return;
        if (ptxas_stack(line)) return;
        if (ptxas_used(line, lineno)) return;
        if (istarts_with(line, "ptxas") && !istarts_with(line, "ptxas info")) {
            diagnostic(line);  // ptxas warning / error / fatal
            return;
        }
        if (line.find(": error") != std::string_view::npos || line.find(": fatal") != std::string_view::npos)
            diagnostic(line);  // nvcc front end ("kernels.cu(3): error: ...")
    }

    // ======================================================================== [SECTION] cuobjdump lines

    bool cuobjdump_line(std::string_view line, int64_t lineno) {
        if (line == "Fatbin elf code:" || line == "Fatbin ptx code:") {
            in_ptx_block = line == "Fatbin ptx code:";
            if (!in_ptx_block) ++n_elf;
            elf_arch.clear();
            cuobj_fn.reset();
            return true;
        }
        if (starts_with(line, "arch =")) {
            elf_arch = std::string(trim(line.substr(6)));
            if (!in_ptx_block) add_arch(elf_arch);
            return true;
        }
        if (line == "Resource usage:") {
            ++n_res_header;
            in_ptx_block = false;
            return true;
        }
        // " Function _Z6kernelPf:" (-sass prints "Function : name", which is not a resource line)
        if (starts_with(line, "Function ") && ends_with(line, ":") && !starts_with(line, "Function :")) {
            ++n_function;
            if (in_ptx_block) return true;
            std::string name(trim(line.substr(9, line.size() - 10)));
            cuobj_fn = new_kernel(std::move(name), elf_arch, CompilerTool::Cuobjdump, lineno, std::nullopt);
            entry.reset();
            return true;
        }
        if (!starts_with(line, "REG:")) return false;
        ++n_reg;
        std::size_t idx = 0;
        if (cuobj_fn && !out.kernels[*cuobj_fn].registers) {
            idx = *cuobj_fn;
        } else {
            idx = new_kernel({}, elf_arch, CompilerTool::Cuobjdump, lineno, std::nullopt);
            out.notes.push_back("Line " + std::to_string(lineno) +
                                ": a REG:... line without a \"Function NAME:\" line before it: the kernel has no name.");
        }
        ParsedKernel& k = out.kernels[idx];
        for (std::string_view tok : words(line)) {
            const std::size_t colon = tok.rfind(':');
            if (colon == std::string_view::npos) continue;
            const std::string_view key = tok.substr(0, colon);
            const std::string_view val = tok.substr(colon + 1);
            const Count c = read_count(val);
            if (c.end != val.size() && c.error == NumError::None) continue;
            if (key == "REG") k.registers = take(c, "REG");
            else if (key == "SHARED") k.smem_static = take(c, "SHARED");
            else if (key == "STACK") k.stack_frame = take(c, "STACK");
            else if (key == "LOCAL") k.local = take(c, "LOCAL");
            else if (starts_with(key, "CONSTANT[") && ends_with(key, "]")) {
                const std::string_view b = key.substr(9, key.size() - 10);
                const Count bank = read_count(b);
                if (bank.error == NumError::None && bank.end == b.size() && bank.value < 1024)
                    if (auto v = take(c, "CONSTANT")) k.cmem.emplace_back(static_cast<int>(bank.value), *v);
            }
        }
        cuobj_fn.reset();
        return true;
    }

    // ======================================================================== [SECTION] result

    void finish(int64_t lines) {
        bool cuobj_barriers_note = false;
        for (ParsedKernel& k : out.kernels) {
            if (!k.registers) k.missing.emplace_back("registers");
            if (!k.smem_static) k.missing.emplace_back("smem");
            if (!k.barriers) k.missing.emplace_back("barriers");
            if (!k.stack_frame) k.missing.emplace_back("stack");
            if (k.tool == CompilerTool::Cuobjdump) cuobj_barriers_note = true;
            const std::string who = k.name.empty() ? "line " + std::to_string(k.line) : k.name;
            if (!k.registers)
                out.notes.push_back("Kernel " + who + ": no register count (line " + std::to_string(k.line) +
                                    " starts it; the text may be cut off).");
            if (k.tool == CompilerTool::Ptxas && k.registers && !k.barriers)
                out.notes.push_back("Kernel " + who + ": no \"used N barriers\" (toolkits before CUDA 11 omit it).");
            if (!k.arch.empty() && !k.cc)
                out.notes.push_back("Kernel " + who + ": target " + quote(k.arch) + " is not an sm_XX target.");
            else if (k.cc && !k.cc_modelled)
                out.notes.push_back("Kernel " + who + ": " + k.arch + " is not a modelled compute capability.");
        }
        if (cuobj_barriers_note)
            out.notes.push_back("cuobjdump -res-usage prints no barrier count and lists device functions "
                                "together with kernels.");
        if (n_too_large > 0) {
            std::string f;
            for (const auto& s : too_large_fields) f += (f.empty() ? "" : ", ") + s;
            out.notes.push_back(std::to_string(n_too_large) + " number(s) above " + std::to_string(kMaxInput) +
                                " were ignored (" + f + ").");
        }
        // Summary: "8 kernels (ptxas -v; sm_80)".
        std::size_t nk = out.kernels.size();
        bool any_ptxas = false, any_cuobj = false;
        for (const auto& k : out.kernels) (k.tool == CompilerTool::Ptxas ? any_ptxas : any_cuobj) = true;
        std::string s = std::to_string(nk) + (nk == 1 ? " kernel" : " kernels");
        if (any_cuobj) s += any_ptxas ? " (ptxas -v and cuobjdump -res-usage" : " (cuobjdump -res-usage";
        else s += " (ptxas -v";
        if (!out.archs.empty()) {
            s += "; ";
            for (std::size_t i = 0; i < out.archs.size(); ++i) s += (i ? ", " : "") + out.archs[i];
        }
        s += ")";
        if (!out.device_functions.empty())
            s += ", " + std::to_string(out.device_functions.size()) + " device function" +
                 (out.device_functions.size() == 1 ? "" : "s") + " skipped";
        s += ", from " + std::to_string(lines) + (lines == 1 ? " line" : " lines");
        out.summary = s;
    }
};

constexpr std::string_view kExpected =
    "expected ptxas -v lines like \"ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_80'\" and "
    "\"ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem, 360 bytes cmem[0]\", or "
    "cuobjdump -res-usage lines like \" Function _Z6kernelPf:\" and "
    "\"  REG:10 STACK:0 SHARED:1024 LOCAL:0 CONSTANT[0]:360 TEXTURE:0 SURFACE:0 SAMPLER:0\"";

Error no_kernel_error(const Parser& p, int64_t lines, std::string_view first_line) {
    std::vector<std::string> found;
    if (p.n_props > 0) {
        std::string fns;
        for (std::size_t i = 0; i < p.out.device_functions.size() && i < 3; ++i)
            fns += (i ? ", " : "") + p.out.device_functions[i];
        found.push_back(std::to_string(p.n_props) + " \"Function properties\" line(s) of non-kernel functions (" + fns +
                        ") but no \"Compiling entry function\" / \"Used N registers\" line");
    }
    if (p.n_stack > 0 && p.n_props == 0) found.push_back(std::to_string(p.n_stack) + " stack-frame line(s) without a function");
    if (p.n_elf > 0 || p.n_res_header > 0 || !p.out.archs.empty()) {
        std::string s = "cuobjdump headers";
        if (!p.out.archs.empty()) s += " (arch " + p.out.archs.front() + ")";
        s += p.n_function > 0 ? " and " + std::to_string(p.n_function) + " \"Function\" line(s) only in PTX blocks"
                              : " but no \" Function NAME:\" line";
        found.push_back(s);
    }
    if (!p.out.diagnostics.empty()) found.push_back("compiler messages, first: " + quote(p.out.diagnostics.front()));
    std::string msg = "no kernel found in the pasted text (" + std::to_string(lines) +
                      (lines == 1 ? " line" : " lines") + "); ";
    if (found.empty()) {
        msg += "nothing in it looks like compiler output (first line: " + quote(first_line) + "); ";
    } else {
        msg += "found ";
        for (std::size_t i = 0; i < found.size(); ++i) msg += (i ? "; " : "") + found[i];
        msg += "; ";
    }
    msg += std::string(kExpected);
    return Error{ErrorId::InvalidInput, "text", msg};
}

}  // namespace

std::string_view compiler_tool_key(CompilerTool t) {
    switch (t) {
        case CompilerTool::Ptxas: return "ptxas";
        case CompilerTool::Cuobjdump: return "cuobjdump";
    }
    return "?";
}

std::optional<std::string> itanium_function_name(std::string_view m) {
    if (!starts_with(m, "_Z")) return std::nullopt;
    std::size_t i = 2;
    if (i < m.size() && m[i] == 'L') ++i;  // internal linkage (static / anonymous namespace function)
    // One <source-name>: <length><identifier>; the anonymous namespace has a fixed spelling.
    auto source_name = [&](std::string& out) -> bool {
        const Count len = read_count(m.substr(i));
        if (len.error != NumError::None || len.value <= 0) return false;
        // Compare in 64 bits before narrowing: size_t is 32 bits on wasm32.
        if (len.value > static_cast<int64_t>(m.size() - i - len.end)) return false;
        const std::size_t n = static_cast<std::size_t>(len.value);
        const std::string_view id = m.substr(i + len.end, n);
        i += len.end + n;
        out = starts_with(id, "_GLOBAL__N") ? "(anonymous namespace)" : std::string(id);
        return true;
    };
    std::string name;
    if (i < m.size() && m[i] == 'N') {  // nested name: N <source-name>+ E
        ++i;
        if (i + 1 < m.size() && m[i] == 'S' && m[i + 1] == 't') {
            name = "std";
            i += 2;
        }
        while (i < m.size() && m[i] != 'E') {
            std::string part;
            if (!source_name(part)) return std::nullopt;  // template args, qualifiers, operators: not a simple form
            if (!name.empty()) name += "::";
            name += part;
        }
        if (i >= m.size() || name.empty()) return std::nullopt;
        return name;
    }
    if (!source_name(name)) return std::nullopt;
    return name;
}

bool demangle_is_bounded(std::string_view m) {
    if (m.size() < 3 || m.size() > kMaxDemangleInput || !starts_with(m, "_Z")) return false;
    for (char c : m)  // the Itanium alphabet, plus the '.' and '$' of vendor suffixes (".clone.1")
        if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_' && c != '.' && c != '$') return false;
    // Each back-reference prints an earlier part of the name again, so it can at most double what is printed
    // so far (the doubling chains a fuzzer finds grow the output 2^n from ~10 bytes of input per level). One
    // input byte prints at most ~70 characters ("Ss" is "std::basic_string<char, std::char_traits<char>,
    // std::allocator<char> >"), so the output is at most size x 40 x 2^refs; refuse where that may pass
    // kMaxDemangleWork.
    const std::size_t refs = back_references(m);
    if (refs >= 40) return false;
    const uint64_t worst = uint64_t{m.size()} * 40u << refs;
    return worst <= kMaxDemangleWork;
}

std::optional<std::string> demangle(std::string_view mangled) {
    if (!demangle_is_bounded(mangled)) return std::nullopt;
    const std::string z(mangled);  // NUL-terminated copy
    int status = 0;
    // abi::__cxa_demangle mallocs the result; the unique_ptr frees it on every path.
    const std::unique_ptr<char, void (*)(void*)> out(abi::__cxa_demangle(z.c_str(), nullptr, nullptr, &status),
                                                     std::free);
    if (status != 0 || !out) return std::nullopt;
    std::string d = canonical_spelling(out.get());
    if (d.empty()) return std::nullopt;
    return d;
}

std::string canonical_demangled(std::string_view demangled) {
    return canonical_spelling(demangled.substr(0, kMaxDemangleWork));
}

std::string function_name(std::string_view signature, bool template_args) {
    return signature_name(signature.substr(0, kMaxDemangleWork), template_args);
}

namespace {

// Names compared without whitespace: "reduce<512>" == "reduce< 512 >"; "void f<a, b>(int)" == "void f<a,b>(int)".
std::string squeeze(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : s)
        if (!is_space(c)) out += c;
    return out;
}

}  // namespace

std::vector<const ParsedKernel*> find_kernels(const ParsedOutput& p, std::string_view want) {
    std::vector<const ParsedKernel*> out;
    const std::string w = squeeze(want.substr(0, kMaxDemangleWork));
    if (w.empty()) return out;
    for (const ParsedKernel& k : p.kernels) {
        const std::string shown_name = k.demangled.empty() ? k.short_name : signature_name(k.demangled, false);
        for (std::string_view n : {std::string_view(k.name), std::string_view(k.mangled), std::string_view(k.demangled),
                                   std::string_view(k.short_name), std::string_view(shown_name)})
            if (!n.empty() && squeeze(n) == w) {
                out.push_back(&k);
                break;
            }
    }
    return out;
}

std::string kernel_display_name(const ParsedKernel& k) {
    const std::string& s = k.short_name.empty() ? k.name : k.short_name;
    if (k.name.empty() || s == k.name) return s;
    return s + " (" + k.name + ")";
}

Expected<ParsedOutput> parse_compiler_output(std::string_view text) {
    if (text.size() > kMaxCompilerOutput)
        return Error{ErrorId::InvalidInput, "text",
                     "the pasted text is " + std::to_string(text.size()) + " bytes; at most " +
                         std::to_string(kMaxCompilerOutput) + " bytes are read (paste the ptxas or cuobjdump part)"};
    if (trim(text).empty())
        return Error{ErrorId::InvalidInput, "text", "the pasted text is empty; " + std::string(kExpected)};

    Parser p;
    int64_t lineno = 0;
    std::string_view first_line;
    std::string_view rest = text;
    while (!rest.empty()) {
        const std::size_t nl = rest.find('\n');
        std::string_view raw = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
        ++lineno;
        const std::string_view line = trim(raw);
        if (line.empty()) continue;
        if (first_line.empty()) first_line = line;
        if (p.cuobjdump_line(line, lineno)) continue;
        p.ptxas_line(line, lineno);
    }
    if (p.out.kernels.empty()) return no_kernel_error(p, lineno, first_line);
    p.finish(lineno);
    return std::move(p.out);
}

KernelInput to_kernel_input(const ParsedKernel& k, KernelInput base) {
    if (k.registers) base.regs = *k.registers;
    if (k.smem_static) base.smem_static = *k.smem_static;
    if (k.barriers) base.barriers = *k.barriers;
    return base;
}

}  // namespace smcalc
