// report.cpp - byte strings in, budget tables out (see smcalc/report.hpp).
//
// The tables only explain: the blocks-per-SM column, the result and the limiting set are read from
// OccupancyResult; the arithmetic shown next to them is rebuilt from the device, the CC's rules and the
// kernel input the same way cuda_occupancy.h does it (OCC cudaOccMaxBlocksPerSM*Limit). Where a special
// case of the header makes the shown arithmetic disagree with the solver's count, the row points to the
// notes instead of printing a wrong sum.
#include "smcalc/report.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

namespace smcalc {
namespace {

std::string num(int64_t v) { return std::to_string(v); }


std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// One row of the budget table.
struct Row {
    std::string label;  // "registers"
    std::string calc;   // the arithmetic
    std::string blocks; // "5", "no limit"
    bool limiting = false;
};

struct Table {
    std::string device_line;
    std::string kernel_line;
    std::vector<Row> rows;
    std::string result;      // "min(5, 6, 8, 32) = 5 blocks/SM"
    std::string residents;   // "5 x 8 = 40 warps/SM, 1280 threads/SM"
    std::string limited_by;  // "registers"
    std::string occupancy;   // "40 / 64 warps = 62.5 %"
};

std::string limit_text(const std::optional<int64_t>& lim) { return lim ? num(*lim) : "no limit"; }

// Appended when the arithmetic shown would not give the solver's count (a header special case, e.g.
// GP100 answering like GP10x for registers): the notes say why.
std::string check(int64_t shown, const std::optional<int64_t>& lim) {
    return (lim && *lim != shown) ? " (adjusted, see notes)" : "";
}

Row registers_row(const OccupancyResult& r, const Device& dev, const KernelInput& in, const ArchRules* a) {
    const auto lim = r.limit(Resource::Registers);
    Row row{std::string(resource_label(Resource::Registers)), {}, limit_text(lim), false};
    if (!lim) {
        row.calc = num(in.regs) + " registers/thread: registers set no limit";
    } else if (*lim == 0) {
        if (a && in.regs > a->max_regs_per_thread_occ)
            row.calc = num(in.regs) + " registers/thread is above the " + num(a->max_regs_per_thread_occ) +
                       " a thread can be given";
        else
            row.calc = num(r.regs_per_warp) + " registers/warp x " + num(r.warps_per_block) +
                       " warps does not fit the " + num(dev.regs_per_block) + " registers a block may hold";
    } else if (a && a->sub_partitions > 0 && r.regs_per_warp > 0 && r.warps_per_block > 0) {
        const int64_t sub = a->sub_partitions;
        const int64_t per_sub = dev.regs_per_sm / sub;
        const int64_t warps = sub * (per_sub / r.regs_per_warp);
        const int64_t raw = in.regs * dev.warp_size;  // in.regs <= the CC's cap here: no overflow
        row.calc = num(in.regs) + " x " + num(dev.warp_size) + " = " + num(raw) +
                   (raw != r.regs_per_warp ? " -> " + num(r.regs_per_warp) : std::string()) + " regs/warp; " +
                   num(sub) + " x floor(" + num(per_sub) + " / " + num(r.regs_per_warp) + ") = " + num(warps) +
                   " warps / " + num(r.warps_per_block) + " warps/block" + check(warps / r.warps_per_block, lim);
    }
    return row;
}

Row smem_row(const OccupancyResult& r, const Device& dev, const KernelInput& in, const ArchRules* a) {
    const auto lim = r.limit(Resource::SharedMemory);
    Row row{std::string(resource_label(Resource::SharedMemory)), {}, limit_text(lim), false};
    // What one block asks for: static + dynamic + reserved, then rounded to the allocation granularity.
    std::vector<std::string> parts;
    auto add = [&](int64_t v, const char* what) {
        if (v > 0) parts.push_back(format_bytes(v) + " " + what);
    };
    add(in.smem_static, "static");
    add(in.smem_dynamic, "dynamic");
    add(dev.reserved_smem_per_block, "reserved");
    const int64_t asked = in.smem_static + in.smem_dynamic + dev.reserved_smem_per_block;  // each <= 2^53
    std::string per_block;
    for (const auto& p : parts) per_block += (per_block.empty() ? "" : " + ") + p;
    if (parts.empty()) per_block = format_bytes(asked);
    if (parts.size() > 1) per_block += " = " + format_bytes(asked);
    if (asked != r.smem_per_block)
        per_block += " -> " + format_bytes(r.smem_per_block) + " in " +
                     (a ? num(a->smem_alloc_granularity) + " B" : std::string("allocation")) + " units";
    if (!lim) {
        row.calc = "no shared memory per block: no limit";
    } else if (*lim == 0) {
        if (in.optin && in.smem_dynamic_max >= 0 && in.smem_dynamic > in.smem_dynamic_max)
            row.calc = format_bytes(in.smem_dynamic) + " dynamic is above smem_dynamic_max " +
                       format_bytes(in.smem_dynamic_max);
        else
            row.calc = per_block + " per block is above the " +
                       format_bytes(in.optin ? dev.smem_per_block_optin : dev.smem_per_block) +
                       (in.optin ? " opt-in" : " (no opt-in)") + " limit per block";
    } else if (r.smem_per_block > 0) {
        row.calc = format_bytes(r.smem_per_sm) + "/SM / (" + per_block + "/block)" +
                   check(r.smem_per_sm / r.smem_per_block, lim);
    }
    return row;
}

Row warps_row(const OccupancyResult& r, const Device& dev, const KernelInput& in) {
    const auto lim = r.limit(Resource::Warps);
    Row row{std::string(resource_label(Resource::Warps)), {}, limit_text(lim), false};
    if (lim && *lim == 0)
        row.calc = num(in.threads) + " threads/block is above the device's " + num(dev.max_threads_per_block);
    else if (r.warps_per_block > 0)
        row.calc = num(r.max_warps_per_sm) + " warps/SM / " + num(r.warps_per_block) + " warps/block (" +
                   num(in.threads) + " threads)" + check(r.max_warps_per_sm / r.warps_per_block, lim);
    return row;
}

Row blocks_row(const OccupancyResult& r, const Device& dev) {
    const auto lim = r.limit(Resource::Blocks);
    Row row{std::string(resource_label(Resource::Blocks)), {}, limit_text(lim), false};
    row.calc = limit_text(lim) + " blocks/SM on CC " + cc_text(dev.cc);
    return row;
}

Row barriers_row(const OccupancyResult& r, const Device& dev, const KernelInput& in, const ArchRules* a) {
    const auto lim = r.limit(Resource::Barriers);
    Row row{std::string(resource_label(Resource::Barriers)), {}, limit_text(lim), false};
    if (!lim) {
        if (a && !a->barrier_limit_applies)
            row.calc = "no barrier budget before CC 9.0 (this is CC " + cc_text(dev.cc) + ")";
        else
            row.calc = "no block barriers used";
    } else if (a && in.barriers > 0) {
        const int64_t budget = int64_t{a->barrier_factor} * a->max_blocks_per_sm;
        row.calc = num(a->barrier_factor) + " x " + num(a->max_blocks_per_sm) + " = " + num(budget) +
                   " barriers/SM / " + num(in.barriers) + " per block" + check(budget / in.barriers, lim);
    }
    return row;
}

Table build(const OccupancyResult& r, const Device& dev, const KernelInput& in, std::string_view title) {
    const auto arch = find_arch(dev.cc);
    const ArchRules* a = arch ? *arch : nullptr;
    Table t;
    t.device_line = (title.empty() ? std::string() : std::string(title) + ": ") + "CC " + cc_text(dev.cc) +
                    (a ? " (" + std::string(a->family) + ")" : std::string()) + ", " +
                    (dev.sm_count > 0 ? num(dev.sm_count) + " SMs" : std::string("SM count unknown")) + ", " +
                    num(r.max_warps_per_sm) + " warps, " + num(dev.regs_per_sm) + " registers, " +
                    format_bytes(dev.smem_per_sm) + " shared memory per SM";
    t.kernel_line = "kernel: " + num(in.threads) + " threads/block, " + num(in.regs) + " registers/thread, " +
                    format_bytes(in.smem_static) + " static + " + format_bytes(in.smem_dynamic) +
                    " dynamic shared memory/block";
    if (in.optin)
        t.kernel_line += ", opt-in" + (in.smem_dynamic_max >= 0 ? " (max dynamic " + format_bytes(in.smem_dynamic_max) + ")"
                                                               : std::string());
    if (in.carveout >= 0) t.kernel_line += ", carveout " + num(in.carveout) + " %";
    if (in.barriers != 1) t.kernel_line += ", " + num(in.barriers) + " barriers";

    t.rows = {registers_row(r, dev, in, a), smem_row(r, dev, in, a), warps_row(r, dev, in), blocks_row(r, dev),
              barriers_row(r, dev, in, a)};
    for (std::size_t i = 0; i < kResources.size(); ++i)
        t.rows[i].limiting = std::find(r.limiting.begin(), r.limiting.end(), kResources[i]) != r.limiting.end();

    t.result = "min(" + r.limits_text() + ") = " + num(r.blocks_per_sm) + " blocks/SM";
    t.residents = num(r.blocks_per_sm) + " x " + num(r.warps_per_block) + " = " + num(r.warps_per_sm) +
                  " warps/SM, " + num(r.threads_per_sm) + " threads/SM";
    for (Resource res : r.limiting) {
        if (!t.limited_by.empty()) t.limited_by += ", ";
        t.limited_by += resource_label(res);
    }
    if (t.limited_by.empty()) t.limited_by = "nothing";
    t.occupancy = num(r.warps_per_sm) + " / " + num(r.max_warps_per_sm) + " warps = " + format_percent(r.occupancy);
    return t;
}

std::string pad(std::string s, std::size_t w) {
    if (s.size() < w) s.append(w - s.size(), ' ');
    return s;
}

std::string pad_left(const std::string& s, std::size_t w) {
    return s.size() < w ? std::string(w - s.size(), ' ') + s : s;
}

}  // namespace

Expected<int64_t> parse_bytes(std::string_view field, std::string_view text) {
    const std::string f(field);
    auto bad = [&](const std::string& why) {
        return Error{ErrorId::InvalidInput, f,
                     f + " is \"" + std::string(text.substr(0, 64)) + "\": " + why +
                         "; write a whole number of bytes, 0 or more (at most 2^53-1), with an optional unit B, KB/KiB/K, MB/MiB/M or GB/GiB/G (1 KB = 1 KiB = 1024 B), "
                         "e.g. 24576, 24KiB, 1.5MiB"};
    };
    std::size_t i = 0;
    const std::size_t n = text.size();
    auto space = [&] {
        while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    };
    auto digit = [&](std::size_t k) { return k < n && text[k] >= '0' && text[k] <= '9'; };
    space();
    if (i < n && (text[i] == '-' || text[i] == '+')) return bad(text[i] == '-' ? "it is negative" : "no sign allowed");
    if (!digit(i) && !(i < n && text[i] == '.' && digit(i + 1))) return bad("it does not start with a number");
    int64_t whole = 0;
    for (; digit(i); ++i) {
        if (whole > kMaxInput) continue;  // keep reading; reported as out of range below
        whole = whole * 10 + (text[i] - '0');
    }
    int64_t frac = 0;
    int64_t scale = 1;  // 10^(fraction digits)
    if (i < n && text[i] == '.') {
        ++i;
        for (; digit(i); ++i) {
            if (scale >= 1000000000) return bad("more than 9 decimals");
            frac = frac * 10 + (text[i] - '0');
            scale *= 10;
        }
    }
    space();
    const std::string unit = lower(text.substr(i, n - i));
    std::string u = unit;
    while (!u.empty() && std::isspace(static_cast<unsigned char>(u.back()))) u.pop_back();
    int64_t mult = 0;
    if (u.empty() || u == "b")
        mult = 1;
    else if (u == "k" || u == "kb" || u == "kib")
        mult = int64_t{1} << 10;
    else if (u == "m" || u == "mb" || u == "mib")
        mult = int64_t{1} << 20;
    else if (u == "g" || u == "gb" || u == "gib")
        mult = int64_t{1} << 30;
    else
        return bad("unknown unit \"" + std::string(text.substr(i, std::min<std::size_t>(n - i, 16))) + "\"");
    // whole * mult + frac * mult / scale, checked: frac < 10^9 and mult <= 2^30 keep frac * mult below 2^60.
    if (whole > kMaxInput / mult) return bad("it is above 2^53-1 bytes (8 PiB)");
    const int64_t frac_bytes = frac * mult;
    if (frac_bytes % scale != 0) return bad("it is not a whole number of bytes");
    const int64_t bytes = whole * mult + frac_bytes / scale;
    if (bytes > kMaxInput) return bad("it is above 2^53-1 bytes (8 PiB)");
    return bytes;
}

std::string budget_table_text(const OccupancyResult& r, const Device& dev, const KernelInput& in,
                              std::string_view title) {
    const Table t = build(r, dev, in, title);
    std::size_t w_label = std::string("resource").size();
    std::size_t w_calc = std::string("calculation").size();
    std::size_t w_blocks = std::string("blocks/SM").size();
    for (const auto& row : t.rows) {
        w_label = std::max(w_label, row.label.size());
        w_calc = std::max(w_calc, row.calc.size());
        w_blocks = std::max(w_blocks, row.blocks.size());
    }
    w_label = std::max(w_label, std::string("occupancy").size());
    std::string out = t.device_line + "\n" + t.kernel_line + "\n\n";
    out += pad("resource", w_label) + "  " + pad("calculation", w_calc) + "  " + pad_left("blocks/SM", w_blocks) + "\n";
    for (const auto& row : t.rows) {
        std::string line = pad(row.label, w_label) + "  " + pad(row.calc, w_calc) + "  " + pad_left(row.blocks, w_blocks);
        if (row.limiting) line += "  <- limiting";
        out += line + "\n";
    }
    out += "\n";
    out += pad("result", w_label) + "  " + t.result + " -> " + t.residents + "\n";
    out += pad("limited by", w_label) + "  " + t.limited_by + "\n";
    out += pad("occupancy", w_label) + "  " + t.occupancy + "\n";
    if (!r.notes.empty()) out += "\n";
    for (const auto& note : r.notes) out += "note: " + note + "\n";
    return out;
}

std::string budget_table_markdown(const OccupancyResult& r, const Device& dev, const KernelInput& in,
                                  std::string_view title) {
    Table t = build(r, dev, in, {});
    std::string out;
    if (!title.empty()) out += "**" + std::string(title) + "**: ";
    out += t.device_line + "  \n" + t.kernel_line + "\n\n";
    out += "| Resource | Calculation | Blocks/SM |\n|---|---|---:|\n";
    for (const auto& row : t.rows) {
        if (row.limiting)
            out += "| **" + row.label + "** | " + row.calc + " | **" + row.blocks + "** |\n";
        else
            out += "| " + row.label + " | " + row.calc + " | " + row.blocks + " |\n";
    }
    out += "| **Result** | " + t.result + " | **" + num(r.blocks_per_sm) + "** |\n\n";
    out += "Resident: " + t.residents + ". Limited by " + t.limited_by + ". Occupancy " + t.occupancy + ".\n";
    if (!r.notes.empty()) {
        out += "\n";
        for (const auto& note : r.notes) out += "> Note: " + note + "\n";
    }
    return out;
}

std::string gpu_table_text(std::span<const GpuSpec> gpus) {
    struct Line {
        std::array<std::string, 5> cells;
    };
    std::vector<Line> lines;
    lines.push_back({{"name", "CC", "SMs", "smem/SM", "source"}});
    for (const auto& g : gpus)
        lines.push_back({{std::string(g.name), cc_text(g.device.cc),
                          g.device.sm_count > 0 ? num(g.device.sm_count) : std::string("unknown"),
                          format_bytes(g.device.smem_per_sm), std::string(g.source)}});
    std::array<std::size_t, 5> w{};
    for (const auto& l : lines)
        for (std::size_t c = 0; c < w.size(); ++c) w[c] = std::max(w[c], l.cells[c].size());
    std::string out;
    for (const auto& l : lines) {
        std::string s = pad(l.cells[0], w[0]) + "  " + pad(l.cells[1], w[1]) + "  " + pad_left(l.cells[2], w[2]) +
                        "  " + pad_left(l.cells[3], w[3]) + "  " + l.cells[4];
        out += s + "\n";
    }
    return out;
}

std::string arch_table_text(std::span<const ArchRules> archs) {
    constexpr std::size_t kCols = 9;
    std::vector<std::array<std::string, kCols>> lines;
    lines.push_back({"CC", "family", "warps/SM", "blocks/SM", "regs/SM", "smem/SM", "smem/block opt-in",
                     "reserved/block", "carveouts (KiB)"});
    for (const auto& a : archs) {
        std::string carve;
        for (int c : a.carveouts()) carve += (carve.empty() ? "" : " ") + num(c);
        lines.push_back({cc_text(a.cc), std::string(a.family), num(a.max_warps_per_sm), num(a.max_blocks_per_sm),
                         num(a.regs_per_sm), format_bytes(a.smem_per_sm), format_bytes(a.smem_per_block_optin),
                         format_bytes(a.reserved_smem_per_block), carve.empty() ? std::string("fixed") : carve});
    }
    std::array<std::size_t, kCols> w{};
    for (const auto& l : lines)
        for (std::size_t c = 0; c < kCols; ++c) w[c] = std::max(w[c], l[c].size());
    std::string out;
    for (const auto& l : lines) {
        std::string s = pad(l[0], w[0]) + "  " + pad(l[1], w[1]);
        for (std::size_t c = 2; c + 1 < kCols; ++c) s += "  " + pad_left(l[c], w[c]);
        out += s + "  " + l[kCols - 1] + "\n";
    }
    return out;
}

}  // namespace smcalc
