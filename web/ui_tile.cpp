// web/ui_tile.cpp - the GEMM tile view: tile inputs, the tile's readouts (TileResult::rows) and its verdict.
//
// Every number shown comes from smcalc::tile() (core/include/smcalc/tile.hpp); rows marked "est." are the
// model's estimates (docs/tile-model.md), the others exact arithmetic.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "imgui.h"
#include "smcalc/report.hpp"
#include "ui_app.hpp"

namespace smcalc::web {
namespace {

constexpr DType kOperandTypes[] = {DType::BF16, DType::F16, DType::TF32, DType::F32, DType::E4M3,
                                   DType::E5M2, DType::I8,  DType::F6,   DType::F4};
constexpr DType kAccTypes[] = {DType::F32, DType::F16, DType::I32};
constexpr const char* kTileTags[3] = {"##tm", "##tn", "##tk"};
constexpr const char* kProblemTags[3] = {"##pm", "##pn", "##pk"};

const char* dtype_label(DType t) {
    switch (t) {
    case DType::F32: return "f32";
    case DType::TF32: return "tf32";
    case DType::F16: return "f16";
    case DType::BF16: return "bf16";
    case DType::E4M3: return "fp8 e4m3";
    case DType::E5M2: return "fp8 e5m2";
    case DType::I8: return "i8";
    case DType::I32: return "i32";
    case DType::F6: return "fp6";
    case DType::F4: return "fp4";
    }
    return "?";
}

template <std::size_t N>
bool dtype_combo(const char* id, DType& t, const DType (&choices)[N]) {
    bool changed = false;
    const bool open = ImGui::BeginCombo(id, dtype_label(t));
    if (!open) tag_item(id);
    if (open) {
        for (DType c : choices) {
            if (ImGui::Selectable(dtype_label(c), c == t)) {
                t = c;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

// An integer that may be left empty for "the model's default" (-1).
void optional_int(const char* id, BytesEdit& e, int64_t& value, const char* hint) {
    if (value != e.shown) {
        if (value < 0)
            e.buf[0] = 0;
        else
            std::snprintf(e.buf, sizeof e.buf, "%lld", static_cast<long long>(value));
        e.shown = value;
        e.error.clear();
    }
    if (ImGui::InputTextWithHint(id, hint, e.buf, sizeof e.buf, ImGuiInputTextFlags_CharsDecimal)) {
        long long v = -1;
        char tail = 0;
        if (e.buf[0] == 0) {
            value = -1;
            e.error.clear();
        } else if (std::sscanf(e.buf, "%lld%c", &v, &tail) == 1 && v >= 0 && v <= kMaxInput) {
            value = v;
            e.error.clear();
        } else {
            e.error = "a whole number of registers, or empty for the model's default";
        }
        e.shown = value;
    }
    if (!e.error.empty()) ImGui::TextColored(app().pal.text_error, "%s", e.error.c_str());
}

}  // namespace

// view_tile_inputs' steps, one group of rows each (NVIDIA-only rows skipped on AMD, whose MFMA model reads shape,
// stages, waves, types and problem).
namespace {

// Stages with its "auto" box, and the CUTLASS schedule (NVIDIA).
SMCALC_STEP void tile_stage_schedule_rows(TileInput& t, const Model& m, bool compact, bool amd) {
    label_cell("Stages", "Shared-memory pipeline stages (CUTLASS's Stages / PipelineStages). Auto: CUTLASS's "
                         "StageCountAutoCarveout, the most that fit beside the epilogue.", "st");
    // Beside the field, the "auto" box: the field takes what the box leaves (measured, not guessed: at 640 x 480 a
    // guess left the field no width). Compact layouts drop the field's -/+ buttons for room.
    const ImGuiStyle& st = ImGui::GetStyle();
    if (!amd)
        ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - st.ItemSpacing.x - ImGui::GetFrameHeight() -
                                st.ItemInnerSpacing.x - ImGui::CalcTextSize("auto").x);
    int_input("##st", t.stages, compact && !amd ? 0 : 1, compact && !amd ? 0 : 1);
    if (!amd) {
        ImGui::SameLine();
        ImGui::Checkbox("auto##sa", &t.stages_auto);
        // CUTLASS's kernel schedules, offered where the GPU runs them; the JS API module answers them (ui_model.hpp).
        label_cell("Schedule", "CUTLASS kernel schedule: its threads, roles and their registers (setmaxnreg). "
                               "Manual: warps per CTA, every warp holding accumulators.", "sch");
        static const char* names[] = {"Manual warps", "Cooperative", "Ping-pong", "1-SM", "2-SM", "SM80 multistage"};
        const bool hopper = m.arch && m.arch->cc == ComputeCapability{9, 0}, tmem = m.arch && m.arch->has_tmem;
        const bool sm80 = m.arch && m.arch->cc.major >= 8;  // CUTLASS 2.x's Sm80 kernels run on CC 8.0 and later
        const bool offered[] = {true, hopper, hopper, tmem, tmem, sm80};
        const int cur = static_cast<int>(t.schedule);
        const bool open = ImGui::BeginCombo("##sch", names[cur < 6 ? cur : 0]);
        tag_item("##sch");
        if (open) {
            for (int i = 0; i < 6; ++i)
                if ((offered[i] || i == cur) && ImGui::Selectable(names[i], i == cur)) t.schedule = static_cast<Schedule>(i);
            ImGui::EndCombo();
        }
    }
}

// Warps (or waves), the A x B and accumulator types, and the MMA path where no schedule fixes it.
SMCALC_STEP void tile_warps_types_rows(TileInput& t, const Model& m, bool compact, bool amd) {
    if (amd)
        label_cell(compact ? "Waves" : "Waves / workgroup", "Waves of 64 lanes, each holding a share of the accumulators (1 .. 16).", "w");
    else if (t.schedule == Schedule::None || t.schedule == Schedule::Sm80Multistage)
        label_cell(compact ? "Warps" : "Warps per CTA", "Every warp holds a share of the accumulators (4 warps = 1 warpgroup).", "w");
    if (amd || t.schedule == Schedule::None || t.schedule == Schedule::Sm80Multistage) int_input("##w", t.warps, 1, 4);
    label_cell(compact ? "A x B" : "A x B types", "Element types of the A and B operands.", "ta");
    {
        const float xw = ImGui::CalcTextSize("x").x + 2 * ImGui::GetStyle().ItemInnerSpacing.x;
        const float w = std::floor((ImGui::GetContentRegionAvail().x - xw) / 2.0f);
        ImGui::SetNextItemWidth(w);
        dtype_combo("##ta", t.a, kOperandTypes);
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::TextDisabled("x");
        ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
        ImGui::SetNextItemWidth(w);
        dtype_combo("##tb", t.b, kOperandTypes);
    }
    label_cell(compact ? "Accum." : "Accumulator", "Accumulator type: f32, f16, or i32 with i8 inputs.", "tc");
    dtype_combo("##tc", t.acc, kAccTypes);
    if (!amd && t.schedule == Schedule::None) {  // a schedule fixes the path (wgmma on Hopper, tcgen05 on Blackwell)
        label_cell("MMA path", "Registers: mma.sync / wgmma keep accumulators in registers. Tensor memory: "
                               "tcgen05.mma accumulates in TMEM (CC 10.x / 11.0 only).", "mma");
        {
            static const char* paths[] = {"Registers", "TMEM"};
            const bool enabled[] = {true, m.arch && m.arch->has_tmem};
            int p = t.mma == MmaPath::TensorMemory ? 1 : 0;
            if (segmented(paths, 2, p, enabled)) t.mma = p ? MmaPath::TensorMemory : MmaPath::Registers;
        }
    }
}

// NVIDIA only: TMEM accumulator buffers, the epilogue's staging and the registers beside the accumulators.
SMCALC_STEP void tile_epilogue_rows(App& a, TileInput& t, const Model& m, bool compact) {
    if (t.mma == MmaPath::TensorMemory && t.schedule == Schedule::None) {
        label_cell("Acc. buffers", "Copies of the accumulators in TMEM (2 = double-buffered epilogue).", "ab");
        int_input("##ab", t.acc_buffers, 1, 1);
    }
    label_cell(compact ? "Epilogue" : "Epilogue staging", "Shared memory the epilogue uses to stage C/D on the way out.", "ep");
    {
        static const char* eps[] = {"None", "Whole output tile", "Given bytes"};
        int e = static_cast<int>(t.epilogue);
        if (ImGui::Combo("##ep", &e, eps, 3)) t.epilogue = static_cast<Epilogue>(e);
        tag_item("##ep");
    }
    if (t.epilogue == Epilogue::OutputTile) {
        label_cell("Output type", "Type of the staged output tile (default: the accumulator type).", "eo");
        const char* cur = t.out ? dtype_label(*t.out) : "as accumulator";
        if (ImGui::BeginCombo("##eo", cur)) {
            if (ImGui::Selectable("as accumulator", !t.out)) t.out.reset();
            for (DType c : kDTypes)
                if (ImGui::Selectable(dtype_label(c), t.out && *t.out == c)) t.out = c;
            ImGui::EndCombo();
        }
    }
    if (t.epilogue == Epilogue::Bytes) {
        label_cell("Epilogue bytes", "Shared memory for epilogue sub-tiles, e.g. 32KB.", "eb");
        bytes_input("##eb", "epilogue bytes", a.eb, t.epilogue_bytes, "e.g. 32KB");
    }
    if (t.epilogue != Epilogue::None) {
        label_cell(compact ? "Reuse smem" : "Reuse mainloop smem", "The epilogue aliases the mainloop's buffers (CUTLASS 2.x shared union).", "er");
        ImGui::Checkbox("##er", &t.epilogue_reuses_mainloop);
    }
    label_cell(compact ? "Other regs" : "Other registers", "Registers per thread beyond the accumulators (addresses, fragments). Empty: "
                                  "the model's estimate. Put what ptxas -v reports minus the accumulators.", "ov");
    {
        std::string hint = "model default";
        if (m.tile && t.overhead_regs < 0) hint += " (" + std::to_string(m.tile->overhead_regs) + ")";
        optional_int("##ov", a.ov, t.overhead_regs, hint.c_str());
    }
}

// fp6/fp4 in shared memory (NVIDIA, sub-byte types only) and the whole problem's M x N x K.
SMCALC_STEP void tile_subbyte_problem_rows(App& a, TileInput& t, bool compact, bool amd) {
    const bool subbyte = !amd && (t.a == DType::F6 || t.a == DType::F4 || t.b == DType::F6 || t.b == DType::F4);
    if (subbyte) {
        label_cell(compact ? "fp6/fp4 smem" : "fp6/fp4 in smem", "Auto: padded to 1 byte for kind::f8f6f4, packed for fp4 x fp4.", "sb");
        static const char* sbs[] = {"Auto", "Packed", "Padded (1 B)"};
        int v = static_cast<int>(t.subbyte_smem);
        if (ImGui::Combo("##sb", &v, sbs, 3)) t.subbyte_smem = static_cast<SubbyteSmem>(v);
    }
    label_cell(compact ? "Problem" : "Problem size", "A whole GEMM (M x N x K): CTAs, waves and the last wave's fill.", "p");
    ImGui::Checkbox(a.in.problem_on ? "on##p" : "off##p", &a.in.problem_on);
    if (a.in.problem_on) {
        label_cell("  M x N x K", "The GEMM's M, N and K in elements.", "p");
        triple("problem", a.in.problem.m, a.in.problem.n, a.in.problem.k, kProblemTags);
    }
}

// Under the table: the tile's instruction, warp grid and threads.
SMCALC_STEP void tile_instruction_line(const TileResult& r) {
    ImGui::Spacing();
    std::string s = r.instruction;
    if (r.grid_m > 0 && r.grid_n > 0)
        s += ", " + std::to_string(r.grid_m) + " x " + std::to_string(r.grid_n) +
             (r.instruction.rfind("wgmma", 0) == 0 ? " warpgroups" : " warps");
    s += ", " + std::to_string(r.threads) + " threads";
    ImGui::PushTextWrapPos(0.0f);
    text_dim(s.c_str());
    ImGui::PopTextWrapPos();
}

}  // namespace

void view_tile_inputs(App& a, bool compact) {
    TileInput& t = a.in.tile;
    const Model& m = a.model;
    if (!ImGui::BeginTable("tin", 2, ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch, compact ? 1.75f : 1.45f);

    label_cell(compact ? "Tile MxNxK" : "Tile M x N x K", "Output tile of one CTA (M x N elements of C) and the K elements loaded per "
                                 "pipeline stage. CUTLASS writes it as TileShape / ThreadblockShape.", "tm");
    triple("tile", t.m, t.n, t.k, kTileTags);
    const bool amd = m.amd_gpu != nullptr;  // the AMD MFMA model reads shape, stages, waves, types and problem
    tile_stage_schedule_rows(t, m, compact, amd);
    tile_warps_types_rows(t, m, compact, amd);
    if (!amd) tile_epilogue_rows(a, t, m, compact);
    tile_subbyte_problem_rows(a, t, compact, amd);
    cluster_inputs(a, compact);
    end_locked_row();
    ImGui::EndTable();

    if (m.tile) tile_instruction_line(*m.tile);
}

namespace {

// An AMD tile (amd::tile): whether it fits a CU and, if not, why (the MFMA model's registers and LDS).
void amd_tile_verdict(App& a, const amd::TileResult& t) {
    if (t.fits) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "Fits");
        ImGui::SameLine();
        text_wrapped(std::to_string(t.acc_regs_per_lane) + " accumulator registers per lane, " +
                     format_bytes(t.lds_per_workgroup) + " of LDS per workgroup.");
        return;
    }
    const std::string why =
        !t.regs_fit ? "its accumulators need " + std::to_string(t.vgprs) + " VGPRs and " + std::to_string(t.agprs) +
                          " AGPRs per lane (limit 256 each): the compiler would spill"
        : !t.lds_fits ? "it needs " + format_bytes(t.lds_per_workgroup) + " of LDS per workgroup (limit " +
                            format_bytes(t.lds_limit) + ")"
                      : std::string("no workgroup fits on a CU");
    ImGui::TextColored(a.pal.text_error, "Does not fit on one CU");
    ImGui::Spacing();
    text_wrapped("The tile does not run: " + why + ".");
}

}  // namespace

void view_tile_verdict(App& a) {
    const Model& m = a.model;
    if (m.amd_tile) amd_tile_verdict(a, *m.amd_tile);
    if (!m.tile) return;
    const TileResult& r = *m.tile;
    if (r.fits) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(a.pal.accent), "Fits");
        ImGui::SameLine();
        const std::string acc = r.input.mma == MmaPath::TensorMemory
                                    ? "accumulators in tensor memory (" + std::to_string(r.tmem_columns) + " of " +
                                          std::to_string(r.tmem_columns_limit) + " columns), "
                                    : std::to_string(r.acc_regs_per_thread) + " accumulator registers per thread, ";
        const std::string s = acc + unit_value_text("bytes", static_cast<double>(r.smem_per_cta)) + " of shared memory per CTA.";
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(s.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    // Does not fit: the headline says so and why, then the ways to make it fit (tile_fit_options: the same tile
    // model and solver), each with its numbers and, where it is an input change, Apply. No occupancy figure: the
    // configuration does not run as modelled.
    ImGui::TextColored(a.pal.text_error, "Does not fit on one SM");  // (the headline font holds digits only)
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted((capitalized(tile_misfit_text(r)) + ".").c_str());
    if (!r.fit_options.empty()) {
        ImGui::Spacing();
        text_dim("Ways to make it fit:");
        for (std::size_t i = 0; i < r.fit_options.size(); ++i) {
            const TileFitOption& o = r.fit_options[i];
            ImGui::PushID(static_cast<int>(i));
            // One short line per option: Apply (where it is an input change) or a bullet, its label and whether
            // it fits; the numbers in its tooltip. Short, so the verdict leaves room for the tabs in a 640 x 480 embed.
            const bool cluster = o.cluster.x * o.cluster.y * o.cluster.z > 1;
            const bool applicable = o.fits && o.key != "cta_pair_2sm";
            if (applicable) {
                if (ImGui::SmallButton("Apply")) {
                    TileInput& t = a.in.tile;
                    t.m = o.cta.m;
                    t.n = o.cta.n;
                    t.warps = o.cta.warps;
                    a.in.cluster_on = cluster;
                    if (cluster) a.in.cluster.dims = o.cluster;
                }
                tag_item(("Apply##fit_" + o.key).c_str());
                ImGui::SameLine();
            } else {
                ImGui::Bullet();
            }
            ImGui::TextColored(o.fits ? ImGui::GetStyle().Colors[ImGuiCol_Text] : a.pal.text_dim, "%s: %s",
                               o.label.c_str(), o.fits ? "fits" : "does not fit");
            if (ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
                ImGui::TextUnformatted(o.text.c_str());
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
            ImGui::PopID();
        }
    }
    ImGui::PopTextWrapPos();
}

void view_tile_rows(App& a) {
    const Model& m = a.model;
    if (m.amd_tile) tile_row_bars(m.amd_tile->rows);
    if (m.tile) tile_row_bars(m.tile->rows);
}

void tile_row_bars(const std::vector<TileRow>& rows) {
    for (const TileRow& row : rows) {
        if (row.key == "occupancy" || row.key == "ctas_per_sm") continue;  // in the headline
        const std::string value =
            row.limit ? value_of_limit_text(row.unit, row.value, *row.limit) : unit_value_text(row.unit, row.value);
        const double frac = row.limit ? (*row.limit > 0 ? row.value / *row.limit : 0) : -1;
        const std::string tip = capitalized(row.label) + (row.basis == Basis::Estimate
                                                              ? ": a model estimate (docs/tile-model.md)."
                                                              : ": exact arithmetic.");
        bar_row(capitalized(row.label), value, frac, row.over ? BarKind::Over : BarKind::Normal,
                row.basis == Basis::Estimate ? "est." : nullptr, tip);
    }
}

void view_tile_budget(App& a) {
    const Model& m = a.model;
    if (m.amd_gpu) {
        view_tabs(a, "budget_tabs", {{"Tile", view_tile_rows}, {"Why", view_why}});
        return;
    }
    if (!m.tile) {
        view_budgets(a);
        return;
    }
    if (a.in.cluster_on)
        view_tabs(a, "budget_tabs", {{"Tile", view_tile_rows}, {"SM budget", view_budgets}, {"Clusters", view_clusters},
                                     {"Next step", view_next_step}, {"Why", view_why}});
    else
        view_tabs(a, "budget_tabs",
                  {{"Tile", view_tile_rows}, {"SM budget", view_budgets}, {"Next step", view_next_step}, {"Why", view_why}});
}

}  // namespace smcalc::web
