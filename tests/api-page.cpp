// tests/api-page.cpp - the page and the API give the same answer to the same request (issue 26).
//
// The page makes its core Request from its inputs (web/ui_model.cpp request_for, compiled natively here) and calls
// solve(); the API reads a JSON request (core/api parse) and calls solve(). For 1,000 page states drawn with a fixed
// seed (every catalogued GPU, NVIDIA and AMD, custom devices, kernel and tile inputs, problem sizes, clusters,
// compare lists across vendors), each op the page asks (occupancy or tile by mode, next_step, block_size, tiles,
// compare) is answered both ways and written as JSON by the same writer: the two must be equal, member for member.
// The JSON request is the one smcalc-messages.js sends the JS API for the page's state (web/page_request.cpp, the
// field tables' JSON keys); a page state the API refuses (a custom device it cannot take, say) must be refused alike.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "api_answers.hpp"
#include "smcalc/amd.hpp"
#include "smcalc/fields.hpp"
#include "smcalc/format.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/solve.hpp"
#include "page_request.hpp"
#include "ui_model.hpp"
#include "ui_state.hpp"

namespace {

using namespace smcalc;
using smcalc::test::json;

// A page state drawn from `r`: the URL hash a user could have, read by the page's own decoder.
web::Inputs draw(std::mt19937_64& r) {
    auto pick = [&](auto&& v) { return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(r)]; };
    auto num = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(r); };
    std::vector<std::string> gpus;
    for (const GpuSpec& g : all_gpus()) gpus.emplace_back(g.name);
    for (const amd::GpuSpec& g : amd::all_gpus()) gpus.emplace_back(g.name);
    const std::vector<std::string> types = {"bf16", "f16", "e4m3", "f32", "tf32", "i8", "f4"};
    std::string h = "gpu=" + web::percent_encode(pick(gpus));
    h += num(0, 1) ? "&m=tile" : "&m=kernel";
    h += "&t=" + std::to_string(num(1, 32) * 32 + (num(0, 5) == 0 ? num(1, 31) : 0));
    h += "&r=" + std::to_string(num(0, 255));
    h += "&ss=" + std::to_string(num(0, 48) * 1024);
    if (num(0, 2) == 0) h += "&ds=" + std::to_string(num(0, 160) * 1024) + "&oi=1";
    if (num(0, 4) == 0) h += "&co=" + std::to_string(num(0, 100));
    h += "&vg=" + std::to_string(num(0, 256)) + "&ag=" + std::to_string(num(0, 128) * num(0, 1));
    h += "&lds=" + std::to_string(num(0, 64) * 1024);
    const int64_t shapes[] = {64, 128, 256};
    h += "&tm=" + std::to_string(pick(std::vector<int64_t>(std::begin(shapes), std::end(shapes))));
    h += "&tn=" + std::to_string(pick(std::vector<int64_t>(std::begin(shapes), std::end(shapes))));
    h += "&tk=" + std::to_string(num(1, 4) * 32) + "&st=" + std::to_string(num(1, 6)) + "&w=" + std::to_string(num(1, 4) * 4);
    const std::string ab = pick(types);
    h += "&ta=" + ab + "&tb=" + ab + "&tc=" + std::string(ab == "i8" ? "i32" : "f32");
    if (num(0, 3) == 0) h += "&mma=tmem";
    if (num(0, 3) == 0) h += "&p=1&pm=" + std::to_string(num(1, 64) * 128) + "&pn=4096&pk=4096";
    if (num(0, 2) == 0) h += "&cl=" + std::to_string(num(1, 4)) + "x" + std::to_string(num(1, 2)) + "x1" + (num(0, 1) ? "&np=1" : "");
    if (num(0, 5) == 0) h += "&d.sm=" + std::to_string(num(1, 200));  // a custom device
    if (num(0, 2) == 0) {
        h += "&cmp=1&cg=";
        for (int i = 0; i < 3; ++i) h += (i ? "," : "") + web::percent_encode(num(0, 3) ? pick(gpus) : std::string());
    }
    const web::Decoded d = web::decode_hash(h);
    return d.inputs;
}

}  // namespace

TEST_CASE("page vs API: 1,000 page states, every op the page asks, the same JSON answer both ways") {
    std::mt19937_64 r(20261125);
    int compared = 0, errors = 0;
    for (int i = 0; i < 1000; ++i) {
        const web::Inputs in = draw(r);
        std::vector<Op> ops = {in.mode == web::Mode::Tile ? Op::Tile : Op::Occupancy, Op::NextStep, Op::BlockSize};
        if (in.mode == web::Mode::Tile) ops.push_back(Op::Tiles);
        if (in.compare) ops.push_back(Op::Compare);
        const bool amd_gpu = web::amd_gpu(in) != nullptr;
        for (Op op : ops) {
            if (amd_gpu && (op == Op::BlockSize || op == Op::Tiles)) continue;  // not modelled for AMD (both say so)
            if (amd_gpu && op == Op::NextStep && in.mode == web::Mode::Tile) continue;
            if (op == Op::Compare && web::request_for(in, op).gpus.empty()) continue;  // "Pick a GPU above."
            Request q = web::request_for(in, op);
            if (op == Op::Tiles) q.limit.reset();  // the page's card takes every fit
            const json page = api::answer_json(q, solve(q));
            const json request = web::page_request(in, op);
            json api_answer = api::handle(request);
            api_answer.erase("warnings");
            CAPTURE(web::encode_hash(in));
            CAPTURE(request.dump());
            if (page != api_answer) {
                // The first member that differs (the whole answers are long).
                std::string where = "(whole answer)";
                if (page.is_object() && api_answer.is_object())
                    for (auto it = page.begin(); it != page.end(); ++it)
                        if (!api_answer.contains(it.key()) || api_answer[it.key()] != it.value()) {
                            where = it.key() + ": page " + it.value().dump().substr(0, 300) + " / API " +
                                    (api_answer.contains(it.key()) ? api_answer[it.key()].dump().substr(0, 300) : "absent");
                            break;
                        }
                if (api_answer.contains("error")) where += " / API error " + api_answer["error"].dump();
                FAIL_CHECK(where);
                if (++errors > 5) return;
            }
            ++compared;
        }
    }
    MESSAGE("compared " << compared << " answers");
    CHECK(compared > 3000);
}

// One page state with a schedule: the page's model from smcalc-api.js's lines against the full core's (every figure
// the page shows). Counts what it saw.
struct PageCounts {
    int compared = 0, answered = 0, refused = 0, clustered = 0;
};
static void check_page_vs_core(const std::string& h, PageCounts& n) {
    int &compared = n.compared, &answered = n.answered, &refused = n.refused, &clustered = n.clustered;
    const web::Inputs in = web::decode_hash(h).inputs;
    REQUIRE(web::asks_api(in));
    CAPTURE(h);
    const web::Model direct = web::compute_model(in, false);
    web::ApiTile api = web::read_page_tile(web::page_tile_lines(in));
    api.key = web::encode_hash(in);
    const web::Model via = web::compute_model(in, false, &api);
    CHECK(via.summary == direct.summary);
    CHECK(via.error.has_value() == direct.error.has_value());
    if (via.error && direct.error) CHECK(via.error->message == direct.error->message);
    CHECK(via.cluster_error.has_value() == direct.cluster_error.has_value());
    if (via.cluster_error && direct.cluster_error) CHECK(via.cluster_error->message == direct.cluster_error->message);
    REQUIRE(via.tile.has_value() == direct.tile.has_value());
    if (direct.error) ++refused;
    if (!direct.tile) return;
    ++answered;
    const TileResult &a = *via.tile, &b = *direct.tile;
    CHECK(web::tile_markdown(a, via.title) == web::tile_markdown(b, direct.title));  // every readout row
    CHECK(tile_misfit_text(a) == tile_misfit_text(b));
    CHECK(a.notes == b.notes);
    CHECK(a.instruction == b.instruction);
    CHECK(a.fits == b.fits);
    CHECK(a.ctas_per_sm == b.ctas_per_sm);
    CHECK(a.occupancy == b.occupancy);
    CHECK(a.threads == b.threads);
    CHECK(a.regs_launch == b.regs_launch);
    CHECK(a.smem_per_cta == b.smem_per_cta);
    CHECK(a.limiting == b.limiting);
    CHECK(a.schedule == b.schedule);
    for (const auto& f : fields::tile_fields()) CHECK_MESSAGE(f.get(a.input) == f.get(b.input), f.key);
    REQUIRE(a.roles.size() == b.roles.size());
    for (std::size_t k = 0; k < a.roles.size(); ++k) {
        CHECK(a.roles[k].label == b.roles[k].label);
        CHECK(a.roles[k].threads == b.roles[k].threads);
        CHECK(a.roles[k].regs == b.roles[k].regs);
        CHECK(a.roles[k].acc_regs == b.roles[k].acc_regs);
        CHECK(a.roles[k].basis == b.roles[k].basis);
    }
    // The occupancy answer (its derivation included) and the clusters, as the API writes them.
    REQUIRE(via.result.has_value() == direct.result.has_value());
    if (via.result) {
        const Request q = web::request_for(in, Op::Occupancy);
        Answer x, y;
        x.solved = *via.result;
        y.solved = *direct.result;
        CHECK(api::answer_json(q, x) == api::answer_json(q, y));
    }
    REQUIRE(via.cluster.has_value() == direct.cluster.has_value());
    if (via.cluster) {
        ++clustered;
        CHECK(cluster_answer_line(*via.cluster) == cluster_answer_line(*direct.cluster));
        CHECK(via.cluster->derivation == direct.cluster->derivation);
        CHECK(via.cluster_steps.size() == direct.cluster_steps.size());
    }
    CHECK(via.kernel.threads == direct.kernel.threads);
    CHECK(via.kernel.regs == direct.kernel.regs);
    CHECK(via.kernel.smem_dynamic == direct.kernel.smem_dynamic);
    ++compared;
}

// Tiles with a CUTLASS schedule: the page's core leaves the schedules out (page weight), so the page asks the JS API
// module, which answers its URL hash with web/page_tile.cpp's lines; the page reads them (read_page_tile) and its
// own solver adds the occupancy derivation and the clusters (ui_model.cpp PageAnswer). Compiled natively, the page's
// model can be computed both ways: from the lines and from the full core directly (what the API answers, above).
// Every figure the page shows must be the same.
TEST_CASE("page vs API with CUTLASS schedules: the page's model read from smcalc-api.js's lines equals the full core's") {
    std::mt19937_64 r(20261126);
    auto num = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(r); };
    const char* gpus[] = {"H100 SXM5", "H100 PCIe", "H200 SXM", "B200", "GB200", "A100 SXM4 80GB", "RTX 5090"};
    const char* schedules[] = {"cooperative", "pingpong", "sm100_1sm", "sm100_2sm"};
    const char* types[] = {"bf16", "f16", "e4m3", "tf32", "f32"};
    PageCounts counts;
    const int &compared = counts.compared, &refused = counts.refused, &clustered = counts.clustered;
    for (int i = 0; i < 400; ++i) {
        // Mostly a schedule the GPU runs (Hopper: 0-1, Blackwell: 2-3), else any (refused alike).
        const int64_t g = num(0, 6);
        const int64_t sch = num(0, 4) == 0 ? num(0, 3) : (g < 3 ? num(0, 1) : num(2, 3));
        // Stages auto without a schedule: the page asks the JS API module for it too.
        const bool none = num(0, 5) == 0;
        std::string h = "m=tile&gpu=" + web::percent_encode(gpus[g]) + "&sch=" + (none ? "none" : schedules[sch]);
        h += "&tm=" + std::to_string(64 << num(0, 2)) + "&tn=" + std::to_string(64 << num(0, 2)) +
             "&tk=" + std::to_string(32 << num(0, 2)) + "&st=" + std::to_string(num(1, 7));
        const std::string ab = types[num(0, 4)];
        h += "&ta=" + ab + "&tb=" + ab;
        if (none || num(0, 1)) h += "&sa=1";
        if (num(0, 3) == 0) h += "&ep=bytes&eb=" + std::to_string(num(0, 64) * 1024);
        if (num(0, 3) == 0) h += "&ov=" + std::to_string(num(0, 120));
        if (num(0, 2) == 0) h += "&p=1&pm=" + std::to_string(num(1, 64) * 128) + "&pn=4096&pk=4096";
        if (num(0, 2) == 0) h += "&cl=" + std::to_string(num(1, 4)) + "x" + std::to_string(num(1, 2)) + "x1";
        if (num(0, 7) == 0) h += "&d.sm=" + std::to_string(num(1, 200));
        check_page_vs_core(h, counts);
    }
    MESSAGE("schedules: " << compared << " tiles compared, " << refused << " refused alike, " << clustered
                          << " with clusters");
    CHECK(compared > 120);
    CHECK(refused > 40);
    CHECK(clustered > 30);
}

// The sm80_multistage schedule (CUTLASS 2.x, CC 8.0+): its CTA is `w` warps, so the page sends them too.
TEST_CASE("page vs API with the sm80_multistage schedule: the page's model read from smcalc-api.js's lines equals the full core's") {
    std::mt19937_64 r(20261127);
    auto num = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(r); };
    const char* gpus[] = {"A100 SXM4 80GB", "RTX 3090", "RTX 4090", "H100 SXM5", "RTX 5090", "B200", "T4"};
    const char* types[] = {"bf16", "f16", "f16", "bf16", "tf32"};
    PageCounts n;
    for (int i = 0; i < 200; ++i) {
        std::string h = "m=tile&gpu=" + web::percent_encode(gpus[num(0, 6)]) + "&sch=sm80_multistage";
        h += "&tm=" + std::to_string(64 << num(0, 2)) + "&tn=" + std::to_string(64 << num(0, 2)) +
             "&tk=" + std::to_string(16 << num(0, 2)) + "&st=" + std::to_string(num(1, 6)) +
             "&w=" + std::to_string(1 << num(0, 3));
        const std::string ab = types[num(0, 4)];
        h += "&ta=" + ab + "&tb=" + ab;
        if (num(0, 7) == 0) h += "&sa=1";
        if (num(0, 3) == 0) h += "&ep=bytes&eb=" + std::to_string(num(0, 64) * 1024);
        if (num(0, 3) == 0) h += "&ov=" + std::to_string(num(0, 120));
        if (num(0, 2) == 0) h += "&p=1&pm=" + std::to_string(num(1, 64) * 128) + "&pn=4096&pk=4096";
        if (num(0, 9) == 0) h += "&cl=2x1x1";
        check_page_vs_core(h, n);
    }
    MESSAGE("sm80_multistage: " << n.compared << " tiles compared, " << n.refused << " refused alike");
    CHECK(n.compared > 60);
    CHECK(n.refused > 30);
}

TEST_CASE("page vs API: the headline the page draws (web::headline) says the API's numbers, either vendor") {
    // The Result card's three figures and its limiter line (web/ui_views.cpp view_headline) come from
    // web::headline(model). Over 1,000 drawn page states, kernel or tile: where the API answers with
    // an occupancy (a kernel, or a tile that fits), the headline has its blocks per SM/CU, occupancy, warps or waves
    // against their slots and as many limiters; where it answers an error or a tile that does not fit, no headline.
    std::mt19937_64 r(20261126);
    int shown = 0, none = 0;
    for (int i = 0; i < 1000; ++i) {
        const web::Inputs in = draw(r);
        const bool tile = in.mode == web::Mode::Tile;
        json q = web::page_request(in, tile ? Op::Tile : Op::Occupancy);
        json a = api::handle(q);
        if (a.contains("error") && a["error"].value("field", "").rfind("cluster", 0) == 0) {
            // A cluster the rules refuse: the page shows the per-SM answer without it, and says why beside it.
            CHECK(web::compute_model(in, false).cluster_error);
            q.erase("cluster");
            q.erase("non_portable_cluster");
            a = api::handle(q);
        }
        const web::Model m = web::compute_model(in, false);
        const std::optional<Headline> hl = web::headline(m);
        CAPTURE(web::encode_hash(in));
        const bool fits = !a.contains("error") && (!tile || a.value("fits", false));
        const json* occ = !fits ? nullptr : tile ? &a["solver"] : &a;
        if (!occ || occ->is_null()) {
            CHECK_FALSE(hl);
            ++none;
            continue;
        }
        REQUIRE(hl);
        const Headline& h = *hl;
        const bool amd = occ->contains("workgroups_per_cu");
        CHECK(h.blocks == (*occ)[amd ? "workgroups_per_cu" : "blocks_per_sm"].get<int64_t>());
        CHECK(h.occupancy == doctest::Approx((*occ)["occupancy"].get<double>()));
        const std::string slots = amd ? "/" + std::to_string((*occ)["max_waves_per_simd"].get<int64_t>())
                                      : std::to_string((*occ)["warps_per_sm"].get<int64_t>()) + "/" +
                                            std::to_string((*occ)["max_warps_per_sm"].get<int64_t>());
        CHECK(h.lanes.find(slots) != std::string::npos);
        const std::size_t limits = (*occ)["limiting"].size();
        std::size_t ands = 0;
        for (std::size_t p = h.limiter.find(" and "); p != std::string::npos; p = h.limiter.find(" and ", p + 1)) ++ands;
        if (limits == 0)
            CHECK(h.limiter == "nothing");
        else
            CHECK(ands + 1 == limits);
        ++shown;
    }
    MESSAGE("headlines " << shown << ", none " << none);
    CHECK(shown > 300);
    CHECK(none > 50);
}
