// unit-view.cpp - the vendor-neutral view of one SM's or CU's answer (smcalc/unit_view.hpp): the headline the page's
// Result card shows, for either vendor, from the seed's worked example and LLVM's AMDGPU rules. (tests/api-page.cpp
// holds the same headline to the JSON API's answers over random page states.)
#include <doctest/doctest.h>

#include <string>

#include "smcalc/amd.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/unit_view.hpp"

using namespace smcalc;

TEST_CASE("unit view: the NVIDIA headline of the seed's worked example 1 (A100, 256 x 48 regs, 24 KB)") {
    // ../shared/notes/worked-examples.md row 1: limits regs 5, smem 6, warps 8, blocks 32 -> 5 blocks/SM,
    // 40 warps, 62.5 %, limited by registers. A100 has 108 SMs (its database row).
    const auto g = find_gpu("A100");
    REQUIRE(g.ok());
    KernelInput k;
    k.threads = 256;
    k.regs = 48;
    k.smem_static = 24 * 1024;
    const auto r = occupancy((*g)->device, k);
    REQUIRE(r.ok());
    const Headline h = headline(*r, (*g)->device);
    CHECK(h.blocks == 5);
    CHECK(h.occupancy == doctest::Approx(0.625));
    CHECK(h.lanes == "40/64");
    CHECK(std::string(h.lanes_label) == "warps per SM");
    CHECK(h.limiter == "registers");
    CHECK(h.footnote == "A full wave is 540 CTAs on 108 SMs.");
    CHECK_FALSE(h.footnote_warns);
    CHECK(std::string(kNvidiaWords.per[1]) == "CTAs per SM");
}

TEST_CASE("unit view: the AMD headline in the same shape (MI300X, 256 work-items, 136 VGPRs, 8 KiB LDS)") {
    // LLVM's AMDGPU rules for gfx942: 512 VGPRs per lane per SIMD in granules of 8, so 136 VGPRs -> floor(512 / 136)
    // = 3 waves per SIMD; a workgroup of 256 work-items is 4 waves of 64 over the CU's 4 SIMDs, so 3 workgroups per
    // CU and 3 of the 8 wave slots per SIMD (occupancy 3 / 8). LDS allows 65,536 / 8,192 = 8.
    const auto g = amd::find_gpu("MI300X");
    REQUIRE(g.ok());
    amd::KernelInput k;
    k.threads = 256;
    k.vgprs = 136;
    k.lds = 8192;
    const auto r = amd::occupancy((*g)->arch(), k);
    REQUIRE(r.ok());
    const Headline h = headline(*r);
    CHECK(h.blocks == 3);
    CHECK(h.occupancy == doctest::Approx(3.0 / 8.0));
    CHECK(h.lanes == "3/8");
    CHECK(std::string(h.lanes_label) == "waves per SIMD");
    CHECK(h.limiter == std::string(amd::limit_label(amd::Limit::Vgprs)));
    CHECK(h.footnote == "LLVM's figure (\"Occupancy [waves/SIMD]\"): 3, the same.");
    CHECK(std::string(kAmdWords.per[1]) == "workgroups per CU");
}

TEST_CASE("unit view: no block fits -> 0, and the answer's own note says why") {
    const auto g = find_gpu("A100");
    REQUIRE(g.ok());
    KernelInput k;
    k.threads = 1024;
    k.regs = 255;  // 255 x 32 rounded to 256 per warp is 8,192 per warp: 32 warps need 262,144 of the 65,536
    const auto r = occupancy((*g)->device, k);
    REQUIRE(r.ok());
    const Headline h = headline(*r, (*g)->device);
    CHECK(h.blocks == 0);
    REQUIRE_FALSE(r->notes.empty());
    CHECK(h.zero_note == r->notes.front());
    CHECK(h.limiter == "registers");
}
