// fields.cpp - the input tables of smcalc/fields.hpp and the text forms of their values.
#include "smcalc/fields.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>

#include "smcalc/report.hpp"

namespace smcalc::fields {

namespace {

bool same_word(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

// A word for an enum value (the tables hold the value as an int).
template <typename E>
constexpr Word word(std::string_view text, E value) {
    return {text, static_cast<int>(value)};
}

// Canonical words first; then aliases: older URL-hash words ("reg", "out") and other spellings, so a link or
// a saved preset made before the words were unified still reads the same.
constexpr std::array<Word, 5> kMmaWords = {{
    word("registers", MmaPath::Registers), word("tmem", MmaPath::TensorMemory),
    word("reg", MmaPath::Registers), word("tensor_memory", MmaPath::TensorMemory), word("tcgen05", MmaPath::TensorMemory),
}};
constexpr std::array<Word, 5> kEpilogueWords = {{
    word("none", Epilogue::None), word("tile", Epilogue::OutputTile), word("bytes", Epilogue::Bytes),
    word("output_tile", Epilogue::OutputTile), word("out", Epilogue::OutputTile),
}};
constexpr std::array<Word, 3> kSubbyteWords = {{
    word("auto", SubbyteSmem::Auto), word("packed", SubbyteSmem::Packed), word("padded", SubbyteSmem::Padded),
}};
constexpr std::array<Word, 11> kScheduleWords = {{
    word("none", Schedule::None), word("cooperative", Schedule::Cooperative), word("pingpong", Schedule::PingPong),
    word("sm100_1sm", Schedule::Sm100_1Sm), word("sm100_2sm", Schedule::Sm100_2Sm),
    word("sm80_multistage", Schedule::Sm80Multistage),
    word("coop", Schedule::Cooperative), word("ping_pong", Schedule::PingPong), word("1sm", Schedule::Sm100_1Sm),
    word("2sm", Schedule::Sm100_2Sm), word("multistage", Schedule::Sm80Multistage),
}};
constexpr std::array<Word, 4> kModeWords = {{{"kernel", 0}, {"tile", 1}, {"k", 0}, {"t", 1}}};

}  // namespace

const Vocab kMmaVocab{kMmaWords, "\"registers\" (mma.sync, wgmma, FFMA) or \"tmem\" (tcgen05, tensor memory)"};
const Vocab kEpilogueVocab{kEpilogueWords, "\"none\", \"tile\" (the output tile staged in shared memory) or \"bytes\""};
const Vocab kSubbyteVocab{kSubbyteWords, "\"auto\", \"packed\" or \"padded\""};
const Vocab kModeVocab{kModeWords, "kernel or tile"};
const Vocab kScheduleVocab{kScheduleWords,
                           "\"none\" (warps per CTA), \"cooperative\" or \"pingpong\" (Hopper), \"sm100_1sm\" or "
                           "\"sm100_2sm\" (Blackwell), \"sm80_multistage\" (CUTLASS 2.x, CC 8.0+)"};

std::string_view word_of(const Vocab& v, int value) {
    for (const Word& w : v.words)
        if (w.value == value) return w.word;
    return {};
}

JsonScalar json_scalar(Codec codec, const Vocab* vocab, int64_t v) {
    switch (codec) {
        case Codec::Bool: return {JsonScalar::Bool, v != 0 ? 1 : 0, {}};
        case Codec::Word: return {JsonScalar::Text, 0, word_of(*vocab, static_cast<int>(v))};
        case Codec::DType: return v < 0 ? JsonScalar{} : JsonScalar{JsonScalar::Text, 0, dtype_key(static_cast<DType>(v))};
        case Codec::Int:
        case Codec::Bytes: break;
    }
    return {JsonScalar::Number, v, {}};
}

std::optional<int> value_of(const Vocab& v, std::string_view word) {
    for (const Word& w : v.words)
        if (same_word(w.word, word)) return w.value;
    return std::nullopt;
}

namespace {

template <auto M>
constexpr auto get = Member<M>::get;
template <auto M>
constexpr auto set = Member<M>::set;

// TileInput::out is optional (nullopt = the accumulator type): -1 here.
int64_t get_out(const TileInput& t) { return t.out ? static_cast<int64_t>(*t.out) : -1; }
void set_out(TileInput& t, int64_t v) {
    if (v < 0)
        t.out.reset();
    else
        t.out = static_cast<DType>(v);
}

constexpr std::string_view kCudaDefault = "CUDA's default";

// ---- the tables ---------------------------------------------------------------------------------------
// Units say what a number counts (they appear in errors: "threads must be a whole number, 1 or more (threads
// per block; at most 2^53-1)"); help says what the field means and its default.

const Field<KernelInput> kKernel[] = {
    {.key = "threads", .hash = "t", .flag = "--threads", .label = "Threads per block", .unit = "threads per block",
     .lo = 1, .get = get<&KernelInput::threads>, .set = set<&KernelInput::threads>,
     .help = "threads per block (default 256)"},
    {.key = "regs", .hash = "r", .flag = "--regs", .label = "Registers per thread", .unit = "registers per thread",
     .get = get<&KernelInput::regs>, .set = set<&KernelInput::regs>, .help = "registers per thread (default 32)"},
    {.key = "smem_static", .hash = "ss", .flag = "--smem,--smem-static", .label = "Static shared memory",
     .unit = "bytes of static shared memory per block", .codec = Codec::Bytes,
     .get = get<&KernelInput::smem_static>, .set = set<&KernelInput::smem_static>,
     .help = "static shared memory per block: bytes or 24KiB, 24KB, 1.5MiB (KB = KiB = 1024 B; default 0)",
     .flag_type = "BYTES"},
    {.key = "smem_dynamic", .hash = "ds", .flag = "--smem-dynamic", .label = "Dynamic shared memory",
     .unit = "bytes of dynamic shared memory per block", .codec = Codec::Bytes,
     .get = get<&KernelInput::smem_dynamic>, .set = set<&KernelInput::smem_dynamic>,
     .help = "dynamic shared memory per block at launch (default 0)", .flag_type = "BYTES"},
    {.key = "optin", .hash = "oi", .flag = "--optin", .label = "Opt-in", .unit = "",
     .codec = Codec::Bool, .lo = 0, .hi = 1, .get = get<&KernelInput::optin>, .set = set<&KernelInput::optin>,
     .help = "shared memory opt-in (cudaFuncAttributeMaxDynamicSharedMemorySize set)"},
    {.key = "smem_dynamic_max", .hash = "dm", .flag = "--smem-dynamic-max", .label = "Max dynamic shared memory",
     .unit = "bytes, cudaFuncAttributeMaxDynamicSharedMemorySize", .codec = Codec::Bytes,
     .get = get<&KernelInput::smem_dynamic_max>, .set = set<&KernelInput::smem_dynamic_max>,
     .help = "cudaFuncAttributeMaxDynamicSharedMemorySize in bytes (default: CUDA's)", .default_what = kCudaDefault,
     .flag_type = "BYTES"},
    {.key = "carveout", .hash = "co", .flag = "--carveout", .label = "Carveout",
     .unit = "% of the largest shared memory carveout", .hi = 100, .get = get<&KernelInput::carveout>,
     .set = set<&KernelInput::carveout>, .help = "shared memory carveout preference: 0..100 % or default",
     .default_what = kCudaDefault, .flag_type = "PERCENT"},
    {.key = "barriers", .hash = "b", .flag = "--barriers", .label = "Barriers", .unit = "block barriers per block",
     .get = get<&KernelInput::barriers>, .set = set<&KernelInput::barriers>, .help = "block barriers used (default 1)"},
#ifdef SMCALC_TEST_DUMMY_FIELD
    // Only in the build of tests/fields-dummy: shows that one row here reaches every surface.
    {.key = "dummy_field", .hash = "dmy", .flag = "--dummy-field", .label = "Dummy field", .unit = "dummies",
     .hi = 1000, .get = get<&KernelInput::dummy_field>, .set = set<&KernelInput::dummy_field>,
     .help = "a field that only the table test knows (default 7)"},
#endif
};

// AMD: LLVM's counts (-Rpass-analysis=kernel-resource-usage); ranges are the widest over the modelled gfx
// targets (amd::occupancy then holds each to its arch: LDS 64 KiB on gfx942, 160 KiB on gfx950).
const Field<amd::KernelInput> kAmdKernel[] = {
    {.key = "threads", .hash = "t", .flag = "--threads", .label = "Work-items per workgroup",
     .unit = "work-items per workgroup", .lo = 1, .get = get<&amd::KernelInput::threads>,
     .set = set<&amd::KernelInput::threads>,
     .help = "work-items per workgroup, 1..1024 (the arch's maximum, checked by the model); not a multiple of 64 "
             "rounds up to whole waves (default 256)"},
    {.key = "vgprs", .hash = "vg", .flag = "--vgprs", .label = "VGPRs per lane", .unit = "architectural VGPRs per lane",
     .hi = 256, .get = get<&amd::KernelInput::vgprs>, .set = set<&amd::KernelInput::vgprs>,
     .help = "architectural VGPRs per lane, 0..256 (LLVM remark \"VGPRs\"; default 32)"},
    {.key = "agprs", .hash = "ag", .flag = "--agprs", .label = "AGPRs per lane", .unit = "accumulation VGPRs per lane",
     .hi = 256, .get = get<&amd::KernelInput::agprs>, .set = set<&amd::KernelInput::agprs>,
     .help = "accumulation VGPRs (AGPRs) per lane, 0..256 (remark \"AGPRs\"; default 0)"},
    {.key = "sgprs", .hash = "sg", .flag = "--sgprs", .label = "SGPRs per wave", .unit = "SGPRs per wave",
     .hi = 112, .get = get<&amd::KernelInput::sgprs>, .set = set<&amd::KernelInput::sgprs>,
     .help = "SGPRs per wave incl. VCC, FLAT_SCRATCH, XNACK_MASK, 0..112 (0 = not known: no SGPR limit; default 0)"},
    {.key = "lds", .hash = "lds", .flag = "--lds", .label = "LDS per workgroup", .unit = "bytes of LDS per workgroup",
     .codec = Codec::Bytes, .hi = 163840, .get = get<&amd::KernelInput::lds>, .set = set<&amd::KernelInput::lds>,
     .help = "LDS per workgroup: bytes or 16KiB (64 KiB on gfx942, 160 KiB on gfx950; default 0)",
     .flag_type = "BYTES"},
    {.key = "scratch", .hash = "scr", .flag = "--scratch", .label = "Scratch per lane",
     .unit = "bytes of scratch per lane", .codec = Codec::Bytes, .get = get<&amd::KernelInput::scratch>,
     .set = set<&amd::KernelInput::scratch>,
     .help = "private segment (scratch) bytes per lane: shown, sets no occupancy limit (default 0)",
     .flag_type = "BYTES"},
};

const Field<TileInput> kTile[] = {
    // m, n, k have no flag of their own: the CLI reads them together as --tile MxNxK.
    {.key = "m", .hash = "tm", .flag = {}, .label = "Tile M", .unit = "CTA tile rows, elements", .lo = 1,
     .get = get<&TileInput::m>, .set = set<&TileInput::m>, .help = "CTA tile rows of C, elements (default 128)"},
    {.key = "n", .hash = "tn", .flag = {}, .label = "Tile N", .unit = "CTA tile columns, elements", .lo = 1,
     .get = get<&TileInput::n>, .set = set<&TileInput::n>, .help = "CTA tile columns of C, elements (default 128)"},
    {.key = "k", .hash = "tk", .flag = {}, .label = "Tile K", .unit = "K elements per pipeline stage", .lo = 1,
     .get = get<&TileInput::k>, .set = set<&TileInput::k>, .help = "K elements per pipeline stage (default 64)"},
    {.key = "stages", .hash = "st", .flag = "--stages", .label = "Stages", .unit = "pipeline stages", .lo = 1,
     .get = get<&TileInput::stages>, .set = set<&TileInput::stages>,
     .help = "shared-memory pipeline stages (default 3)"},
    {.key = "warps", .hash = "w", .flag = "--warps", .label = "Warps per CTA", .unit = "warps per CTA",
     .nvidia_only = true, .lo = 1,
     .get = get<&TileInput::warps>, .set = set<&TileInput::warps>, .help = "warps per CTA (default 8)"},
    {.key = "a", .hash = "ta", .flag = "--a", .label = "A type", .unit = "element type", .codec = Codec::DType,
     .get = get<&TileInput::a>, .set = set<&TileInput::a>, .help = "A element type (overrides --ab; default bf16)",
     .flag_type = "TYPE"},
    {.key = "b", .hash = "tb", .flag = "--b", .label = "B type", .unit = "element type", .codec = Codec::DType,
     .get = get<&TileInput::b>, .set = set<&TileInput::b>, .help = "B element type (overrides --ab; default bf16)",
     .flag_type = "TYPE"},
    {.key = "acc", .hash = "tc", .flag = "--acc", .label = "Accumulator type", .unit = "element type",
     .codec = Codec::DType, .get = get<&TileInput::acc>, .set = set<&TileInput::acc>,
     .help = "accumulator type: f32, f16 or i32 (default f32)", .flag_type = "TYPE"},
    {.key = "mma", .hash = "mma", .flag = "--mma", .label = "MMA path", .unit = "", .codec = Codec::Word,
     .nvidia_only = true,
     .get = get<&TileInput::mma>, .set = set<&TileInput::mma>,
     .help = "registers (mma.sync, wgmma, FFMA) or tmem (tcgen05, where the CC has tensor memory)",
     .vocab = &kMmaVocab, .flag_type = "PATH"},
    {.key = "epilogue", .hash = "ep", .flag = "--epilogue", .label = "Epilogue", .unit = "", .codec = Codec::Word,
     .nvidia_only = true,
     .get = get<&TileInput::epilogue>, .set = set<&TileInput::epilogue>,
     .help = "none, tile (the output tile staged in shared memory) or bytes (default none)",
     .vocab = &kEpilogueVocab, .flag_type = "KIND"},
    {.key = "out", .hash = "eo", .flag = "--out", .label = "Output type", .unit = "element type",
     .codec = Codec::DType, .nvidia_only = true, .get = get_out, .set = set_out,
     .help = "output type staged by --epilogue tile (default: the accumulator type)",
     .default_what = "the accumulator type", .flag_type = "TYPE"},
    {.key = "epilogue_bytes", .hash = "eb", .flag = "--epilogue-bytes", .label = "Epilogue bytes",
     .unit = "bytes of epilogue staging", .codec = Codec::Bytes, .nvidia_only = true,
     .get = get<&TileInput::epilogue_bytes>,
     .set = set<&TileInput::epilogue_bytes>,
     .help = "shared memory for epilogue staging (implies --epilogue bytes)", .flag_type = "BYTES"},
    {.key = "epilogue_reuses_mainloop", .hash = "er", .flag = "--epilogue-reuses-mainloop",
     .label = "Epilogue reuse", .unit = "", .codec = Codec::Bool, .nvidia_only = true, .lo = 0, .hi = 1,
     .get = get<&TileInput::epilogue_reuses_mainloop>, .set = set<&TileInput::epilogue_reuses_mainloop>,
     .help = "the epilogue's shared memory aliases the mainloop buffers (CUTLASS 2.x)"},
    {.key = "overhead_regs", .hash = "ov", .flag = "--overhead-regs", .label = "Other registers per thread",
     .unit = "registers per thread besides accumulators", .nvidia_only = true, .get = get<&TileInput::overhead_regs>,
     .set = set<&TileInput::overhead_regs>,
     .help = "registers/thread besides accumulators (default: the model's estimate; give what ptxas -v reports)",
     .default_what = "the model's default"},
    {.key = "subbyte_smem", .hash = "sb", .flag = "--subbyte-smem", .label = "Sub-byte layout", .unit = "",
     .codec = Codec::Word, .nvidia_only = true, .get = get<&TileInput::subbyte_smem>,
     .set = set<&TileInput::subbyte_smem>,
     .help = "fp6/fp4 layout in shared memory: auto, packed or padded", .vocab = &kSubbyteVocab,
     .flag_type = "LAYOUT"},
    // Hash key "abuf": "ab" was this field's key in older links (web/ui_state.cpp migrates it); on the CLI
    // --ab sets the A and B types.
    {.key = "acc_buffers", .hash = "abuf", .flag = "--acc-buffers", .label = "Accumulator buffers",
     .unit = "accumulator copies in tensor memory", .nvidia_only = true, .lo = 1, .get = get<&TileInput::acc_buffers>,
     .set = set<&TileInput::acc_buffers>, .help = "accumulator copies in tensor memory (default 1)"},
    // Issue 30: CUTLASS's kernels as they are built (docs/tile-model.md "Schedules").
    {.key = "schedule", .hash = "sch", .flag = "--schedule", .label = "Schedule", .unit = "", .codec = Codec::Word,
     .nvidia_only = true, .get = get<&TileInput::schedule>, .set = set<&TileInput::schedule>,
     .help = "CUTLASS kernel schedule: none (warps per CTA, default), cooperative, pingpong (Hopper), sm100_1sm, "
             "sm100_2sm (Blackwell), sm80_multistage (CUTLASS 2.x, CC 8.0+, warps per CTA as given): its threads, roles, "
             "register budgets and epilogue",
     .vocab = &kScheduleVocab, .flag_type = "SCHEDULE"},
    {.key = "stages_auto", .hash = "sa", .flag = "--stages-auto", .label = "Stages auto", .unit = "",
     .codec = Codec::Bool, .nvidia_only = true, .lo = 0, .hi = 1, .get = get<&TileInput::stages_auto>, .set = set<&TileInput::stages_auto>,
     .help = "CUTLASS's StageCountAutoCarveout instead of --stages (also --stages auto)"},
};

// Device fields are checked against each other and the CC by smcalc::validate_device; here only their range.
const Field<Device> kDevice[] = {
    {.key = "sm_count", .hash = "sm", .flag = {}, .label = "SMs", .unit = "SMs; 0 or null = unknown", .get = get<&Device::sm_count>,
     .set = set<&Device::sm_count>, .help = "SMs on the chip; null = unknown (per-SM answers only)"},
    {.key = "warp_size", .hash = "ws", .flag = {}, .label = "Warp size", .unit = "threads", .get = get<&Device::warp_size>,
     .set = set<&Device::warp_size>, .help = "threads"},
    {.key = "max_threads_per_block", .hash = "tpb", .flag = {}, .label = "Max threads / block", .unit = "threads",
     .get = get<&Device::max_threads_per_block>, .set = set<&Device::max_threads_per_block>, .help = "threads"},
    {.key = "max_threads_per_sm", .hash = "tps", .flag = {}, .label = "Max threads / SM", .unit = "threads",
     .get = get<&Device::max_threads_per_sm>, .set = set<&Device::max_threads_per_sm>, .help = "threads"},
    {.key = "regs_per_sm", .hash = "rsm", .flag = {}, .label = "Registers / SM", .unit = "32-bit registers",
     .get = get<&Device::regs_per_sm>, .set = set<&Device::regs_per_sm>, .help = "32-bit registers"},
    {.key = "regs_per_block", .hash = "rpb", .flag = {}, .label = "Registers / block", .unit = "32-bit registers",
     .get = get<&Device::regs_per_block>, .set = set<&Device::regs_per_block>, .help = "32-bit registers"},
    {.key = "smem_per_sm", .hash = "ssm", .flag = {}, .label = "Shared mem / SM", .unit = "bytes", .codec = Codec::Bytes,
     .get = get<&Device::smem_per_sm>, .set = set<&Device::smem_per_sm>, .help = "bytes"},
    {.key = "smem_per_block", .hash = "spb", .flag = {}, .label = "Shared mem / block", .unit = "bytes", .codec = Codec::Bytes,
     .get = get<&Device::smem_per_block>, .set = set<&Device::smem_per_block>, .help = "bytes without opt-in"},
    {.key = "smem_per_block_optin", .hash = "spo", .flag = {}, .label = "Opt-in smem / block", .unit = "bytes",
     .codec = Codec::Bytes, .get = get<&Device::smem_per_block_optin>, .set = set<&Device::smem_per_block_optin>,
     .help = "bytes with opt-in"},
    {.key = "reserved_smem_per_block", .hash = "rsv", .flag = {}, .label = "Reserved / block", .unit = "bytes",
     .codec = Codec::Bytes, .get = get<&Device::reserved_smem_per_block>,
     .set = set<&Device::reserved_smem_per_block>, .help = "bytes the driver reserves per CTA"},
};

static_assert(std::size(kDevice) == kDeviceFieldCount);

// On the CLI a switch. The cluster's dimensions are a composite (JSON "cluster", hash "cl" = "4x2x1": see
// web/ui_state.cpp), as is the launch grid (JSON "grid"; not on the page, whose tiles take it from the problem).
const Field<ClusterInput> kCluster[] = {
    {.key = "non_portable_cluster", .hash = "np", .flag = "--non-portable-cluster", .label = "Non-portable cluster",
     .unit = "", .codec = Codec::Bool, .lo = 0, .hi = 1, .get = get<&ClusterInput::non_portable>,
     .set = set<&ClusterInput::non_portable>,
     .help = "cluster sizes 9..16 allowed (cudaFuncAttributeNonPortableClusterSizeAllowed; default false)"},
};

// Composites written as objects (core/api reads them as an input table's rows; the CLI and the page write
// "problem" as MxNxK and take the GPC layout from the GPU's row): a key, what it counts and its range.
template <auto M>
constexpr auto member_row(std::string_view key, std::string_view unit, int64_t lo) {
    return Field<typename Member<M>::Struct>{.key = key, .hash = {}, .flag = {}, .label = {}, .unit = unit, .lo = lo,
                                            .get = get<M>, .set = set<M>, .help = {}};
}
const Field<ProblemSize> kProblem[] = {member_row<&ProblemSize::m>("m", "elements", 1),
                                       member_row<&ProblemSize::n>("n", "elements", 1),
                                       member_row<&ProblemSize::k>("k", "elements", 1)};
const Field<GpcLayout> kGpc[] = {member_row<&GpcLayout::gpcs_min>("gpcs_min", "0 = unknown", 0),
                                 member_row<&GpcLayout::gpcs_max>("gpcs_max", "0 = unknown", 0),
                                 member_row<&GpcLayout::max_sms_per_gpc>("max_sms_per_gpc", "0 = unknown", 0),
                                 member_row<&GpcLayout::sms_per_tpc>("sms_per_tpc", "0 = unknown", 0),
                                 member_row<&GpcLayout::max_cluster_size>("max_cluster_size", "0 = unknown", 0)};

std::string num(int64_t v) { return std::to_string(v); }

std::optional<int64_t> parse_int(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    if (s.empty()) return std::nullopt;
    int64_t v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace

std::span<const Field<KernelInput>> kernel_fields() { return kKernel; }
std::span<const Field<amd::KernelInput>> amd_kernel_fields() { return kAmdKernel; }
std::span<const Field<TileInput>> tile_fields() { return kTile; }
std::span<const Field<Device>> device_fields() { return kDevice; }
std::span<const Field<ClusterInput>> cluster_fields() { return kCluster; }
std::span<const Field<ProblemSize>> problem_fields() { return kProblem; }
std::span<const Field<GpcLayout>> gpc_fields() { return kGpc; }

namespace {

// A flag's long names as JSON keys: "--smem,--smem-static" -> "smem", "smem_static".
bool flag_spells(std::string_view flags, std::string_view key) {
    while (!flags.empty()) {
        const std::size_t comma = flags.find(',');
        std::string_view one = flags.substr(0, comma);
        flags = comma == std::string_view::npos ? std::string_view{} : flags.substr(comma + 1);
        if (one.substr(0, 2) != "--") continue;
        one.remove_prefix(2);
        if (one.size() == key.size() &&
            std::equal(one.begin(), one.end(), key.begin(), [](char f, char k) { return (f == '-' ? '_' : f) == k; }))
            return true;
    }
    return false;
}

// The field of `table` whose flag spells `key` (counting how many do in `found`), and whether `key` is a key.
template <class T>
void alias_in(std::span<const Field<T>> table, std::string_view key, std::string_view& field, int& found, bool& is_key) {
    for (const auto& f : table) {
        if (f.key == key) is_key = true;
        if (!f.flag.empty() && flag_spells(f.flag, key) && f.key != field) {
            field = f.key;
            ++found;
        }
    }
}

char fold(char c) { return c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

}  // namespace

std::optional<std::string_view> flag_alias(std::string_view key) {
    std::string_view field;
    int found = 0;
    bool is_key = false;
    alias_in(kernel_fields(), key, field, found, is_key);
    alias_in(amd_kernel_fields(), key, field, found, is_key);
    alias_in(tile_fields(), key, field, found, is_key);
    alias_in(cluster_fields(), key, field, found, is_key);
    if (is_key || found != 1 || field == key) return std::nullopt;
    return field;
}

std::size_t key_distance(std::string_view a, std::string_view b) {
    a = a.substr(0, std::min(a.size(), kMaxKeyCompared));
    b = b.substr(0, std::min(b.size(), kMaxKeyCompared));
    // Optimal string alignment distance, three rows of at most 65 entries.
    std::array<std::size_t, kMaxKeyCompared + 1> prev2{}, prev{}, cur{};
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = fold(a[i - 1]) == fold(b[j - 1]);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1]))
                cur[j] = std::min(cur[j], prev2[j - 2] + 1);
        }
        prev2 = prev;
        prev = cur;
    }
    return prev[b.size()];
}

std::string_view nearest_key(std::string_view key, std::span<const std::string_view> candidates) {
    std::string_view best;
    std::size_t best_d = SIZE_MAX;
    for (std::string_view c : candidates) {
        const std::size_t d = key_distance(key, c);
        if (d < best_d) {
            best = c;
            best_d = d;
        }
    }
    return best;
}

bool near_miss(std::string_view key, std::string_view nearest) {
    const std::size_t d = key_distance(key, nearest);
    const std::size_t longer = std::min(std::max(key.size(), nearest.size()), kMaxKeyCompared);
    return d <= 1 || d * 3 <= longer;
}

template <class T>
std::string allowed(const Field<T>& f) {
    switch (f.codec) {
        case Codec::Bool: return "true or false";
        case Codec::Word: return f.vocab ? std::string(f.vocab->listed) : std::string();
        case Codec::DType: return "an element type such as \"bf16\" (f32, tf32, f16, bf16, e4m3, e5m2, i8, i32, f6, f4)";
        case Codec::Int:
        case Codec::Bytes: break;
    }
    return allowed_range(f.lo, f.hi, f.unit, f.codec == Codec::Bytes, f.default_what);
}

std::string allowed_range(int64_t lo, int64_t hi, std::string_view unit, bool bytes, std::string_view default_what) {
    // A field bounded only by kMaxInput (2^53-1: the largest integer a JSON number keeps exact, not a hardware
    // limit) reads "a whole number, 0 or more": students took "from 0 to 9007199254740991" for a limit of the
    // GPU (issue 31). The bound is still said, as 2^53-1; real ranges ("from 1 to 1024") keep their numbers.
    std::string s = hi == kMaxInput ? std::string(lo >= 0 ? "a whole number, " : "an integer, ") + num(lo) +
                                          " or more (" + std::string(unit) + "; at most 2^53-1)"
                                    : "an integer from " + num(lo) + " to " + num(hi) + " (" + std::string(unit) + ")";
    if (bytes) s += " or a string with a unit such as \"24KiB\" (1 KB = 1 KiB = 1024 B)";
    if (!default_what.empty()) s += ", or -1 / \"default\" for " + std::string(default_what);
    return s;
}

template <class T>
std::string value_text(const Field<T>& f, int64_t v) {
    if (v == -1 && !f.default_what.empty()) return "default";
    switch (f.codec) {
        case Codec::Bool: return v ? "1" : "0";
        case Codec::Word: return std::string(word_of(*f.vocab, static_cast<int>(v)));
        case Codec::DType: return std::string(dtype_key(static_cast<DType>(v)));
        case Codec::Int:
        case Codec::Bytes: break;
    }
    return num(v);
}

template <class T>
std::optional<int64_t> parse_text(const Field<T>& f, std::string_view text) {
    if (!f.default_what.empty() && (text.empty() || same_word(text, "default") || text == "-1")) return -1;
    switch (f.codec) {
        case Codec::Bool:
            if (text == "1" || same_word(text, "true")) return 1;
            if (text == "0" || same_word(text, "false")) return 0;
            return std::nullopt;
        case Codec::Word: {
            auto v = value_of(*f.vocab, text);
            return v ? std::optional<int64_t>(*v) : std::nullopt;
        }
        case Codec::DType: {
            auto d = parse_dtype(text);
            return d ? std::optional<int64_t>(static_cast<int64_t>(*d)) : std::nullopt;
        }
        case Codec::Int:
        case Codec::Bytes: break;
    }
    std::optional<int64_t> v = parse_int(text);
    if (!v && f.codec == Codec::Bytes) {
        auto b = parse_bytes(f.key, text);
        if (b) v = *b;
    }
    if (!v || *v < f.lo || *v > f.hi) return std::nullopt;
    return v;
}

template std::string allowed(const Field<KernelInput>&);
template std::string allowed(const Field<TileInput>&);
template std::string allowed(const Field<amd::KernelInput>&);
template std::string allowed(const Field<Device>&);
template std::string allowed(const Field<ProblemSize>&);
template std::string allowed(const Field<GpcLayout>&);
template std::string value_text(const Field<KernelInput>&, int64_t);
template std::string value_text(const Field<TileInput>&, int64_t);
template std::string value_text(const Field<amd::KernelInput>&, int64_t);
template std::string value_text(const Field<Device>&, int64_t);
template std::optional<int64_t> parse_text(const Field<KernelInput>&, std::string_view);
template std::optional<int64_t> parse_text(const Field<TileInput>&, std::string_view);
template std::optional<int64_t> parse_text(const Field<amd::KernelInput>&, std::string_view);
template std::optional<int64_t> parse_text(const Field<Device>&, std::string_view);
template std::string allowed(const Field<ClusterInput>&);
template std::string value_text(const Field<ClusterInput>&, int64_t);
template std::optional<int64_t> parse_text(const Field<ClusterInput>&, std::string_view);

namespace {

template <class T>
std::string ts_type(const Field<T>& f) {
    std::string t;
    switch (f.codec) {
        case Codec::Int: t = "number"; break;
        case Codec::Bytes: t = "Bytes"; break;
        case Codec::Bool: t = "boolean"; break;
        case Codec::DType: t = "ElementType"; break;
        case Codec::Word: {
            // Canonical words only: the first word of each value.
            std::string seen = ",";
            for (const Word& w : f.vocab->words) {
                const std::string v = "," + num(w.value) + ",";
                if (seen.find(v) != std::string::npos) continue;
                seen += num(w.value) + ",";
                t += (t.empty() ? "'" : " | '") + std::string(w.word) + "'";
            }
            break;
        }
    }
    // An element type left at its default is absent or null (the answers echo null); numbers and byte counts
    // take -1 or "default".
    if (!f.default_what.empty()) t += f.codec == Codec::DType ? " | null" : " | 'default' | -1";
    return t;
}

template <class T>
void ts_interface(std::string& out, std::string_view name, std::string_view doc, std::span<const Field<T>> table,
                  std::string_view first_line = {}) {
    out += "/** " + std::string(doc) + " */\n";
    out += "export interface " + std::string(name) + " {\n";
    if (!first_line.empty()) out += std::string(first_line) + "\n";
    for (const auto& f : table) {
        std::string line = "  " + std::string(f.key) + "?: " + ts_type(f);
        if (f.key == "sm_count") line += " | null";
        line += ";";
        if (line.size() < 38) line.resize(38, ' ');
        else line += " ";
        out += line + "// " + std::string(f.help) + "\n";
    }
    out += "}\n";
}

// The TypeScript type of a field as the answers echo it (core/api field_json): a number, a boolean, a word, an
// element type (null: left at its default).
template <class T>
std::string echo_ts_type(const Field<T>& f) {
    switch (f.codec) {
        case Codec::Int:
        case Codec::Bytes: return f.key == "sm_count" ? "number | null" : "number";
        case Codec::Bool: return "boolean";
        case Codec::DType: return f.default_what.empty() ? "ElementType" : "ElementType | null";
        case Codec::Word: break;
    }
    return ts_type(f);  // its words
}

// `export interface <name> extends <extends> { key: type; ... }`: the answers' echo of an input table, every
// field present.
template <class T>
void ts_echo_interface(std::string& out, std::string_view name, std::string_view doc, std::string_view extends,
                       std::span<const Field<T>> table, std::string_view first_line = {}) {
    out += "/** " + std::string(doc) + " */\n";
    out += "export interface " + std::string(name) + (extends.empty() ? "" : " extends " + std::string(extends)) + " {\n";
    if (!first_line.empty()) out += std::string(first_line) + "\n";
    for (const auto& f : table) out += "  " + std::string(f.key) + ": " + echo_ts_type(f) + ";\n";
    out += "}\n";
}

}  // namespace

namespace {

template <class T>
void table_lines(std::string& out, std::string_view title, std::span<const Field<T>> table) {
    out += std::string(title) + "\n";
    for (const auto& f : table) {
        std::string line = "  " + std::string(f.key);
        auto pad = [&line](std::size_t to) { line.resize(std::max(line.size() + 1, to), ' '); };
        pad(28);
        line += f.flag.empty() ? "-" : std::string(f.flag);
        pad(52);
        line += f.hash.empty() ? "-" : std::string(f.hash);
        pad(58);
        out += line + std::string(f.help) + "\n";
        out += std::string(58, ' ') + allowed(f) + "\n";
    }
}

}  // namespace

std::string table_text() {
    std::string out = "JSON key                    CLI flag                hash  meaning / allowed values\n";
    table_lines(out, "kernel (ops occupancy, block_size, dynamic_smem, next_step, compare):", kernel_fields());
    table_lines(out, "AMD kernel (ops occupancy, next_step, compare with an AMD GPU):",
                amd_kernel_fields());
    table_lines(out, "tile (ops tile, tiles, compare with kind tile; --tile MxNxK sets m, n, k):", tile_fields());
    table_lines(out, "device (JSON \"device\": {...}, CLI --device-json, hash d.<key>):", device_fields());
    table_lines(out,
                "cluster (ops occupancy, next_step, tile, tiles, compare; CC 9.0+; --cluster XxYxZ or N sets "
                "\"cluster\", --grid XxYxZ sets \"grid\"):",
                cluster_fields());
    return out;
}

std::string typescript_declarations() {
    std::string out = "/** An element type (smcalc::dtype_key; parse_dtype also reads fp16, half, fp8, int8, fp4, ...). */\n";
    out += "export type ElementType =";
    for (DType d : kDTypes) out += (d == kDTypes[0] ? " '" : " | '") + std::string(dtype_key(d)) + "'";
    out += ";\n\n";
    ts_interface(out, "DeviceInput",
                 "A device: the fields of cudaOccDeviceProp (cuda_occupancy.h). Left-out fields keep the CC's reference.",
                 device_fields(), "  cc: ComputeCapability;");
    out += "\n";
    ts_interface(out, "KernelInput",
                 "A kernel launch (cudaOccFuncAttributes / cudaOccDeviceState). Absent or null = the default.",
                 kernel_fields());
    out += "\n";
    ts_interface(out, "AmdKernelInput",
                 "A kernel on an AMD Instinct GPU (smcalc::amd::KernelInput, LLVM's counts). Absent or null = the default.",
                 amd_kernel_fields());
    out += "\n";
    ts_interface(out, "TileInput", "A GEMM tile (smcalc::TileInput). Absent or null = the default (the lesson's H100 tile: 128x128x64, 3 stages, 8 warps, bf16 -> f32).",
                 tile_fields(), "  problem?: { m: number; n: number; k: number } | string;  // \"8192x8192x8192\": waves");
    out += "\n";
    ts_interface(out, "ClusterInput",
                 "A thread block cluster (CC 9.0+; smcalc::ClusterInput), with a kernel or a tile. Absent = no cluster.",
                 cluster_fields(),
                 "  cluster?: [number, number, number] | number | string;  // CTAs x,y,z; 8 = [8,1,1]; \"4x2x1\"\n"
                 "  grid?: [number, number, number] | string;  // launch grid in CTAs (waves); a multiple of the cluster");
    // The answers' echoes of these tables ("device", "input"; core/api writes them from the same rows). An
    // answer's "input" carries the request's cluster too (ClusterInputAnswer, from the answer schema).
    out += "\n";
    ts_echo_interface(out, "DeviceAnswer", "The device an answer used: every field of DeviceInput (cc as \"9.0\"; sm_count null = unknown).",
                      "", device_fields(), "  cc: string;");
    out += "\n";
    ts_echo_interface(out, "KernelAnswerInput", "The kernel an answer used: every field of KernelInput (-1 = CUDA's default), with the cluster if any.",
                      "Partial<ClusterInputAnswer>", kernel_fields());
    out += "\n";
    ts_echo_interface(out, "AmdKernelAnswerInput", "The AMD kernel an answer used: every field of AmdKernelInput.", "",
                      amd_kernel_fields());
    out += "\n";
    ts_echo_interface(out, "TileAnswerInput", "The tile an answer used: every field of TileInput (out null = the accumulator type), with the cluster if any.",
                      "Partial<ClusterInputAnswer>", tile_fields(), "  problem: GemmShape | null;");
    // op tiles' search (core/api custom_json(TilesInputEcho)): the tile's other fields, and the lists instead.
    out += "\n/** The search a tiles answer made: the tile's fields but the shape, the candidate lists, the limit. */\n"
           "export interface TilesAnswerInput extends Omit<TileAnswerInput, 'm' | 'n' | 'k' | 'stages' | 'warps' | 'problem'> {\n"
           "  ms: number[];\n  ns: number[];\n  ks: number[];\n  stages: number[] | 'auto';\n  warps: number[];\n"
           "  limit: number | 'all';\n  clusters: Array<[number, number, number]>;\n  non_portable_cluster: boolean;\n}\n";
    return out;
}

Expected<std::array<int64_t, 3>> parse_mnk(std::string_view field, std::string_view text) {
    const std::string f(field);
    auto bad = [&](const std::string& why) -> Expected<std::array<int64_t, 3>> {
        std::string t(text.substr(0, 40));
        return Error{ErrorId::InvalidInput, f,
                     f + " must be M x N x K such as \"128x128x64\" (three whole numbers, 1 or more; at most "
                         "2^53-1); got \"" + t + "\"" + (why.empty() ? "" : ": " + why)};
    };
    std::array<int64_t, 3> out{};
    std::size_t part = 0;
    std::size_t i = 0;
    auto skip_space = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    while (true) {
        skip_space();
        const char* begin = text.data() + i;
        const char* end = text.data() + text.size();
        int64_t v = 0;
        auto r = std::from_chars(begin, end, v);
        if (r.ec == std::errc::result_out_of_range || (r.ec == std::errc{} && (v < 1 || v > kMaxInput)))
            return bad("each must be from 1 to 2^53-1");
        if (r.ec != std::errc{} || part >= 3) return bad("");
        out[part++] = v;
        i = static_cast<std::size_t>(r.ptr - text.data());
        skip_space();
        if (i == text.size()) break;
        if (text[i] != 'x' && text[i] != 'X' && text[i] != '*') return bad("");
        ++i;
    }
    if (part != 3) return bad("");
    return out;
}

}  // namespace smcalc::fields
