// smcalc/fields.hpp - every input field a person or a script can set, defined once.
//
// One row per field: its JSON key (batch, JS API, saved devices), URL-hash key (the page's links and saved
// presets), CLI flag, label, unit, range, default and help. Each surface is a loop over these tables:
//   core/api   reads and echoes request fields, names them in errors and "ignored field" warnings, and
//              refuses unknown keys naming the nearest one (nearest_key; the CLI's spellings: flag_alias);
//   core/cli   makes its flags and --help from them (`smcalc fields` prints the tables);
//   web/       encodes and decodes the URL hash, labels the device editor;
//   smcalc.d.ts's input interfaces are generated from them (`smcalc fields --dts`; a test compares).
// Adding an input = one row here plus its use in the solver (docs/architecture.md).
//
// A value crosses every surface as an int64: integers and byte counts as they are, booleans as 0/1, words
// (enums) and element types as their enum value. -1 means "the default" where a field has `default_what`.
// Vocabularies (the words of an enum) are defined here too, so the CLI, JSON, hash and JS say the same word.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "smcalc/amd.hpp"
#include "smcalc/error.hpp"
#include "smcalc/gpu.hpp"
#include "smcalc/occupancy.hpp"
#include "smcalc/op.hpp"
#include "smcalc/tile.hpp"

namespace smcalc::fields {

// How a value is written and read.
enum class Codec : uint8_t {
    Int,    // an integer lo .. hi
    Bytes,  // an integer lo .. hi, or a string with a unit ("24KiB"; smcalc::parse_bytes)
    Bool,   // true / false (hash and saved presets: 1 / 0)
    Word,   // one word of `vocab`
    DType,  // an element type (dtype_key / parse_dtype)
};

// One word of an enum. A vocabulary lists each value's canonical word first, then aliases (older hash words,
// other spellings) that read as the same value.
struct Word {
    std::string_view word;
    int value;
};
struct Vocab {
    std::span<const Word> words;
    std::string_view listed;  // for messages: "\"registers\" (mma.sync, wgmma, FFMA) or \"tmem\" (...)"
};
// The canonical word of `value` ("" if none) and the value of `word` (case-insensitive; nullopt if unknown).
std::string_view word_of(const Vocab& v, int value);
std::optional<int> value_of(const Vocab& v, std::string_view word);

// How a field's value is written in JSON, by its codec: the one rule of both writers, the API's (core/api
// field_json: nlohmann-json) and the page's state (web/ui_json.cpp put_field: the page has no JSON library).
// Int and Bytes are numbers, Bool true / false, Word its canonical word, DType its key or null (the default).
struct JsonScalar {
    enum Kind : uint8_t { Null, Bool, Number, Text } kind = Null;
    int64_t number = 0;     // Bool (0 / 1) and Number
    std::string_view text;  // Text: a word of a static vocabulary or a dtype key
};
JsonScalar json_scalar(Codec codec, const Vocab* vocab, int64_t v);

extern const Vocab kMmaVocab;       // MmaPath: registers | tmem
extern const Vocab kEpilogueVocab;  // Epilogue: none | tile | bytes
extern const Vocab kSubbyteVocab;   // SubbyteSmem: auto | packed | padded
extern const Vocab kModeVocab;      // the page's mode: kernel | tile (values 0, 1)
extern const Vocab kScheduleVocab;  // Schedule: none | cooperative | pingpong | sm100_1sm | sm100_2sm | sm80_multistage

template <class T>
struct Field {
    std::string_view key;    // JSON key; also the saved-device key for Device fields
    std::string_view hash;   // URL-hash key ("" = not written to the hash)
    std::string_view flag;   // CLI11 option names, e.g. "--smem,--smem-static" ("" = no flag of its own)
    std::string_view label;  // UI label: "Threads per block"
    std::string_view unit;   // what the number counts, for messages: "threads per block"
    Codec codec = Codec::Int;
    bool nvidia_only = false;  // a tile row the AMD MFMA tile model has no counterpart for (vendor_error); here,
                               // beside codec, it takes no room (the tables are in the page's wasm)
    int64_t lo = 0, hi = kMaxInput;  // inclusive range (Int, Bytes)
    int64_t (*get)(const T&) = nullptr;
    void (*set)(T&, int64_t) = nullptr;
    std::string_view help;               // one line for --help and the .d.ts: meaning and default
    const Vocab* vocab = nullptr;        // Codec::Word
    std::string_view default_what = {};  // non-empty: -1 / "default" is allowed and means this
    std::string_view flag_type = "N";    // --help's value name: N, BYTES, TYPE, ...
};

// get / set through a data member, whatever its integral or enum type.
template <auto M>
struct Member;
template <class T, class V, V T::*M>
struct Member<M> {
    using Struct = T;
    static int64_t get(const T& t) { return static_cast<int64_t>(t.*M); }
    static void set(T& t, int64_t v) { t.*M = static_cast<V>(v); }
};

// Inputs of a kernel launch (cudaOccFuncAttributes / cudaOccDeviceState semantics).
std::span<const Field<KernelInput>> kernel_fields();
// A kernel on an AMD Instinct GPU (smcalc::amd::KernelInput: LLVM's resource-usage counts). "threads" is the
// same key, hash key and flag as the NVIDIA kernel's; the API reads this table instead of kernel_fields() when
// the GPU is an AMD one (a compare across vendors reads both, each vendor its own).
std::span<const Field<amd::KernelInput>> amd_kernel_fields();
// A GEMM tile (smcalc::TileInput; its problem size is a composite: request_key("problem"), problem_fields).
std::span<const Field<TileInput>> tile_fields();
inline constexpr std::size_t kDeviceFieldCount = 10;
// A custom device: overrides of the fields of cudaOccDeviceProp (the CC is chosen separately).
std::span<const Field<Device>> device_fields();
// Thread block clusters (CC 9.0+; smcalc::ClusterInput). Its cluster dimensions and launch grid are composites
// ([x,y,z], "4x2x1" or a size; request_key("cluster"), "grid", "clusters": their shape, range and unit).
std::span<const Field<ClusterInput>> cluster_fields();

// The members of two composites written as JSON objects: a tile's problem size {"m", "n", "k"} (each needed)
// and a custom device's GPC layout {"gpcs_min", ...} (0 or absent = unknown; smcalc::GpcLayout).
std::span<const Field<ProblemSize>> problem_fields();
std::span<const Field<GpcLayout>> gpc_fields();

template <class T>
const Field<T>* find(std::span<const Field<T>> table, std::string_view key) {
    for (const auto& f : table)
        if (f.key == key) return &f;
    return nullptr;
}

template <class T>
const Field<T>* find_hash(std::span<const Field<T>> table, std::string_view hash) {
    for (const auto& f : table)
        if (!f.hash.empty() && f.hash == hash) return &f;
    return nullptr;
}

// ---- which ops read a request key ----------------------------------------------------------------------------
// A request's own keys (op, gpu, blocks, problem, gpus, ...) and every input table's rows, each with the ops that
// read it: an input table's rows are read by the table's ops (kernel_fields: kKernelOps; amd_kernel_fields:
// kKernelOps; tile_fields: kTileOps and op tiles; cluster_fields: kClusterOps), except the few rows fields.cpp
// names (block_size answers "threads", dynamic_smem "smem_dynamic"; op tiles reads lists, not "m", "n", "k";
// the AMD tile also reads "sgprs"). A row added to a table is read by its table's ops with no other edit.

// How a request key's own value is written (the input tables' rows are each one value of their codec).
enum class Shape : uint8_t {
    Other,     // read by its op's own code: "op", "gpu", "device", compiler output, ...
    Number,    // one integer lo .. hi
    Dims,      // [x, y, z] (1 to 3 entries), "XxYxZ" (split_dims) or one integer n = [n, 1, 1]; each lo .. hi
    DimsList,  // a list of 1 .. max_items Dims
    Mnk,       // {"m", "n", "k"} (problem_fields) or "MxNxK" (parse_mnk)
    Numbers,   // a list of up to max_items integers lo .. hi, or one integer (op tiles' candidates)
    Names,     // a list of 1 .. max_items names, or one name
};
// A request's own key: the ops that read it and, for a composite, its shape, range and words for messages; and its
// CLI flag, as the input tables' rows have theirs (core/cli/main.cpp makes the flags from these rows).
struct RequestKey {
    std::string_view key;
    OpSet ops;
    Shape shape = Shape::Other;
    int64_t lo = 1, hi = kMaxInput;  // each number's range
    std::string_view unit = {};      // what a number counts: "CTAs per cluster"
    std::string_view example = {};   // a value as the messages show it: "4x2x1"
    std::size_t max_items = 0;       // DimsList, Numbers, Names
    std::string_view flag = {};       // CLI11 names ("--cluster"; "FILE": positional); "" = JSON requests only
    std::string_view flag_type = {};  // --help's value name; "FILE": the flag names a file to read, "JSON": JSON text
    std::string_view help = {};       // --help's line: meaning and default
};
// The request key `key` (every key the readers ask for is one; a wrong key is a programming error).
const RequestKey& request_key(std::string_view key);

// The ops that read `key`; 0 when no request key and no table row is `key`.
OpSet readers(std::string_view key);
inline bool reads(Op op, bool compare_tile, std::string_view key) { return (readers(key) & op_bit(op, compare_tile)) != 0; }
// Every key a request may hold: the request's own keys, then each table's rows (a key once).
std::vector<std::string_view> request_keys();
// The same keys, those `op` reads first (so the nearest key to a misspelling is one the op reads where two are
// as near).
std::vector<std::string_view> request_keys(Op op, bool compare_tile);
// "field \"x\" is not read by op tile; leave it out (op tile reads gpu, cc, ...)": the error for a known key the
// op does not read, listing the keys it does.
std::string not_read_text(std::string_view key, Op op, bool compare_tile);
// The keys of thread block clusters: "cluster", "clusters", "grid" and the cluster table's rows.
bool is_cluster_key(std::string_view key);

// ---- which vendor reads a request key -------------------------------------------------------------------------
// A row of one vendor's kernel table only (all but "threads"), a tile row marked nvidia_only, every cluster key
// (thread block clusters are NVIDIA's, CC 9.0+) and "waves" (the AMD tile's waves per workgroup) are read by one
// vendor's model. Such a key with the other vendor's GPU (`gpu` names it: "MI300X", "CC 8.0", "every GPU compared
// (...)") is this error, naming the key and the GPU; nullopt where the GPU's vendor reads `key`.
std::optional<Error> vendor_error(std::string_view key, std::string_view gpu, bool gpu_is_amd);

// ---- request keys: the CLI's spellings, and the nearest key to a misspelt one --------------------------------
// A request key no table or request names is an error (core/api), naming the key and the nearest known key.

// The JSON key of the field whose CLI flag `key` spells, where `key` is no field's JSON key: a flag's long name
// without its dashes and with '_' for '-' ("smem": --smem is smem_static). Only where that spelling is one
// field's flag in every table a request reads (kernel, AMD kernel, tile, cluster); nullopt otherwise.
std::optional<std::string_view> flag_alias(std::string_view key);

// The edit distance between two keys (insertions, deletions, substitutions and swaps of neighbours), ASCII
// case folded and '-' read as '_'; only the first kMaxKeyCompared bytes of each count (bounded work).
inline constexpr std::size_t kMaxKeyCompared = 64;
std::size_t key_distance(std::string_view a, std::string_view b);

// The candidate nearest to `key` by key_distance (ties: the earlier candidate); empty when there are none.
std::string_view nearest_key(std::string_view key, std::span<const std::string_view> candidates);

// Whether `nearest` is close enough to `key` to be a misspelling of it: distance at most 1, or at most a third
// of the longer key. Messages say "did you mean" then, and "the nearest known field is" otherwise.
bool near_miss(std::string_view key, std::string_view nearest);

// "a whole number, 1 or more (threads per block; at most 2^53-1)" or "an integer from 1 to 16 (CTAs per
// cluster)", with the byte-unit and default clauses: the allowed values of a field, as every error message
// about it says them. allowed_range is the same sentence for the request's own numbers (blocks, limit,
// candidate lists).
template <class T>
std::string allowed(const Field<T>& f);
std::string allowed_range(int64_t lo, int64_t hi, std::string_view unit, bool bytes, std::string_view default_what);

// A value as text for the hash, saved presets and messages: "256", "bf16", "tmem", "1"; "default" for -1
// where the field allows it.
template <class T>
std::string value_text(const Field<T>& f, int64_t v);

// Reads the text form of a value (hash, saved presets, CLI): the inverse of value_text, also accepting what
// people type (byte units, word aliases, "true"/"false"). nullopt when the text is not an allowed value.
template <class T>
std::optional<int64_t> parse_text(const Field<T>& f, std::string_view text);

// "128x128x64" (also "128 x 128 x 64", 'X' or '*') -> {128, 128, 64}, each 1 .. kMaxInput; InvalidInput
// naming `field` otherwise: the codec of an MxNxK composite (a tile's problem size as a string; the CLI's --tile
// and --problem).
Expected<std::array<int64_t, 3>> parse_mnk(std::string_view field, std::string_view text);

// The tables for people (`smcalc fields`): one line per field with its JSON key, CLI flag, hash key and
// allowed values.
std::string table_text();

// The TypeScript declarations of the input interfaces (DeviceInput, KernelInput, AmdKernelInput, TileInput), made from the
// tables: smcalc.d.ts holds this text between its "generated" markers.
std::string typescript_declarations();

}  // namespace smcalc::fields
