// answer_text.cpp - what `smcalc <op>` prints without --json: the Answer of solve() as aligned text tables for
// people. Every number shown comes from a core result; nothing here computes one. Text never shows a single
// count as exact when it is a range or an estimate: each cluster figure carries its basis.
//
// [SECTION] words        - the shared pieces (answer_words.hpp)
// [SECTION] NVIDIA        - occupancy, block size, dynamic smem, tile, tiles, next step, compare, parse
// [SECTION] AMD           - occupancy, next step, MFMA tile, parse, compare across vendors, the GPU list
// [SECTION] clusters      - resident clusters, cluster steps, a tile's ways to fit
#include "smcalc/answer_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "answer_words.hpp"
#include "smcalc/report.hpp"

namespace smcalc::words {

const amd::Vocabulary& nv_words() { return amd::vocabulary(amd::Vendor::Nvidia); }
const amd::Vocabulary& amd_words() { return amd::vocabulary(amd::Vendor::Amd); }

std::string fixed1(double v) {
    if (v == std::floor(v) && std::fabs(v) < 9e15) return num(static_cast<int64_t>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0') s.pop_back();
    return s;
}

std::string amd_limiting_text(const std::vector<amd::Limit>& l) {
    std::string s;
    for (amd::Limit x : l) s += (s.empty() ? "" : ", ") + std::string(amd::limit_label(x));
    return s.empty() ? std::string("-") : s;
}

std::string nv_limiting_text(const std::vector<Resource>& l) {
    std::string s;
    for (Resource r : l) s += (s.empty() ? "" : ", ") + std::string(resource_label(r));
    return s.empty() ? std::string("-") : s;
}

std::string arch_title(const amd::GpuSpec& g) {
    const amd::ArchRules& a = g.arch();
    return std::string(g.name) + ": " + std::string(a.gfx) + " (" + std::string(a.family) + "), " + num(g.cu_count) +
           " CUs (" + g.dies_text() + ")";
}

std::string amd_kernel_text(const amd::KernelInput& in) {
    std::string s = num(in.threads) + " work-items/workgroup, " + num(in.vgprs) + " VGPRs + " + num(in.agprs) +
                    " AGPRs/lane, " + (in.sgprs > 0 ? num(in.sgprs) + " SGPRs/wave" : std::string("SGPRs not given")) +
                    ", " + format_bytes(in.lds) + " LDS/workgroup";
    if (in.scratch > 0) s += ", " + format_bytes(in.scratch) + " scratch/lane";
    return s;
}

std::string nv_kernel_text(const KernelInput& in) {
    return num(in.threads) + " threads/block, " + num(in.regs) + " registers/thread, " +
           format_bytes(in.smem_static + in.smem_dynamic) + " shared memory/block";
}

CompareRow make_row(const std::string& key, const std::string& label, std::vector<std::string> values) {
    CompareRow r{key, label, std::move(values), false};
    for (const auto& v : r.values)
        if (v != r.values.front()) r.differs = true;
    return r;
}

std::string opt_count(const std::optional<int64_t>& v, const char* one, const char* many) {
    return v ? count_text(*v, one, many) : std::string("no limit");
}


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

std::string join(const std::vector<std::string>& items, std::string_view sep) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += sep;
        out += item;
    }
    return out;
}

std::string list_text(const std::string& title, const std::vector<std::string>& items, const char* bullet) {
    if (items.empty()) return "";
    std::string out = title;
    for (const auto& item : items) out += bullet + item + "\n";
    return out;
}

std::string row_value_text(std::string_view unit, double value) {
    if (unit == "fraction") return format_percent(value);
    if (value == std::floor(value) && std::fabs(value) <= 9007199254740991.0) return num(static_cast<int64_t>(value));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", value);
    return buf;
}

}  // namespace smcalc::words

namespace smcalc {
namespace {

using namespace words;

// A comparison's table, then each refused column's error: the text of every kind of comparison (kernel, tile,
// vendors). `out` is the text above the table.
std::string compare_table(const std::vector<std::string>& names, const std::vector<CompareRow>& rows);
template <class Column>
std::string compare_columns_text(std::string out, const std::vector<Column>& columns,
                                 const std::vector<CompareRow>& rows) {
    std::vector<std::string> names;
    for (const Column& col : columns) names.push_back(col.name);
    out += compare_table(names, rows);
    for (const Column& col : columns)
        if (col.error)
            out += col.name + ": " + col.error->message + " [" + std::string(error_id_string(col.error->id)) + "]\n";
    return out;
}



// "bf16 x bf16 -> f32".
std::string tile_types_text(const TileInput& in) {
    return std::string(dtype_key(in.a)) + " x " + std::string(dtype_key(in.b)) + " -> " + std::string(dtype_key(in.acc));
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


std::string device_title(const Device& dev, std::string_view gpu) {
    std::string s = gpu.empty() ? std::string() : std::string(gpu) + ": ";
    s += "CC " + cc_text(dev.cc);
    if (auto a = find_arch(dev.cc)) s += " (" + std::string((*a)->family) + ")";
    s += dev.sm_count > 0 ? ", " + num(dev.sm_count) + " SMs" : std::string(", SM count unknown");
    return s;
}



std::string compiler_line(const ParsedKernel& k) {
    const std::string name = k.short_name.empty() ? k.name : k.short_name;
#ifndef SMCALC_NO_BINARY_READER
    const char* tool = k.tool == CompilerTool::Ptxas    ? "ptxas -v"
                       : k.tool == CompilerTool::Binary ? "the binary"
                                                        : "cuobjdump -res-usage";
#else
    const char* tool = k.tool == CompilerTool::Ptxas ? "ptxas -v" : "cuobjdump -res-usage";
#endif
    std::string s = std::string("from ") + tool + ": " +
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
    if (r.schedule != Schedule::None) {
        out += "\nschedule " + std::string(schedule_key(r.schedule)) + ":";
        for (const TileRole& role : r.roles)
            out += "\n  " + role.label + ": " + num(role.threads) + " threads at " + num(role.regs) + " registers (" +
                   std::string(basis_key(role.basis)) + ")";
    }
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
        out += " = " + format_percent(r.occupancy) + " occupancy (estimate), limited by " + nv_limiting_text(r.limiting) + "\n";
    } else if (r.schedule != Schedule::None && r.ctas_per_sm >= 1) {
        out += "runs with spills: " + plural(r.ctas_per_sm, "CTA", "CTAs") + "/SM; " + tile_misfit_text(r) + "\n";
    } else {
        out += "does not fit: " + tile_misfit_text(r) + "\n";
    }
    out += list_text("\nnotes:\n", r.notes);
    return out;
}

std::string tiles_text(const Request& req, const TileSearchResult& r) {
    const TileInput& b = req.search.base;
    const bool tmem =
        b.mma == MmaPath::TensorMemory || b.schedule == Schedule::Sm100_1Sm || b.schedule == Schedule::Sm100_2Sm;
    std::string out = device_title(req.device, req.gpu) + "\n";
    if (b.schedule != Schedule::None) out += "schedule " + std::string(schedule_key(b.schedule)) + " (CUTLASS)\n";
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
        line.push_back(nv_limiting_text(f.limiting));
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
           nv_limiting_text(c.limiting) + "\n\n";
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

#ifndef SMCALC_NO_BINARY_READER
// Kernels read from a binary: one line each (`head`), then where each figure came from. Empty for text.
template <class K, class Head>
std::string sources_text(const std::vector<K>& kernels, Head head) {
    std::string out;
    for (const K& k : kernels) {
        if (k.sources.empty()) continue;
        if (out.empty()) out = "\nfrom the binary, where each figure came from:\n";
        out += "  " + head(k) + "\n";
        for (const auto& [field, place] : k.sources) out += "    " + field + ": " + place + "\n";
    }
    return out;
}
#endif

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
#ifndef SMCALC_NO_BINARY_READER
    out += sources_text(p.kernels, [](const ParsedKernel& k) {
        std::string extra;
        auto add = [&](const std::string& x) { extra += (extra.empty() ? "" : ", ") + x; };
        if (k.max_threads) add("launch bounds " + num(*k.max_threads) + " threads");
        if (k.max_regs) add("register cap " + num(*k.max_regs));
        if (k.cluster_dims.size() == 3)
            add("cluster " + num(k.cluster_dims[0]) + "x" + num(k.cluster_dims[1]) + "x" + num(k.cluster_dims[2]));
        if (k.param_bytes) add(num(*k.param_bytes) + " B of parameters");
        return (k.short_name.empty() ? k.name : k.short_name) + " (" + k.arch + ", " + k.container + ")" +
               (extra.empty() ? std::string() : ": " + extra);
    });
#endif
    if (!p.device_functions.empty()) {
        out += "\ndevice functions (not kernels):";
        for (const auto& f : p.device_functions) out += " " + f;
        out += "\n";
    }
    out += list_text("\nnotes:\n", p.notes);
    out += list_text("\ncompiler messages:\n", p.diagnostics, "  ");
    return out;
}










std::string amd_occupancy_text(const Request& req, const amd::OccupancyResult& r, bool why) {
    std::string out = arch_title(*req.amd_gpu) + "\n";
    out += "kernel: " + amd_kernel_text(r.input) + "\n";
    out += "= " + count_text(r.workgroups_per_cu, "workgroup", "workgroups") + "/CU, " + num(r.waves_per_cu) + " of " +
           num(r.max_waves_per_simd * req.amd_gpu->arch().simds_per_cu) + " waves = " + fixed1(r.waves_per_simd) +
           " waves per SIMD (of " + num(r.max_waves_per_simd) + ") = " + format_percent(r.occupancy) +
           " occupancy, limited by " + amd_limiting_text(r.limiting) + "\n";
    out += "LLVM's figure (Occupancy [waves/SIMD]): " + num(r.compiler_waves_per_simd) + "\n\n";
    std::vector<std::vector<std::string>> t = {{"limit", "waves/SIMD", "workgroups/CU", ""}};
    for (const amd::LimitCount& l : r.limits)
        t.push_back({std::string(amd::limit_label(l.limit)), l.waves_per_simd ? num(*l.waves_per_simd) : "no limit",
                     l.workgroups_per_cu ? num(*l.workgroups_per_cu) : "no limit", l.limiting ? "<- limiting" : ""});
    out += text_table(t, {false, true, true, false});
    out += "\n";
    std::vector<std::vector<std::string>> rows = {{"readout", "value", "limit", "unit", "basis"}};
    for (const TileRow& row : r.rows)
        rows.push_back({row.label, row_value_text(row.unit, row.value),
                        row.limit ? row_value_text(row.unit, *row.limit) : std::string("-"), row.unit,
                        std::string(basis_key(row.basis))});
    out += text_table(rows, {false, true, true, false, false});
    out += list_text("\nnotes:\n", r.notes);
    if (why && !r.derivation.empty()) {
        out += "\nderivation:\n";
        for (const auto& d : r.derivation) out += "  " + d + "\n";
    }
    return out;
}

std::string amd_next_step_text(const Request& req, const AmdNextStepAnswer& a) {
    const amd::OccupancyResult& c = a.current;
    std::string out = arch_title(*req.amd_gpu) + "\n";
    out += "kernel: " + amd_kernel_text(c.input) + "\n";
    out += "now: " + count_text(c.workgroups_per_cu, "workgroup", "workgroups") + "/CU, " + fixed1(c.waves_per_simd) +
           " waves per SIMD = " + format_percent(c.occupancy) + " occupancy, limited by " + amd_limiting_text(c.limiting) +
           "\n\n";
    if (a.steps.empty()) {
        if (c.waves_per_cu >= c.max_waves_per_simd * req.amd_gpu->arch().simds_per_cu)
            out += "already at " + num(c.max_waves_per_simd) + " waves per SIMD: no change gives more\n";
        else if (c.limiting.size() > 1)
            out += "no single change gives one more workgroup per CU: " + amd_limiting_text(c.limiting) +
                   " limit at once; change them together (each alone is in the limits of op occupancy)\n";
        else
            out += "no single input change gives one more workgroup per CU (the workgroup slots or the workgroup "
                   "size decide)\n";
        return out;
    }
    out += "one more workgroup per CU, changing one input (each re-checked by the model):\n";
    std::vector<std::vector<std::string>> t;
    for (const amd::NextStep& s : a.steps) t.push_back({"  " + s.field, s.text});
    out += text_table(t, {});
    for (const amd::NextStep& s : a.steps)
        if (!s.hint.empty()) out += "  " + s.field + ": " + s.hint + "\n";
    return out;
}

std::string amd_tile_text(const Request& req, const amd::TileResult& r, bool why) {
    const amd::TileInput& in = r.input;
    std::string out = arch_title(*req.amd_gpu) + "\n";
    out += "tile " + num(in.m) + "x" + num(in.n) + "x" + num(in.k) + ", " + count_text(in.stages, "stage", "stages") +
           ", " + count_text(in.waves, "wave", "waves") + " (" + num(r.threads) + " work-items), " +
           std::string(dtype_key(in.a)) + " x " + std::string(dtype_key(in.b)) + " -> " +
           std::string(dtype_key(in.acc)) + ", MFMA\n\n";
    std::vector<std::vector<std::string>> t = {{"readout", "value", "limit", "unit", "basis", ""}};
    for (const TileRow& row : r.rows)
        t.push_back({row.label, row_value_text(row.unit, row.value),
                     row.limit ? row_value_text(row.unit, *row.limit) : std::string("-"), row.unit,
                     std::string(basis_key(row.basis)), row.over ? "<- over" : ""});
    out += text_table(t, {false, true, true, false, false, false});
    out += "\n";
    if (r.fits)
        out += "fits: " + count_text(r.workgroups_per_cu, "workgroup", "workgroups") + "/CU = " +
               fixed1(r.waves_per_simd) + " waves per SIMD (estimate: registers are estimated)\n";
    else
        out += std::string("does not fit: ") + (!r.regs_fit ? "registers per lane exceed 256 (spills); " : "") +
               (!r.lds_fits ? format_bytes(r.lds_per_workgroup) + " LDS exceed " + format_bytes(r.lds_limit) + "; " : "") +
               (r.workgroups_per_cu < 1 ? "0 workgroups per CU" : "") + "\n";
    out += list_text("\nnotes:\n", r.notes);
    if (why && r.occ) {
        out += "\nderivation (occupancy model):\n";
        for (const auto& d : r.occ->derivation) out += "  " + d + "\n";
    }
    return out;
}

std::string amd_parse_text(const AmdParseAnswer& a) {
    std::string out = a.parsed.summary + "\n\n";
    auto o = [](const std::optional<int64_t>& v) { return v ? num(*v) : std::string("-"); };
    std::vector<std::vector<std::string>> t = {
        {"kernel", "gfx", "VGPRs", "AGPRs", "SGPRs", "LDS (B)", "scratch", "LLVM waves/SIMD", "smcalc (LLVM rule)", "resident", ""}};
    for (std::size_t i = 0; i < a.parsed.kernels.size(); ++i) {
        const amd::ParsedKernel& k = a.parsed.kernels[i];
        const auto& c = a.llvm[i];
        t.push_back({k.name, k.gfx.empty() ? "-" : k.gfx, o(k.vgprs), o(k.agprs), o(k.sgprs), o(k.lds), o(k.scratch),
                     o(k.llvm_occupancy),
                     c ? num(c->ours.compiler_waves_per_simd) +
                             (c->range_explains ? " (range 1.." + num(c->ours.input.threads) + ": " + num(c->llvm_range) + ")" : "")
                       : "-",
                     c ? fixed1(c->ours.waves_per_simd) + " waves/SIMD at " + num(c->ours.input.threads) : "-",
                     c && c->mismatch ? "<- MISMATCH" : ""});
    }
    out += text_table(t, {false, false, true, true, true, true, true, true, true, false, false});
    out += "(- = not in the text; resident = whole workgroups per CU, at the kernel's max flat workgroup size or 256)\n";
#ifndef SMCALC_NO_BINARY_READER
    out += sources_text(a.parsed.kernels, [](const amd::ParsedKernel& k) {
        std::string extra;
        auto add = [&](const std::string& x) { extra += (extra.empty() ? "" : ", ") + x; };
        if (k.max_flat_workgroup_size) add("max flat workgroup size " + num(*k.max_flat_workgroup_size));
        if (k.wavefront_size) add("wave" + num(*k.wavefront_size));
        if (k.next_free_vgpr) add(num(*k.next_free_vgpr) + " VGPRs allocated");
        if (k.granulated_sgprs) add("granulated SGPR blocks " + num(*k.granulated_sgprs));
        return k.name + " (" + k.gfx + ", " + k.container + ")" + (extra.empty() ? std::string() : ": " + extra);
    });
#endif
    bool mismatch = false;
    for (const auto& c : a.llvm) mismatch = mismatch || (c && c->mismatch);
    if (mismatch) out += "\nLLVM's figure and smcalc's re-derivation of it differ for the kernels marked MISMATCH\n";
    out += list_text("\nnotes:\n", a.parsed.notes);
    return out;
}

std::string vendor_compare_text(const VendorComparison& c) {
    std::string out;
    bool nv = false, amd_col = false;
    for (const VendorColumn& col : c.columns) (col.amd_gpu ? amd_col : nv) = true;
    if (c.tile) {
        out = "tile " + num(c.tile_input.m) + "x" + num(c.tile_input.n) + "x" + num(c.tile_input.k) + ", " +
              count_text(c.tile_input.stages, "stage", "stages") + ", " + std::string(dtype_key(c.tile_input.a)) + " x " +
              std::string(dtype_key(c.tile_input.b)) + " -> " + std::string(dtype_key(c.tile_input.acc)) + "\n";
    } else {
        if (nv) out += "NVIDIA kernel: " + nv_kernel_text(c.kernel) + "\n";
        if (amd_col) out += "AMD kernel: " + amd_kernel_text(c.amd_kernel) + "\n";
    }
    out += "\n";
    out = compare_columns_text(std::move(out), c.columns, c.rows);
    out += list_text("\nnotes:\n", c.notes);
    return out;
}

std::string amd_gpus_text() {
    std::vector<std::vector<std::string>> t = {{"name", "gfx", "CUs", "LDS/CU", "source"}};
    for (const amd::GpuSpec& g : amd::all_gpus())
        t.push_back({std::string(g.name), std::string(g.gfx), num(g.cu_count), format_bytes(g.arch().lds_per_cu),
                     std::string(g.source)});
    return "AMD Instinct (vocabulary: CU = SM, wave of 64 = warp, workgroup = CTA, LDS = shared memory):\n" +
           text_table(t, {false, false, true, true, false});
}

std::string amd_compiler_line(const amd::ParsedKernel& k) {
    std::string s = "from LLVM: " + k.name + (k.gfx.empty() ? std::string() : " (" + k.gfx + ")") + ": ";
    std::string parts;
    auto add = [&](const std::string& p) { parts += (parts.empty() ? "" : ", ") + p; };
    if (k.vgprs) add(num(*k.vgprs) + " VGPRs");
    if (k.agprs) add(num(*k.agprs) + " AGPRs");
    if (k.sgprs) add(num(*k.sgprs) + " SGPRs");
    if (k.lds) add(format_bytes(*k.lds) + " LDS");
    const int64_t used = k.vgprs ? *k.vgprs : k.unified_vgprs.value_or(0);
    if (k.next_free_vgpr && *k.next_free_vgpr > used + k.agprs.value_or(0))
        add(num(*k.next_free_vgpr) + " VGPRs allocated (.amdhsa_next_free_vgpr)");
    if (k.max_flat_workgroup_size) add("max flat workgroup size " + num(*k.max_flat_workgroup_size));
    if (k.llvm_occupancy) add("LLVM: " + num(*k.llvm_occupancy) + " waves/SIMD");
    return s + (parts.empty() ? std::string("no resource counts") : parts);
}

std::string cluster_result_text(const ClusterResult& r) {
    std::string out = "\ncluster " + dims_text(r.dims) + " = " + plural(r.cluster_size, "CTA", "CTAs") +
                      (r.needs_non_portable ? " (non-portable: above 8)" : " (portable)") + ", " +
                      plural(r.ctas_per_sm, "CTA", "CTAs") + "/SM (exact" +
                      (r.cluster_ctas_per_sm < r.ctas_per_sm ? "; " + num(r.cluster_ctas_per_sm) + " under a cluster launch" : "") +
                      "), distributed shared memory " +
                      num(r.cluster_size) + " x " + grouped(r.smem_per_cta) + " B = " + grouped(r.dsmem_per_cluster) +
                      " B per cluster (exact)\n";
    out += cluster_answer_line(r) + "\n";
    if (r.max_active_clusters) {
        std::vector<std::vector<std::string>> t = {{"figure", "clusters", "CTAs", "idle SMs", "basis", "why"}};
        for (const ClusterFigure& f : r.max_active_clusters->figures)
            t.push_back({cluster_figure_label(f), num(f.clusters), num(f.ctas), f.idle_sms ? num(*f.idle_sms) : "-",
                         std::string(cluster_basis_key(f.basis)), f.basis_text});
        out += text_table(t, {false, true, true, true, false, false}, "  ");
        std::vector<std::string> sources;  // each once (the layout figures share the GPC row's)
        for (const ClusterFigure& f : r.max_active_clusters->figures)
            if (!f.source.empty() && std::find(sources.begin(), sources.end(), f.source) == sources.end())
                sources.push_back(f.source);
        for (const auto& src : sources) out += "  source: " + src + "\n";
    }
    if (!r.gpcs.empty()) {
        // Equal GPCs of the even layout in one line each: floor(SMs x CTAs/SM / size).
        out += "per GPC (the typical layout, an estimate):\n";
        std::vector<std::vector<std::string>> t;
        std::size_t i = 0;
        while (i < r.gpcs.size()) {
            std::size_t j = i;
            while (j < r.gpcs.size() && r.gpcs[j].sms == r.gpcs[i].sms) ++j;
            const GpcFill& g = r.gpcs[i];
            const auto n = static_cast<int64_t>(j - i);
            t.push_back({plural(n, "GPC", "GPCs") + " of " + num(g.sms) + " SMs:",
                         (g.sms < r.cluster_size ? "fewer SMs than CTAs: "
                                                 : "floor(" + num(g.sms) + " x " + num(r.cluster_ctas_per_sm) + " / " +
                                                       num(r.cluster_size) + ") = ") +
                             plural(g.clusters, "cluster", "clusters") + " each",
                         "(" + num(g.ctas) + " CTAs, " + plural(g.idle_sms, "SM", "SMs") + " idle)"});
            i = j;
        }
        out += text_table(t, {}, "  ");
    }
    out += "limited by " + std::string(cluster_limiter_label(r.limiter)) + ": " + r.limiter_reason + "\n";
    if (r.waves) {
        const ClusterWaves& w = *r.waves;
        out += "grid " + dims_text(w.grid) + " = " + grouped(w.grid_ctas) + " CTAs = " + grouped(w.grid_clusters) +
               " clusters: ";
        if (w.waves_typical && !w.waves_high)  // a GPC layout holds no cluster (each CTA on its own SM)
            out += "at least " + num(*w.waves_low) + " waves (even layout " + num(*w.waves_typical) +
                   ", an estimate; a layout that holds no cluster never runs the grid)\n";
        else if (w.waves_typical && *w.waves_low == *w.waves_high)
            out += plural(*w.waves_low, "wave", "waves") + " for every allowed GPC layout\n";
        else if (w.waves_typical)
            out += num(*w.waves_low) + ".." + num(*w.waves_high) + " waves (range; even layout " + num(*w.waves_typical) +
                   ", an estimate)\n";
        else if (w.waves_bound)
            out += "at least " + num(*w.waves_bound) + " waves (exact bound; layout unknown)\n";
        else
            out += "waves unknown (no cluster is resident, or the SM count is unknown)\n";
    }
    out += "arithmetic:\n";
    for (const auto& d : r.derivation) out += "  " + d + "\n";
    out += list_text("cluster notes:\n", r.notes);
    return out;
}

std::string cluster_answer_text(const Request& req, const Solved& solved, const ClusterAnswer& cluster) {
    std::string out;
    if (cluster.result) out += cluster_result_text(*cluster.result);
    if (req.op == Op::NextStep && req.cluster) {
        out += "\ncluster " + dims_text(req.cluster->dims) + ":";
        if (cluster.steps.empty()) {
            out += " no smaller cluster keeps more CTAs resident, and the per-SM occupancy is the limit\n";
        } else {
            out += "\n";
            for (const ClusterStep& s : cluster.steps)
                out += "  " + std::string(s.key == "gpc_limit" ? "the GPC is the limit" : "smaller cluster " + dims_text(s.dims)) +
                       " (" + std::string(cluster_basis_key(s.basis)) + "): " + s.text + "\n";
        }
    }
    if (const auto* t = std::get_if<TileResult>(&solved)) {
        if (t->cluster) out += cluster_result_text(*t->cluster);
        if (!t->fit_options.empty()) {
            out += "\nways to make it fit (each evaluated by the same tile model and solver):\n";
            bool tmem = false;
            for (const TileFitOption& o : t->fit_options) tmem = tmem || o.tmem_columns > 0;
            std::vector<std::vector<std::string>> rows;
            std::vector<std::string> head = {"option", "cluster", "CTA tile", "warps", "acc regs", "regs (est)",
                                             "smem/CTA (B)"};
            if (tmem) head.emplace_back("TMEM cols");
            head.emplace_back("CTAs/SM");
            head.emplace_back("fits");
            rows.push_back(head);
            for (const TileFitOption& o : t->fit_options) {
                std::vector<std::string> line = {o.key, dims_text(o.cluster),
                                                 num(o.cta.m) + "x" + num(o.cta.n) + "x" + num(o.cta.k),
                                                 num(o.cta.warps), num(o.acc_regs_per_thread),
                                                 num(o.regs_per_thread_est), num(o.smem_per_cta)};
                if (tmem) line.push_back(num(o.tmem_columns));
                line.push_back(num(o.ctas_per_sm));
                line.emplace_back(o.fits ? "yes" : "no");
                rows.push_back(std::move(line));
            }
            std::vector<bool> right(head.size(), true);
            right[0] = right[1] = right[2] = false;
            right.back() = false;
            out += text_table(rows, right, "  ");
            for (const TileFitOption& o : t->fit_options) out += "  - " + o.key + ": " + o.text + "\n";
        }
    }
    return out;
}

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


std::string op_text(const Request& req, const Solved& solved, bool why) {
    return std::visit(TextWriter{req, why}, solved);
}

}  // namespace

std::string resident_note(int64_t header, int64_t resident, int64_t blocks) {
    return "NVIDIA's cudaOccAvailableDynamicSMemPerBlock answers " + std::to_string(header) +
           " B, but with it fewer than " + std::to_string(blocks) +
           " blocks reside (it does not count the shared memory the driver reserves per block); " +
           std::to_string(resident) + " B is the most that keeps " + std::to_string(blocks) + " resident";
}

std::string answer_text(const Request& q, const Answer& a, bool why) {
    std::string out = op_text(q, a.solved, why) + cluster_answer_text(q, a.solved, a.cluster);
    if (q.compiler) out = compiler_line(*q.compiler) + "\n" + out;
    if (q.amd_compiler) out = amd_compiler_line(*q.amd_compiler) + "\n" + out;
    return out;
}

}  // namespace smcalc
