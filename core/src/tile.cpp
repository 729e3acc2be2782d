// tile.cpp - the GEMM tile model: a CTA tile, its pipeline and its warps as an SM budget.
//
// [SECTION] types      element sizes, the CC each type needs, which MMA kind a pair of types forms
// [SECTION] checks     input ranges, type/path/accumulator rules (errors with the reason)
// [SECTION] shapes     how warps cover the tile for FFMA, mma.sync, wgmma and tcgen05 (no strings: sweeps)
// [SECTION] evaluate   the arithmetic shared by tile() and tiles_that_fit() (checked 64-bit, no strings)
// [SECTION] tile       one tile: readouts, rows, notes
// [SECTION] search     the "what fits" enumeration
//
// Formulas, units and sources: docs/tile-model.md. "PTX ISA" marks facts taken from NVIDIA's PTX ISA
// (mma / wgmma / tcgen05 sections) as summarised in ../shared/reference/gpu-facts.md Part 4 or from general
// knowledge of that document where Part 4 is silent (the docs say which).
#include "smcalc/tile.hpp"
#include "smcalc/format.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

namespace smcalc {
namespace {

// ============================================================================================ [SECTION] types

constexpr int64_t kI64Max = std::numeric_limits<int64_t>::max();

struct TypeInfo {
    DType t;
    std::string_view key;
    int bits;                  // bits per element in memory
    ComputeCapability min_cc;  // first CC with a tensor-core MMA taking it as A/B ({0,0}: FFMA, any CC)
    std::string_view needs;    // why, for the refusal message
};

// clang-format off
constexpr TypeInfo kTypes[] = {
    {DType::F32,  "f32",  32, {0, 0},  "f32 runs on the FFMA (CUDA core) path on every CC"},
    {DType::TF32, "tf32", 32, {8, 0},  "tf32 tensor-core MMA starts with Ampere (mma.sync m16n8k8.tf32, sm_80; PTX ISA)"},
    {DType::F16,  "f16",  16, {7, 0},  "f16 tensor-core MMA starts with Volta (mma.sync m8n8k4, sm_70; PTX ISA)"},
    {DType::BF16, "bf16", 16, {8, 0},  "bf16 tensor-core MMA starts with Ampere (mma.sync m16n8k16.bf16, sm_80; PTX ISA)"},
    {DType::E4M3, "e4m3",  8, {8, 9},  "fp8 (e4m3/e5m2) tensor-core MMA starts with Ada, CC 8.9 (mma.sync .e4m3, sm_89; PTX ISA)"},
    {DType::E5M2, "e5m2",  8, {8, 9},  "fp8 (e4m3/e5m2) tensor-core MMA starts with Ada, CC 8.9 (mma.sync .e5m2, sm_89; PTX ISA)"},
    {DType::I8,   "i8",    8, {7, 5},  "int8 tensor-core MMA (mma.sync) starts with Turing, CC 7.5 (mma.sync m8n8k16.s8, sm_75; PTX ISA)"},
    {DType::I32,  "i32",  32, {0, 0},  "i32 is an accumulator/output type, not an MMA input"},
    {DType::F6,   "f6",    6, {10, 0}, "fp6 (e2m3/e3m2) tensor-core MMA starts with Blackwell, CC 10.0 (tcgen05 kind::f8f6f4; PTX ISA)"},
    {DType::F4,   "f4",    4, {10, 0}, "fp4 (e2m1) tensor-core MMA starts with Blackwell, CC 10.0 (tcgen05 kind::f8f6f4; PTX ISA)"},
};
// clang-format on

const TypeInfo& info(DType t) { return kTypes[static_cast<int>(t)]; }

bool cc_less(ComputeCapability a, ComputeCapability b) {
    return a.major != b.major ? a.major < b.major : a.minor < b.minor;
}
std::string cc_str(ComputeCapability cc) { return std::to_string(cc.major) + "." + std::to_string(cc.minor); }

// MMA kinds (PTX's .kind names where there is one): which instruction family a pair of A/B types uses.
enum class Kind : uint8_t { Ffma, F16, Tf32, F8F6F4, I8 };

bool is_f8f6f4(DType t) { return t == DType::E4M3 || t == DType::E5M2 || t == DType::F6 || t == DType::F4; }
bool is_subbyte(DType t) { return t == DType::F6 || t == DType::F4; }

std::optional<Kind> pair_kind(DType a, DType b) {
    if (is_f8f6f4(a) && is_f8f6f4(b)) return Kind::F8F6F4;  // e4m3 x e5m2 mixes; f8/f6/f4 mixes (CC 10.0+)
    if (a != b) return std::nullopt;
    switch (a) {
        case DType::F32: return Kind::Ffma;
        case DType::TF32: return Kind::Tf32;
        case DType::F16:
        case DType::BF16: return Kind::F16;
        case DType::I8: return Kind::I8;
        default: return std::nullopt;
    }
}

// Smallest legal K per instruction ("k" of mNnNkK): 256 bits of K per row from Ampere on (PTX ISA).
int64_t inst_k(Kind kind, ComputeCapability cc) {
    if (kind == Kind::Ffma) return 1;
    if (cc.major == 7 && cc.minor < 5) return 4;              // Volta mma.sync m8n8k4 (f16 only)
    if (cc.major == 7) return kind == Kind::I8 ? 16 : 8;     // Turing m8n8k16.s8 / m16n8k8.f16
    switch (kind) {
        case Kind::F16: return 16;
        case Kind::Tf32: return 8;
        case Kind::F8F6F4:
        case Kind::I8: return 32;
        case Kind::Ffma: break;
    }
    return 1;
}

// ============================================================================================ [SECTION] checks

constexpr int64_t kBaseOverhead = 32;     // registers: addresses, loop counters, pipeline phase, predicates
// Blackwell schedules' registers are given as a range, estimate .. estimate + kSm100RegSpread: ptxas -v exceeded the
// estimate by 1 to 30 registers on the 8 recorded sm_100a kernels (tests/data/cutlass/kernels.tsv: 65, 71 against 64;
// 118, 118, 126, 126 against 96; 165, 167 against 160), by more for the 128 x 32 sub-tile than for 64 x 32 or
// 128 x 64, which no term of the estimate explains; tests/unit-cutlass.cpp holds every recorded count inside.
constexpr int64_t kSm100RegSpread = 32;
// The sm80_multistage schedule's registers are given as a range, estimate - kSm80RegBelow .. estimate + kSm80RegAbove
// (capped at 255): ptxas -v gave the estimate (accumulators + double-buffered fragments + 32) -12 to +18 on the
// recorded kernels that do not spill (tests/data/cutlass/kernels-sm80.tsv; tests/unit-cutlass-sm80.cpp holds every
// recorded count inside): +16 to +18 where 64 x 64 warp tiles take K = 64 per stage, -12 for 8 warps of 64 x 32.
constexpr int64_t kSm80RegBelow = 16, kSm80RegAbove = 24;
constexpr const char* kSm80RegText = "-12 to +18";
constexpr int64_t kTmemEpilogueRegs = 32;  // registers: one tcgen05.ld .32x32b.x32 chunk of accumulators
constexpr int64_t kMbarrierBytes = 8;      // one mbarrier object (PTX ISA: 64-bit, 8-byte aligned)
constexpr int64_t kTmemAddrBytes = 4;      // the 32-bit TMEM address tcgen05.alloc writes to shared memory

std::optional<Error> range(const char* field, int64_t v, int64_t lo, int64_t hi, const char* what) {
    if (v >= lo && v <= hi) return std::nullopt;
    return Error{ErrorId::InvalidInput, field,
                 std::string(field) + " is " + std::to_string(v) + "; it must be between " + std::to_string(lo) +
                     " and " + std::to_string(hi) + " " + what};
}

enum class Mode : uint8_t { Ffma, MmaSync, Wgmma, Tcgen05 };

// Everything about the input that does not depend on the tile shape: checked once per search.
struct Ctx {
    const Device* dev = nullptr;
    const ArchRules* arch = nullptr;
    DType a{}, b{}, acc{}, out{};
    Kind kind{};
    Mode mode{};
    int a_smem_bits = 0, b_smem_bits = 0;  // shared-memory footprint per element
    int acc_bits = 0, out_bits = 0;
    int64_t k_inst = 1;
    Epilogue epilogue{};
    int64_t epilogue_bytes = 0;
    bool epi_reuse = false;
    int64_t overhead = -1;  // -1: model default, computed per shape
    int64_t acc_buffers = 1;   // Blackwell schedules: 0 = CUTLASS's min(4, 512 / N) (decided per shape)
    int64_t smem_limit = 0;
    Schedule schedule = Schedule::None;
    int64_t cluster_x = 1;     // the cluster's M extent (2-SM schedules need an even one)
};

std::string tmem_ccs() {
    std::string s;
    for (const auto& r : all_arch_rules())
        if (r.has_tmem) s += (s.empty() ? "" : ", ") + cc_str(r.cc);
    return s;
}

// A page core built with SMCALC_PAGE_NO_SCHEDULES (web/CMakeLists.txt, should page weight require it) leaves the
// CUTLASS schedules and stages auto to the JS API module (the page asks it: web/page_tile.cpp): a constant false here
// lets the compiler drop their code and strings.
#ifdef SMCALC_PAGE_NO_SCHEDULES
constexpr bool kSchedules = false;
#else
constexpr bool kSchedules = true;
#endif

bool is_hopper_ws(Schedule s) { return s == Schedule::Cooperative || s == Schedule::PingPong; }
bool is_sm100_ws(Schedule s) { return s == Schedule::Sm100_1Sm || s == Schedule::Sm100_2Sm; }
bool is_sm80_ms(Schedule s) { return s == Schedule::Sm80Multistage; }

// CUTLASS 2.x's SM80 multistage GEMM (cutlass::gemm::device::Gemm, ArchTag Sm80): cp.async and mma.sync m16n8k16
// exist from CC 8.0 on, and a kernel built for Sm80 runs on every later CC (recorded: sm_80, 86, 89, 90 and 120
// builds in tests/data/cutlass/kernels-sm80.tsv). Modelled as recorded: A = B = f16 or bf16, f32 accumulators.
std::optional<Error> multistage_ctx(Ctx& c, const TileInput& in) {
    const ComputeCapability cc = c.arch->cc;
    if (cc.major < 8)
        return Error{ErrorId::Unsupported, "schedule",
                     "schedule is sm80_multistage, CUTLASS 2.x's SM80 kernel (cp.async loads, mma.sync m16n8k16): CC 8.0 "
                     "and later; CC " + cc_str(cc) + " runs none (schedule none)"};
    if (!(in.a == DType::F16 || in.a == DType::BF16) || in.b != in.a)
        return Error{ErrorId::Unsupported, "a",
                     "the sm80_multistage schedule models CUTLASS 2.x's GEMM with A = B = f16 or bf16 (recorded); tf32, "
                     "i8 and fp8 kernels use other shared-memory layouts, not modelled: use schedule none"};
    if (in.acc != DType::F32)
        return Error{ErrorId::Unsupported, "acc",
                     "acc is " + std::string(info(in.acc).key) + "; the sm80_multistage schedule models f32 "
                     "accumulators (recorded); use schedule none"};
    if (c.out != DType::F16 && c.out != DType::BF16 && c.out != DType::F32)
        return Error{ErrorId::Unsupported, "out",
                     "out is " + std::string(info(c.out).key) + "; the sm80_multistage schedule's epilogue writes f16, "
                     "bf16 or f32 (CUTLASS 2.x DefaultEpilogueTensorOp)"};
    // Each dimension compared, not their product: the dims are not range-checked yet here (up to 2^53 - 1 each).
    if (in.cluster && !(in.cluster->dims.x == 1 && in.cluster->dims.y == 1 && in.cluster->dims.z == 1))
        return Error{ErrorId::Unsupported, "cluster",
                     "the sm80_multistage schedule is a CUTLASS 2.x kernel, launched without a cluster: give 1x1x1 "
                     "(clusters are the Hopper and Blackwell schedules')"};
    c.mode = Mode::MmaSync;  // also on CC 9.0, where the warps model would take wgmma
    return std::nullopt;
}

// A CUTLASS schedule fixes the path (wgmma on Hopper, tcgen05 on Blackwell) and the CC it was built for.
std::optional<Error> schedule_ctx(Ctx& c, const TileInput& in) {
    c.schedule = in.schedule;
    if (in.schedule == Schedule::None) return std::nullopt;
    if (!kSchedules)
        return Error{ErrorId::Unsupported, "schedule",
                     "CUTLASS schedules are answered by the JS API (smcalc-api.js) and the CLI, not by the page's core"};
    const ComputeCapability cc = c.arch->cc;
    const std::string name(schedule_key(in.schedule));
    if (c.kind == Kind::Ffma)
        return Error{ErrorId::Unsupported, "a",
                     "a and b are f32: the " + name + " schedule multiplies on tensor cores (CUTLASS maps f32 to tf32; "
                     "give a = b = tf32)"};
    if (is_sm80_ms(in.schedule)) return multistage_ctx(c, in);
    if (is_hopper_ws(in.schedule)) {
        if (!(cc == ComputeCapability{9, 0}))
            return Error{ErrorId::Unsupported, "schedule",
                         "schedule is " + name + ", a Hopper (sm_90a) kernel: CC 9.0 only; CC " + cc_str(cc) +
                             (c.arch->has_tmem ? " runs sm100_1sm or sm100_2sm" : cc.major >= 8 ? " runs sm80_multistage" : " runs none (schedule none)")};
        c.mode = Mode::Wgmma;
    } else {
        if (!c.arch->has_tmem)
            return Error{ErrorId::Unsupported, "schedule",
                         "schedule is " + name + ", a Blackwell tcgen05 kernel: it needs tensor memory (CC " + tmem_ccs() +
                             "); CC " + cc_str(cc) + (cc == ComputeCapability{9, 0} ? " runs cooperative or pingpong" : cc.major >= 8 ? " runs sm80_multistage" : " runs none (schedule none)")};
        c.mode = Mode::Tcgen05;
        if (in.schedule == Schedule::Sm100_2Sm) {
            c.cluster_x = in.cluster ? in.cluster->dims.x : 2;
            if (c.cluster_x % 2 != 0)
                return Error{ErrorId::Unsupported, "cluster",
                             "cluster is " + std::to_string(c.cluster_x) + "x" + std::to_string(in.cluster->dims.y) +
                                 "; the 2-SM schedule runs the MMA over a CTA pair along M: the cluster's M extent must "
                                 "be even (CUTLASS: 2x1, 2x2, 4x1, ...)"};
        }
    }
    if (is_subbyte(in.a) || is_subbyte(in.b) || in.a != in.b)
        return Error{ErrorId::Unsupported, "a",
                     "the schedules model CUTLASS's dense GEMM with A and B of one 16-bit or 8-bit type (recorded: "
                     "f16, bf16); fp6/fp4 and mixed pairs need the block-scaled or mixed-input builders, not modelled"};
    return std::nullopt;
}

// make_ctx's steps. The A and B types against the CC, the MMA kind they pair into and the accumulators it allows.
std::optional<Error> operand_types(Ctx& c, const TileInput& in, ComputeCapability cc) {
    for (auto [field, t] : {std::pair{"a", in.a}, std::pair{"b", in.b}}) {
        if (t == DType::I32)
            return Error{ErrorId::InvalidInput, field, std::string(field) + " is i32; " + std::string(info(t).needs)};
        if (cc_less(cc, info(t).min_cc))
            return Error{ErrorId::Unsupported, field,
                         std::string(field) + " is " + std::string(info(t).key) + ", which CC " + cc_str(cc) +
                             " cannot multiply: " + std::string(info(t).needs)};
    }
    auto kind = pair_kind(in.a, in.b);
    if (!kind)
        return Error{ErrorId::Unsupported, "b",
                     "a is " + std::string(info(in.a).key) + " and b is " + std::string(info(in.b).key) +
                         ": no MMA takes this pair (A and B must be the same type, except fp8/fp6/fp4 mixes); a "
                         "mixed-input GEMM converts one operand in registers first, which this model does not cover"};
    c.kind = *kind;

    // Accumulators per kind (PTX ISA): f16/f8f6f4 accumulate in f32 or f16, bf16 and tf32 in f32 only,
    // i8 in s32 only, FFMA in f32.
    const bool acc_ok = [&] {
        switch (c.kind) {
            case Kind::Ffma: return in.acc == DType::F32;
            case Kind::F16: return in.acc == DType::F32 || (in.acc == DType::F16 && in.a == DType::F16);
            case Kind::Tf32: return in.acc == DType::F32;
            case Kind::F8F6F4: return in.acc == DType::F32 || in.acc == DType::F16;
            case Kind::I8: return in.acc == DType::I32;
        }
        return false;
    }();
    if (!acc_ok) {
        const char* allowed = c.kind == Kind::I8                             ? "i32"
                              : (c.kind == Kind::F16 && in.a == DType::F16) ? "f32 or f16"
                              : c.kind == Kind::F8F6F4                       ? "f32 or f16"
                                                                             : "f32";
        const bool bad_type = in.acc != DType::F32 && in.acc != DType::F16 && in.acc != DType::I32;
        return Error{bad_type ? ErrorId::InvalidInput : ErrorId::Unsupported, "acc",
                     "acc is " + std::string(info(in.acc).key) + "; " + std::string(info(in.a).key) + " x " +
                         std::string(info(in.b).key) + " accumulates in " + allowed +
                         " (accumulators are f32, f16 or i32, and i32 goes with i8 inputs only; PTX ISA)"};
    }
    return std::nullopt;
}

// The MMA path (FFMA, mma.sync, wgmma, tcgen05) from the types, the CC and the input's choice.
std::optional<Error> mma_mode(Ctx& c, const TileInput& in, const ArchRules& ar, ComputeCapability cc) {
    if (in.mma == MmaPath::TensorMemory && in.schedule == Schedule::None) {
        if (!ar.has_tmem)
            return Error{ErrorId::Unsupported, "mma",
                         "mma is tmem, but CC " + cc_str(cc) +
                             " has no tensor memory: tcgen05.mma and TMEM exist on CC " + tmem_ccs() +
                             " only (PTX ISA); use the register path"};
        if (c.kind == Kind::Ffma)
            return Error{ErrorId::Unsupported, "mma",
                         "mma is tmem, but f32 x f32 has no tensor-core MMA; tcgen05 takes tf32 (kind::tf32)"};
        c.mode = Mode::Tcgen05;
    } else if (c.kind == Kind::Ffma) {
        c.mode = Mode::Ffma;
    } else if (cc == ComputeCapability{9, 0}) {
        c.mode = Mode::Wgmma;
    } else {
        if (c.kind == Kind::F8F6F4 && (is_subbyte(in.a) || is_subbyte(in.b)) && cc.major < 12)
            return Error{ErrorId::Unsupported, "mma",
                         "fp6/fp4 on CC " + cc_str(cc) +
                             " are multiplied by tcgen05 only (mma.sync kind::f8f6f4 is sm_120 and later; PTX "
                             "ISA): choose the tensor-memory path"};
        c.mode = Mode::MmaSync;
    }
    return std::nullopt;
}

// Operand bits in shared memory, the epilogue, the overhead registers and the accumulator buffers.
std::optional<Error> tile_options(Ctx& c, const TileInput& in) {
    // Sub-byte operands in shared memory.
    const bool both_f4 = in.a == DType::F4 && in.b == DType::F4;
    auto smem_bits = [&](DType t) {
        if (!is_subbyte(t)) return info(t).bits;
        switch (in.subbyte_smem) {
            case SubbyteSmem::Packed: return info(t).bits;
            case SubbyteSmem::Padded: return 8;
            case SubbyteSmem::Auto: return both_f4 ? info(t).bits : 8;
        }
        return 8;
    };
    c.a_smem_bits = smem_bits(in.a);
    c.b_smem_bits = smem_bits(in.b);
    c.acc_bits = info(in.acc).bits;
    c.out_bits = info(c.out).bits;

    if (in.epilogue == Epilogue::Bytes) {
        if (auto e = range("epilogue_bytes", in.epilogue_bytes, 0, kMaxInput, "bytes")) return *e;
    } else if (in.epilogue_bytes != 0) {
        return Error{ErrorId::InvalidInput, "epilogue_bytes",
                     "epilogue_bytes is " + std::to_string(in.epilogue_bytes) +
                         ", but the epilogue is not 'bytes'; set it to 0 or choose the 'bytes' epilogue"};
    }
    c.epilogue = in.epilogue;
    c.epilogue_bytes = in.epilogue == Epilogue::Bytes ? in.epilogue_bytes : 0;
    c.epi_reuse = in.epilogue_reuses_mainloop;
    if (in.overhead_regs != -1)
        if (auto e = range("overhead_regs", in.overhead_regs, 0, kMaxInput, "registers per thread (or -1 for the model default)"))
            return *e;
    c.overhead = in.overhead_regs;
    if (c.mode == Mode::Tcgen05) {
        if (auto e = range("acc_buffers", in.acc_buffers, 1, 16, "accumulator copies in tensor memory")) return *e;
    } else if (in.acc_buffers != 1) {
        return Error{ErrorId::InvalidInput, "acc_buffers",
                     "acc_buffers is " + std::to_string(in.acc_buffers) +
                         "; accumulator copies apply to the tensor-memory path only, the register path holds 1"};
    }
    c.acc_buffers = in.acc_buffers;
    // Blackwell schedules: an acc_buffers left at 1 means CUTLASS's accumulator stages (decided per shape).
    if ((c.schedule == Schedule::Sm100_1Sm || c.schedule == Schedule::Sm100_2Sm) && in.acc_buffers == 1)
        c.acc_buffers = 0;
    return std::nullopt;
}

// Types, accumulator, path and options; InvalidInput for ranges, Unsupported for what the GPU cannot run.
Expected<Ctx> make_ctx(const Device& dev, const TileInput& in) {
    auto arch_or = validate_device(dev);
    if (!arch_or) return arch_or.error();
    const ArchRules& ar = **arch_or;
    const ComputeCapability cc = ar.cc;
    Ctx c;
    c.dev = &dev;
    c.arch = &ar;
    c.a = in.a;
    c.b = in.b;
    c.acc = in.acc;
    c.out = in.out.value_or(in.schedule != Schedule::None ? in.a : in.acc);
    if (auto e = operand_types(c, in, cc)) return *e;
    if (auto e = mma_mode(c, in, ar, cc)) return *e;
    if (auto e = schedule_ctx(c, in)) return *e;
    c.k_inst = inst_k(c.kind, cc);
    if (auto e = tile_options(c, in)) return *e;
    c.smem_limit = dev.smem_per_block_optin > 0 ? dev.smem_per_block_optin : dev.smem_per_block;
    return c;
}

std::optional<Error> check_shape_ranges(const TileInput& in) {
    if (auto e = range("m", in.m, 1, kMaxInput, "elements (tile rows)")) return e;
    if (auto e = range("n", in.n, 1, kMaxInput, "elements (tile columns)")) return e;
    if (auto e = range("k", in.k, 1, kMaxInput, "elements (K per stage)")) return e;
    if (auto e = range("stages", in.stages, 1, kMaxInput, "pipeline stages")) return e;
    if (auto e = range("warps", in.warps, 1, kMaxInput, "warps per CTA")) return e;
    return std::nullopt;
}

// ============================================================================================ [SECTION] shapes

enum class ShapeFail : uint8_t {
    None, TooManyWarps, WarpsNotWarpgroups, WgmmaM, WgmmaSplit, MmaSyncSplit, K, TcgenM, TcgenN, TcgenWarps,
    CoopM, ScheduleN, Sm100M, Sm100N,  // CUTLASS's builders refuse the tile for the schedule
    MsK, MsStages,                     // CUTLASS 2.x's multistage mainloop refuses it
};

struct Shape {
    ShapeFail fail = ShapeFail::None;
    int64_t inst_m = 0, inst_n = 0, inst_k = 0;
    int64_t grid_m = 0, grid_n = 0;  // warps (FFMA, mma.sync) or warpgroups (wgmma) along M and N
};

// wgmma N: 8..256 step 8; for .s8 the PTX ISA lists 8, 16, 24 and multiples of 16 up to 256.
bool wgmma_n_ok(int64_t n, Kind kind) {
    if (n < 8 || n > 256 || n % 8 != 0) return false;
    return kind != Kind::I8 || n <= 24 || n % 16 == 0;
}

// The grid of `units` (warps or warpgroups) over the tile: units = gm x gn, m % (gran_m x gm) == 0,
// n % (gran_n x gn) == 0; among valid grids the one with the smallest per-unit tile perimeter (fewest
// operand fragments), ties to the larger gm. False when none exists.
bool best_grid(int64_t m, int64_t n, int64_t units, int64_t gran_m, int64_t gran_n, int64_t& gm_out, int64_t& gn_out) {
    bool found = false;
    int64_t best = 0;
    for (int64_t gm = 1; gm <= units; ++gm) {
        if (units % gm != 0) continue;
        const int64_t gn = units / gm;
        if (gm > m / gran_m || gn > n / gran_n) continue;
        if (m % (gran_m * gm) != 0 || n % (gran_n * gn) != 0) continue;
        const int64_t per = m / gm + n / gn;
        if (!found || per <= best) {
            found = true;
            best = per;
            gm_out = gm;
            gn_out = gn;
        }
    }
    return found;
}

// The sm80_multistage schedule's warp grid (CUTLASS's ThreadblockShape / WarpShape): best_grid's smallest per-warp
// perimeter, its ties broken toward the squarer grid, then fewer warps along M. This gives the warp counts of
// CUTLASS's own SM80 f16 kernels (python/cutlass_library/generator.py GenerateSM80_TensorOp_16816: 2x2x1 for
// 128x128, 128x64, 64x128, 64x64; 4x2x1 for 256x128; 2x4x1 for 128x256; 4x1x1 for 256x64) and of every recorded
// kernel (tests/data/cutlass/kernels-sm80.tsv).
bool multistage_grid(int64_t m, int64_t n, int64_t warps, int64_t& gm_out, int64_t& gn_out) {
    bool found = false;
    int64_t best = 0, best_skew = 0;
    for (int64_t gm = 1; gm <= warps; ++gm) {
        if (warps % gm != 0) continue;
        const int64_t gn = warps / gm;
        if (m % (16 * gm) != 0 || n % (8 * gn) != 0) continue;
        const int64_t per = m / gm + n / gn, skew = gm > gn ? gm - gn : gn - gm;
        if (!found || per < best || (per == best && skew < best_skew)) {
            found = true;
            best = per;
            best_skew = skew;
            gm_out = gm;
            gn_out = gn;
        }
    }
    return found;
}

// The shape rules of CUTLASS's collective builders for a schedule (recorded: tests/data/cutlass/kernels.tsv).
Shape schedule_shape(const Ctx& c, int64_t m, int64_t n, int64_t k) {
    Shape s;
    s.inst_k = c.k_inst;
    switch (c.schedule) {
        case Schedule::Cooperative:
        case Schedule::PingPong:
            // Cooperative: two consumer warpgroups stacked along M (AtomLayoutMNK 2x1x1), 64 rows each; ping-pong:
            // each consumer warpgroup computes a whole tile of its own. Either way one warpgroup spans all of N
            // with wgmma N <= 256.
            if (c.schedule == Schedule::Cooperative && m % 128 != 0) s.fail = ShapeFail::CoopM;
            else if (m % 64 != 0) s.fail = ShapeFail::WgmmaM;
            else if (!wgmma_n_ok(n, c.kind)) s.fail = ShapeFail::ScheduleN;
            if (s.fail != ShapeFail::None) return s;
            s.inst_m = 64;
            s.inst_n = n;
            s.grid_m = c.schedule == Schedule::Cooperative ? 2 : 1;
            s.grid_n = 1;
            break;
        case Schedule::Sm100_1Sm:
        case Schedule::Sm100_2Sm: {
            // 1-SM: MMA M = 64 or 128 (N step 8 / 16); 2-SM: the pair's M = 128 or 256, N a multiple of 16, 32..256.
            const bool pair = c.schedule == Schedule::Sm100_2Sm;
            if (pair ? (m != 128 && m != 256) : (m != 64 && m != 128)) {
                s.fail = ShapeFail::Sm100M;
                return s;
            }
            const int64_t step = (!pair && m == 64) ? 8 : 16;
            if (n < (pair ? 32 : step) || n > 256 || n % step != 0) {
                s.fail = ShapeFail::Sm100N;
                return s;
            }
            s.inst_m = m;
            s.inst_n = n;
            s.grid_m = s.grid_n = 1;
            break;
        }
        case Schedule::None:
        case Schedule::Sm80Multistage: break;  // shape_for's mma.sync grid
    }
    if (k % c.k_inst != 0) s.fail = ShapeFail::K;
    return s;
}

// shape_for's steps. wgmma (CC 9.0): warpgroups of 4 warps stacked along M first, then split along N; false (and
// s.fail) when they cannot split the tile.
bool wgmma_shape(const Ctx& c, int64_t m, int64_t n, int64_t warps, Shape& s) {
    if (warps % 4 != 0) {
        s.fail = ShapeFail::WarpsNotWarpgroups;
        return false;
    }
    if (m % 64 != 0) {
        s.fail = ShapeFail::WgmmaM;
        return false;
    }
    const int64_t groups = warps / 4;
    // Warpgroups stack along M first (CUTLASS's cooperative layout), then split N.
    bool ok = false;
    for (int64_t gm = groups; gm >= 1 && !ok; --gm) {
        if (groups % gm != 0) continue;
        const int64_t gn = groups / gm;
        if (m % (64 * gm) == 0 && n % (8 * gn) == 0) {
            s.grid_m = gm;
            s.grid_n = gn;
            ok = true;
        }
    }
    if (!ok) {
        s.fail = ShapeFail::WgmmaSplit;
        return false;
    }
    s.inst_m = 64;
    const int64_t per_n = n / s.grid_n;
    for (int64_t cand = std::min<int64_t>(256, per_n) / 8 * 8; cand >= 8; cand -= 8)
        if (per_n % cand == 0 && wgmma_n_ok(cand, c.kind)) {
            s.inst_n = cand;
            break;
        }
    return true;
}

// Single-CTA tcgen05.mma: M = 64 or 128, N in steps of 8 or 16 up to 256, at least 4 warps; false (and s.fail) if not.
bool tcgen05_shape(int64_t m, int64_t n, int64_t warps, Shape& s) {
    // Single-CTA tcgen05.mma (cta_group::1): M = 64 (N step 8) or 128 (N step 16), N <= 256.
    if (m != 64 && m != 128) {
        s.fail = ShapeFail::TcgenM;
        return false;
    }
    const int64_t step = m == 64 ? 8 : 16;
    if (n < step || n > 256 || n % step != 0) {
        s.fail = ShapeFail::TcgenN;
        return false;
    }
    if (warps < 4) {
        s.fail = ShapeFail::TcgenWarps;
        return false;
    }
    s.inst_m = m;
    s.inst_n = n;
    s.grid_m = s.grid_n = 1;
    return true;
}

Shape shape_for(const Ctx& c, int64_t m, int64_t n, int64_t k, int64_t warps) {
    const bool multistage = kSchedules && is_sm80_ms(c.schedule);  // the warps model's mma.sync grid + CUTLASS's rules
    if (kSchedules && c.schedule != Schedule::None && !multistage) return schedule_shape(c, m, n, k);
    Shape s;
    s.inst_k = c.k_inst;
    // A CTA holds at most max_threads_per_block threads (1024 = 32 warps); this also bounds the grid loops.
    if (warps > c.dev->max_threads_per_block / c.dev->warp_size) {
        s.fail = ShapeFail::TooManyWarps;
        return s;
    }
    switch (c.mode) {
        case Mode::Ffma:
            // No instruction shape: any split works; report the most square one when there is a clean one.
            s.inst_k = 0;
            if (!best_grid(m, n, warps, 1, 1, s.grid_m, s.grid_n)) s.grid_m = s.grid_n = 0;
            return s;
        case Mode::MmaSync: {
            // Warp-level fragment: m16n8 from Turing on (int8 on Turing: m8n8k16), 16x16 (4 quad-pair
            // m8n8k4 ops, as CUTLASS arranges them) on Volta.
            const ComputeCapability cc = c.arch->cc;
            s.inst_m = cc.major == 7 && cc.minor < 5 ? 16 : (cc.major == 7 && c.kind == Kind::I8 ? 8 : 16);
            s.inst_n = cc.major == 7 && cc.minor < 5 ? 16 : 8;
            if (multistage ? !multistage_grid(m, n, warps, s.grid_m, s.grid_n)
                           : !best_grid(m, n, warps, s.inst_m, s.inst_n, s.grid_m, s.grid_n)) {
                s.fail = ShapeFail::MmaSyncSplit;
                return s;
            }
            break;
        }
        case Mode::Wgmma:
            if (!wgmma_shape(c, m, n, warps, s)) return s;
            break;
        case Mode::Tcgen05:
            if (!tcgen05_shape(m, n, warps, s)) return s;
            break;
    }
    if (k % c.k_inst != 0) s.fail = ShapeFail::K;
    // MmaBase: the warp double-buffers its fragments over the k-steps of a stage (kWarpGemmIterations = K / inst K,
    // the whole K per warp): at least 2 and an even count (recorded refusals).
    else if (multistage && (k / c.k_inst < 2 || (k / c.k_inst) % 2 != 0)) s.fail = ShapeFail::MsK;
    return s;
}

const char* mode_name(Mode m) {
    switch (m) {
        case Mode::Ffma: return "FFMA";
        case Mode::MmaSync: return "mma.sync";
        case Mode::Wgmma: return "wgmma";
        case Mode::Tcgen05: return "tcgen05.mma";
    }
    return "?";
}

// A tile shape the MMA instruction or CUTLASS's builder does not take: names the field and its value, then why
// (`why` goes on from "<field> is <value>").
Error unsupported(const char* field, int64_t value, const std::string& why) {
    return {ErrorId::Unsupported, field, std::string(field) + " is " + std::to_string(value) + why};
}

// The wgmma shape a warpgroup runs, and the N it takes.
std::string wgmma_n_range(const Ctx& c) { return "wgmma m64nNk" + std::to_string(c.k_inst) + ", N = 8..256 step 8"; }

// An N that tcgen05.mma with this M does not take (one CTA's, or a CTA pair's: `pair`).
Error tcgen05_n_error(int64_t m, int64_t n, bool pair) {
    return unsupported("n", n,
                       "; tcgen05.mma with M = " + std::to_string(m) +
                           (pair ? " over a CTA pair takes N = 32 .. 256 in steps of 16"
                                 : (m == 64 ? " takes N = 8 .. 256 in steps of 8" : " takes N = 16 .. 256 in steps of 16")));
}

// shape_error's step: the refusals of a CUTLASS schedule's builder (CoopM .. Sm100N) and of CUTLASS 2.x's multistage
// mainloop (MsK, MsStages).
[[gnu::always_inline]] inline Error schedule_shape_error(const Ctx& c, ShapeFail fail, int64_t m, int64_t n, int64_t k) {
    auto S = [](int64_t v) { return std::to_string(v); };
    switch (fail) {
        case ShapeFail::CoopM:
            return unsupported("m", m,
                    "; the cooperative schedule splits M over two consumer warpgroups of 64 rows "
                    "each: m must be a multiple of 128 (CUTLASS's builder: \"Cooperative kernel requires Tile Size to "
                    "be greater than or equal to 128 along the M-dimension.\"); use the pingpong schedule for M = 64");
        case ShapeFail::ScheduleN:
            return unsupported("n", n, "; one consumer warpgroup covers all of N with " + wgmma_n_range(c) +
                                           " (CUTLASS's ss_op_selector): n must be one of those");
        case ShapeFail::Sm100M:
            return unsupported("m", m,
                    (c.schedule == Schedule::Sm100_2Sm
                                          ? "; the 2-SM schedule's MMA tile is the CTA pair's: M = 128 or 256 (each CTA "
                                            "64 or 128 rows)"
                                          : "; the 1-SM schedule's MMA tile has M = 64 or 128 (TMEM has 128 lanes); "
                                            "M = 256 is the 2-SM schedule (sm100_2sm)"));
        case ShapeFail::Sm100N: return tcgen05_n_error(m, n, c.schedule == Schedule::Sm100_2Sm);
        case ShapeFail::MsK: {
            const int64_t steps = k / c.k_inst;
            return unsupported("k", k,
                    ", " + S(steps) + " mma.sync k-step(s) of " + S(c.k_inst) +
                        " per stage; the sm80_multistage mainloop double-buffers each warp's fragments over them and "
                        "needs an even count of at least 2 (CUTLASS 2.x MmaBase: \"" +
                        (steps < 2 ? "The pipelined structure requires at least two warp-level GEMM operations."
                                   : "Inner loop iteration must be an even number.") +
                        "\"): k must be a multiple of " + S(2 * c.k_inst));
        }
        case ShapeFail::MsStages:
            return unsupported("stages", 1,
                    "; the sm80_multistage mainloop loads kStages - 1 tiles ahead of the first MMA "
                    "(CUTLASS 2.x MmaMultistage's prologue), so 1 stage overlaps nothing: stages must be at least 2");
        default: break;
    }
    return {ErrorId::Unsupported, "m", "unsupported tile shape"};
}

Error shape_error(const Ctx& c, const Shape& s, int64_t m, int64_t n, int64_t k, int64_t warps) {
    const std::string cc = "CC " + cc_str(c.arch->cc);
    auto S = [](int64_t v) { return std::to_string(v); };
    switch (s.fail) {
        case ShapeFail::TooManyWarps:
            return {ErrorId::InvalidInput, "warps",
                    "warps is " + S(warps) + "; a CTA on " + cc + " holds at most " +
                        S(c.dev->max_threads_per_block) + " threads = " +
                        S(c.dev->max_threads_per_block / c.dev->warp_size) + " warps"};
        case ShapeFail::WarpsNotWarpgroups:
            return unsupported("warps", warps,
                    "; on " + cc +
                        " the register path is wgmma, which runs on warpgroups of 4 warps (128 threads): warps must "
                        "be a multiple of 4");
        case ShapeFail::WgmmaM:
            return unsupported("m", m,
                    "; wgmma's shape is m64nNk" + S(c.k_inst) +
                        ", so each warpgroup covers a multiple of 64 rows: m must be a multiple of 64");
        case ShapeFail::WgmmaSplit:
            return {ErrorId::Unsupported, "warps",
                    S(warps / 4) + " warpgroups cannot split a " + S(m) + " x " + S(n) +
                        " tile: each needs a multiple of 64 rows and of 8 columns (" + wgmma_n_range(c) +
                        "); use fewer warps or a larger tile"};
        case ShapeFail::MmaSyncSplit: {
            return {ErrorId::Unsupported, "warps",
                    S(warps) + " warps cannot split a " + S(m) + " x " + S(n) + " tile on " + cc +
                        ": mma.sync gives each warp a multiple of " + S(s.inst_m) + " x " + S(s.inst_n) +
                        " outputs, so no grid Wm x Wn = " + S(warps) + " has m divisible by " + S(s.inst_m) +
                        " x Wm and n by " + S(s.inst_n) + " x Wn; use fewer warps or a larger tile"};
        }
        case ShapeFail::K:
            return unsupported("k", k,
                    "; " + std::string(mode_name(c.mode)) + " for " +
                        std::string(info(c.a).key) + " on " + cc + " consumes K in steps of " + S(c.k_inst) +
                        ": k must be a multiple of " + S(c.k_inst));
        case ShapeFail::TcgenM:
            return unsupported("m", m,
                    "; a single-CTA tcgen05.mma (cta_group::1) has M = 64 or 128 (TMEM has 128 lanes); a "
                    "2-SM tile (cta_group::2, M = 128 or 256 over a CTA pair) runs as two CTAs of M/2: see the "
                    "tile's fit options (cta_pair_2sm)");
        case ShapeFail::TcgenN: return tcgen05_n_error(m, n, false);
        case ShapeFail::TcgenWarps:
            return unsupported("warps", warps,
                    "; reading accumulators out of TMEM needs 4 warps (a warp reaches only its quarter of the "
                    "128 lanes, tcgen05.ld)");
        case ShapeFail::CoopM:
        case ShapeFail::ScheduleN:
        case ShapeFail::Sm100M:
        case ShapeFail::Sm100N:
        case ShapeFail::MsK:
        case ShapeFail::MsStages: return schedule_shape_error(c, s.fail, m, n, k);
        case ShapeFail::None: break;
    }
    return {ErrorId::Unsupported, "m", "unsupported tile shape"};
}

// ============================================================================================ [SECTION] evaluate

// Checked non-negative 64-bit arithmetic: any overflow poisons the value.
struct Ck {
    int64_t v = 0;
    bool ok = true;
};
Ck ck(int64_t v) { return {v, v >= 0}; }
Ck operator*(Ck a, Ck b) {
    if (!a.ok || !b.ok || (a.v != 0 && b.v > kI64Max / a.v)) return {0, false};
    return {a.v * b.v, true};
}
Ck operator+(Ck a, Ck b) {
    if (!a.ok || !b.ok || b.v > kI64Max - a.v) return {0, false};
    return {a.v + b.v, true};
}
Ck cdiv(Ck a, int64_t d) {  // ceil(a / d), d > 0
    if (!a.ok) return a;
    return {a.v / d + (a.v % d != 0 ? 1 : 0), true};
}
int64_t ceil_div(int64_t a, int64_t d) { return a / d + (a % d != 0 ? 1 : 0); }

enum class Overflow : uint8_t { None, Acc, SmemA, SmemB, Mainloop, Epilogue, Total, Tmem };

struct Eval {
    Shape shape;
    Overflow overflow = Overflow::None;
    int64_t threads = 0;
    int64_t acc_bytes = 0, acc_regs = 0;
    bool acc_even = true;
    int64_t overhead = 0, frag_regs = 0, regs_est = 0, regs_launch = 0;
    bool spills = false, acc_over_cap = false;
    int64_t tmem_needed = 0, tmem_alloc = 0;
    bool tmem_fits = true;
    int64_t smem_a = 0, smem_b = 0, smem_stage = 0, smem_main = 0, smem_bar = 0, smem_epi = 0, smem_total = 0;
    bool smem_fits = false;
    // CUTLASS schedules only:
    int64_t launch_alloc = 0;       // registers/thread the launch bounds allow (MaxThreadsPerBlock, 1 CTA/SM)
    int64_t producer_regs = 0, consumer_regs = 0;  // setmaxnreg budgets (Hopper); the launch count (Blackwell)
    int64_t consumer_threads = 0;   // threads holding accumulators (Hopper) / the epilogue warps (Blackwell)
    int64_t acc_stages = 0;         // Blackwell: TMEM accumulator stages
    int64_t epi_m = 0, epi_n = 0, epi_stages_c = 0, epi_stages_d = 0;
    int64_t epi_carveout = 0;       // sizeof(CollectiveEpilogue::SharedStorage): StageCountAutoCarveout's argument
    int64_t kernel_carveout = 0;    // Blackwell: the kernel's own barriers and CLC storage, off the capacity
    int64_t smem_head = 0;          // the kernel's pipelines, scheduler, CLC storage, padded to the tensors' alignment
};

int64_t next_pow2_at_least(int64_t v, int64_t lo) {
    int64_t p = lo;
    while (p < v && p <= kI64Max / 2) p *= 2;
    return p;
}

int64_t round_to(int64_t v, int64_t to) { return (v + to - 1) / to * to; }  // v, to small (< 2^40)

// The sm80_multistage register range's ends (kSm80RegBelow, kSm80RegAbove), within 1 .. the cap.
int64_t multistage_low(int64_t regs) { return std::max<int64_t>(1, regs - kSm80RegBelow); }
int64_t multistage_high(int64_t regs, int64_t cap) { return std::min<int64_t>(regs + kSm80RegAbove, cap); }

// ---- CUTLASS schedules: the kernel's SharedStorage and register budgets re-expressed (CUTLASS 4.7, sources named
// per term; each term is checked against sizeof()/ptxas values of the recorded kernels, tests/unit-cutlass.cpp).
constexpr int64_t kPipeBarrierBytes = 16;  // full + empty mbarrier per pipeline stage (sizeof PipelineTmaAsync<1>::SharedStorage = 16, recorded)

// The TMA epilogue (C = D = the output type, M-major; the builders' EpilogueTileAuto and dispatch policy):
// Hopper sm90_builder.inl sm90_compute_tile_shape_or_override / sm90_get_tma_dispatch_policy; Blackwell
// sm100_builder.inl sm100_dense_compute_tile_shape_or_override / sm100_dense_dispatch_policy.
void schedule_epilogue(const Ctx& c, int64_t m_cta, int64_t n, Eval& e) {
    const int64_t out_bits = c.out_bits;
    if (is_hopper_ws(c.schedule)) {
        e.epi_m = std::min<int64_t>(c.schedule == Schedule::Cooperative ? 128 : 64, m_cta);
        const int64_t n_perf = c.schedule == Schedule::PingPong && out_bits == 8 && n % 64 == 0 ? 64 : 32;
        e.epi_n = std::gcd(std::min(n_perf, n), n);
    } else {
        // 32 TMEM data paths per sub-partition x the warps along M (4 for M = 128 per CTA, 2 for M = 64).
        const int64_t warp_m = m_cta >= 128 ? 4 : 2, warp_n = 4 / warp_m;
        e.epi_m = std::min<int64_t>(m_cta, 32 * warp_m);
        const int64_t n_perf = out_bits == 32 ? (m_cta > 64 && n <= 128 ? 16 : 32) : out_bits == 16 ? (n <= 128 ? 32 : 64) : 64;
        const int64_t n_min = 8 * warp_n;
        const int64_t nt = std::min(n, std::max(n_perf, n_min));
        e.epi_n = n % nt == 0 ? nt : n;
    }
    const int64_t tiles = (m_cta / e.epi_m) * (n / e.epi_n);
    const bool reuse = out_bits > 8;  // C and D have the same type here
    e.epi_stages_d = std::min<int64_t>(tiles, 2);
    e.epi_stages_c = reuse ? std::max(std::min<int64_t>(tiles, 4), e.epi_stages_d + 1) : std::min<int64_t>(tiles, 4);
    // Swizzle alignment of the C/D buffers: a 128-byte swizzle atom is 8 rows x 128 B = 1024 B (16-bit, M >= 64).
    const int64_t row_bytes = e.epi_m * out_bits / 8;
    const int64_t align = row_bytes >= 128 ? 1024 : row_bytes >= 64 ? 512 : row_bytes >= 32 ? 256 : 128;
    const int64_t c_bytes = e.epi_m * e.epi_n * e.epi_stages_c * out_bits / 8;
    const int64_t d_bytes = e.epi_m * e.epi_n * e.epi_stages_d * out_bits / 8;
    const int64_t collective = reuse ? round_to(c_bytes, align) : round_to(c_bytes, align) + round_to(d_bytes, align);
    // TensorStorage = {collective; FusionCallbacks::SharedStorage (empty, 1 B)}, padded to the alignment;
    // SharedStorage = {TensorStorage; the C load pipeline's full/empty barriers per C stage}, padded again.
    e.smem_epi = round_to(collective + 1, align);
    e.epi_carveout = round_to(e.smem_epi + kPipeBarrierBytes * e.epi_stages_c, align);
}

// evaluate_schedule's steps (m_cta: the CTA's rows, half the MMA's on the 2-SM schedule).

// Threads, the launch bounds' register allocation, the accumulators and (Hopper) the setmaxnreg budgets.
void schedule_registers(const Ctx& c, int64_t m, int64_t n, int64_t m_cta, Eval& e) {
    const ArchRules& ar = *c.arch;
    const int64_t warps = is_hopper_ws(c.schedule) ? 12 : 8;  // 384 threads (3 warpgroups) / 256 threads (8 warps)
    e.threads = warps * c.dev->warp_size;
    // __launch_bounds__(MaxThreadsPerBlock, MinBlocksPerMultiprocessor = 1): ptxas may give each warp the register
    // file's share, rounded down to the allocation unit (256 per warp = 8 per thread); 65,536 / 12 warps -> 168.
    const int64_t per_warp = c.dev->regs_per_sm / warps / ar.reg_alloc_unit * ar.reg_alloc_unit;
    e.launch_alloc = std::min<int64_t>(ar.max_regs_per_thread, per_warp / c.dev->warp_size);
    e.acc_bytes = m_cta * n * c.acc_bits / 8;
    if (is_hopper_ws(c.schedule)) {
        // sm90_gemm_tma_warpspecialized_{cooperative,pingpong}.hpp: RegsPerThread = M x N / NumMMAThreads x
        // sizeof(acc) / 4; >= 208 is HeavyRegisterPressure: producer 24, consumers 240; else 40 and 232.
        const int64_t mma_threads = c.schedule == Schedule::Cooperative ? 256 : 128;
        const int64_t regs_per_thread = m * n / mma_threads * (c.acc_bits / 8) / 4;
        const bool heavy = regs_per_thread >= 208;
        e.producer_regs = heavy ? 24 : 40;
        e.consumer_regs = heavy ? 240 : 232;
        e.consumer_threads = 256;
        e.acc_regs = ceil_div(m * n * c.acc_bits, 32 * mma_threads);
        e.acc_even = (m * n * c.acc_bits) % (32 * mma_threads) == 0;
        e.overhead = c.overhead >= 0 ? c.overhead : kBaseOverhead;
        e.regs_est = e.acc_regs + e.overhead;
        e.spills = e.regs_est > e.consumer_regs;
        e.acc_over_cap = e.acc_regs > e.consumer_regs;
        e.regs_launch = e.launch_alloc;
    } else {
        // Blackwell: accumulators in TMEM; no setmaxnreg; every warp runs with the count ptxas chooses under the
        // launch bounds (up to 255). Estimate: the epilogue warps hold one epilogue sub-tile of accumulators
        // (epi_m x epi_n f32 over 128 threads) twice (TMEM load + conversion) plus the base overhead.
        e.acc_regs = 0;
        e.consumer_threads = 128;
    }
}

// Blackwell: the TMEM accumulator stages (sm100_umma_builder.inl): min(4, 128 x 512 / (CTA M x N)), or for a 1-SM
// M = 64 MMA min(4, 512 / N x 2); CUTLASS allocates all 512 columns.
void schedule_tmem(const Ctx& c, int64_t n, int64_t m_cta, bool pair, Eval& e) {
    const int64_t by_shape = (pair || m_cta > 64) ? (128 * 512) / (m_cta * n) : (512 / n) * 2;
    e.acc_stages = c.acc_buffers > 0 ? c.acc_buffers : std::min<int64_t>(4, by_shape);
    e.tmem_needed = ceil_div(n * c.acc_bits, 32) * e.acc_stages;
    e.tmem_alloc = next_pow2_at_least(e.tmem_needed, 32);
    e.tmem_fits = e.tmem_alloc <= c.arch->tmem_columns;
}

// Shared memory: the mainloop's stages, the kernel's pipelines and scheduler, the epilogue; an overflow is kept
// in e.overflow.
void schedule_smem(const Ctx& c, int64_t k, int64_t m_cta, int64_t n_b, int64_t stages, Eval& e) {
    // Mainloop buffers: stages x (A + B), A = M x K, B = N x K (per CTA: half of B on the 2-SM MMA).
    e.smem_a = ceil_div(m_cta * k * c.a_smem_bits, 8);
    e.smem_b = ceil_div(n_b * k * c.b_smem_bits, 8);
    e.smem_stage = e.smem_a + e.smem_b;
    const Ck main = ck(e.smem_stage) * ck(stages);  // up to 2^43 x 2^20: may not fit
    if (!main.ok) {
        e.overflow = Overflow::Mainloop;
        return;
    }
    e.smem_main = main.v;
    // The kernel's PipelineStorage (each member alignas(16)) and what follows it before the 1024-aligned tensors:
    //  Hopper: mainloop (16 B x stages), C load (16 B x C stages), load order barrier (16 B), scheduler (16 B);
    //  Blackwell: also the CLC pipeline, the accumulator pipeline (16 B x acc stages), the CLC throttle, the TMEM
    //  dealloc barrier, 2 CLC responses (16 B each) and the TMEM base address (4 B).
    int64_t pipes = kPipeBarrierBytes * (stages + e.epi_stages_c) + 16 + 16;
    if (is_sm100_ws(c.schedule)) {
        // sm100_pipeline_carveout.inl Sm100DenseGemmTmaUmmaCarveout (what the builder takes off the capacity):
        // accumulator pipeline 16 B x acc stages, CLC pipeline 32, load order 16, TMEM dealloc barrier 8, CLC
        // throttle 32, 2 CLC responses x 16, 2 TMEM base pointers x 4 (recorded: 192 B with 4 acc stages).
        e.kernel_carveout = kPipeBarrierBytes * e.acc_stages + 32 + 16 + 8 + 32 + 2 * 16 + 2 * 4;
        // The kernel's own layout: the same barriers each alignas(16) (the dealloc barrier takes 16), 2 CLC
        // responses, one TMEM base pointer (recorded PipelineStorage: 320 B for 6 stages, 4 C stages, 4 acc stages).
        pipes = kPipeBarrierBytes * (stages + e.epi_stages_c + e.acc_stages) + 32 + 16 + 32 + 16 + 2 * 16 + 4;
    }
    e.smem_bar = pipes;
    e.smem_head = round_to(pipes, 1024);
    const Ck total = ck(e.smem_head) + (c.epi_reuse ? ck(std::max(e.smem_epi, e.smem_main)) : ck(e.smem_epi) + ck(e.smem_main));
    if (!total.ok) {  // a user's epilogue_bytes (up to 2^53-1) beside a mainloop near 2^63
        e.overflow = Overflow::Total;
        return;
    }
    e.smem_total = total.v;
    e.smem_fits = e.smem_total <= c.smem_limit;
}

// Registers, threads and shared memory of a CUTLASS schedule for a shape that passed schedule_shape().
void evaluate_schedule(const Ctx& c, int64_t m, int64_t n, int64_t k, int64_t stages, Eval& e) {
    const bool pair = c.schedule == Schedule::Sm100_2Sm;
    const int64_t m_cta = pair ? m / 2 : m;
    const int64_t n_b = pair ? n / 2 : n;  // the 2-SM MMA reads half of B from each CTA of the pair
    schedule_registers(c, m, n, m_cta, e);
    if (is_sm100_ws(c.schedule)) schedule_tmem(c, n, m_cta, pair, e);
    if (c.epilogue == Epilogue::None) {
        schedule_epilogue(c, m_cta, n, e);
    } else {  // the user's own epilogue staging replaces the TMA epilogue's
        e.smem_epi = c.epilogue == Epilogue::Bytes ? c.epilogue_bytes : ceil_div(m_cta * n * c.out_bits, 8);
        e.epi_carveout = e.smem_epi;
        e.epi_m = m_cta;
        e.epi_n = n;
    }
    if (is_sm100_ws(c.schedule)) {  // Blackwell's registers: the epilogue sub-tile's (schedule_registers)
        const int64_t em = e.epi_m, en = e.epi_n;
        e.overhead = c.overhead >= 0 ? c.overhead : 2 * ceil_div(em * en * 32, 32 * 128) + kBaseOverhead;
        e.regs_est = e.overhead;
        e.spills = e.regs_est > c.arch->max_regs_per_thread;
        e.regs_launch = std::min<int64_t>(e.regs_est, e.launch_alloc);
        e.consumer_regs = e.regs_launch;
    }
    schedule_smem(c, k, m_cta, n_b, stages, e);
}

// CUTLASS 2.x's SM80 multistage GEMM (gemm/kernel/gemm.h, gemm/threadblock/mma_multistage.h, epilogue/threadblock/
// epilogue.h) for a shape that passed shape_for(): the grid's warps all load (cp.async) and compute (mma.sync); the
// kernel's SharedStorage is a union of the mainloop's stages and the epilogue's staging. m, n, k, stages <= 2^20.
void evaluate_multistage(const Ctx& c, int64_t m, int64_t n, int64_t k, int64_t stages, Eval& e) {
    if (stages < 2) {
        e.shape.fail = ShapeFail::MsStages;
        return;
    }
    const ArchRules& ar = *c.arch;
    const int64_t gm = e.shape.grid_m, gn = e.shape.grid_n;
    e.threads = gm * gn * c.dev->warp_size;  // GemmKernel::kThreadCount = 32 x WarpCount (recorded)
    // cutlass::Kernel has no __launch_bounds__ (recorded: no .maxntid in the PTX): ptxas may use up to the cap.
    e.launch_alloc = ar.max_regs_per_thread;
    e.acc_bytes = m * n * c.acc_bits / 8;
    e.acc_regs = ceil_div(m * n * c.acc_bits, 32 * e.threads);
    e.acc_even = (m * n * c.acc_bits) % (32 * e.threads) == 0;
    // Other registers: the mma.sync estimate (docs/tile-model.md): the base + one k-step of A and B fragments of the
    // warp tile, double-buffered (MmaMultistage's warp_frag_A/B[2]).
    e.frag_regs = ceil_div(2 * (m / gm * c.a_smem_bits + n / gn * c.b_smem_bits) * c.k_inst, 32 * 32);
    e.overhead = c.overhead >= 0 ? c.overhead : kBaseOverhead + e.frag_regs;
    e.regs_est = e.acc_regs + e.overhead;
    e.spills = e.regs_est > ar.max_regs_per_thread;
    e.acc_over_cap = e.acc_regs > ar.max_regs_per_thread;
    e.regs_launch = std::min<int64_t>(e.regs_est, ar.max_regs_per_thread);
    e.consumer_regs = e.regs_launch;
    e.consumer_threads = e.threads;
    // Mainloop (MmaBase::SharedStorage): A = M x K x stages, B = N x K x stages, no padding for tensor-op layouts.
    e.smem_a = ceil_div(m * k * c.a_smem_bits, 8);
    e.smem_b = ceil_div(n * k * c.b_smem_bits, 8);
    e.smem_stage = e.smem_a + e.smem_b;
    e.smem_main = e.smem_stage * stages;  // < 2^62: each factor <= 2^20, bits <= 16
    // Epilogue (EpilogueBase::SharedStorage, DefaultEpilogueTensorOp): 8 accumulator rows of every warp at a time,
    // f32, each row N + 8 wide (4 lanes x 2 elements of padding); 2 such slices for f16 or f32 output
    // (kFragmentsPerIteration 2), 1 for bf16. The user's own staging replaces it (still a union).
    if (c.epilogue == Epilogue::None) {
        const int64_t slices = c.out == DType::BF16 ? 1 : 2;
        e.epi_m = gm * 8 * slices;
        e.epi_n = n + 8;
        e.smem_epi = e.epi_m * e.epi_n * c.acc_bits / 8;
    } else {
        const Ck epi = c.epilogue == Epilogue::Bytes ? ck(c.epilogue_bytes) : cdiv(ck(m) * ck(n) * ck(c.out_bits), 8);
        e.smem_epi = epi.v;  // <= 2^53 or < 2^45
    }
    e.smem_bar = 0;  // cp.async groups and __syncthreads: no mbarriers
    e.smem_total = std::max(e.smem_main, e.smem_epi);
    e.smem_fits = e.smem_total <= c.smem_limit;
}

// evaluate's steps for the warps model. Threads, accumulator registers and the overhead estimate (e.overflow set
// when M x N x acc bits or the threads do not fit 64 bits).
void warps_registers(const Ctx& c, int64_t m, int64_t n, int64_t warps, Eval& e) {
    const ArchRules& ar = *c.arch;
    const Ck threads = ck(warps) * ck(c.dev->warp_size);
    e.threads = threads.ok ? threads.v : kI64Max;

    // Accumulators: M x N elements of acc_bits, spread evenly over the CTA's threads.
    const Ck acc_bits_total = ck(m) * ck(n) * ck(c.acc_bits);
    if (!acc_bits_total.ok || !threads.ok) {
        e.overflow = Overflow::Acc;
        return;
    }
    e.acc_bytes = cdiv(acc_bits_total, 8).v;
    if (c.mode != Mode::Tcgen05) {
        const Ck per_thread_bits = ck(32) * threads;  // one 32-bit register per thread
        e.acc_regs = cdiv(acc_bits_total, per_thread_bits.v).v;
        e.acc_even = acc_bits_total.v % per_thread_bits.v == 0;
    }

    // Overhead (model default, see docs/tile-model.md): base + operand fragments the path keeps in registers.
    if (c.overhead >= 0) {
        e.overhead = c.overhead;
    } else {
        e.overhead = kBaseOverhead;
        if (c.mode == Mode::MmaSync) {
            // A and B fragments of one instruction-K slice of the warp tile, double-buffered.
            const Ck bits = ck(2) * ((ck(m / e.shape.grid_m) * ck(c.a_smem_bits) + ck(n / e.shape.grid_n) * ck(c.b_smem_bits)) * ck(c.k_inst));
            e.frag_regs = bits.ok ? cdiv(bits, 32 * 32).v : kI64Max / 4;
        } else if (c.mode == Mode::Ffma) {
            // Thread tile of P outputs taken as sqrt(P) x sqrt(P): one A column + one B row per k, double-buffered.
            const int64_t p = std::max<int64_t>(1, e.acc_regs * 32 / std::max(1, c.acc_bits));
            const auto side = static_cast<int64_t>(std::ceil(std::sqrt(static_cast<double>(p))));
            e.frag_regs = 4 * side;
        } else if (c.mode == Mode::Tcgen05) {
            e.frag_regs = kTmemEpilogueRegs;
        }
        e.overhead += e.frag_regs;  // frag_regs <= kI64Max / 4: no overflow
    }
    const Ck est = ck(e.acc_regs) + ck(e.overhead);
    e.regs_est = est.ok ? est.v : kI64Max;
    e.spills = e.regs_est > ar.max_regs_per_thread;
    e.acc_over_cap = e.acc_regs > ar.max_regs_per_thread;
    e.regs_launch = std::min<int64_t>(e.regs_est, ar.max_regs_per_thread);
}

// Tensor-memory columns (TMEM path only).
void warps_tmem(const Ctx& c, int64_t n, Eval& e) {
    const ArchRules& ar = *c.arch;
    // Tensor memory: 32-bit columns x 128 lanes; allocation a power of two >= 32 columns (PTX ISA).
    if (c.mode == Mode::Tcgen05) {
        const Ck cols = cdiv(ck(n) * ck(c.acc_bits), 32) * ck(c.acc_buffers);
        if (!cols.ok) {
            e.overflow = Overflow::Tmem;
            return;
        }
        e.tmem_needed = cols.v;
        e.tmem_alloc = next_pow2_at_least(cols.v, 32);
        e.tmem_fits = e.tmem_alloc <= ar.tmem_columns;
    }
}

// Shared memory per stage, mainloop, barriers and epilogue, and the CTA's total against the limit.
void warps_smem(const Ctx& c, int64_t m, int64_t n, int64_t k, int64_t stages, Eval& e) {
    const ArchRules& ar = *c.arch;
    // Shared memory, bytes.
    const Ck sa = cdiv(ck(m) * ck(k) * ck(c.a_smem_bits), 8);
    if (!sa.ok) {
        e.overflow = Overflow::SmemA;
        return;
    }
    const Ck sb = cdiv(ck(n) * ck(k) * ck(c.b_smem_bits), 8);
    if (!sb.ok) {
        e.overflow = Overflow::SmemB;
        return;
    }
    const Ck stage = sa + sb;
    const Ck main = stage * ck(stages);
    if (!main.ok) {
        e.overflow = Overflow::Mainloop;
        return;
    }
    e.smem_a = sa.v;
    e.smem_b = sb.v;
    e.smem_stage = stage.v;
    e.smem_main = main.v;
    Ck bar = ck(0);
    if (ar.cc.major >= 9) {
        bar = ck(stages) * ck(2 * kMbarrierBytes);  // full + empty per stage
        if (c.mode == Mode::Tcgen05) bar = bar + ck(c.acc_buffers) * ck(2 * kMbarrierBytes) + ck(kTmemAddrBytes);
    }
    Ck epi = ck(0);
    if (c.epilogue == Epilogue::OutputTile) epi = cdiv(ck(m) * ck(n) * ck(c.out_bits), 8);
    if (c.epilogue == Epilogue::Bytes) epi = ck(c.epilogue_bytes);
    if (!epi.ok) {
        e.overflow = Overflow::Epilogue;
        return;
    }
    const Ck total = c.epi_reuse ? ck(std::max(main.v, epi.v)) + bar : main + bar + epi;
    if (!bar.ok || !total.ok) {
        e.overflow = Overflow::Total;
        return;
    }
    e.smem_bar = bar.v;
    e.smem_epi = epi.v;
    e.smem_total = total.v;
    e.smem_fits = total.v <= c.smem_limit;
}

// Registers per thread and shared memory per CTA of one shape. No strings, no allocation.
Eval evaluate(const Ctx& c, int64_t m, int64_t n, int64_t k, int64_t stages, int64_t warps) {
    Eval e;
    e.shape = shape_for(c, m, n, k, warps);
    if (e.shape.fail != ShapeFail::None) return e;
    if (kSchedules && c.schedule != Schedule::None) {
        // M, N, K and stages bounded by 2^20 each (a search's lists reach here unrefused: fuzz_tile's crash 1301a92c
        // had M ~ 6.4e9), so every product below fits; the mainloop's stages x (A + B) is checked on its own.
        if (m > (int64_t{1} << 20) || n > (int64_t{1} << 20) || k > (int64_t{1} << 20) || stages > (int64_t{1} << 20)) {
            e.overflow = Overflow::Mainloop;
            return e;
        }
        if (is_sm80_ms(c.schedule))
            evaluate_multistage(c, m, n, k, stages, e);
        else
            evaluate_schedule(c, m, n, k, stages, e);
        return e;
    }
    warps_registers(c, m, n, warps, e);
    if (e.overflow != Overflow::None) return e;
    warps_tmem(c, n, e);
    if (e.overflow != Overflow::None) return e;
    warps_smem(c, m, n, k, stages, e);
    return e;
}

Error overflow_error(Overflow o) {
    const char* what = "the tile's arithmetic";
    const char* field = "m";
    switch (o) {
        case Overflow::Acc: what = "m x n x accumulator bits"; break;
        case Overflow::SmemA: what = "m x k x A bits"; break;
        case Overflow::SmemB: what = "n x k x B bits"; field = "n"; break;
        case Overflow::Mainloop: what = "stages x shared memory per stage"; field = "stages"; break;
        case Overflow::Epilogue: what = "the epilogue's m x n x output bits"; break;
        case Overflow::Total: what = "shared memory per CTA"; break;
        case Overflow::Tmem: what = "tensor-memory columns"; field = "n"; break;
        case Overflow::None: break;
    }
    return {ErrorId::InvalidInput, field,
            std::string(what) + " does not fit in 64 bits; no such tile can be resident on an SM (use a smaller "
                                "tile)"};
}

KernelInput kernel_for(int64_t threads, int64_t regs_launch, int64_t smem_per_cta) {
    KernelInput k;
    k.threads = threads;
    k.regs = regs_launch;
    k.smem_static = 0;
    k.smem_dynamic = smem_per_cta;
    k.optin = true;
    k.smem_dynamic_max = smem_per_cta;
    k.barriers = 1;
    return k;
}
KernelInput kernel_for(const Eval& e) { return kernel_for(e.threads, e.regs_launch, e.smem_total); }

bool solvable(const Eval& e) { return e.threads <= kMaxInput && e.smem_total <= kMaxInput; }

// ============================================================================================ [SECTION] tile

std::string instruction_name(const Ctx& c, const Shape& s) {
    const std::string ab = std::string(info(c.a).key) + "." + std::string(info(c.b).key);
    const std::string acc(info(c.acc).key);
    auto S = [](int64_t v) { return std::to_string(v); };
    switch (c.mode) {
        case Mode::Ffma: return "FFMA (CUDA cores, no tensor-core MMA)";
        case Mode::MmaSync:
            if (c.arch->cc.major == 7 && c.arch->cc.minor < 5) return "mma.sync m8n8k4 ." + acc + "." + ab + " (x4 quad-pairs = 16x16 per warp)";
            if (c.arch->cc.major == 7 && c.kind == Kind::I8) return "mma.sync m8n8k16 ." + acc + "." + ab;
            return "mma.sync m16n8k" + S(s.inst_k) + " ." + acc + "." + ab;
        case Mode::Wgmma: return "wgmma.mma_async m64n" + S(s.inst_n) + "k" + S(s.inst_k) + " ." + acc + "." + ab;
        case Mode::Tcgen05: {
            const char* kind = c.kind == Kind::F16 ? "f16" : c.kind == Kind::Tf32 ? "tf32" : c.kind == Kind::I8 ? "i8" : "f8f6f4";
            return std::string(c.schedule == Schedule::Sm100_2Sm ? "tcgen05.mma.cta_group::2.kind::" : "tcgen05.mma.cta_group::1.kind::") + std::string(kind) + " M=" + S(s.inst_m) + " N=" + S(s.inst_n) +
                   " K=" + S(s.inst_k) + " (" + ab + " -> " + acc + ")";
        }
    }
    return "?";
}

void add_row(TileResult& r, std::string key, std::string label, std::string unit, double value,
             std::optional<double> limit, Basis basis, bool over = false) {
    r.rows.push_back({std::move(key), std::move(label), std::move(unit), value, limit, basis, over});
}

}  // namespace

// ----------------------------------------------------------------------------------------------- public

std::string_view dtype_key(DType t) { return info(t).key; }
int dtype_bits(DType t) { return info(t).bits; }
std::string_view basis_key(Basis b) { return b == Basis::Exact ? "exact" : "estimate"; }
std::string_view schedule_key(Schedule s) {
    switch (s) {
        case Schedule::None: return "none";
        case Schedule::Cooperative: return "cooperative";
        case Schedule::PingPong: return "pingpong";
        case Schedule::Sm100_1Sm: return "sm100_1sm";
        case Schedule::Sm100_2Sm: return "sm100_2sm";
        case Schedule::Sm80Multistage: return "sm80_multistage";
    }
    return "none";
}

Expected<DType> parse_dtype(std::string_view text) {
    std::string t;
    for (char ch : text)
        if (ch != ' ' && ch != '_' && ch != '-') t += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    struct Alias {
        std::string_view name;
        DType t;
    };
    static constexpr Alias kAliases[] = {
        {"f32", DType::F32},   {"fp32", DType::F32},    {"float", DType::F32},     {"float32", DType::F32},
        {"tf32", DType::TF32}, {"f16", DType::F16},     {"fp16", DType::F16},      {"half", DType::F16},
        {"float16", DType::F16}, {"bf16", DType::BF16}, {"bfloat16", DType::BF16}, {"e4m3", DType::E4M3},
        {"fp8", DType::E4M3},  {"f8", DType::E4M3},     {"fp8e4m3", DType::E4M3},  {"f8e4m3", DType::E4M3},
        {"e5m2", DType::E5M2}, {"fp8e5m2", DType::E5M2}, {"f8e5m2", DType::E5M2},  {"i8", DType::I8},
        {"int8", DType::I8},   {"s8", DType::I8},       {"i32", DType::I32},       {"int32", DType::I32},
        {"s32", DType::I32},   {"f6", DType::F6},       {"fp6", DType::F6},        {"e2m3", DType::F6},
        {"e3m2", DType::F6},   {"fp6e2m3", DType::F6},  {"fp6e3m2", DType::F6},    {"f4", DType::F4},
        {"fp4", DType::F4},    {"e2m1", DType::F4},     {"fp4e2m1", DType::F4},    {"nvfp4", DType::F4},
        {"mxfp4", DType::F4},
    };
    for (const auto& a : kAliases)
        if (a.name == t) return a.t;
    return Error{ErrorId::InvalidInput, "type",
                 "\"" + std::string(text) +
                     "\" is not an element type; use f32, tf32, f16, bf16, e4m3, e5m2, i8, i32, f6 or f4"};
}

namespace {
Expected<TileResult> tile_core(const Device& dev, const TileInput& in, const GpuSpec* gpu, bool with_options);
std::vector<TileFitOption> fit_options_core(const Device& dev, const TileInput& in, const GpuSpec* gpu,
                                            const std::optional<TileResult>& original);
}  // namespace

std::string tile_misfit_text(const TileResult& r) {
    std::string why;
    auto add = [&](const std::string& w) { why += (why.empty() ? "" : "; ") + w; };
    auto n = [](int64_t v) { return std::to_string(v); };
    if (r.acc_over_cap)
        add("accumulators alone need " + n(r.acc_regs_per_thread) + " registers/thread, limit " + n(r.regs_cap) + ": spills");
    else if (r.spills)
        add("estimated " + n(r.regs_per_thread_est) + " registers/thread exceed " + n(r.regs_cap) + ": spills");
    if (!r.smem_fits)
        add(n(r.smem_per_cta) + " B shared memory per CTA exceed the " + n(r.smem_limit) + " B per-block limit");
    if (!r.tmem_fits) add(n(r.tmem_columns) + " TMEM columns exceed " + n(r.tmem_columns_limit));
    if (r.ctas_per_sm < 1) {
        std::string limiting;
        for (Resource res : r.limiting) limiting += (limiting.empty() ? "" : ", ") + std::string(resource_label(res));
        add("0 CTAs per SM (limited by " + (limiting.empty() ? std::string("-") : limiting) + ")");
    }
    return why;
}

Expected<TileResult> tile(const Device& dev, const TileInput& in, const GpuSpec* gpu) {
    return tile_core(dev, in, gpu, true);
}

namespace {
// The problem's sizes, when given, are element counts of at least 1.
std::optional<Error> check_problem(const TileInput& in) {
    if (!in.problem) return std::nullopt;
    if (auto e = range("problem.m", in.problem->m, 1, kMaxInput, "elements")) return *e;
    if (auto e = range("problem.n", in.problem->n, 1, kMaxInput, "elements")) return *e;
    if (auto e = range("problem.k", in.problem->k, 1, kMaxInput, "elements")) return *e;
    return std::nullopt;
}

// The evaluation's numbers as the result's readouts: the instruction, registers, TMEM and shared memory.
TileResult readouts(const Device& dev, const TileInput& in, const Ctx& c, const Eval& e) {
    const ArchRules& ar = *c.arch;
    TileResult r;
    r.input = in;
    r.input.out = c.out;
    r.input.overhead_regs = e.overhead;
    r.cc = ar.cc;
    r.instruction = instruction_name(c, e.shape);
    r.inst_m = e.shape.inst_m;
    r.inst_n = e.shape.inst_n;
    r.inst_k = e.shape.inst_k;
    r.grid_m = e.shape.grid_m;
    r.grid_n = e.shape.grid_n;
    r.threads = e.threads;
    r.acc_bytes = e.acc_bytes;
    r.regfile_bytes = dev.regs_per_sm * 4;
    r.acc_regs_per_thread = e.acc_regs;
    r.acc_regs_even = e.acc_even;
    r.overhead_regs = e.overhead;
    r.regs_per_thread_est = e.regs_est;
    r.regs_cap = ar.max_regs_per_thread;
    r.acc_over_cap = e.acc_over_cap;
    r.spills = e.spills;
    r.regs_launch = e.regs_launch;
    if (c.mode == Mode::Tcgen05) {
        r.tmem_columns_needed = e.tmem_needed;
        r.tmem_columns = e.tmem_alloc;
        r.tmem_columns_limit = ar.tmem_columns;
        r.tmem_fits = e.tmem_fits;
        r.ctas_by_tmem = ar.tmem_columns / e.tmem_alloc;
    }
    r.a_smem_bits = c.a_smem_bits;
    r.b_smem_bits = c.b_smem_bits;
    r.smem_a_per_stage = e.smem_a;
    r.smem_b_per_stage = e.smem_b;
    r.smem_per_stage = e.smem_stage;
    r.smem_mainloop = e.smem_main;
    r.smem_barriers = e.smem_bar;
    r.smem_epilogue = e.smem_epi;
    r.smem_per_cta = e.smem_total;
    r.smem_limit = c.smem_limit;
    r.smem_fits = e.smem_fits;
    if (kSchedules && c.schedule != Schedule::None) {
        r.schedule = c.schedule;
        r.input.warps = e.threads / dev.warp_size;
        r.input.mma = is_sm100_ws(c.schedule) ? MmaPath::TensorMemory : MmaPath::Registers;
        r.regs_launch_alloc = e.launch_alloc;
        r.consumer_regs = e.consumer_regs;
        if (is_hopper_ws(c.schedule)) r.regs_cap = e.consumer_regs;
        r.acc_stages = e.acc_stages;
        if (is_sm100_ws(c.schedule)) r.input.acc_buffers = e.acc_stages;
        r.epilogue_tile_m = e.epi_m;
        r.epilogue_tile_n = e.epi_n;
        r.epilogue_stages_c = e.epi_stages_c;
        r.epilogue_stages_d = e.epi_stages_d;
        const std::string src = "CUTLASS 4.7 ";
        if (is_hopper_ws(c.schedule)) {
            r.roles.push_back({"producer", "producer warpgroup (TMA loads of A, B and C; setmaxnreg.dec)", 128,
                               e.producer_regs, 0, Basis::Exact});
            r.roles.push_back({"consumer",
                               c.schedule == Schedule::Cooperative
                                   ? "2 consumer warpgroups (wgmma, one tile split along M; setmaxnreg.inc)"
                                   : "2 consumer warpgroups (wgmma, a tile each, taking turns; setmaxnreg.inc)",
                               256, e.consumer_regs, e.acc_regs, Basis::Exact});
        } else if (is_sm80_ms(c.schedule)) {
            r.epilogue_tile_m = r.epilogue_tile_n = 0;  // not a TMA epilogue's sub-tile (the note gives its rows)
            r.roles.push_back({"warp", "every warp: cp.async loads of A and B, mma.sync, epilogue (no specialisation)",
                               e.threads, e.regs_launch, e.acc_regs, Basis::Estimate});
        } else {
            r.roles.push_back({"mma", "MMA warp (issues tcgen05.mma, one thread)", 32, e.regs_launch, 0, Basis::Estimate});
            r.roles.push_back({"load", "mainloop load warp (TMA)", 32, e.regs_launch, 0, Basis::Estimate});
            r.roles.push_back({"scheduler", "scheduler warp (CLC tile scheduler)", 32, e.regs_launch, 0, Basis::Estimate});
            r.roles.push_back({"epilogue_load", "epilogue load warp (TMA load of C)", 32, e.regs_launch, 0, Basis::Estimate});
            r.roles.push_back({"epilogue", "4 epilogue warps (tcgen05.ld of the accumulators, TMA store of D)", 128,
                               e.regs_launch, 0, Basis::Estimate});
        }
    }
    return r;
}

// CTAs per SM and occupancy from the solver, with the tile's threads, registers and shared memory as a kernel.
std::optional<Error> solve_occupancy(TileResult& r, const Device& dev, const Eval& e) {
    if (solvable(e)) {
        auto occ = occupancy(dev, kernel_for(e), Detail::Full);
        if (!occ) return occ.error();
        r.ctas_per_sm = occ->blocks_per_sm;
        r.occupancy = occ->occupancy;
        r.limiting = occ->limiting;
        r.ctas_by_smem = occ->limit(Resource::SharedMemory);
        r.ctas_by_regs = occ->limit(Resource::Registers);
        r.occ = std::move(*occ);
    } else {
        r.ctas_per_sm = 0;
        r.ctas_by_smem = 0;
        r.limiting = {Resource::SharedMemory};
        r.notes.push_back("The CTA's threads or shared memory exceed 2^53; the occupancy solver was not run: 0 CTAs.");
    }
    r.fits = !r.spills && r.smem_fits && r.tmem_fits && r.ctas_per_sm >= 1;
    if (r.schedule != Schedule::None && r.spills && r.smem_fits && r.tmem_fits && r.ctas_per_sm >= 1) {
        // A CUTLASS schedule's consumers spill above their setmaxnreg budget but the kernel still runs at the
        // launch allocation (recorded: ping-pong with 256 accumulator registers, 1 CTA/SM and spill stores).
        r.notes.push_back((r.schedule == Schedule::Sm80Multistage ? "The registers exceed the "
                                                                  : "The consumers' registers exceed their ") +
                          std::to_string(r.regs_cap) + "-register " +
                          (r.schedule == Schedule::Sm80Multistage ? "cap" : "budget") +
                          ": the kernel runs with spills to local memory at " + std::to_string(r.ctas_per_sm) +
                          " CTA(s) per SM.");
        return std::nullopt;
    }
    if (!r.fits && r.ctas_per_sm > 0) {
        // A tile that does not fit does not run as modelled (spilled accumulators, shared memory or TMEM over the
        // limit): no CTA count or occupancy is given for it, so that no surface shows "1 CTA per SM, 12.5 %"
        // beside "does not fit". `occ` keeps the solver's view of the launch for the derivation.
        r.notes.push_back("CTAs per SM and occupancy are 0: the tile does not fit, so it does not run as modelled (the "
                          "solver alone would give " + std::to_string(r.ctas_per_sm) + " CTA(s) per SM for this "
                          "launch, with the overflow spilled or refused).");
        r.ctas_per_sm = 0;
        r.occupancy = 0;
    }
    return std::nullopt;
}

// Arithmetic intensity per k-step against the GPU's ridge point (global memory holds sub-byte types packed).
void add_intensity(TileResult& r, const TileInput& in, const Ctx& c, const GpuSpec* gpu) {
    const double dm = static_cast<double>(in.m), dn = static_cast<double>(in.n), dk = static_cast<double>(in.k);
    r.flops_per_kstep = 2.0 * dm * dn * dk;
    r.global_bytes_per_kstep = (dm * dk * info(c.a).bits + dn * dk * info(c.b).bits) / 8.0;
    r.intensity = r.flops_per_kstep / r.global_bytes_per_kstep;
    if (gpu) {
        if (c.kind == Kind::F16) r.peak_tflops = gpu->bf16_dense_tflops;
        if (c.kind == Kind::Ffma) r.peak_tflops = gpu->fp32_tflops;
        r.mem_bw_gbs = gpu->mem_bw_gbs;
        if (r.peak_tflops && r.mem_bw_gbs && *r.mem_bw_gbs > 0) r.ridge = *r.peak_tflops * 1e12 / (*r.mem_bw_gbs * 1e9);
    }
}

// The problem (when given) as output tiles, k-steps and waves of CTAs over the SMs.
std::optional<Error> add_problem(TileResult& r, const Device& dev, const TileInput& in) {
    if (!in.problem) return std::nullopt;
    const double dm = static_cast<double>(in.m), dn = static_cast<double>(in.n);
    const ProblemSize& p = *in.problem;
    ProblemResult pr;
    pr.tiles_m = ceil_div(p.m, in.m);
    pr.tiles_n = ceil_div(p.n, in.n);
    const Ck ctas = ck(pr.tiles_m) * ck(pr.tiles_n);
    if (!ctas.ok || ctas.v > kMaxInput)
        return Error{ErrorId::InvalidInput, "problem",
                     "problem.m / tile.m x problem.n / tile.n = " + grouped(pr.tiles_m) + " x " + grouped(pr.tiles_n) +
                         " CTAs is beyond 2^53; use a smaller problem or a larger tile"};
    pr.ctas = ctas.v;
    pr.k_steps = ceil_div(p.k, in.k);
    pr.tile_efficiency = (static_cast<double>(p.m) / (static_cast<double>(pr.tiles_m) * dm)) *
                         (static_cast<double>(p.n) / (static_cast<double>(pr.tiles_n) * dn));
    pr.flops = 2.0 * static_cast<double>(p.m) * static_cast<double>(p.n) * static_cast<double>(p.k);
    if (dev.sm_count > 0 && r.ctas_per_sm > 0) {
        const int64_t per_wave = r.ctas_per_sm * dev.sm_count;  // both bounded: < 2^40
        const int64_t waves = ceil_div(pr.ctas, per_wave);
        const int64_t last = pr.ctas - (waves - 1) * per_wave;
        pr.ctas_per_wave = per_wave;
        pr.waves = waves;
        pr.last_wave_utilization = static_cast<double>(last) / static_cast<double>(per_wave);
        pr.wave_efficiency = static_cast<double>(pr.ctas) / (static_cast<double>(waves) * static_cast<double>(per_wave));
    }
    r.problem = pr;
    return std::nullopt;
}

// Every readout as a row with its limit, unit and basis (exact or estimate), over its limit or not.
// A schedule's register rows: the launch-bounds allocation, each role's budget, the launch registers and, for
// the estimated schedules, the range's ends (and the CTAs per SM there when they differ).
void add_schedule_rows(TileResult& r, const Device& dev, const Ctx& c) {
    const ArchRules& ar = *c.arch;
    const auto D = [](int64_t v) { return static_cast<double>(v); };
    const Basis hb = is_hopper_ws(r.schedule) ? Basis::Exact : Basis::Estimate;
    add_row(r, "regs_launch_alloc",
            is_sm80_ms(r.schedule) ? "registers per thread ptxas may use (no __launch_bounds__: the cap)"
                                   : "registers per thread the launch bounds allow (MaxThreadsPerBlock, 1 CTA/SM)",
            "registers", D(r.regs_launch_alloc), D(ar.max_regs_per_thread), Basis::Exact);
    for (const TileRole& role : r.roles)
        add_row(r, "role_" + role.key + "_regs", role.label + ": registers per thread", "registers", D(role.regs),
                std::nullopt, role.basis);
    add_row(r, "regs_launch", "registers per thread at launch (what ptxas -v reports; the solver's input)",
            "registers", D(r.regs_launch), D(ar.max_regs_per_thread), hb);
    if (is_sm100_ws(r.schedule) && c.overhead < 0) {
        // The range's high end (kSm100RegSpread), and whether CTAs per SM would change there.
        const int64_t high = std::min<int64_t>(r.regs_launch + kSm100RegSpread, r.regs_launch_alloc);
        add_row(r, "regs_launch_high", "registers per thread at launch, the range's high end (ptxas -v gave the "
                "estimate + 1 to 30 on the recorded kernels)", "registers", D(high), D(ar.max_regs_per_thread),
                Basis::Estimate);
        auto at_high = occupancy(dev, kernel_for(r.threads, high, r.smem_per_cta), Detail::Numbers);
        if (r.fits && at_high && at_high->blocks_per_sm != r.ctas_per_sm)
            r.notes.push_back("At the register range's high end (" + grouped(high) + " per thread) CTAs per SM would be " +
                              grouped(at_high->blocks_per_sm) + ", not " + grouped(r.ctas_per_sm) + ".");
    }
    if (is_sm80_ms(r.schedule) && c.overhead < 0) {
        // The range's ends (kSm80RegBelow, kSm80RegAbove), and whether CTAs per SM would change there.
        const int64_t ends[2] = {multistage_low(r.regs_launch), multistage_high(r.regs_launch, ar.max_regs_per_thread)};
        add_row(r, "regs_launch_low", "registers per thread at launch, the range's low end", "registers", D(ends[0]),
                D(ar.max_regs_per_thread), Basis::Estimate);
        add_row(r, "regs_launch_high", std::string("registers per thread at launch, the range's high end (ptxas -v gave "
                "the estimate ") + kSm80RegText + " on the recorded kernels)", "registers", D(ends[1]),
                D(ar.max_regs_per_thread), Basis::Estimate);
        for (const int64_t end : ends) {
            auto at = occupancy(dev, kernel_for(r.threads, end, r.smem_per_cta), Detail::Numbers);
            if (r.fits && at && at->blocks_per_sm != r.ctas_per_sm)
                r.notes.push_back("At " + grouped(end) + " registers per thread (the register range's " +
                                  (end == ends[0] ? "low" : "high") + " end) CTAs per SM would be " +
                                  grouped(at->blocks_per_sm) + ", not " + grouped(r.ctas_per_sm) + ".");
        }
    }
    if (r.acc_stages > 0)
        add_row(r, "acc_stages", "accumulator stages in TMEM (CUTLASS: min(4, 512 / N))", "stages",
                D(r.acc_stages), std::nullopt, Basis::Exact);
    if (r.epilogue_stages_c > 0)
        add_row(r, "epilogue_tile", "TMA epilogue sub-tile (M x N)", "elements",
                D(r.epilogue_tile_m * r.epilogue_tile_n), std::nullopt, Basis::Exact);
}

// The rows of the tile over a GEMM problem: CTAs, k-steps, padding efficiency and waves.
void add_problem_rows(TileResult& r) {
    const auto D = [](int64_t v) { return static_cast<double>(v); };
    const ProblemResult& p = *r.problem;
    add_row(r, "ctas", "CTAs (output tiles)", "CTAs", D(p.ctas), std::nullopt, Basis::Exact);
    add_row(r, "k_steps", "mainloop iterations per CTA", "k-steps", D(p.k_steps), std::nullopt, Basis::Exact);
    add_row(r, "tile_efficiency", "useful share of the padded tiles", "fraction", p.tile_efficiency, 1.0,
            Basis::Exact);
    if (p.waves) {
        add_row(r, "ctas_per_wave", "CTAs per wave (CTAs per SM x SMs)", "CTAs", D(*p.ctas_per_wave), std::nullopt,
                Basis::Estimate);
        add_row(r, "waves", "waves", "waves", D(*p.waves), std::nullopt, Basis::Estimate);
        add_row(r, "last_wave_utilization", "last wave utilization", "fraction", *p.last_wave_utilization, 1.0,
                Basis::Estimate);
    }
}

void add_rows(TileResult& r, const Device& dev, const Ctx& c) {
    const ArchRules& ar = *c.arch;
    const auto D = [](int64_t v) { return static_cast<double>(v); };
    const Basis acc_basis = Basis::Exact;
    if (c.mode == Mode::Tcgen05) {
        add_row(r, "acc_regs_per_thread", "accumulator registers per thread (accumulators live in TMEM)", "registers",
                0, D(r.regs_cap), acc_basis);
        add_row(r, "tmem_columns", "tensor-memory columns allocated (x 128 lanes x 32 bit)", "columns",
                D(r.tmem_columns), D(r.tmem_columns_limit), Basis::Exact, !r.tmem_fits);
        add_row(r, "acc_bytes", "accumulator bytes per CTA (in TMEM)", "bytes", D(r.acc_bytes),
                D(int64_t{ar.tmem_columns} * 128 * 4), Basis::Exact, r.acc_bytes > int64_t{ar.tmem_columns} * 128 * 4);
    } else {
        add_row(r, "acc_regs_per_thread", "accumulator registers per thread", "registers", D(r.acc_regs_per_thread),
                D(r.regs_cap), acc_basis, r.acc_over_cap);
        add_row(r, "acc_bytes", "accumulator bytes per CTA vs the register file", "bytes", D(r.acc_bytes),
                D(r.regfile_bytes), Basis::Exact, r.acc_bytes >= r.regfile_bytes);
    }
    add_row(r, "overhead_regs", "other registers per thread (addresses, fragments)", "registers", D(r.overhead_regs),
            std::nullopt, Basis::Estimate);
    add_row(r, "regs_per_thread_est", "registers per thread", "registers", D(r.regs_per_thread_est), D(r.regs_cap),
            Basis::Estimate, r.spills);
    if (kSchedules && r.schedule != Schedule::None) add_schedule_rows(r, dev, c);
    add_row(r, "threads", "threads per CTA", "threads", D(r.threads), D(dev.max_threads_per_block), Basis::Exact,
            r.threads > dev.max_threads_per_block);
    add_row(r, "smem_a_per_stage", "shared memory for A per stage", "bytes", D(r.smem_a_per_stage), std::nullopt,
            Basis::Exact);
    add_row(r, "smem_b_per_stage", "shared memory for B per stage", "bytes", D(r.smem_b_per_stage), std::nullopt,
            Basis::Exact);
    add_row(r, "smem_per_stage", "shared memory per stage (A + B)", "bytes", D(r.smem_per_stage), std::nullopt,
            Basis::Exact);
    add_row(r, "smem_mainloop", "mainloop shared memory (stages x per stage)", "bytes", D(r.smem_mainloop),
            D(r.smem_limit), Basis::Exact, r.smem_mainloop > r.smem_limit);
    add_row(r, "smem_barriers", "pipeline barriers (mbarriers)", "bytes", D(r.smem_barriers), std::nullopt,
            Basis::Estimate);
    add_row(r, "smem_epilogue", "epilogue staging", "bytes", D(r.smem_epilogue), std::nullopt, Basis::Exact);
    add_row(r, "smem_per_cta", "shared memory per CTA", "bytes", D(r.smem_per_cta), D(r.smem_limit),
            r.smem_barriers > 0 ? Basis::Estimate : Basis::Exact, !r.smem_fits);
    if (r.ctas_by_smem)
        add_row(r, "ctas_by_smem", "CTAs per SM by shared memory alone", "CTAs", D(*r.ctas_by_smem),
                D(ar.max_blocks_per_sm), Basis::Exact);
    if (r.ctas_by_regs)
        add_row(r, "ctas_by_regs", "CTAs per SM by registers alone", "CTAs", D(*r.ctas_by_regs),
                D(ar.max_blocks_per_sm), Basis::Estimate);
    if (r.ctas_by_tmem)
        add_row(r, "ctas_by_tmem", "CTAs per SM whose TMEM allocations coexist", "CTAs", D(*r.ctas_by_tmem),
                D(ar.max_blocks_per_sm), Basis::Exact);
    add_row(r, "ctas_per_sm", "CTAs per SM", "CTAs", D(r.ctas_per_sm), D(ar.max_blocks_per_sm), Basis::Estimate,
            r.ctas_per_sm < 1);
    add_row(r, "occupancy", "occupancy (resident warps / max warps)", "fraction", r.occupancy, 1.0, Basis::Estimate);
    add_row(r, "intensity", "arithmetic intensity per k-step (A+B tiles from DRAM)", "FLOP/B", r.intensity,
            r.ridge, Basis::Estimate);
    if (r.problem) add_problem_rows(r);
}

// add_notes' steps. Where the register figures come from, spills, and accumulators against the register file.
void add_register_notes(TileResult& r, const Device& dev, const TileInput& in, const Ctx& c, const Eval& e) {
    auto& N = r.notes;
    if (in.overhead_regs < 0) {
        std::string s = "Other registers: " + grouped(e.overhead) + " per thread is the model's default (estimate): " +
                        grouped(kBaseOverhead) + " for addresses, loop counters and pipeline state";
        if (c.mode == Mode::MmaSync)
            s += " + " + grouped(e.frag_regs) + " for double-buffered A/B fragments of the " + grouped(in.m / r.grid_m) + " x " +
                 grouped(in.n / r.grid_n) + " warp tile (mma.sync reads operands from registers)";
        else if (c.mode == Mode::Ffma)
            s += " + " + grouped(e.frag_regs) + " for double-buffered A/B thread fragments";
        else if (c.mode == Mode::Tcgen05)
            s += " + " + grouped(e.frag_regs) + " for one 32-column chunk of accumulators read out of TMEM in the epilogue";
        else
            s += " (wgmma reads A and B from shared memory)";
        N.push_back(s + "; set overhead_regs to what ptxas -v reports for your kernel.");
    }
    if (e.acc_over_cap)
        N.push_back("Accumulators alone need " + grouped(e.acc_regs) + " registers per thread, above the " +
                    grouped(r.regs_cap) + "-register cap: ptxas caps the allocation and spills to local memory. More "
                    "warps per CTA or a smaller tile lowers it.");
    else if (e.spills)
        N.push_back("Accumulators plus the estimated overhead come to " + grouped(e.regs_est) +
                    " registers per thread, above the " + grouped(r.regs_cap) +
                    "-register cap: likely spills (depends on the real overhead).");
    if (c.mode != Mode::Tcgen05 && r.acc_bytes >= r.regfile_bytes)
        N.push_back("The CTA's accumulators (" + grouped(r.acc_bytes) + " B) " +
                    (r.acc_bytes == r.regfile_bytes ? std::string("are the whole") : std::string("exceed the")) +
                    " register file of one SM (" + grouped(dev.regs_per_sm) + " x 4 B = " + grouped(r.regfile_bytes) + " B).");
}

// A CUTLASS schedule: its threads and roles, its epilogue and its SharedStorage.
void add_schedule_notes(TileResult& r, const TileInput& in, const Ctx& c, const Eval& e) {
    auto& N = r.notes;
    const std::string name(schedule_key(c.schedule));
    if (is_sm80_ms(c.schedule))
        N.push_back("Schedule " + name + " (CUTLASS 2.x device::Gemm, ArchTag Sm80; recorded with CUTLASS 4.7): " +
                    grouped(e.threads) + " threads = " + grouped(r.grid_m) + " x " + grouped(r.grid_n) + " warps of " +
                    grouped(in.m / r.grid_m) + " x " + grouped(in.n / r.grid_n) + " outputs (ThreadblockShape / "
                    "WarpShape), every warp loading A and B with cp.async into the " + grouped(in.stages) +
                    "-stage ring and computing with mma.sync: no producer warps, no setmaxnreg, no launch bounds "
                    "(ptxas may use up to " + grouped(c.arch->max_regs_per_thread) + " registers per thread). Registers per thread: " +
                    grouped(e.regs_launch) + " (estimate; range " + grouped(multistage_low(e.regs_launch)) + " .. " +
                    grouped(multistage_high(e.regs_launch, c.arch->max_regs_per_thread)) + ": ptxas -v gave the estimate " + kSm80RegText +
                    " on the recorded kernels).");
    else if (is_hopper_ws(c.schedule))
        N.push_back("Schedule " + name + " (CUTLASS 4.7, sm_90a): " + grouped(e.threads) + " threads = a producer warpgroup "
                    "at " + grouped(e.producer_regs) + " registers + 2 consumer warpgroups at " + grouped(e.consumer_regs) +
                    " (setmaxnreg; 240/24 when M x N / MMA threads >= 208 accumulator registers). The launch "
                    "bounds allow " + grouped(e.launch_alloc) + " registers per thread (ptxas -v), which sets CTAs per "
                    "SM: " + grouped(e.threads) + " x " + grouped(e.launch_alloc) + " registers. Consumers spill above "
                    "their budget (" + grouped(e.consumer_regs) + "), not above 255. Recorded: "
                    "tests/data/cutlass/kernels.tsv.");
    else
        N.push_back("Schedule " + name + " (CUTLASS 4.7, sm_100a): 256 threads = scheduler, MMA, mainloop-load and "
                    "epilogue-load warps + 4 epilogue warps; accumulators in TMEM (" + grouped(e.acc_stages) +
                    " stages x " + grouped(in.n) + " columns), no setmaxnreg: every warp runs with ptxas's count, "
                    "estimated at " + grouped(e.regs_launch) +
                    (c.overhead < 0 ? " to " + grouped(std::min<int64_t>(e.regs_launch + kSm100RegSpread, e.launch_alloc)) : std::string()) +
                    " (two epilogue sub-tiles of " + grouped(e.epi_m) + " x " + grouped(e.epi_n) + " f32 over 128 threads + " +
                    grouped(kBaseOverhead) + ", up to " + grouped(kSm100RegSpread) + " more: ptxas -v gave the estimate + 1 "
                    "to 30 on the 8 recorded kernels, 65 to 167 in all)." +
                    (c.schedule == Schedule::Sm100_2Sm ? " The tile is the CTA pair's: each CTA holds " +
                                                             grouped(in.m / 2) + " rows and loads half of B." : ""));
    if (is_sm80_ms(c.schedule))
        N.push_back("Shared memory per CTA is CUTLASS 2.x's SharedStorage, a union of the mainloop's " +
                    grouped(in.stages) + " x (" + grouped(e.smem_a) + " + " + grouped(e.smem_b) + ") = " +
                    grouped(e.smem_main) + " B and the epilogue's " + grouped(e.smem_epi) + " B" +
                    (c.epilogue == Epilogue::None ? " (" + grouped(e.epi_m) + " rows x " + grouped(e.epi_n) +
                                                        " f32: 8 accumulator rows of each warp along M at a time, " +
                                                        (e.epi_m / r.grid_m == 16 ? "2 slices" : "1 slice") +
                                                        " for " + std::string(info(c.out).key) + " output, rows padded by 8)"
                                                  : std::string()) +
                    ": the larger, " + grouped(e.smem_total) + " B; no mbarriers (cp.async groups and __syncthreads).");
    else if (c.epilogue == Epilogue::None)
        N.push_back("Epilogue: CUTLASS's TMA epilogue with C = D = " + std::string(info(c.out).key) + ", sub-tile " +
                    grouped(e.epi_m) + " x " + grouped(e.epi_n) + ", " + grouped(e.epi_stages_c) + " C stages, " +
                    grouped(e.epi_stages_d) + " D stages: its SharedStorage is " + grouped(e.epi_carveout) +
                    " B (the carveout StageCountAutoCarveout takes).");
    if (!is_sm80_ms(c.schedule))
        N.push_back("Shared memory per CTA is CUTLASS's SharedStorage: " + grouped(e.smem_head) + " B of pipeline barriers, "
                "scheduler and padding + " + grouped(e.smem_epi) + " B epilogue buffers + " + grouped(e.smem_main) +
                " B mainloop buffers.");
}

// What the numbers do not say: where the estimates come from, spills, warp specialisation, TMEM, sub-byte types.
void add_notes(TileResult& r, const Device& dev, const TileInput& in, const Ctx& c, const Eval& e, const GpuSpec* gpu) {
    auto& N = r.notes;
    add_register_notes(r, dev, in, c, e);
    if (kSchedules && c.schedule != Schedule::None) add_schedule_notes(r, in, c, e);
    if (c.schedule == Schedule::None && c.mode == Mode::Wgmma && (e.spills || in.warps >= 8))
        N.push_back("Hopper kernels often specialise warps (a TMA producer warpgroup with few registers, consumer "
                    "warpgroups raised with setmaxnreg up to 240+); this model gives every warp the same count "
                    "and counts every warp as holding accumulators.");
    if (!e.acc_even && c.mode != Mode::Tcgen05)
        N.push_back("M x N accumulators do not divide evenly over the threads: registers per thread are rounded up.");
    if (r.ctas_by_smem && r.ctas_per_sm < *r.ctas_by_smem) {
        std::string lims;
        for (Resource res : r.limiting) lims += (lims.empty() ? "" : ", ") + std::string(resource_label(res));
        N.push_back("Shared memory alone would allow " + grouped(*r.ctas_by_smem) + " CTAs per SM; " + lims + " allow " +
                    grouped(r.ctas_per_sm) + ".");
    }
    if (r.smem_barriers > 0 && c.schedule == Schedule::None)
        N.push_back("Pipeline barriers: " + grouped(in.stages) + " stages x 2 mbarriers (full, empty) x 8 B" +
                    (c.mode == Mode::Tcgen05 ? " + accumulator full/empty mbarriers + the 4-byte TMEM address" : "") +
                    " is an estimate of what CUTLASS's TMA pipelines allocate (CC 9.0+).");
    if (c.mode == Mode::Tcgen05)
        N.push_back("TMEM: the PTX ISA gives 512 columns x 128 lanes per CTA; NVIDIA's blog says 256 KB per SM. If "
                    "the SM's TMEM is shared, only " + grouped(*r.ctas_by_tmem) +
                    " CTAs' allocations coexist; further resident CTAs wait in tcgen05.alloc.");
    if (is_subbyte(in.a) || is_subbyte(in.b))
        N.push_back(std::string("fp6/fp4 in shared memory: ") +
                    (c.a_smem_bits == 8 || c.b_smem_bits == 8
                         ? "1 byte per element (kind::f8f6f4 reads sub-byte operands padded; TMA's 16-byte-padded "
                           "copy, CUTLASS *_unpacksmem_t)."
                         : "packed (fp4 x fp4 can use the block-scaled kind::mxf4 MMAs; scale factors are not "
                           "counted)."));
    if (gpu && !r.peak_tflops)
        N.push_back("No sourced peak for " + std::string(info(c.a).key) + " MMAs in the GPU database: no ridge point.");
    if (r.problem && !r.problem->waves)
        N.push_back(dev.sm_count > 0 ? "0 CTAs per SM: no waves." : "SM count unknown: no waves.");
}

}  // namespace

// Resident clusters of this tile, and the grid of whole clusters for the problem (CUTLASS's ClusterShape).
std::optional<Error> add_tile_clusters(TileResult& r, const Device& dev, const TileInput& in, const ArchRules& ar,
                                       const GpuSpec* gpu) {
    if (!in.cluster) return std::nullopt;
    auto& N = r.notes;
    ClusterInput ci = *in.cluster;
    ci.grid.reset();
    if (ci.dims.z != 1 && ar.cc.major >= 9 && ci.dims.z >= 1 && ci.dims.z <= kMaxClusterSize)
        return Error{ErrorId::InvalidInput, "cluster.z",
                     "cluster.z is " + std::to_string(ci.dims.z) +
                         "; a GEMM tile's cluster is M x N x 1 (CUTLASS ClusterShape): cluster.z must be 1"};
    if (r.problem && ci.dims.x >= 1 && ci.dims.y >= 1 && ci.dims.x <= kMaxClusterSize && ci.dims.y <= kMaxClusterSize) {
        // CUTLASS rounds the grid up to whole clusters: the padding CTAs run but compute nothing.
        ci.grid = Dim3{ceil_div(r.problem->tiles_m, ci.dims.x) * ci.dims.x,
                       ceil_div(r.problem->tiles_n, ci.dims.y) * ci.dims.y, 1};
    }
    const GpcLayout layout = gpu ? gpu->gpc : GpcLayout{};
    auto cr = clusters(dev, layout, r.ctas_per_sm, r.smem_per_cta, ci);
    if (!cr) return cr.error();
    if (ci.grid && (ci.grid->x != r.problem->tiles_m || ci.grid->y != r.problem->tiles_n))
        N.push_back("The grid is rounded up to whole clusters: " + grouped(ci.grid->x) + " x " + grouped(ci.grid->y) +
                    " CTAs for " + grouped(r.problem->tiles_m) + " x " + grouped(r.problem->tiles_n) + " tiles.");
    if (cr->cluster_size > 1)
        N.push_back("Cluster " + std::to_string(ci.dims.x) + "x" + std::to_string(ci.dims.y) +
                    "x1: each CTA still holds its own A and B stages (" + grouped(r.smem_per_cta) +
                    " B); TMA multicast loads the shared A (along N) or B (along M) once per cluster, which "
                    "saves L2 traffic, not shared memory.");
    r.cluster = std::move(cr.value());
    return std::nullopt;
}

namespace {

Expected<TileResult> tile_core(const Device& dev, const TileInput& in, const GpuSpec* gpu, bool with_options) {
    if (auto e = check_shape_ranges(in)) return *e;
    auto ctx_or = make_ctx(dev, in);
    if (!ctx_or) return ctx_or.error();
    const Ctx& c = *ctx_or;
    if (auto err = check_problem(in)) return *err;
    std::optional<StageAuto> sa;
    int64_t stages = in.stages;
    if (in.stages_auto) {
        if (!kSchedules)  // the page asks the JS API for these too (web/ui_model.hpp asks_api)
            return Error{ErrorId::Unsupported, "stages_auto", "stages auto is answered by the JS API (smcalc-api.js) and the CLI"};
        auto a = stages_auto(dev, in);
        if (!a) return a.error();
        if (a->stages < 1)
            return Error{ErrorId::Unsupported, "stages", "stages auto finds no stage that fits: " + a->text};
        stages = a->stages;
        sa = std::move(a.value());
    }
    const Eval e = evaluate(c, in.m, in.n, in.k, stages, in.warps);
    if (e.shape.fail != ShapeFail::None) return shape_error(c, e.shape, in.m, in.n, in.k, in.warps);
    if (e.overflow != Overflow::None) return overflow_error(e.overflow);

    TileInput resolved = in;
    resolved.stages = stages;
    TileResult r = readouts(dev, resolved, c, e);
    r.stage_auto = std::move(sa);
    if (auto err = solve_occupancy(r, dev, e)) return *err;
    add_intensity(r, in, c, gpu);
    {
        // The 2-SM schedule's tile is the CTA pair's: each CTA covers m / 2 rows of the problem.
        TileInput per_cta = in;
        if (c.schedule == Schedule::Sm100_2Sm) per_cta.m = in.m / 2;
        if (auto err = add_problem(r, dev, per_cta)) return *err;
    }
    add_rows(r, dev, c);
    add_notes(r, dev, resolved, c, e, gpu);
    if (auto err = add_tile_clusters(r, dev, in, *c.arch, gpu)) return *err;
    if (with_options && !r.fits && c.schedule == Schedule::None) r.fit_options = fit_options_core(dev, in, gpu, r);
    return r;
}
}  // namespace

// ============================================================================================ [SECTION] fit options

namespace {

std::string yes_no_fits(bool fits) { return fits ? "fits" : "does not fit"; }

// One option from a per-CTA tile the model evaluates (more warps, a 2-CTA cluster split).
std::optional<TileFitOption> option_from(const Device& dev, const TileInput& cta, const GpuSpec* gpu, std::string key,
                                         std::string label, Dim3 cluster) {
    auto r = tile_core(dev, cta, gpu, false);
    if (!r) return std::nullopt;
    TileFitOption o;
    o.key = std::move(key);
    o.label = std::move(label);
    o.cta = cta;
    o.cluster = cluster;
    o.acc_regs_per_thread = r->acc_regs_per_thread;
    o.regs_per_thread_est = r->regs_per_thread_est;
    o.smem_per_cta = r->smem_per_cta;
    o.tmem_columns = r->tmem_columns;
    o.ctas_per_sm = r->ctas_per_sm;
    o.fits = r->fits;
    std::string why;
    if (r->acc_over_cap) why = "; accumulators alone exceed the " + grouped(r->regs_cap) + "-register cap";
    else if (r->spills) why = "; about " + grouped(r->regs_per_thread_est) + " registers per thread, above the cap";
    else if (!r->smem_fits) why = "; shared memory above the " + grouped(r->smem_limit) + " B per-block limit";
    else if (!r->tmem_fits) why = "; TMEM above " + grouped(r->tmem_columns_limit) + " columns";
    else if (r->ctas_per_sm < 1) why = "; 0 CTAs per SM (registers per CTA: " + grouped(r->regs_launch) + " x " +
                                       grouped(r->threads) + " threads)";
    o.text = o.label + ": " +
             (cta.mma == MmaPath::TensorMemory ? grouped(r->tmem_columns) + " TMEM columns"
                                               : grouped(r->acc_regs_per_thread) + " accumulator registers per thread") +
             " (" + grouped(cta.warps) + " warps), " + grouped(r->smem_per_cta) + " B shared memory per CTA, " +
             grouped(r->ctas_per_sm) + " CTA/SM: " + yes_no_fits(r->fits) + why;
    return o;
}

std::vector<TileFitOption> fit_options_core(const Device& dev, const TileInput& in, const GpuSpec* gpu,
                                            const std::optional<TileResult>& original) {
    std::vector<TileFitOption> out;
    if (original && original->fits) return out;
    // A CUTLASS schedule's shape rules are its builder's: the warps model's options (more warps, a 2-CTA split of a
    // hand-written kernel) do not describe what that builder would generate.
    if (in.schedule != Schedule::None) return out;
    auto arch_or = validate_device(dev);
    if (!arch_or) return out;
    const ArchRules& ar = **arch_or;
    TileInput base = in;
    base.cluster.reset();
    base.problem.reset();

    // 1. More warps per CTA (the seed's "grow warps_per_cta to 16"): the accumulators spread over more threads.
    const int64_t max_warps = dev.max_threads_per_block / std::max<int64_t>(1, dev.warp_size);
    if (in.mma != MmaPath::TensorMemory && in.warps * 2 <= max_warps) {
        TileInput v = base;
        v.warps = in.warps * 2;
        if (auto o = option_from(dev, v, gpu, "more_warps", grouped(v.warps) + " warps per CTA", Dim3{1, 1, 1}))
            out.push_back(std::move(*o));
    }
    // 2. The tile over a 2-CTA cluster (CC 9.0+): each CTA computes half of it, the cluster the whole.
    // Halving M makes the cluster 2x1, halving N 1x2.
    struct Split {
        int64_t TileInput::*side;
        const char* id;
        const char* shape;
        Dim3 cluster;
    };
    const Split splits[] = {{&TileInput::m, "cluster_split_m", "2x1", Dim3{2, 1, 1}},
                            {&TileInput::n, "cluster_split_n", "1x2", Dim3{1, 2, 1}}};
    for (const Split& sp : splits) {
        if (ar.cc.major < 9 || in.*sp.side % 2 != 0) continue;
        TileInput v = base;
        v.*sp.side = in.*sp.side / 2;
        if (auto o = option_from(dev, v, gpu, sp.id,
                                 std::string(sp.shape) + " cluster of " + grouped(v.m) + "x" + grouped(v.n) + " CTAs", sp.cluster))
            out.push_back(std::move(*o));
    }
    // 3. Blackwell's 2-SM MMA (tcgen05.mma.cta_group::2): MMA M = 128 or 256 over a CTA pair; each CTA holds
    //    its M/2 x N accumulators in its own TMEM and loads M/2 x K of A and N/2 x K of B per stage (PTX-TMEM).
    if (ar.has_tmem && (in.m == 128 || in.m == 256) && in.n % 16 == 0 && in.n >= 32 && in.n <= 256 &&
        in.a != DType::F32) {
        TileInput v = base;
        v.m = in.m / 2;
        v.mma = MmaPath::TensorMemory;
        v.warps = std::max<int64_t>(4, in.warps);
        auto r = tile_core(dev, v, gpu, false);
        if (r) {
            const int64_t half_b = ceil_div(ceil_div(in.n, 2) * in.k * r->b_smem_bits, 8);  // n, k bounded: fits
            // r's own stage count: with stages auto, in.stages is the ignored input (any value up to 2^53-1, which
            // overflowed here: fuzz_tile's crash b0a99553); r's stages x B per stage is inside r's shared memory.
            const int64_t smem = r->smem_per_cta - r->input.stages * (r->smem_b_per_stage - half_b);
            KernelInput k = tile_kernel(*r);
            k.smem_dynamic = smem;
            k.smem_dynamic_max = smem;
            auto occ = occupancy(dev, k, Detail::Numbers);
            TileFitOption o;
            o.key = "cta_pair_2sm";
            o.label = "2-SM MMA (cta_group::2) over a CTA pair, " + grouped(v.m) + "x" + grouped(in.n) + " per SM";
            o.cta = v;
            o.cluster = Dim3{2, 1, 1};
            o.acc_regs_per_thread = 0;
            o.regs_per_thread_est = r->regs_per_thread_est;
            o.smem_per_cta = smem;
            o.tmem_columns = r->tmem_columns;
            o.ctas_per_sm = occ ? occ->blocks_per_sm : 0;
            o.fits = !r->spills && smem <= r->smem_limit && r->tmem_fits && o.ctas_per_sm >= 1;
            o.text = o.label + ": each SM's half of the accumulators in its TMEM, " + grouped(r->tmem_columns) +
                     " of " + grouped(r->tmem_columns_limit) + " columns; " + grouped(smem) + " B shared memory per CTA (" +
                     grouped(v.m) + " rows of A, " + grouped(in.n / 2) + " columns of B per stage), " + grouped(o.ctas_per_sm) +
                     " CTA/SM: " + yes_no_fits(o.fits);
            out.push_back(std::move(o));
        }
    }
    return out;
}

int64_t round_up(int64_t v, int64_t to) { return ceil_div(v, to) * to; }  // v < 2^62

// CUTLASS 2.x takes kStages as a template argument: StageCountAutoCarveout is CUTLASS 3.x's collective builders'.
Error multistage_no_auto() {
    return Error{ErrorId::Unsupported, "stages_auto",
                 "stages auto is CUTLASS 3.x's StageCountAutoCarveout; the sm80_multistage schedule (CUTLASS 2.x) takes "
                 "its stage count as given (kStages): give stages (2 or more)"};
}

// StageCountAutoCarveout's arithmetic on a shape evaluated with 1 stage; stages 0 when none fits (or the bytes
// are beyond 2^53).
StageAuto auto_stage_count(const Ctx& c, const Eval& one) {
    StageAuto a;
    if (kSchedules && c.schedule != Schedule::None) {
        // Hopper (sm90_gmma_builder.inl compute_stage_count_or_override): capacity 232,448 B rounded down to 128,
        // carveout = sizeof(epilogue SharedStorage) rounded up to 128, stage = round_up(A + B, 128) + 16.
        // Blackwell (sm100_common.inl): capacity - the kernel's KernelSmemCarveout, no rounding, stage = A + B + 16.
        a.barrier_bytes = kPipeBarrierBytes;
        if (one.epi_carveout > kMaxInput || one.smem_stage > kMaxInput) return a;
        if (is_hopper_ws(c.schedule)) {
            a.capacity = c.smem_limit / 128 * 128;
            a.carveout = round_up(one.epi_carveout, 128);
            a.stage_bytes = round_up(one.smem_stage, 128) + a.barrier_bytes;
        } else {
            a.capacity = c.smem_limit - one.kernel_carveout;
            a.carveout = one.epi_carveout;
            a.stage_bytes = one.smem_stage + a.barrier_bytes;
        }
        a.stages = a.capacity > a.carveout ? (a.capacity - a.carveout) / a.stage_bytes : 0;
        return a;
    }
    a.barrier_bytes = c.arch->cc.major >= 9 ? 2 * kMbarrierBytes : 0;
    a.capacity = c.smem_limit / 128 * 128;
    // The epilogue's storage, plus on the TMEM path the kernel's accumulator barriers and TMEM address (CUTLASS
    // SM100 takes these off the capacity as its KernelSmemCarveout).
    const int64_t epi = c.epi_reuse ? 0 : one.smem_epi;
    if (epi > kMaxInput || one.smem_stage > kMaxInput) return a;
    int64_t carve = epi;
    if (c.mode == Mode::Tcgen05) carve += c.acc_buffers * 2 * kMbarrierBytes + kTmemAddrBytes;
    a.carveout = round_up(carve, 128);
    a.stage_bytes = round_up(one.smem_stage, 128) + a.barrier_bytes;
    a.stages = a.capacity > a.carveout ? (a.capacity - a.carveout) / a.stage_bytes : 0;
    return a;  // no strings here: the search calls this per candidate
}

}  // namespace

Expected<std::vector<TileFitOption>> tile_fit_options(const Device& dev, const TileInput& in, const GpuSpec* gpu) {
    if (auto e = check_shape_ranges(in)) return *e;
    auto ctx_or = make_ctx(dev, in);
    if (!ctx_or) return ctx_or.error();
    auto r = tile_core(dev, in, gpu, false);
    std::optional<TileResult> original;
    if (r) original = std::move(r.value());
    return fit_options_core(dev, in, gpu, original);
}

Expected<StageAuto> stages_auto(const Device& dev, const TileInput& in) {
    TileInput one = in;
    one.stages = 1;
    if (auto e = check_shape_ranges(one)) return *e;
    auto ctx_or = make_ctx(dev, one);
    if (!ctx_or) return ctx_or.error();
    const Ctx& c = *ctx_or;
    if (kSchedules && is_sm80_ms(c.schedule)) return multistage_no_auto();
    const Eval e = evaluate(c, in.m, in.n, in.k, 1, in.warps);
    if (e.shape.fail != ShapeFail::None) return shape_error(c, e.shape, in.m, in.n, in.k, in.warps);
    if (e.overflow != Overflow::None) return overflow_error(e.overflow);
    StageAuto a = auto_stage_count(c, e);
    if (a.stage_bytes == 0)
        return Error{ErrorId::InvalidInput, "epilogue_bytes",
                     "shared memory per stage or the epilogue's is beyond 2^53 bytes; no stage count exists"};
    a.text = "stages auto (CUTLASS StageCountAutoCarveout): (" + grouped(a.capacity) +
             (is_sm100_ws(c.schedule) ? " B limit less the kernel's barriers - " : " B limit - ") + grouped(a.carveout) +
             " B epilogue carveout) / (" + grouped(a.stage_bytes - a.barrier_bytes) + " B A+B per stage + " +
             grouped(a.barrier_bytes) + " B barriers) = " + grouped(a.stages) + " stages";
    return a;
}

// ============================================================================================ [SECTION] search

namespace {
// try_candidate's steps, each counting in `out` why a candidate is not a fit; true if it is not.
// A shape the instruction or schedule refuses, or a figure past 64 bits.
[[gnu::always_inline]] inline bool refused_or_overflowed(const Eval& e, TileSearchResult& out) {
    if (e.shape.fail != ShapeFail::None) {
        ++out.refused;
        return true;
    }
    if (e.overflow != Overflow::None) {
        (e.overflow == Overflow::Acc ? out.spills : e.overflow == Overflow::Tmem ? out.tmem_over : out.smem_over)++;
        return true;
    }
    return false;
}

// Over a budget: spilling registers, shared memory or tensor memory past the SM's, or no launch to solve.
[[gnu::always_inline]] inline bool over_budget(const Eval& e, TileSearchResult& out) {
    if (e.spills) {
        ++out.spills;
        return true;
    }
    if (!e.smem_fits) {
        ++out.smem_over;
        return true;
    }
    if (!e.tmem_fits) {
        ++out.tmem_over;
        return true;
    }
    if (!solvable(e)) {
        ++out.no_cta;
        return true;
    }
    return false;
}

// A fit's resident clusters GPU-wide (with a cluster, or on CC 9.0+ where every launch is one of 1 CTA).
[[gnu::always_inline]] inline void fit_clusters(const Device& dev, const Ctx& c, const TileSearch& s, TileFit& f) {
    const Dim3& cl = f.cluster;
    const int64_t size = cl.x * cl.y * cl.z;
    if (size > 1 || c.arch->cc.major >= 9) {
        if (auto cr = cluster_range(s.gpc, dev.sm_count, f.ctas_per_sm, size)) {
            f.clusters_low = cr->low;
            f.clusters_typical = cr->typical;
            f.clusters_high = cr->high;
            f.ctas_resident = cr->typical * size;
        } else if (dev.sm_count > 0) {
            f.ctas_resident = dev.sm_count * f.ctas_per_sm / size * size;  // the bound
        }
    }
}

// tiles_that_fit's step: one candidate (m, n, warps w, k, stages `listed`, cluster cl) evaluated and counted in `out`,
// as a fit or under the reason it was rejected; an error only from the occupancy solver.
std::optional<Error> try_candidate(const Device& dev, const Ctx& c, const TileSearch& s, int64_t m, int64_t n, int64_t w,
                                   int64_t k, int64_t listed, const Dim3& cl, bool fixed_threads, TileSearchResult& out) {
    ++out.candidates;
    int64_t st = listed;
    if (kSchedules && s.stages_auto) {
        const Eval one = evaluate(c, m, n, k, 1, w);
        if (refused_or_overflowed(one, out)) return std::nullopt;
        st = auto_stage_count(c, one).stages;
        if (st < 1) {
            ++out.smem_over;
            return std::nullopt;
        }
    }
    const Eval e = evaluate(c, m, n, k, st, w);
    if (refused_or_overflowed(e, out) || over_budget(e, out)) return std::nullopt;
    auto occ = occupancy(dev, kernel_for(e), Detail::Numbers);
    if (!occ) return occ.error();
    if (occ->blocks_per_sm < 1) {
        ++out.no_cta;
        return std::nullopt;
    }
    TileFit f;
    f.m = m;
    f.n = n;
    f.k = k;
    f.stages = st;
    f.warps = fixed_threads ? e.threads / c.dev->warp_size : w;
    f.acc_regs_per_thread = e.acc_regs;
    f.regs_per_thread_est = e.regs_est;
    f.smem_per_cta = e.smem_total;
    f.tmem_columns = e.tmem_alloc;
    f.ctas_per_sm = occ->blocks_per_sm;
    f.ctas_by_smem = occ->limit(Resource::SharedMemory);
    f.occupancy = occ->occupancy;
    f.limiting = std::move(occ->limiting);
    f.cluster = cl;
    fit_clusters(dev, c, s, f);
    out.fits.push_back(std::move(f));
    return std::nullopt;
}
}  // namespace

Expected<TileSearchResult> tiles_that_fit(const Device& dev, const TileSearch& s) {
    const std::pair<const char*, const std::vector<int64_t>*> lists[] = {
        {"ms", &s.ms}, {"ns", &s.ns}, {"ks", &s.ks}, {"stages", &s.stages}, {"warps", &s.warps}};
    for (auto [name, list] : lists) {
        if (list->empty())
            return Error{ErrorId::InvalidInput, name, std::string(name) + " is empty; give at least one candidate"};
        for (int64_t v : *list)
            if (auto e = range(name, v, 1, kMaxInput, "(every candidate)")) return *e;
    }
    auto ctx_or = make_ctx(dev, s.base);
    if (!ctx_or) return ctx_or.error();
    const Ctx& c = *ctx_or;
    if (s.clusters.empty())
        return Error{ErrorId::InvalidInput, "clusters", "clusters is empty; give at least one shape (1x1x1 = none)"};
    for (const Dim3& d : s.clusters) {
        if (d.x == 1 && d.y == 1 && d.z == 1) continue;  // no cluster: valid on every CC
        ClusterInput ci;
        ci.dims = d;
        ci.non_portable = s.non_portable_cluster;
        if (auto e = validate_cluster(c.arch->cc, s.gpc, ci)) return *e;
        if (d.z != 1)
            return Error{ErrorId::InvalidInput, "cluster.z",
                         "cluster.z is " + std::to_string(d.z) + "; a GEMM tile's cluster is M x N x 1: cluster.z must be 1"};
    }
    if (auto e = validate_gpc_layout(s.gpc, dev.sm_count)) return *e;
    const std::vector<int64_t> auto_stage = {0};  // placeholder: one pass per shape, stages from stages_auto's rule

    TileSearchResult out;
    // A schedule fixes the threads: one pass instead of one per warps candidate.
    const std::vector<int64_t> schedule_warps = {1};
    const bool fixed_threads = c.schedule != Schedule::None && !is_sm80_ms(c.schedule);  // multistage: `warps` warps
    if (kSchedules && is_sm80_ms(c.schedule)) {
        if (s.stages_auto) return multistage_no_auto();
        for (const Dim3& d : s.clusters)
            if (!(d.x == 1 && d.y == 1 && d.z == 1))
                return Error{ErrorId::Unsupported, "clusters",
                             "the sm80_multistage schedule is a CUTLASS 2.x kernel, launched without a cluster: give 1x1x1"};
    }
    for (int64_t m : s.ms)
        for (int64_t n : s.ns)
            for (int64_t w : fixed_threads ? schedule_warps : s.warps)
                for (int64_t k : s.ks)
                    for (int64_t listed : kSchedules && s.stages_auto ? auto_stage : s.stages)
                      for (const Dim3& cl : s.clusters) {
                        if (auto err = try_candidate(dev, c, s, m, n, w, k, listed, cl, fixed_threads, out)) return *err;
                    }
    out.ranking = {
        "largest tile (M x N) first: the most output per CTA",
        "then the highest occupancy (resident warps per SM)",
        "then the deepest prefetch (stages x K), more stages, fewer warps (more registers each), taller tiles",
        "among cluster shapes of one tile: more CTAs resident GPU-wide (even GPC layout, else the bound), then the "
        "smaller cluster",
    };
    if (kSchedules && s.stages_auto)
        out.ranking.push_back("stages: CUTLASS's StageCountAutoCarveout per tile, (per-block limit - epilogue "
                              "carveout) / (A + B per stage rounded to 128 B + barriers); the stage list is ignored");
    std::sort(out.fits.begin(), out.fits.end(), [](const TileFit& x, const TileFit& y) {
        // A fitting tile's A and B stages fit in shared memory, so m, n < 2^21: the products cannot overflow.
        const int64_t ax = x.m * x.n, ay = y.m * y.n;
        if (ax != ay) return ax > ay;
        if (x.occupancy != y.occupancy) return x.occupancy > y.occupancy;
        // Same tile, same residency: shared memory beyond what sets the CTA count is idle, so the deepest
        // prefetch (stages x k) first, then more stages, fewer warps (more registers each), taller tiles.
        if (x.stages * x.k != y.stages * y.k) return x.stages * x.k > y.stages * y.k;
        if (x.stages != y.stages) return x.stages > y.stages;
        if (x.warps != y.warps) return x.warps < y.warps;
        if (x.m != y.m) return x.m > y.m;
        const int64_t rx = x.ctas_resident.value_or(-1), ry = y.ctas_resident.value_or(-1);
        if (rx != ry) return rx > ry;
        const int64_t sx = x.cluster.x * x.cluster.y * x.cluster.z, sy = y.cluster.x * y.cluster.y * y.cluster.z;
        if (sx != sy) return sx < sy;
        return x.cluster.x > y.cluster.x;
    });
    return out;
}

KernelInput tile_kernel(const TileResult& r) { return kernel_for(r.threads, r.regs_launch, r.smem_per_cta); }

}  // namespace smcalc
