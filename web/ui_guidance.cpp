// web/ui_guidance.cpp - what to change (issue 7) and what fits, in the page.
//
// [SECTION] Next step      - smcalc::next_step() suggestions with Apply, the next occupancy level, launch bounds
// [SECTION] Compare        - the same kernel (smcalc::compare) or tile (smcalc::tile per GPU) on up to 4 GPUs
// [SECTION] Compiler output - pasted ptxas -v / cuobjdump -res-usage / AMD LLVM output, read by the JS API
// [SECTION] What fits      - smcalc::tiles_that_fit for the tile's types and path on this GPU
// [SECTION] State JSON     - the parts of window.smcalc.state() these views add
//
// Every number shown is the core's answer; this file only decides what to ask and lays it out. Each result
// is cached by the inputs it was computed for (never recomputed per frame).
#include <algorithm>
#include <charconv>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "imgui.h"
#include "smcalc/amd_parse.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/report.hpp"
#include "ui_app.hpp"
#include "ui_json.hpp"
#include "lines.hpp"

namespace smcalc::web {
namespace {


void wrapped(const std::string& s) { text_wrapped(s); }
void wrapped_dim(const std::string& s) { text_wrapped(s, &app().pal.text_dim); }
void wrapped_colored(const ImVec4& c, const std::string& s) { text_wrapped(s, &c); }

void copy_text(App& a, const char* what, const std::string& text) {
    if (a.host.copy_to_clipboard) a.host.copy_to_clipboard(text);
    a.copied_at = ImGui::GetTime();
    a.copied_what = what;
}

// Cards take their height from the frame before: a card that just grew is scrolled into view over a few frames.
constexpr int kRevealFrames = 4;

// A collapsible section (a tree node: TreePop() it when open) that stays as the user left it; opening it
// scrolls its column for kRevealFrames frames so that what it shows comes into view.
bool reveal_section(const char* label, bool& open, int& reveal) {
    ImGui::SetNextItemOpen(open);
    const bool was_open = open;
    open = ImGui::TreeNodeEx(label, ImGuiTreeNodeFlags_SpanAvailWidth);
    tag_item(label);
    if (open && !was_open) reveal = kRevealFrames;
    return open;
}
void reveal_card_end() {
    const ImVec2 pos = ImGui::GetWindowPos();
    scroll_parent_to(pos, ImVec2(pos.x + ImGui::GetWindowWidth(),
                                 ImGui::GetCursorScreenPos().y + ImGui::GetStyle().WindowPadding.y));
}

// A tooltip with wrapped text on the last item.
void tip(const std::string& text) {
    if (!ImGui::IsItemHovered() || text.empty()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Next step
// ---------------------------------------------------------------------------------------------------------

// next_step for the launch the model shows: the kernel inputs, or in the tile view the launch the tile becomes.
// The cluster is the model's (m.cluster_steps); this card is the per-SM next step.
Request next_request(const App& a) {
    Request q = request_for(a.in, Op::NextStep);
    q.input = a.model.kernel;
    q.cluster.reset();
    return q;
}

void ensure_next(App& a) {
    const Model& m = a.model;
    if (a.next.key == m.key) return;
    a.next = NextStepCache{};
    a.next.key = m.key;
    if (!m.result || !m.arch) return;
    Answer r = solve(next_request(a));
    if (r.ok())
        a.next.step = std::move(std::get<NextStepAnswer>(r.solved).step);
    else
        a.next.error = r.error;
}

// The launch-bounds target: as typed, else the API's default (smcalc::default_bounds_target).
int64_t lb_target(const App& a) {
    if (a.lb_target > 0) return a.lb_target;
    if (!a.next.step) return a.model.result ? std::max<int64_t>(1, a.model.result->blocks_per_sm) : 1;
    return default_bounds_target(*a.next.step);
}

void ensure_launch_bounds(App& a) {
    const Model& m = a.model;
    const int64_t target = lb_target(a);
    const std::string key = m.key + "|" + std::to_string(target);
    if (a.next.lb_key == key) return;
    a.next.lb_key = key;
    a.next.lb.reset();
    a.next.lb_error.reset();
    if (!m.result || !m.arch) return;
    Request q = next_request(a);
    q.blocks = target;
    q.blocks_given = true;  // the target as asked: unreachable is the answer's error
    Answer r = solve(q);
    if (r.ok())
        a.next.lb = std::move(std::get<NextStepAnswer>(r.solved).bounds);
    else
        a.next.lb_error = r.error;
}

// The Next step card's rows, either vendor (issue 26): NVIDIA's from next_step() (each input's smallest change
// that gives one more CTA, then the next occupancy level, each checked by the solver), AMD's from
// amd::next_steps() (each resource's smallest change that fits one more workgroup, with how to ask the compiler).
// One set of rows draws both; the words differ through the model's vocabulary (CTA / workgroup).
struct StepRow {
    const char* label = nullptr;          // "Next occupancy level", or none
    bool possible = false;                // false: `text` says why this input does not help
    bool same = false;                    // the same change as a row above
    const std::string* text = nullptr;
    const std::string* hint = nullptr;    // AMD: how to ask the compiler for it
    const Suggestion* nvidia = nullptr;   // Apply: the suggestion's kernel input, or
    const amd::NextStep* amd = nullptr;   // the AMD field and its value
};

std::vector<StepRow> step_rows(const App& a) {
    std::vector<StepRow> rows;
    if (a.model.amd_gpu) {
        for (const amd::NextStep& s : a.model.amd_steps) rows.push_back({nullptr, true, false, &s.text, &s.hint, nullptr, &s});
        return rows;
    }
    const NextStep& ns = *a.next.step;
    const Suggestion* singles[] = {&ns.regs, &ns.smem, &ns.threads_block, &ns.threads_warps, &ns.barriers};
    bool same = false;
    for (const Suggestion* s : singles) {
        rows.push_back({nullptr, s->possible, false, &s->text, nullptr, s, nullptr});
        same |= s->possible && s->text == ns.next_level.text;
    }
    rows.push_back({"Next occupancy level", ns.next_level.possible, same, &ns.next_level.text, nullptr, &ns.next_level, nullptr});
    return rows;
}

// Apply: in the kernel view the kernel inputs become the suggestion's; in the tile view (NVIDIA) the tile's launch
// with the change opens in the kernel view.
void apply_step(App& a, const StepRow& r) {
    if (r.nvidia) {
        a.in.kernel = r.nvidia->input;
        a.in.mode = Mode::Kernel;
    } else if (r.amd->field == "threads") {
        a.in.kernel.threads = r.amd->to;
    } else if (const auto* f = fields::find(fields::amd_kernel_fields(), r.amd->field)) {
        f->set(a.in.amd, r.amd->to);
    }
}

void step_row(App& a, const StepRow& r, const std::string& id) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (r.label) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "%s", r.label);
    if (r.same)
        wrapped_dim("The same change as above.");
    else
        wrapped(*r.text);
    if (r.hint && !r.hint->empty()) wrapped_dim(*r.hint);
    ImGui::TableNextColumn();
    const bool tile = a.in.mode == Mode::Tile;
    if (ImGui::SmallButton(((tile ? "As kernel##" : "Apply##") + id).c_str())) apply_step(a, r);
    tip(tile ? "Opens the tile's launch with this change in the kernel view (the tile itself is not changed)."
             : "Sets the kernel inputs to this suggestion.");
}

// view_next_step's steps.

// The rows that give one more CTA (workgroup), each with its Apply button; the next occupancy level; the inputs
// that do not help, folded. `none`: what to say when no single input helps.
SMCALC_STEP void next_step_rows(App& a, const std::vector<StepRow>& rows, const std::string& none) {
    int possible = 0, impossible = 0;
    for (const StepRow& r : rows) (r.possible ? possible : impossible) += r.label ? 0 : 1;
    const ImGuiTableFlags tf = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_PadOuterX;
    if (ImGui::BeginTable("ns_rows", 2, tf)) {
        ImGui::TableSetupColumn("text", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("apply", ImGuiTableColumnFlags_WidthFixed);
        for (const StepRow& r : rows)
            if (r.possible) step_row(a, r, r.nvidia ? r.nvidia->id : "amd_" + r.amd->field);
        ImGui::EndTable();
    }
    for (const StepRow& r : rows)
        if (r.label && !r.possible) {
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "%s", r.label);
            wrapped_dim(*r.text);
        }
    if (possible == 0 && !none.empty()) wrapped_dim(none);
    if (impossible > 0) {
        const std::string label = "Inputs that do not help (" + std::to_string(impossible) + ")";
        if (ImGui::TreeNodeEx(label.c_str(), ImGuiTreeNodeFlags_SpanAvailWidth)) {
            for (const StepRow& r : rows) {
                if (r.possible || r.label) continue;
                ImGui::Bullet();
                wrapped_dim(*r.text);
            }
            ImGui::TreePop();
        }
    }
}

// Launch bounds: the register cap that guarantees a target number of CTAs, with its two lines to copy.
SMCALC_STEP void next_step_launch_bounds(App& a) {
    ImGui::Separator();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Register cap for");
    ImGui::SameLine();
    int64_t target = lb_target(a);
    ImGui::SetNextItemWidth(std::clamp(ImGui::GetContentRegionAvail().x - 170.0f, 80.0f, 110.0f));
    if (int_input("##lb_target", target, 1, 0)) a.lb_target = std::clamp<int64_t>(target, 1, 1024);
    ImGui::SameLine();
    ImGui::TextUnformatted("CTAs per SM");
    ensure_launch_bounds(a);
    if (a.next.lb_error) {
        wrapped_colored(a.pal.text_error, a.next.lb_error->message);
    } else if (a.next.lb) {
        const LaunchBounds& lb = *a.next.lb;
        // Both lines side by side when they fit, each with its Copy button.
        const float copy_w = ImGui::CalcTextSize("Copy").x + 2 * ImGui::GetStyle().FramePadding.x;
        const float both = ImGui::CalcTextSize(lb.launch_bounds.c_str()).x + ImGui::CalcTextSize(lb.maxrregcount.c_str()).x +
                           2 * copy_w + 40;
        auto code = [&](const std::string& text, const char* id, const char* what) {
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "%s", text.c_str());
            ImGui::SameLine();
            if (ImGui::SmallButton(id)) copy_text(a, what, text);
        };
        code(lb.launch_bounds, "Copy##lb", "__launch_bounds__");
        if (both < ImGui::GetContentRegionAvail().x) ImGui::SameLine(0, 24);
        code(lb.maxrregcount, "Copy##mrc", "-maxrregcount");
        wrapped_dim(capitalized(lb.text) + ". ptxas may allocate fewer; -maxrregcount applies to the whole file.");
    }
}

}  // namespace

void view_next_step(App& a) {
    const Model& m = a.model;
    if (m.amd_gpu ? !m.amd : !m.result) {
        wrapped_dim(m.amd_tile ? "Next steps are for kernels; the tile's readouts show what limits it."
                               : "No suggestions: there is no answer for these inputs.");
        return;
    }
    if (m.amd_gpu) {
        next_step_rows(a, step_rows(a), "No single change fits another workgroup (or the kernel is at " +
                                            std::to_string(m.amd->max_waves_per_simd) + " waves per SIMD already).");
        return;
    }
    ensure_next(a);
    if (a.next.error) {
        wrapped_colored(a.pal.text_error, a.next.error->message);
        return;
    }
    if (!a.next.step) return;
    const NextStep& ns = *a.next.step;
    const OccupancyResult& cur = ns.current;
    wrapped_dim("For " + count_text(ns.target_blocks, "CTA", "CTAs") + " per SM (now " + std::to_string(cur.blocks_per_sm) +
                ", " + format_percent(cur.occupancy) + "), each checked by the solver" +
                (a.in.mode == Mode::Tile ? " for the tile's launch:" : ":"));
    next_step_rows(a, step_rows(a), ns.next_level.possible ? "No single input alone gives one more CTA." : "");
    next_step_launch_bounds(a);
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Compare
// ---------------------------------------------------------------------------------------------------------

namespace {

std::string num(int64_t v) { return std::to_string(v); }

// One column's headline numbers, whichever vendor and kind (CTAs or workgroups, occupancy, resident per GPU).
void add_column(CompareTable& t, std::optional<int64_t> blocks, std::optional<double> occ, std::optional<int64_t> resident) {
    t.blocks.push_back(blocks);
    t.occupancy.push_back(occ);
    t.resident.push_back(resident);
}

// The table from solve()'s comparison (the API's compare: kernel, tile, or across vendors, with the "clusters" row).
void fill_table(CompareTable& t, const Solved& s) {
    if (const auto* c = std::get_if<Comparison>(&s)) {
        t.rows = c->rows;
        for (const CompareColumn& col : c->columns) {
            const bool ok = !col.error;
            add_column(t, ok ? std::optional<int64_t>(col.result.blocks_per_sm) : std::nullopt,
                       ok ? std::optional<double>(col.result.occupancy) : std::nullopt, col.gpu_resident_ctas);
        }
    } else if (const auto* tc = std::get_if<TileComparison>(&s)) {
        t.rows = tc->rows;
        for (const TileColumn& col : tc->columns)
            add_column(t, col.result ? std::optional<int64_t>(col.result->ctas_per_sm) : std::nullopt,
                       col.result ? std::optional<double>(col.result->occupancy) : std::nullopt, col.gpu_resident_ctas);
    } else if (const auto* vc = std::get_if<VendorComparison>(&s)) {
        t.rows = vc->rows;
        t.notes = vc->notes;
        for (const VendorColumn& col : vc->columns) {
            if (col.amd_occ)
                add_column(t, col.amd_occ->workgroups_per_cu, col.amd_occ->occupancy,
                           col.amd_occ->workgroups_per_cu * col.amd_gpu->cu_count);
            else if (col.amd_tile)
                add_column(t, col.amd_tile->workgroups_per_cu, col.amd_tile->occ ? std::optional<double>(col.amd_tile->occ->occupancy) : std::nullopt,
                           col.amd_tile->cu_count ? std::optional<int64_t>(col.amd_tile->workgroups_per_cu * *col.amd_tile->cu_count) : std::nullopt);
            else if (col.nvidia && !col.error)
                add_column(t, col.nvidia->result.blocks_per_sm, col.nvidia->result.occupancy, col.nvidia->gpu_resident_ctas);
            else if (col.nvidia_tile && col.nvidia_tile->result)
                add_column(t, col.nvidia_tile->result->ctas_per_sm, col.nvidia_tile->result->occupancy, col.nvidia_tile->gpu_resident_ctas);
            else
                add_column(t, std::nullopt, std::nullopt, std::nullopt);
        }
    }
}

}  // namespace

const CompareTable& compare_table(App& a) {
    const std::string key = encode_hash(a.in);
    if (a.cmp.key == key) return a.cmp;
    CompareTable t;
    t.key = key;
    for (int i = 0; i < kCompareSlots; ++i) {
        const std::string& g = a.in.compare_gpus[i];
        if (g.empty() || !(find_gpu(g) || amd::find_gpu(g))) continue;
        t.names.push_back(g);
        t.slots.push_back(i);
    }
    if (!t.names.empty()) {
        const Answer ans = solve(request_for(a.in, Op::Compare));
        if (ans.ok())
            fill_table(t, ans.solved);
        else
            t.error = ans.error;
    }
    // The answer first (CTAs, occupancy, what limits, resident CTAs), then the per-SM limits behind it.
    // (Across vendors the keys are compare_vendors'.)
    static const char* const first[] = {"vendor", "cc", "arch", "sm_count", "processors", "instruction", "matrix_unit",
                                        "fits", "blocks_per_sm", "ctas_per_sm", "per_processor", "warps_per_sm",
                                        "resident", "occupancy", "limiting", "gpu_resident_ctas", "gpu_resident", "clusters"};
    std::vector<CompareRow> rows;
    for (const char* k : first)
        for (const CompareRow& r : t.rows)
            if (r.key == k) rows.push_back(r);
    if (!rows.empty() && rows.size() < t.rows.size()) {
        rows.push_back(CompareRow{"", a.in.mode == Mode::Tile ? "The tile's readouts" : "Per SM: limits and budgets", {}, false});
        for (const CompareRow& r : t.rows)
            if (std::find(std::begin(first), std::end(first), r.key) == std::end(first)) rows.push_back(r);
        t.rows = std::move(rows);
    }
    a.cmp = std::move(t);
    return a.cmp;
}

void view_compare_toggle(App& a) {
    static const char* labels[] = {"One GPU", "Compare GPUs"};
    int v = a.in.compare ? 1 : 0;
    if (segmented(labels, 2, v)) a.in.compare = v == 1;
}

namespace {

// What is compared: the tile or the kernel, in one line above the table.
SMCALC_STEP void compare_heading(const App& a) {
    const bool tile = a.in.mode == Mode::Tile;
    std::string what;
    if (tile) {
        const TileInput& ti = a.in.tile;
        what = "Tile " + num(ti.m) + "x" + num(ti.n) + "x" + num(ti.k) + ", " + count_text(ti.stages, "stage", "stages") + ", " +
               count_text(ti.warps, "warp", "warps") + ", " + std::string(dtype_key(ti.a)) + " x " + std::string(dtype_key(ti.b)) +
               " -> " + std::string(dtype_key(ti.acc));
    } else {
        const KernelInput& k = a.in.kernel;
        what = "Kernel: " + num(k.threads) + " threads/block, " + num(k.regs) + " registers/thread, " +
               format_bytes(k.smem_static + k.smem_dynamic) + " shared memory/block";
    }
    wrapped(what + ". Highlighted rows differ between the GPUs.");
}

// Row 0 of the compare table: a GPU picker per slot (NVIDIA, then AMD Instinct for a compare across vendors).
SMCALC_STEP void compare_pickers(App& a) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableNextColumn();
    ImGui::AlignTextToFramePadding();
    text_dim("GPU");
    for (int i = 0; i < kCompareSlots; ++i) {
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        std::string& slot = a.in.compare_gpus[i];
        ImGui::SetNextItemWidth(-FLT_MIN);
        const std::string id = "##cg" + std::to_string(i);
        const bool open = ImGui::BeginCombo(id.c_str(), slot.empty() ? "(none)" : slot.c_str(), ImGuiComboFlags_HeightLarge);
        if (!open) tag_item(id.c_str());
        if (open) {
            if (ImGui::Selectable("(none)", slot.empty())) slot.clear();
            for (const GpuSpec& g : all_gpus()) {
                std::string label = std::string(g.name) + "  (CC " + cc_text(g.device.cc) + ")";
                if (ImGui::Selectable(label.c_str(), slot == g.name)) slot = std::string(g.name);
            }
            // AMD Instinct: a compare across vendors (each column reads its own vendor's fields, as the API's).
            for (const amd::GpuSpec& g : amd::all_gpus()) {
                std::string label = std::string(g.name) + "  (" + std::string(g.gfx) + ")";
                if (ImGui::Selectable(label.c_str(), slot == g.name)) slot = std::string(g.name);
            }
            ImGui::EndCombo();
        }
        ImGui::PopID();
    }
}

// The compare table's rows: section headings, then a figure per GPU; rows that differ highlighted.
SMCALC_STEP void compare_rows(const App& a, const CompareTable& t, float col_w) {
    const ImU32 differs_bg = ImGui::ColorConvertFloat4ToU32(
        ImVec4(a.pal.text_limiting.x, a.pal.text_limiting.y, a.pal.text_limiting.z, a.pal.dark ? 0.13f : 0.12f));
    static const char* const key_rows[] = {"blocks_per_sm", "ctas_per_sm", "per_processor", "occupancy",
                                           "gpu_resident_ctas", "gpu_resident"};
    for (const CompareRow& row : t.rows) {
        if (row.key.empty()) {  // a section heading
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "%s", row.label.c_str());
            continue;
        }
        ImGui::TableNextRow();
        if (row.differs) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, differs_bg);
        const bool key = std::find(std::begin(key_rows), std::end(key_rows), row.key) != std::end(key_rows);
        ImGui::TableNextColumn();
        if (row.differs)
            ImGui::TextColored(a.pal.text_limiting, "%s", row.label.c_str());
        else if (key)
            ImGui::TextUnformatted(row.label.c_str());
        else
            text_dim(row.label.c_str());
        tip(row.label);
        int c = 0;
        for (int i = 0; i < kCompareSlots; ++i) {
            ImGui::TableNextColumn();
            const bool has = c < static_cast<int>(t.slots.size()) && t.slots[c] == i;
            if (!has) continue;
            const std::string& v = row.values[c++];
            ImGui::TextUnformatted(v.c_str());
            if (ImGui::CalcTextSize(v.c_str()).x > col_w) tip(v);
        }
    }
}

}  // namespace

void view_compare(App& a, float height) {
    const CompareTable& t = compare_table(a);
    compare_heading(a);
    ImGui::Spacing();
    const int ncol = kCompareSlots + 1;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_PadOuterX;
    const ImGuiStyle& st = ImGui::GetStyle();
    const float avail_w = ImGui::GetContentRegionAvail().x;
    // As tall as its rows, or what is left of the card (then it scrolls).
    const float row_h = ImGui::GetTextLineHeight() + 2 * st.CellPadding.y;
    const float needed = ImGui::GetFrameHeight() + 2 * st.CellPadding.y + row_h * static_cast<float>(t.rows.size()) +
                         st.ScrollbarSize + 4;
    const float left = height > 0 ? height - ImGui::GetCursorPosY() - st.WindowPadding.y : needed;
    const float h = std::max(std::min(needed, left), 120.0f);
    float label_w = 0;
    for (const CompareRow& row : t.rows) label_w = std::max(label_w, ImGui::CalcTextSize(row.label.c_str()).x);
    label_w = std::clamp(label_w + 8, 90.0f, std::max(90.0f, avail_w * (avail_w < 700 ? 0.3f : 0.36f)));
    // An empty slot keeps a narrow column for its picker; the GPUs share the rest. Narrow (embed): columns
    // shrink to 56 px, cut values have their full text in a tooltip.
    const int used = std::max(1, static_cast<int>(t.slots.size()));
    const float empty_w = std::min(110.0f, std::floor((avail_w - label_w) / kCompareSlots));
    const float pad = 2 * st.CellPadding.x + 1;
    const float col_w = std::max(
        56.0f, std::floor((avail_w - label_w - pad - static_cast<float>(kCompareSlots - used) * (empty_w + pad)) / static_cast<float>(used)) - pad);
    if (!ImGui::BeginTable("cmp", ncol, flags, ImVec2(avail_w, h))) return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, label_w);
    for (int i = 0; i < kCompareSlots; ++i) {
        const bool has = std::find(t.slots.begin(), t.slots.end(), i) != t.slots.end();
        ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, has || t.slots.empty() ? col_w : empty_w);
    }
    ImGui::TableSetupScrollFreeze(1, 1);

    compare_pickers(a);
    if (t.names.empty()) {
        ImGui::EndTable();
        wrapped_dim("Pick a GPU above.");
        return;
    }
    if (t.error) {
        ImGui::EndTable();
        wrapped_colored(a.pal.text_error, t.error->message);
        return;
    }
    compare_rows(a, t, col_w);
    ImGui::EndTable();
    for (const std::string& n : t.notes) wrapped_dim(n);  // across vendors: which fields each vendor read
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Compiler output
// ---------------------------------------------------------------------------------------------------------

namespace {

int resize_string(ImGuiInputTextCallbackData* d) {
    if (d->EventFlag == ImGuiInputTextFlags_CallbackResize) {
        auto* s = static_cast<std::string*>(d->UserData);
        s->resize(static_cast<std::size_t>(d->BufTextLen));
        d->Buf = s->data();
    }
    return 0;
}

void pick(App& a, int i);

// The reader's answer for request `id`, in the order of page.js's NV and AMD key lists.
void take_read(int id, const std::string& lines) {
    App& a = app();
    PasteState& p = a.paste;
    if (id != p.reading) return;  // an answer for text that has changed since
    p.reading = 0;
    ParsedOutput out;
    for (std::size_t pos = 0; pos < lines.size();) {
        const std::size_t nl = std::min(lines.find('\n', pos), lines.size());
        const Cells c(std::string_view(lines).substr(pos, nl - pos));
        pos = nl + 1;
        if (c[0] == "E") {
            p.error = Error{ErrorId::InvalidInput, "text", c.str(1)};
            return;
        }
        if (c[0] == "S") out.summary = c.str(1);
        if (c[0] == "N") out.notes.push_back(c.str(1));
        ParsedKernel k;
        std::optional<amd::KernelInput> amd_in;
        if (c[0] == "K") {
            k.short_name = c.str(1);
            k.name = c.str(2);
            k.demangled = c.str(3);
            k.arch = c.str(4);
            if (auto cc = parse_cc(c[5])) k.cc = *cc;
            k.cc_modelled = c[6] == "1";
            k.registers = c.num(7);
            k.smem_static = c.num(8);
            k.barriers = c.num(9);
            k.stack_frame = c.num(10);
            k.spill_stores = c.num(11);
            k.spill_loads = c.num(12);
            k.local = c.num(13);
            k.line = c.num(14).value_or(0);
            k.missing = c.list(15);
        } else if (c[0] == "A") {
            // An AMD kernel: its row shows VGPRs and LDS; a pick fills the AMD inputs (amd::to_kernel_input).
            amd::ParsedKernel ak;
            ak.name = k.short_name = k.name = c.str(1);
            ak.gfx = k.arch = c.str(2);
            ak.vgprs = k.registers = c.num(3);
            ak.agprs = c.num(4);
            ak.sgprs = c.num(5);
            ak.lds = k.smem_static = c.num(6);
            ak.scratch = c.num(7);
            ak.max_flat_workgroup_size = c.num(8);
            ak.next_free_vgpr = c.num(9);
            ak.line = k.line = c.num(10).value_or(0);
            ak.missing = c.list(11);
            amd_in = amd::to_kernel_input(ak, a.in.amd);
            if (ak.max_flat_workgroup_size) amd_in->threads = *ak.max_flat_workgroup_size;
        } else {
            continue;
        }
        out.kernels.push_back(std::move(k));
        p.amd.push_back(amd_in);
    }
    p.parsed = std::move(out);
    p.reveal = kRevealFrames;
    if (p.parsed->kernels.size() == 1) pick(a, 0);
}

void reparse(App& a) {
    PasteState& p = a.paste;
    p.parsed_text = p.text;
    p.parsed.reset();
    p.amd.clear();
    p.error.reset();
    p.picked = -1;
    p.filled.clear();
    p.reading = 0;
    std::string_view text = p.text;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\n')) text.remove_prefix(1);
    if (text.empty() || !a.host.read_output) return;
    p.reading = ++p.requests;
    a.host.read_output(p.reading, p.text, take_read);
}

std::string opt_text(const std::optional<int64_t>& v) { return v ? std::to_string(*v) : std::string("-"); }

void pick(App& a, int i) {
    PasteState& p = a.paste;
    const ParsedKernel& k = p.parsed->kernels[static_cast<std::size_t>(i)];
    p.picked = i;
    p.reveal = kRevealFrames;  // the filled-in line and the target note under the list
    a.in.mode = Mode::Kernel;
    std::string set, missing;
    auto item = [](std::string& list, const std::string& s) { list += (list.empty() ? "" : ", ") + s; };
    if (const auto& amd_in = p.amd[static_cast<std::size_t>(i)]) {
        // An AMD kernel is shown on an AMD GPU: the one of its gfx target when the GPU shown is not AMD.
        if (!amd_gpu(a.in)) {
            for (const amd::GpuSpec& g : amd::all_gpus())
                if (k.arch.empty() || k.arch.rfind(g.gfx, 0) == 0) {  // "gfx942:sramecc+" is gfx942
                    a.in.gpu = std::string(g.name);
                    break;
                }
            a.in.cc_override.reset();
            a.in.overrides = {};
        }
        a.in.amd = *amd_in;
        a.in.kernel.threads = amd_in->threads;
        p.filled = "Filled in from " + k.name + (k.arch.empty() ? "" : " (" + k.arch + ")") + ": " +
                   std::to_string(amd_in->vgprs) + " VGPRs, " + std::to_string(amd_in->agprs) + " AGPRs, " +
                   std::to_string(amd_in->sgprs) + " SGPRs, " + format_bytes(amd_in->lds) + " LDS, " +
                   std::to_string(amd_in->threads) + " work-items per workgroup.";
        return;
    }
    a.in.kernel = to_kernel_input(k, a.in.kernel);
    if (k.registers) item(set, std::to_string(*k.registers) + " registers/thread");
    if (k.smem_static) item(set, format_bytes(*k.smem_static) + " static shared memory");
    if (k.barriers) item(set, std::to_string(*k.barriers) + (*k.barriers == 1 ? " barrier" : " barriers"));
    for (const std::string& f : k.missing)
        if (f == "registers" || f == "smem" || f == "barriers")
            item(missing, f == "smem" ? "static shared memory" : f);
    p.filled = "Filled in from " + k.short_name + (k.arch.empty() ? "" : " (" + k.arch + ")") + ": " +
               (set.empty() ? std::string("nothing") : set) + "." +
               (missing.empty() ? "" : " Not in the text: " + missing + " (kept as they were).") +
               " Dynamic shared memory is a launch parameter: set it above.";
}

// The first database GPU of a CC (one with a published SM count first).
const GpuSpec* gpu_for_cc(ComputeCapability cc) {
    const GpuSpec* found = nullptr;
    for (const GpuSpec& g : all_gpus()) {
        if (g.device.cc != cc) continue;
        if (g.device.sm_count > 0) return &g;
        if (!found) found = &g;
    }
    return found;
}

// Why the numbers may not be those of the compiled target: the picked kernel's arch vs the GPU shown.
std::string arch_note(const App& a) {
    const PasteState& p = a.paste;
    if (!p.parsed || p.picked < 0 || p.picked >= static_cast<int>(p.parsed->kernels.size())) return {};
    const ParsedKernel& k = p.parsed->kernels[static_cast<std::size_t>(p.picked)];
    const Device& dev = a.model.device;
    if (k.cc && !k.cc_modelled)
        return k.arch + " is not a compute capability the solver models; the numbers are for the GPU chosen above.";
    if (k.cc && *k.cc != dev.cc)
        return "Compiled for " + k.arch + ", but the GPU shown is " + a.model.title + " (CC " + cc_text(dev.cc) +
               "): registers and limits may differ on the compiled target.";
    return {};
}

}  // namespace

void view_paste_body(App& a);

void view_paste(App& a) {
    PasteState& p = a.paste;
    const bool open = reveal_section("Paste compiler output", p.open, p.reveal);
    tip("Paste the output of nvcc -Xptxas -v (or ptxas -v, nvcc --resource-usage), cuobjdump -res-usage, or AMD "
        "LLVM's resource-usage remarks, .s or metadata: every kernel in it is listed with its registers, shared "
        "memory (LDS), barriers and spills.");
    if (!open) return;
    view_paste_body(a);
    ImGui::TreePop();
    if (p.reveal > 0) reveal_card_end();  // just opened or just read: bring the box and the kernel list into view
}

namespace {

// One kernel's row: its name (picks it; the tooltip has the rest), target, registers, shared memory, barriers,
// spills.
SMCALC_STEP void paste_kernel_row(App& a, const ParsedKernel& k, std::size_t i) {
    const PasteState& p = a.paste;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    const std::string label = k.short_name + "##k";
    if (ImGui::Selectable(label.c_str(), p.picked == static_cast<int>(i), ImGuiSelectableFlags_SpanAllColumns))
        pick(a, static_cast<int>(i));
    tag_item(("kernel:" + k.short_name + (k.arch.empty() ? "" : "@" + k.arch)).c_str());
    std::string t = k.demangled.empty() ? k.name : k.demangled;
    if (k.stack_frame) t += "\nstack frame " + std::to_string(*k.stack_frame) + " B";
    if (k.spill_stores || k.spill_loads)
        t += "\nspill stores " + opt_text(k.spill_stores) + " B, loads " + opt_text(k.spill_loads) + " B";
    if (k.local) t += "\nlocal memory " + std::to_string(*k.local) + " B";
    t += "\nline " + std::to_string(k.line) + " of the text";
    tip(t);
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(k.arch.empty() ? "-" : k.arch.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(opt_text(k.registers).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(k.smem_static ? axis_bytes(*k.smem_static).c_str() : "-");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(opt_text(k.barriers).c_str());
    ImGui::TableNextColumn();
    const std::optional<int64_t> spill = k.spill_stores ? k.spill_stores : k.local;
    if (spill && *spill > 0)
        ImGui::TextColored(a.pal.text_limiting, "%s", axis_bytes(*spill).c_str());
    else
        ImGui::TextUnformatted(opt_text(spill).c_str());
}

// The kernels of the pasted output as a table (the target and spill columns only where they say something).
SMCALC_STEP void paste_kernel_table(App& a, const ParsedOutput& out) {
    const float line = ImGui::GetTextLineHeight();
    // The target only when kernels of several targets are listed, spills only when some kernel spills.
    bool several_archs = false, spills = false;
    for (const ParsedKernel& k : out.kernels) {
        several_archs |= k.arch != out.kernels.front().arch;
        spills |= (k.spill_stores && *k.spill_stores > 0) || (k.local && *k.local > 0);
    }

    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY |
                               ImGuiTableFlags_BordersInnerH;
    const float rows_h = (line + ImGui::GetStyle().CellPadding.y * 2) *
                         static_cast<float>(std::min<std::size_t>(out.kernels.size(), 8) + 1) + 4;
    if (ImGui::BeginTable("kernels", 6, tf, ImVec2(0, rows_h))) {
        ImGui::TableSetupColumn("Kernel", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("Arch", several_archs ? 0 : ImGuiTableColumnFlags_Disabled);
        ImGui::TableSetupColumn("Regs");
        ImGui::TableSetupColumn("Smem");
        ImGui::TableSetupColumn("Bar");
        ImGui::TableSetupColumn("Spill", spills ? 0 : ImGuiTableColumnFlags_Disabled);
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < out.kernels.size(); ++i) {
            paste_kernel_row(a, out.kernels[i], i);
        }
        ImGui::EndTable();
    }
}

}  // namespace

void view_paste_body(App& a) {
    PasteState& p = a.paste;
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 size(-FLT_MIN, line * 5 + ImGui::GetStyle().FramePadding.y * 2);
    const ImVec2 box = ImGui::GetCursorScreenPos();
    const bool changed = ImGui::InputTextMultiline("##paste", p.text.data(), p.text.capacity() + 1, size,
                                                   ImGuiInputTextFlags_CallbackResize, resize_string, &p.text);
    tag_item("##paste");
    if (p.text.empty() && !ImGui::IsItemActive()) {
        const ImVec2 pad = ImGui::GetStyle().FramePadding;
        ImGui::GetWindowDrawList()->AddText(ImVec2(box.x + pad.x, box.y + pad.y), a.pal.axis_text,
                                            "Paste the output of\n  nvcc -Xptxas -v ...  or\n  cuobjdump -res-usage ...\n"
                                            "(Ctrl+V); every kernel in it is listed.");
    }
    if (changed || p.parsed_text.size() != p.text.size() || p.parsed_text != p.text) {
        reparse(a);
        p.reveal = kRevealFrames;
    }
    if (!p.text.empty() && ImGui::SmallButton("Clear##paste")) {
        p.text.clear();
        reparse(a);
    }
    if (p.reading) wrapped_dim("Reading...");
    // A cubin, an nvcc-built object or executable, an AMD code object (also dropped on the page): its kernels are
    // listed by the JS API, in the browser (web/js/messages.js binary_dialog).
    if (a.host.open_file && ImGui::SmallButton("Open a compiled file...")) a.host.open_file();
    if (p.error) {
        wrapped_colored(a.pal.text_error, p.error->message);
        return;
    }
    if (!p.parsed) return;
    const ParsedOutput& out = *p.parsed;
    wrapped_dim(out.summary + (out.kernels.size() > 1 ? ". Pick one to fill in its registers, shared memory "
                                                        "and barriers:" : "."));
    for (const std::string& n : out.notes) wrapped_dim(n);
    paste_kernel_table(a, out);
    if (p.picked >= 0 && p.picked < static_cast<int>(out.kernels.size())) {
        const ParsedKernel& k = out.kernels[static_cast<std::size_t>(p.picked)];
        wrapped_dim(p.filled);
        const std::string note = arch_note(a);
        if (!note.empty()) wrapped_colored(a.pal.text_limiting, note);
        if (!note.empty() && k.cc_modelled) {
            if (const GpuSpec* g = gpu_for_cc(*k.cc)) {
                const std::string b = "Show on " + std::string(g->name) + "##arch";
                if (ImGui::SmallButton(b.c_str())) {
                    a.in.gpu = std::string(g->name);
                    a.in.cc_override.reset();
                    a.in.overrides = {};
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] What fits
// ---------------------------------------------------------------------------------------------------------

namespace {

// The inputs the search depends on: the device and the tile's types, path and options (not its shape).
std::string fits_key(const Inputs& in) {
    Inputs k;
    k.gpu = in.gpu;
    k.cc_override = in.cc_override;
    k.overrides = in.overrides;
    k.mode = Mode::Tile;
    k.tile = in.tile;
    const TileInput d;
    k.tile.m = d.m;
    k.tile.n = d.n;
    k.tile.k = d.k;
    k.tile.stages = d.stages;
    k.tile.warps = d.warps;
    return encode_hash(k);
}

constexpr std::size_t kFitsShown = 20;

// view_fits' steps.

// The search's answer for these inputs: recomputed when the device, types, path or options changed (fits_key).
SMCALC_STEP void ensure_fits(App& a, FitsCache& f) {
    const std::string key = fits_key(a.in);
    if (f.key != key) {
        f.key = key;
        f.result.reset();
        f.error.reset();
        if (a.model.arch) {
            Request q = request_for(a.in, Op::Tiles);
            q.limit.reset();  // every fit: the card shows the largest ones
            Answer r = solve(q);
            if (r.ok())
                f.result = std::move(std::get<TileSearchResult>(r.solved));
            else
                f.error = r.error;
        }
    }
}

// Row `i` of the fits table: the tile (click: load it; hover: its numbers), stages, warps, CTAs, occupancy, regs.
SMCALC_STEP void fits_row(App& a, const TileFit& fit, std::size_t i) {
    const TileInput& t = a.in.tile;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string label = num(fit.m) + "x" + num(fit.n) + "x" + num(fit.k);
    const bool current = t.m == fit.m && t.n == fit.n && t.k == fit.k && t.stages == fit.stages &&
                         t.warps == fit.warps;
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(label.c_str(), current, ImGuiSelectableFlags_SpanAllColumns)) {
        a.in.tile.m = fit.m;
        a.in.tile.n = fit.n;
        a.in.tile.k = fit.k;
        a.in.tile.stages = fit.stages;
        a.in.tile.warps = fit.warps;
    }
    tag_item(("fit:" + std::to_string(i)).c_str());
    ImGui::PopID();
    std::string why;
    for (Resource res : fit.limiting) why += (why.empty() ? "" : ", ") + std::string(resource_label(res));
    tip(label + ", " + count_text(fit.stages, "stage", "stages") + ", " + count_text(fit.warps, "warp", "warps") +
        ": " + count_text(fit.ctas_per_sm, "CTA", "CTAs") + " per SM, limited by " + (why.empty() ? "-" : why) +
        "; " + num(fit.acc_regs_per_thread) + " accumulator + other registers = " +
        num(fit.regs_per_thread_est) + " per thread (estimate); " + format_bytes(fit.smem_per_cta) +
        " shared memory per CTA.");
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(fit.stages).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(fit.warps).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(fit.ctas_per_sm).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_percent(fit.occupancy).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(num(fit.regs_per_thread_est).c_str());
}

// The search's count and the table of the largest fits.
SMCALC_STEP void fits_table(App& a, const TileSearchResult& r) {
    const TileInput& t = a.in.tile;
    wrapped_dim(std::to_string(r.fits.size()) + " of " + grouped(r.candidates) + " tiles fit with these types (" +
                std::string(dtype_key(t.a)) + " x " + std::string(dtype_key(t.b)) + " -> " + std::string(dtype_key(t.acc)) + ", " +
                (t.mma == MmaPath::TensorMemory ? "TMEM" : "registers") + "). The largest " +
                std::to_string(std::min(kFitsShown, r.fits.size())) + " (St: stages, W: warps per CTA); click one to load it:");
    const ImGuiTableFlags tf = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH;
    if (!r.fits.empty() && ImGui::BeginTable("fits", 6, tf)) {
        ImGui::TableSetupColumn("Tile", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("St");
        ImGui::TableSetupColumn("W");
        ImGui::TableSetupColumn("CTA");
        ImGui::TableSetupColumn("Occ.");
        ImGui::TableSetupColumn("Regs");
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < std::min(kFitsShown, r.fits.size()); ++i) fits_row(a, r.fits[i], i);
        ImGui::EndTable();
    }
    if (r.fits.empty()) wrapped_dim("No tile of the searched shapes fits with these types on this GPU.");
    else wrapped_dim("Regs: estimated registers per thread (accumulators + the model's other registers).");
}

}  // namespace

void view_fits(App& a) {
    FitsCache& f = a.fits;
    if (!reveal_section("What fits on this GPU", f.open, f.reveal)) return;
    ensure_fits(a, f);
    if (!a.model.arch) {
        wrapped_dim("The device is not valid.");
    } else if (f.error) {
        wrapped_colored(a.pal.text_error, f.error->message);
    } else if (f.result) {
        fits_table(a, *f.result);
    }
    ImGui::TreePop();
    if (f.reveal > 0) reveal_card_end();
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] State JSON
// ---------------------------------------------------------------------------------------------------------

namespace {

// The next-step card in the page state: its suggestions and launch bounds.
SMCALC_STEP void next_step_state_json(App& a, JsonOut& j) {
    ensure_next(a);
    j.key("next_step");
    if (a.next.step) {
        const NextStep& ns = *a.next.step;
        j.open('{').key("target_blocks").num(ns.target_blocks).key("suggestions").open('[');
        for (const Suggestion* s : ns.all()) {
            j.open('{').key("id").str(s->id).key("possible").boolean(s->possible).key("text").str(s->text);
            if (s->possible) j.key("blocks_per_sm").num(s->result.blocks_per_sm);
            j.close('}');
        }
        j.close(']');
        ensure_launch_bounds(a);
        j.key("launch_bounds");
        if (a.next.lb)
            j.open('{').key("target_blocks").num(a.next.lb->target_blocks).key("max_regs").num(a.next.lb->max_regs)
                .key("launch_bounds").str(a.next.lb->launch_bounds).key("maxrregcount").str(a.next.lb->maxrregcount)
                .close('}');
        else if (a.next.lb_error)
            j.open('{').key("error").str(a.next.lb_error->message).close('}');
        else
            j.null();
        j.close('}');
    } else {
        j.null();
    }
}

// The compare view in the page state: its GPUs, columns, differing rows and the cluster row.
SMCALC_STEP void compare_state_json(App& a, JsonOut& j) {
    j.key("compare").open('{').key("on").boolean(a.in.compare).key("gpus").open('[');
    for (const std::string& g : a.in.compare_gpus) j.str(g);
    j.close(']');
    if (a.in.compare) {
        const CompareTable& t = compare_table(a);
        j.key("columns").open('[');
        for (std::size_t c = 0; c < t.names.size() && !t.error; ++c) {
            j.open('{').key("name").str(t.names[c]).key("blocks_per_sm");
            if (c < t.blocks.size()) j.opt(t.blocks[c]);
            else j.null();
            j.key("occupancy");
            if (c < t.occupancy.size() && t.occupancy[c]) j.real(*t.occupancy[c]);
            else j.null();
            j.key("gpu_resident_ctas");
            if (c < t.resident.size()) j.opt(t.resident[c]);
            else j.null();
            j.close('}');
        }
        j.close(']').key("rows").num(static_cast<int64_t>(t.rows.size())).key("differs").open('[');
        for (const CompareRow& r : t.rows)
            if (r.differs) j.str(r.key);
        j.close(']');
        // The cluster row's cells (add_cluster_row), as the API's compare prints them.
        for (const CompareRow& r : t.rows)
            if (r.key == "clusters") {
                j.key("clusters").open('[');
                for (const std::string& v : r.values) j.str(v);
                j.close(']');
            }
        j.key("error").message(t.error);
    }
    j.close('}');
}

}  // namespace

void guidance_state_json(App& a, JsonOut& j) {
    next_step_state_json(a, j);
    compare_state_json(a, j);
    const PasteState& p = a.paste;
    j.key("paste").open('{').key("chars").num(static_cast<int64_t>(p.text.size())).key("kernels").open('[');
    if (p.parsed)
        for (const ParsedKernel& k : p.parsed->kernels)
            j.open('{').key("name").str(k.short_name).key("arch").str(k.arch).key("regs").opt(k.registers).close('}');
    j.close(']').key("picked").num(p.picked).key("note").str(arch_note(a)).key("error").message(p.error);
    j.close('}');

    j.key("fits").open('{').key("open").boolean(a.fits.open).key("count");
    if (a.fits.result) j.num(static_cast<int64_t>(a.fits.result->fits.size()));
    else j.null();
    j.key("shown").open('[');
    if (a.fits.open && a.fits.result)
        for (std::size_t i = 0; i < std::min(kFitsShown, a.fits.result->fits.size()); ++i) {
            const TileFit& f = a.fits.result->fits[i];
            j.open('{').key("m").num(f.m).key("n").num(f.n).key("k").num(f.k).key("stages").num(f.stages)
                .key("warps").num(f.warps).key("ctas_per_sm").num(f.ctas_per_sm).close('}');
        }
    j.close(']').close('}');
}

}  // namespace smcalc::web
