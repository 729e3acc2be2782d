// api_text.cpp - what `smcalc tile | tiles | next | compare | parse` print without --json: the results of
// the same parse and the same core calls as the JSON answers, as aligned text tables for people.
// Every number shown comes from a core result; nothing here computes one.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "api_detail.hpp"
#include "smcalc/report.hpp"

namespace smcalc::api::detail {
namespace {

}  // namespace

std::string text_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right,
                       const std::string& indent) {
    std::vector<std::size_t> width;
    for (const auto& r : rows)
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (width.size() <= i) width.resize(i + 1, 0);
            width[i] = std::max(width[i], r[i].size());
        }
    std::string out;
    for (const auto& r : rows) {
        std::string line = indent;
        for (std::size_t i = 0; i < r.size(); ++i) {
            const std::size_t pad = width[i] - r[i].size();
            const bool is_right = i < right.size() && right[i];
            if (i > 0) line += "  ";
            if (is_right) line += std::string(pad, ' ');
            line += r[i];
            if (!is_right) line += std::string(pad, ' ');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    return out;
}

namespace {

std::string plural(int64_t n, const char* one, const char* many) { return count_text(n, one, many); }

std::string limiting_text(const std::vector<Resource>& limiting) {
    std::string s;
    for (Resource res : limiting) s += (s.empty() ? "" : ", ") + std::string(resource_label(res));
    return s.empty() ? std::string("-") : s;
}

std::string kernel_text(const KernelInput& in) {
    std::string s = num(in.threads) + " threads/block, " + num(in.regs) + " registers/thread, " +
                    format_bytes(in.smem_static) + " static + " + format_bytes(in.smem_dynamic) +
                    " dynamic shared memory/block, " + plural(in.barriers, "barrier", "barriers");
    if (in.optin) s += ", opt-in";
    if (in.smem_dynamic_max >= 0) s += ", max dynamic " + format_bytes(in.smem_dynamic_max);
    if (in.carveout >= 0) s += ", carveout " + num(in.carveout) + " %";
    return s;
}

// "tile 128x128x64, 3 stages, 8 warps (256 threads), bf16 x bf16 -> f32, accumulators in registers".
std::string shape_text(const TileInput& t, int64_t threads = 0) {
    std::string s = "tile " + num(t.m) + "x" + num(t.n) + "x" + num(t.k) + ", " + plural(t.stages, "stage", "stages") +
                    ", " + plural(t.warps, "warp", "warps") + (threads > 0 ? " (" + num(threads) + " threads)" : "") +
                    ", " + tile_types_text(t) + ", accumulators in " +
                    (t.mma == MmaPath::TensorMemory ? "tensor memory" : "registers");
    if (t.epilogue == Epilogue::OutputTile)
        s += ", epilogue stages the output tile" + (t.out ? " as " + std::string(dtype_key(*t.out)) : std::string());
    if (t.epilogue == Epilogue::Bytes) s += ", epilogue " + format_bytes(t.epilogue_bytes);
    if (t.epilogue != Epilogue::None && t.epilogue_reuses_mainloop) s += " (reusing the mainloop buffers)";
    return s;
}

// A comparison table: labels down the left, one column per GPU; "*" marks rows whose values differ.
std::string compare_table(const std::vector<std::string>& names, const std::vector<CompareRow>& rows) {
    std::vector<std::vector<std::string>> t;
    std::vector<std::string> head = {""};
    head.insert(head.end(), names.begin(), names.end());
    t.push_back(head);
    for (const CompareRow& r : rows) {
        std::vector<std::string> line = {(r.differs ? "* " : "  ") + r.label};
        line.insert(line.end(), r.values.begin(), r.values.end());
        t.push_back(std::move(line));
    }
    return text_table(t, {}) + "(* the GPUs differ)\n";
}

std::string opt_num(const std::optional<int64_t>& v) { return v ? num(*v) : std::string("-"); }

}  // namespace

std::string device_title(const Device& dev, std::string_view gpu) {
    std::string s = gpu.empty() ? std::string() : std::string(gpu) + ": ";
    s += "CC " + cc_text(dev.cc);
    if (auto a = find_arch(dev.cc)) s += " (" + std::string((*a)->family) + ")";
    s += dev.sm_count > 0 ? ", " + num(dev.sm_count) + " SMs" : std::string(", SM count unknown");
    return s;
}

std::string tile_types_text(const TileInput& in) {
    return std::string(dtype_key(in.a)) + " x " + std::string(dtype_key(in.b)) + " -> " + std::string(dtype_key(in.acc));
}

std::string row_value_text(std::string_view unit, double value) {
    if (unit == "fraction") return format_percent(value);
    if (value == std::floor(value) && std::fabs(value) <= 9007199254740991.0) return num(static_cast<int64_t>(value));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", value);
    return buf;
}

std::string compiler_line(const ParsedKernel& k) {
    const std::string name = k.short_name.empty() ? k.name : k.short_name;
    std::string s = std::string("from ") + (k.tool == CompilerTool::Ptxas ? "ptxas -v" : "cuobjdump -res-usage") + ": " +
                    name + (k.arch.empty() ? std::string() : " (" + k.arch + ")") + ": ";
    std::string parts;
    auto add = [&](const std::string& p) { parts += (parts.empty() ? "" : ", ") + p; };
    if (k.registers) add(plural(*k.registers, "register", "registers"));
    if (k.smem_static) add(format_bytes(*k.smem_static) + " static shared memory");
    if (k.barriers) add(plural(*k.barriers, "barrier", "barriers"));
    if ((k.spill_stores && *k.spill_stores > 0) || (k.spill_loads && *k.spill_loads > 0))
        add("spills " + opt_num(k.spill_stores) + " B stores / " + opt_num(k.spill_loads) + " B loads per thread");
    return s + (parts.empty() ? std::string("no resource counts") : parts);
}

std::string tile_text(const Request& req, const TileResult& r) {
    std::string out = device_title(req.device, req.gpu) + "\n";
    out += shape_text(r.input, r.threads) + "\n";
    out += "MMA: " + r.instruction;
    if (r.instruction.rfind("wgmma", 0) == 0)
        out += ", " + num(r.grid_m) + " x " + num(r.grid_n) + " warpgroups (M x N)";
    else if (r.instruction.rfind("tcgen05", 0) != 0)
        out += ", " + num(r.grid_m) + " x " + num(r.grid_n) + " warps (M x N)";
    out += "\n\n";

    std::vector<std::vector<std::string>> t = {{"readout", "value", "limit", "unit", "basis", ""}};
    bool problem_started = false;
    for (const TileRow& row : r.rows) {
        if (!problem_started && row.key == "ctas" && r.problem) {
            problem_started = true;
            const ProblemSize& p = *r.input.problem;
            t.push_back({"problem " + num(p.m) + "x" + num(p.n) + "x" + num(p.k) + ":", "", "", "", "", ""});
        }
        t.push_back({(problem_started ? "  " : "") + row.label, row_value_text(row.unit, row.value),
                     row.limit ? row_value_text(row.unit, *row.limit) : std::string("-"), row.unit,
                     std::string(basis_key(row.basis)), row.over ? "<- over" : ""});
    }
    out += text_table(t, {false, true, true, false, false, false});

    out += "\n";
    if (r.fits) {
        out += "fits: " + plural(r.ctas_per_sm, "CTA", "CTAs") + "/SM";
        if (r.occ) out += ", " + num(r.occ->warps_per_sm) + " of " + num(r.occ->max_warps_per_sm) + " warps";
        out += " = " + format_percent(r.occupancy) + " occupancy (estimate), limited by " + limiting_text(r.limiting) + "\n";
    } else {
        out += "does not fit: " + tile_misfit_text(r) + "\n";
    }
    out += list_text("\nnotes:\n", r.notes);
    return out;
}

std::string tiles_text(const Request& req, const TileSearchResult& r) {
    const TileInput& b = req.search.base;
    const bool tmem = b.mma == MmaPath::TensorMemory;
    std::string out = device_title(req.device, req.gpu) + "\n";
    out += tile_types_text(b) + ", accumulators in " + (tmem ? "tensor memory" : "registers") + ": " +
           num(static_cast<int64_t>(r.fits.size())) + " of " + num(r.candidates) + " candidate tiles fit\n";
    out += "rejected: " + num(r.refused) + " by the MMA shape rules, " + num(r.spills) + " spill registers, " +
           num(r.smem_over) + " over the shared memory limit, " + (tmem ? num(r.tmem_over) + " over 512 TMEM columns, " : "") +
           num(r.no_cta) + " with 0 CTAs/SM\n";
    if (r.fits.empty()) return out;
    const bool clustered = std::any_of(req.search.clusters.begin(), req.search.clusters.end(),
                                       [](const Dim3& d) { return d.x * d.y * d.z > 1; });
    if (!clustered && !req.search.stages_auto) {
        out += "order: largest M x N first, then occupancy, then the deepest prefetch (stages x K); registers are "
               "estimates\n\n";
    } else {
        // The search's own ranking (clusters, stages auto), then the estimate caveat.
        out += "order:\n";
        for (const auto& line : r.ranking) out += "  - " + line + "\n";
        out += "registers are estimates; clusters resident GPU-wide are a range over GPC layouts (low..high)\n\n";
    }
    std::vector<std::vector<std::string>> t;
    std::vector<std::string> head = {"M", "N", "K", "stages", "warps", "acc regs", "regs (est)", "smem/CTA (B)"};
    if (tmem) head.push_back("TMEM cols");
    for (const char* h : {"CTAs/SM", "occupancy"}) head.push_back(h);
    if (clustered) for (const char* h : {"cluster", "clusters (low..high)", "CTAs resident"}) head.push_back(h);
    head.push_back("limited by");
    t.push_back(head);
    const auto total = static_cast<int64_t>(r.fits.size());
    const int64_t n = req.limit ? std::min(*req.limit, total) : total;
    for (int64_t i = 0; i < n; ++i) {
        const TileFit& f = r.fits[static_cast<std::size_t>(i)];
        std::vector<std::string> line = {num(f.m), num(f.n), num(f.k), num(f.stages), num(f.warps),
                                         num(f.acc_regs_per_thread), num(f.regs_per_thread_est), num(f.smem_per_cta)};
        if (tmem) line.push_back(num(f.tmem_columns));
        line.push_back(num(f.ctas_per_sm));
        line.push_back(format_percent(f.occupancy));
        if (clustered) {
            line.push_back(num(f.cluster.x) + "x" + num(f.cluster.y) + "x" + num(f.cluster.z));
            line.push_back(f.clusters_low ? num(*f.clusters_low) + ".." + num(*f.clusters_high) : std::string("-"));
            line.push_back(f.ctas_resident ? num(*f.ctas_resident) : std::string("-"));
        }
        line.push_back(limiting_text(f.limiting));
        t.push_back(std::move(line));
    }
    std::vector<bool> right(head.size(), true);
    right.back() = false;
    out += text_table(t, right);
    if (n < total)
        out += "\nthe first " + num(n) + " of " + num(total) + " fits are shown (--limit N or --limit all for more)\n";
    return out;
}

std::string next_step_text(const Request& req, const NextStepAnswer& a) {
    const NextStep& s = a.step;
    const OccupancyResult& c = s.current;
    std::string out = device_title(req.device, req.gpu) + "\n";
    out += "kernel: " + kernel_text(req.input) + "\n";
    out += "now: " + plural(c.blocks_per_sm, "block", "blocks") + "/SM, " + num(c.warps_per_sm) + " of " +
           num(c.max_warps_per_sm) + " warps = " + format_percent(c.occupancy) + " occupancy, limited by " +
           limiting_text(c.limiting) + "\n\n";
    out += "for " + plural(s.target_blocks, "block", "blocks") +
           "/SM, change one input (each suggestion re-checked by the solver):\n";
    std::vector<std::vector<std::string>> t;
    const std::pair<const Suggestion*, const char*> one[] = {{&s.regs, "registers"},
                                                             {&s.smem, "shared memory"},
                                                             {&s.threads_block, "block size"},
                                                             {&s.threads_warps, "block size (most warps)"},
                                                             {&s.barriers, "barriers"}};
    for (const auto& [sg, label] : one) t.push_back({"  " + std::string(label), sg->text});
    out += text_table(t, {});
    out += "next occupancy level: " + s.next_level.text + "\n";
    out += "launch bounds for " + plural(a.bounds_target, "block", "blocks") + "/SM: ";
    if (a.bounds)
        out += a.bounds->launch_bounds + " or " + a.bounds->maxrregcount + ": " + a.bounds->text + "\n";
    else
        out += "none (" + (a.bounds_error ? a.bounds_error->message : std::string("not reachable")) + ")\n";
    return out;
}

std::string compare_text(const Comparison& c) {
    return compare_columns_text("kernel: " + kernel_text(c.kernel) + "\n\n", c.columns, c.rows);
}

std::string compare_tile_text(const TileComparison& c) {
    return compare_columns_text(shape_text(c.tile) + "\n\n", c.columns, c.rows);
}

std::string parse_text(const ParsedOutput& p) {
    std::string out = p.summary + "\n\n";
    std::vector<std::vector<std::string>> t = {
        {"kernel", "arch", "regs", "smem (static)", "barriers", "stack", "spills st/ld", "signature (or name as printed)"}};
    for (const ParsedKernel& k : p.kernels) {
        const std::string spills = (k.spill_stores || k.spill_loads) ? opt_num(k.spill_stores) + "/" + opt_num(k.spill_loads) : "-";
        t.push_back({k.short_name.empty() ? k.name : k.short_name, k.arch.empty() ? "-" : k.arch, opt_num(k.registers),
                     opt_num(k.smem_static), opt_num(k.barriers), opt_num(k.stack_frame), spills,
                     !k.demangled.empty() ? k.demangled : k.short_name == k.name ? std::string() : k.name});
    }
    out += text_table(t, {false, false, true, true, true, true, true, false});
    out += "(- = not in the text)\n";
    if (!p.device_functions.empty()) {
        out += "\ndevice functions (not kernels):";
        for (const auto& f : p.device_functions) out += " " + f;
        out += "\n";
    }
    out += list_text("\nnotes:\n", p.notes);
    out += list_text("\ncompiler messages:\n", p.diagnostics, "  ");
    return out;
}

std::string resident_note(int64_t header, int64_t resident, int64_t blocks) {
    return "NVIDIA's cudaOccAvailableDynamicSMemPerBlock answers " + std::to_string(header) +
           " B, but with it fewer than " + std::to_string(blocks) +
           " blocks reside (it does not count the shared memory the driver reserves per block); " +
           std::to_string(resident) + " B is the most that keeps " + std::to_string(blocks) + " resident";
}

namespace {

std::string device_name(const Request& q) { return q.gpu.empty() ? "CC " + cc_text(q.device.cc) : q.gpu; }

std::string derivation_text(const char* title, const std::vector<std::string>& steps) {
    if (steps.empty()) return {};
    std::string out = std::string("\n") + title + ":\n";
    for (const auto& step : steps) out += "  " + step + "\n";
    return out;
}

struct TextWriter {
    const Request& q;
    bool why;
    std::string operator()(std::monostate) const {
        return q.op == Op::Gpus ? gpu_table_text(all_gpus()) + "\n" + amd_gpus_text() : arch_table_text(all_arch_rules());
    }
    std::string operator()(const amd::OccupancyResult& r) const { return amd_occupancy_text(q, r, why); }
    std::string operator()(const AmdNextStepAnswer& r) const { return amd_next_step_text(q, r); }
    std::string operator()(const amd::TileResult& r) const { return amd_tile_text(q, r, why); }
    std::string operator()(const VendorComparison& r) const { return vendor_compare_text(r); }
    std::string operator()(const AmdParseAnswer& r) const { return amd_parse_text(r); }
    std::string operator()(const OccupancyResult& r) const {
        return budget_table_text(r, q.device, q.input, q.gpu) + (why ? derivation_text("derivation", r.derivation) : "");
    }
    std::string operator()(const BlockSizeResult& r) const {
        const int64_t warps = q.device.warp_size > 0 ? (r.block_size + q.device.warp_size - 1) / q.device.warp_size : 0;
        const std::string per_sm = count_text(r.blocks_per_sm, "block", "blocks") + "/SM";
        std::string out = device_name(q) + ": block size " + num(r.block_size) + " threads (" + num(warps) +
                          " warps) -> " + per_sm + ", occupancy " + format_percent(r.occupancy) + "\n";
        if (q.device.sm_count > 0)
            out += "min grid size " + num(r.min_grid_size) + " blocks (" + per_sm + " x " + num(q.device.sm_count) + " SMs)\n";
        else
            out += "min grid size " + num(r.min_grid_size) + " blocks per SM (SM count unknown: multiply by the number of SMs)\n";
        return out;
    }
    std::string operator()(const DynamicSmemAnswer& r) const {
        const std::string human = format_bytes(r.bytes_resident);
        std::string out = num(r.bytes_resident) + " B" +
                          (human != num(r.bytes_resident) + " B" ? " (" + human + ")" : std::string()) +
                          " of dynamic shared memory per block still lets " + count_text(q.blocks, "block", "blocks") +
                          " of " + num(q.input.threads) + " threads reside per SM (" + device_name(q) + ")\n";
        if (r.bytes_resident != r.bytes) out += "note: " + resident_note(r.bytes, r.bytes_resident, q.blocks) + "\n";
        return out;
    }
    std::string operator()(const NextStepAnswer& r) const { return next_step_text(q, r); }
    std::string operator()(const TileResult& r) const {
        return tile_text(q, r) + (why && r.occ ? derivation_text("derivation (occupancy solver)", r.occ->derivation) : "");
    }
    std::string operator()(const TileSearchResult& r) const { return tiles_text(q, r); }
    std::string operator()(const Comparison& r) const { return compare_text(r); }
    std::string operator()(const TileComparison& r) const { return compare_tile_text(r); }
    std::string operator()(const ParsedOutput& r) const { return parse_text(r); }
};

}  // namespace

std::string answer_text(const Request& req, const Solved& solved, bool why) {
    return std::visit(TextWriter{req, why}, solved);
}

}  // namespace smcalc::api::detail

namespace smcalc::api::detail {

std::string compare_table_text(const std::vector<std::string>& names, const std::vector<CompareRow>& rows) {
    return compare_table(names, rows);
}

std::string list_text(const std::string& title, const std::vector<std::string>& items, const char* bullet) {
    if (items.empty()) return "";
    std::string out = title;
    for (const auto& item : items) out += bullet + item + "\n";
    return out;
}

}  // namespace smcalc::api::detail
