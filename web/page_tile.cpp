// web/page_tile.cpp - a tile with a CUTLASS schedule answered for the page by the JS API module (smcalc-api.js,
// web/bindings.cpp smcalc_page_tile): the page's core leaves the schedules out (page weight), this module links the
// full core. The page sends its URL hash (encode_hash, what it computes its own answers from); the answer goes back
// as tab-separated lines (web/lines.hpp), read by read_page_tile (web/ui_model.cpp), so the page needs no JSON
// reader. Not in the page's wasm (web/CMakeLists.txt globs ui*.cpp for the page); compiled natively for
// tests/api-page.cpp, which checks that the page's model from these lines equals the full core's.
//
// Lines (cells separated by tabs, each escaped: web/lines.hpp append_cell, Cells::str):
//   E  id  field  message       the tile's error (ErrorId as its number)
//   C  id  field  message       the cluster was refused: the lines after it answer the tile without it (as the page
//                               shows a refused cluster: ui_model.cpp PageAnswer)
//   I  v...                     the resolved input: fields::tile_fields() values in table order
//   T  ...                      the verdict's figures, in the order written below (occupancy as bits, limiting
//                               as a bit set: bit i = Resource i)
//   P  tiles_m  tiles_n         the problem's tiles (the cluster grid is rounded from them)
//   R  key label unit value limit basis over    a readout (TileRow; value and limit as their IEEE-754 bits in a
//                                               decimal int64, limit "" for none)
//   O  key label threads regs acc_regs basis    a role (TileRole)
//   N  note
//   J  members                  the tile's figures as the JSON API writes them (value_json: the TileResult's member
//                               list), the members of the object without its braces: the page state's "tile"
#include <cstring>
#include <cstdint>
#include <optional>
#include <string>

#include "api_detail.hpp"
#include "lines.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/solve.hpp"
#include "ui_model.hpp"

namespace smcalc::web {
namespace {

void cell(std::string& out, std::string_view v) { append_cell(out, v); }
void cell(std::string& out, int64_t v) { cell(out, std::to_string(v)); }
// A double as its IEEE-754 bits (web/lines.hpp Cells::real): exact, and the page needs no strtod.
struct Real {
    double v;
};
void cell(std::string& out, Real r) {
    int64_t bits = 0;
    std::memcpy(&bits, &r.v, sizeof bits);
    cell(out, bits);
}
// An absent figure is an empty cell.
void cell(std::string& out, std::optional<double> v) {
    if (v) cell(out, Real{*v});
    else cell(out, std::string_view{});
}
// One line: its tag, then a cell per value.
template <class... V>
void line(std::string& out, char tag, const V&... v) {
    out += tag;
    (cell(out, v), ...);
    out += '\n';
}
void error_line(std::string& out, char tag, const Error& e) {
    line(out, tag, static_cast<int64_t>(e.id), std::string_view(e.field), std::string_view(e.message));
}

}  // namespace

std::string page_tile_lines(const Inputs& in) {
    Request q = request_for(in, Op::Tile);
    std::string out;
    Answer a = solve(q);
    if (!a.ok() && q.cluster) {
        // As the page: the answer without the refused cluster, and the refusal beside it.
        const Error refused = *a.error;
        q.cluster.reset();
        q.tile.cluster.reset();
        Answer b = solve(q);
        if (b.ok()) {
            error_line(out, 'C', refused);
            a = std::move(b);
        }
    }
    if (!a.ok()) {
        error_line(out, 'E', *a.error);
        return out;
    }
    const auto* t = std::get_if<TileResult>(&a.solved);
    if (!t) return "E\t0\top\tnot a tile answer\n";
    const TileResult& r = *t;
    out += 'I';
    for (const auto& f : fields::tile_fields()) cell(out, f.get(r.input));
    out += "\nT";
    for (int64_t v : {int64_t{r.fits}, r.threads, r.regs_launch, r.smem_per_cta, r.acc_regs_per_thread,
                      r.regs_per_thread_est, r.regs_cap, int64_t{r.acc_over_cap}, int64_t{r.spills}, r.smem_limit,
                      int64_t{r.smem_fits}, r.tmem_columns, r.tmem_columns_limit, int64_t{r.tmem_fits}, r.ctas_per_sm,
                      int64_t{r.occ.has_value()}, r.grid_m, r.grid_n, static_cast<int64_t>(r.schedule),
                      r.regs_launch_alloc, r.consumer_regs, r.acc_stages, r.overhead_regs, r.ctas_by_smem.value_or(-1),
                      r.ctas_by_regs.value_or(-1)})
        cell(out, v);
    cell(out, r.instruction);
    cell(out, Real{r.occupancy});
    int64_t limiting = 0;  // bit i: Resource i limits
    for (Resource res : r.limiting) limiting |= int64_t{1} << static_cast<int>(res);
    cell(out, limiting);
    out += '\n';
    if (r.problem) line(out, 'P', r.problem->tiles_m, r.problem->tiles_n);
    for (const TileRow& row : r.rows)
        line(out, 'R', std::string_view(row.key), std::string_view(row.label), std::string_view(row.unit), Real{row.value},
             row.limit, static_cast<int64_t>(row.basis), int64_t{row.over});
    for (const TileRole& role : r.roles)
        line(out, 'O', std::string_view(role.key), std::string_view(role.label), role.threads, role.regs, role.acc_regs,
             static_cast<int64_t>(role.basis));
    for (const std::string& n : r.notes) line(out, 'N', std::string_view(n));
    // The figures as the JSON API writes them (one line: dump() escapes every control character in a string).
    const std::string figures = api::detail::value_json(r).dump();
    line(out, 'J', std::string_view(figures).substr(1, figures.size() - 2));
    return out;
}

}  // namespace smcalc::web
