// binary.cpp - kernels' resources read from cubins, fat binaries, AMD code objects and offload bundles
// (smcalc/binary.hpp has the formats and where each figure is). Every read goes through Bytes, which checks the
// offset and length against the data first; loops are bounded by the data's size or by the kMax* counts.
#include "smcalc/binary.hpp"

#ifndef SMCALC_NO_BINARY_READER  // the page's own core (web/CMakeLists.txt) reads no binaries: the JS API does

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "answer_words.hpp"

namespace smcalc::binary {
namespace {

using words::join;
using words::num;

Decompressor& decompressor() {
    static Decompressor d;
    return d;
}

// An offset or length already checked against a string_view's size (so it fits size_t, 32-bit in WebAssembly).
constexpr std::size_t sz(uint64_t v) { return static_cast<std::size_t>(v); }

// A checked little-endian view: every read returns nullopt past the end instead of touching it.
struct Bytes {
    std::string_view d;
    bool has(uint64_t off, uint64_t len) const { return off <= d.size() && len <= d.size() - off; }
    std::optional<uint64_t> u(uint64_t off, int n) const {
        if (!has(off, static_cast<uint64_t>(n))) return std::nullopt;
        uint64_t v = 0;
        for (int i = n - 1; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(d[sz(off) + static_cast<std::size_t>(i)]);
        return v;
    }
    uint64_t u8(uint64_t off) const { return u(off, 1).value_or(0); }
    std::optional<std::string_view> sub(uint64_t off, uint64_t len) const {
        if (!has(off, len)) return std::nullopt;
        return d.substr(sz(off), sz(len));
    }
    // A NUL-terminated string at `off`, at most 4096 bytes (names longer than that are cut, and the cut said).
    std::optional<std::string> cstr(uint64_t off) const {
        if (off >= d.size()) return std::nullopt;
        const std::size_t limit = std::min<std::size_t>(d.size() - sz(off), 4096);
        std::string_view s = d.substr(sz(off), limit);
        auto z = s.find('\0');
        return std::string(z == std::string_view::npos ? s : s.substr(0, z));
    }
};

Error bad(const std::string& what) { return Error{ErrorId::InvalidInput, "text", what}; }

// ---------------------------------------------------------------------------------------------------- ELF64

constexpr uint16_t kEmCuda = 190;    // EM_CUDA
constexpr uint16_t kEmAmdgpu = 224;  // EM_AMDGPU
constexpr uint32_t kShtSymtab = 2, kShtNote = 7, kShtNobits = 8;

struct Section {
    std::string name;
    uint32_t type = 0;
    uint64_t flags = 0, addr = 0, offset = 0, size = 0;
    uint32_t link = 0, info = 0;
};

struct Symbol {
    std::string name;
    unsigned char info = 0, other = 0;
    uint32_t shndx = 0;
    uint64_t value = 0, size = 0;
};

struct Elf {
    Bytes b;
    uint16_t type = 0, machine = 0;
    uint32_t flags = 0;
    unsigned char osabi = 0;
    std::vector<Section> sections;
    std::vector<Symbol> symbols;  // of the first SHT_SYMTAB
    const Section* find(std::string_view name) const {
        for (const auto& s : sections)
            if (s.name == name) return &s;
        return nullptr;
    }
    std::optional<std::string_view> contents(const Section& s) const {
        if (s.type == kShtNobits) return std::string_view();
        return b.sub(s.offset, s.size);
    }
};

bool is_elf(std::string_view d) { return d.size() >= 4 && d.substr(0, 4) == std::string_view("\x7f" "ELF", 4); }

// `what` names the file in errors ("the cubin in fat binary entry 2").
Expected<Elf> parse_elf(std::string_view data, const std::string& what) {
    Elf e;
    e.b = Bytes{data};
    if (!is_elf(data)) return bad(what + " is not an ELF file");
    if (data.size() < 64) return bad(what + " is truncated: " + num(static_cast<int64_t>(data.size())) +
                                     " bytes, an ELF64 header needs 64");
    if (e.b.u8(4) != 2 || e.b.u8(5) != 1)
        return bad(what + " is a 32-bit or big-endian ELF file; GPU code objects are 64-bit little-endian ELF");
    e.osabi = static_cast<unsigned char>(e.b.u8(7));
    e.type = static_cast<uint16_t>(*e.b.u(16, 2));
    e.machine = static_cast<uint16_t>(*e.b.u(18, 2));
    e.flags = static_cast<uint32_t>(*e.b.u(48, 4));
    const uint64_t shoff = *e.b.u(40, 8);
    const uint64_t shentsize = *e.b.u(58, 2);
    uint64_t shnum = *e.b.u(60, 2);
    uint64_t shstrndx = *e.b.u(62, 2);
    if (shoff == 0) return e;  // no section headers: nothing to read (the caller says so)
    if (shentsize != 64)
        return bad(what + ": section header entries are " + num(static_cast<int64_t>(shentsize)) +
                   " bytes, ELF64 has 64");
    if (!e.b.has(shoff, 64)) return bad(what + " is truncated: its section headers start past its end");
    if (shnum == 0) shnum = *e.b.u(shoff + 32, 8);                  // SHN_UNDEF's sh_size holds a large count
    if (shstrndx == 0xffff) shstrndx = *e.b.u(shoff + 40, 4);       // SHN_XINDEX: sh_link holds it
    if (shnum > kMaxSections)
        return bad(what + " has " + num(static_cast<int64_t>(std::min<uint64_t>(shnum, 1ull << 62))) +
                   " sections; at most " + num(static_cast<int64_t>(kMaxSections)) + " are read");
    if (!e.b.has(shoff, shnum * 64))
        return bad(what + " is truncated: " + num(static_cast<int64_t>(shnum)) +
                   " section headers do not fit in its " + num(static_cast<int64_t>(data.size())) + " bytes");
    e.sections.resize(sz(shnum));
    for (uint64_t i = 0; i < shnum; ++i) {
        const uint64_t h = shoff + i * 64;
        Section& s = e.sections[sz(i)];
        s.type = static_cast<uint32_t>(*e.b.u(h + 4, 4));
        s.flags = *e.b.u(h + 8, 8);
        s.addr = *e.b.u(h + 16, 8);
        s.offset = *e.b.u(h + 24, 8);
        s.size = *e.b.u(h + 32, 8);
        s.link = static_cast<uint32_t>(*e.b.u(h + 40, 4));
        s.info = static_cast<uint32_t>(*e.b.u(h + 44, 4));
        if (s.type != kShtNobits && s.type != 0 && !e.b.has(s.offset, s.size))
            return bad(what + " is truncated or corrupt: section " + num(static_cast<int64_t>(i)) + " (" +
                       num(static_cast<int64_t>(std::min<uint64_t>(s.size, 1ull << 62))) + " bytes at offset " +
                       num(static_cast<int64_t>(std::min<uint64_t>(s.offset, 1ull << 62))) + ") lies past its end");
    }
    if (shstrndx < shnum) {
        const Section strtab = e.sections[sz(shstrndx)];
        auto names = e.contents(strtab);
        for (uint64_t i = 0; i < shnum; ++i) {
            const uint64_t h = shoff + i * 64;
            const uint64_t n = *e.b.u(h, 4);
            if (names && n < names->size()) e.sections[sz(i)].name = *Bytes{*names}.cstr(n);
        }
    }
    for (const Section& s : e.sections) {
        if (s.type != kShtSymtab) continue;
        if (s.link >= e.sections.size()) return bad(what + ": the symbol table's string table index is out of range");
        auto syms = e.contents(s);
        auto strs = e.contents(e.sections[s.link]);
        if (!syms || !strs) break;
        const uint64_t count = syms->size() / 24;
        e.symbols.reserve(static_cast<std::size_t>(std::min<uint64_t>(count, 1u << 20)));
        Bytes sb{*syms}, st{*strs};
        for (uint64_t i = 0; i < count; ++i) {
            Symbol y;
            const uint64_t n = *sb.u(i * 24, 4);
            y.info = static_cast<unsigned char>(sb.u8(i * 24 + 4));
            y.other = static_cast<unsigned char>(sb.u8(i * 24 + 5));
            y.shndx = static_cast<uint32_t>(*sb.u(i * 24 + 6, 2));
            y.value = *sb.u(i * 24 + 8, 8);
            y.size = *sb.u(i * 24 + 16, 8);
            if (n < strs->size()) y.name = *st.cstr(n);
            e.symbols.push_back(std::move(y));
        }
        break;
    }
    return e;
}

// ---------------------------------------------------------------------------------------------- NVIDIA cubin

// EIATTR record ids (cuobjdump -elf names them; the values are the ones ptxas writes, tests/data/binaries).
constexpr int kMaxThreadsAttr = 0x05, kFrameSize = 0x11, kCbankParamSize = 0x19, kMaxRegCount = 0x1b,
              kRegCount = 0x2f, kCtaPerCluster = 0x3d, kNumBarriers = 0x4c;
// EIFMT: 1 = no value, 2 = byte value, 3 = 16-bit value, 4 = sized value.
struct Attr {
    int fmt = 0, id = 0;
    uint32_t value = 0;       // formats 2 and 3
    std::string_view data;    // format 4
};

std::vector<Attr> attributes(std::string_view sec) {
    std::vector<Attr> out;
    Bytes b{sec};
    uint64_t p = 0;
    while (b.has(p, 4)) {
        Attr a;
        a.fmt = static_cast<int>(b.u8(p));
        a.id = static_cast<int>(b.u8(p + 1));
        const uint64_t v = *b.u(p + 2, 2);
        if (a.fmt == 4) {
            auto data = b.sub(p + 4, v);
            if (!data) break;  // a truncated record ends the list
            a.data = *data;
            p += 4 + v;
        } else {
            a.value = a.fmt == 2 ? static_cast<uint32_t>(v & 0xff) : static_cast<uint32_t>(v);
            p += 4;
        }
        out.push_back(a);
    }
    return out;
}

std::vector<uint32_t> words32(std::string_view data) {
    std::vector<uint32_t> w;
    Bytes b{data};
    for (uint64_t i = 0; i + 4 <= data.size() && w.size() < 8; i += 4) w.push_back(static_cast<uint32_t>(*b.u(i, 4)));
    return w;
}

// The SM version e_flags names: bits 8-15 in the ELF ABI of CUDA 12.9+ (OS/ABI 0x41), bits 0-7 before.
int cubin_sm(const Elf& e) {
    return static_cast<int>(e.osabi == 0x41 ? (e.flags >> 8) & 0xff : e.flags & 0xff);
}

struct Sink {
    ParsedOutput nv;
    amd::ParsedOutput amd;
    std::vector<std::string> formats;
    std::vector<std::string> ptx_only;        // "compute_90"
    std::vector<std::string> unreadable;      // "fat binary entry 3 (sm_90, zstd): why"
    std::size_t entries = 0;
    std::size_t decompressed = 0;
    void format(const std::string& f) {
        if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
    }
};

void add_arch(ParsedOutput& p, const std::string& a) {
    if (std::find(p.archs.begin(), p.archs.end(), a) == p.archs.end()) p.archs.push_back(a);
}

// The kernel's own .nv.info.<name> records: barriers, launch bounds, cluster dims, parameter bytes, register cap.
// Returns whether an EIATTR_NUM_BARRIERS record was there.
bool read_kernel_info(const Elf& e, const Section& own, ParsedKernel& k) {
    auto src = [&](const char* field, std::string place) { k.sources.emplace_back(field, std::move(place)); };
    bool barriers = false;
    auto c = e.contents(own);
    if (!c) return false;
    for (const Attr& a : attributes(*c)) {
        if (a.id == kNumBarriers && (a.fmt == 2 || a.fmt == 3)) {
            k.barriers = a.value;
            barriers = true;
            src("barriers", "EIATTR_NUM_BARRIERS in " + own.name);
        } else if (a.id == kMaxThreadsAttr && a.fmt == 4) {
            auto w = words32(a.data);
            // Three uint32 dimensions: their product can overflow int64 in a corrupt file. A real
            // __launch_bounds__ is at most 1024 threads; anything above 2^31 is not a thread count and
            // is left unread rather than wrapped (fuzz_binary's crash d6a13dc8).
            const uint64_t t = uint64_t{w.size() >= 3 ? w[0] : 0u} * (w.size() >= 3 ? w[1] : 0u);
            if (w.size() >= 3 && t <= (uint64_t{1} << 31) && t * w[2] <= (uint64_t{1} << 31)) {
                k.max_threads = static_cast<int64_t>(t * w[2]);
                src("max_threads", "EIATTR_MAX_THREADS in " + own.name);
            }
        } else if (a.id == kCtaPerCluster && a.fmt == 4) {
            auto w = words32(a.data);
            if (w.size() >= 3) {
                k.cluster_dims = {w[0], w[1], w[2]};
                src("cluster_dims", "EIATTR_CTA_PER_CLUSTER in " + own.name);
            }
        } else if (a.id == kCbankParamSize && a.fmt == 3) {
            k.param_bytes = a.value;
            src("param_bytes", "EIATTR_CBANK_PARAM_SIZE in " + own.name);
        } else if (a.id == kMaxRegCount && a.fmt == 3) {
            k.max_regs = a.value;
            src("max_regs", "EIATTR_MAXREG_COUNT in " + own.name);
        }
    }
    return barriers;
}

// Static shared memory: the size of .nv.shared.<name>; from sm_90 on it holds the 1 KiB per-CTA reserve too.
void read_kernel_shared(const Elf& e, const std::string& name, int sm, ParsedKernel& k) {
    auto src = [&](const char* field, std::string place) { k.sources.emplace_back(field, std::move(place)); };
    if (const Section* sh = e.find(".nv.shared." + name)) {
        int64_t size = static_cast<int64_t>(std::min<uint64_t>(sh->size, uint64_t{1} << 40));
        if (sm >= 90 && size >= 1024) {
            k.smem_static = size - 1024;
            src("smem_static", "size of " + sh->name + " (" + num(size) +
                                   " B) less the 1 KiB reserved per CTA that sm_90+ cubins place in it");
        } else {
            k.smem_static = size;
            src("smem_static", "size of " + sh->name);
        }
    } else {
        k.smem_static = 0;
        src("smem_static", "no .nv.shared." + name + " section (0 B)");
    }
}

std::optional<Error> read_cubin(const Elf& e, const std::string& where, Sink& out) {
    const int sm = cubin_sm(e);
    const std::string arch = "sm_" + num(sm);
    const Section* info = e.find(".nv.info");
    std::vector<Attr> global;
    if (info)
        if (auto c = e.contents(*info)) global = attributes(*c);
    for (uint32_t si = 0; si < e.symbols.size(); ++si) {
        const Symbol& y = e.symbols[si];
        // Kernels: function symbols (STT_FUNC) ptxas marks as entries (st_other's STO_CUDA_ENTRY, 0x10).
        if ((y.info & 0xf) != 2 || (y.other & 0x10) == 0 || y.name.empty()) continue;
        if (out.nv.kernels.size() >= kMaxKernels)
            return bad("more than " + num(static_cast<int64_t>(kMaxKernels)) + " kernels: the rest are not read");
        ParsedKernel k;
        k.name = y.name;
        k.arch = arch;
        k.tool = CompilerTool::Binary;
        k.entry = true;
        k.container = where;
        if (auto cc = parse_cc(arch)) {
            k.cc = *cc;
            k.cc_modelled = find_arch(*cc).ok();
        }
        fill_kernel_names(k);
        auto src = [&](const char* field, std::string place) { k.sources.emplace_back(field, std::move(place)); };
        // Registers and stack frame: the global .nv.info's records for this symbol.
        for (const Attr& a : global) {
            if (a.fmt != 4) continue;
            auto w = words32(a.data);
            if (w.size() < 2 || w[0] != si) continue;
            if (a.id == kRegCount && !k.registers) {
                k.registers = w[1];
                src("registers", "EIATTR_REGCOUNT in .nv.info");
            } else if (a.id == kFrameSize && !k.stack_frame) {
                k.stack_frame = w[1];
                src("stack_frame", "EIATTR_FRAME_SIZE in .nv.info");
            }
        }
        const Section* text = y.shndx < e.sections.size() ? &e.sections[y.shndx] : nullptr;
        if (!k.registers && text && (text->info >> 24) != 0) {
            k.registers = text->info >> 24;
            src("registers", "sh_info bits 24-31 of " + text->name);
        }
        const Section* own = e.find(".nv.info." + y.name);
        const bool barriers_attr = own && read_kernel_info(e, *own, k);
        if (!barriers_attr) {
            const uint64_t fl = text ? (text->flags >> 20) & 0x7f : 0;  // older cubins' SHF_BARRIERS
            k.barriers = static_cast<int64_t>(fl);
            src("barriers", fl ? "sh_flags bits 20-26 of " + text->name
                               : std::string("no EIATTR_NUM_BARRIERS record (0 barriers)"));
        }
        read_kernel_shared(e, y.name, sm, k);
        if (!k.registers) k.missing.emplace_back("registers");
        add_arch(out.nv, arch);
        out.nv.kernels.push_back(std::move(k));
    }
    return std::nullopt;
}

// ------------------------------------------------------------------------------------------- MessagePack

// A parsed MessagePack value; maps keep only string keys (amdhsa metadata uses no others).
struct Msg {
    enum Kind { Nil, Bool, Int, Str, Arr, Map, Other } kind = Nil;
    int64_t i = 0;
    std::string s;
    std::vector<Msg> a;
    std::vector<std::string> keys;  // a map: keys[i] -> a[i] (std::vector allows the incomplete Msg, std::pair not)
    const Msg* get(std::string_view key) const {
        for (std::size_t j = 0; j < keys.size() && j < a.size(); ++j)
            if (keys[j] == key) return &a[j];
        return nullptr;
    }
    std::optional<int64_t> integer(std::string_view key) const {
        const Msg* v = get(key);
        return v && v->kind == Int ? std::optional<int64_t>(v->i) : std::nullopt;
    }
    std::string str(std::string_view key) const {
        const Msg* v = get(key);
        return v && v->kind == Str ? v->s : std::string();
    }
};

struct MsgReader {
    Bytes b;
    uint64_t p = 0;
    std::size_t values = 0;
    static constexpr int kMaxDepth = 32;
    static constexpr std::size_t kMaxValues = 4u << 20;
    bool fail = false;

    std::optional<uint64_t> take(int n) {
        auto v = b.u(p, n);
        if (!v) return std::nullopt;
        // MessagePack is big-endian.
        uint64_t be = 0;
        for (int i = 0; i < n; ++i) be = (be << 8) | static_cast<unsigned char>(b.d[sz(p) + static_cast<std::size_t>(i)]);
        p += static_cast<uint64_t>(n);
        return be;
    }
    bool value(Msg& out, int depth) {
        if (depth > kMaxDepth || ++values > kMaxValues || !b.has(p, 1)) return false;
        const unsigned c = static_cast<unsigned char>(b.d[sz(p++)]);
        auto str = [&](uint64_t len) {
            auto s = b.sub(p, len);
            if (!s) return false;
            out.kind = Msg::Str;
            out.s = std::string(*s);
            p += len;
            return true;
        };
        auto skip = [&](uint64_t len) {
            if (!b.has(p, len)) return false;
            out.kind = Msg::Other;
            p += len;
            return true;
        };
        auto arr = [&](uint64_t n) {
            if (n > b.d.size() - p) return false;  // every element takes at least one byte
            out.kind = Msg::Arr;
            out.a.resize(static_cast<std::size_t>(n));
            for (auto& v : out.a)
                if (!value(v, depth + 1)) return false;
            return true;
        };
        auto map = [&](uint64_t n) {
            if (n > (b.d.size() - p) / 2) return false;
            out.kind = Msg::Map;
            for (uint64_t i = 0; i < n; ++i) {
                Msg k, v;
                if (!value(k, depth + 1) || !value(v, depth + 1)) return false;
                if (k.kind != Msg::Str) continue;
                out.keys.push_back(std::move(k.s));
                out.a.push_back(std::move(v));
            }
            return true;
        };
        auto sized = [&](int n, auto f) {
            auto len = take(n);
            return len && f(*len);
        };
        if (c <= 0x7f) { out.kind = Msg::Int; out.i = c; return true; }
        if (c >= 0xe0) { out.kind = Msg::Int; out.i = static_cast<int64_t>(c) - 256; return true; }
        if (c >= 0x80 && c <= 0x8f) return map(c & 0xf);
        if (c >= 0x90 && c <= 0x9f) return arr(c & 0xf);
        if (c >= 0xa0 && c <= 0xbf) return str(c & 0x1f);
        switch (c) {
            case 0xc0: out.kind = Msg::Nil; return true;
            case 0xc2: case 0xc3: out.kind = Msg::Bool; out.i = c == 0xc3; return true;
            case 0xc4: return sized(1, skip);
            case 0xc5: return sized(2, skip);
            case 0xc6: return sized(4, skip);
            case 0xc7: { auto n = take(1); return n && skip(*n + 1); }
            case 0xc8: { auto n = take(2); return n && skip(*n + 1); }
            case 0xc9: { auto n = take(4); return n && skip(*n + 1); }
            case 0xca: return skip(4);
            case 0xcb: return skip(8);
            case 0xcc: case 0xcd: case 0xce: case 0xcf: {
                auto v = take(1 << (c - 0xcc));
                if (!v || *v > (uint64_t{1} << 62)) return v ? skip(0) : false;  // too large: kept as Other
                out.kind = Msg::Int;
                out.i = static_cast<int64_t>(*v);
                return true;
            }
            case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
                const int n = 1 << (c - 0xd0);
                auto v = take(n);
                if (!v) return false;
                const int bits = n * 8;
                int64_t s = bits == 64 ? static_cast<int64_t>(*v)
                                       : static_cast<int64_t>(*v) - ((*v >> (bits - 1)) ? (int64_t{1} << bits) : 0);
                out.kind = Msg::Int;
                out.i = s;
                return true;
            }
            case 0xd4: return skip(2);
            case 0xd5: return skip(3);
            case 0xd6: return skip(5);
            case 0xd7: return skip(9);
            case 0xd8: return skip(17);
            case 0xd9: return sized(1, str);
            case 0xda: return sized(2, str);
            case 0xdb: return sized(4, str);
            case 0xdc: return sized(2, arr);
            case 0xdd: return sized(4, arr);
            case 0xde: return sized(2, map);
            case 0xdf: return sized(4, map);
            default: return false;  // 0xc1 is never used
        }
    }
};

// ------------------------------------------------------------------------------------------ AMD code object

// EF_AMDGPU_MACH values of the modelled targets (LLVM's ELF.h), for files whose metadata names none.
std::string gfx_of_mach(uint32_t mach) {
    switch (mach) {
        case 0x30: return "gfx908";
        case 0x3f: return "gfx90a";
        case 0x4c: return "gfx942";
        case 0x4f: return "gfx950";
        default: return {};
    }
}

// VGPR allocation granule of COMPUTE_PGM_RSRC1's GRANULATED_WORKITEM_VGPR_COUNT (wave64): 8 on gfx90a and later
// CDNA (unified VGPR+AGPR file), 4 on gfx908 (LLVM AMDGPUBaseInfo getVGPREncodingGranule).
int vgpr_encoding_granule(const std::string& gfx) { return gfx == "gfx908" ? 4 : 8; }

// The NT_AMDGPU_METADATA note's MessagePack map into `meta`: nullopt when read, else the error (none found, or
// not valid MessagePack).
std::optional<Error> read_metadata_note(const Elf& e, const std::string& where, Msg& meta) {
    bool found = false;
    for (const Section& s : e.sections) {
        if (s.type != kShtNote) continue;
        auto c = e.contents(s);
        if (!c) continue;
        Bytes nb{*c};
        uint64_t p = 0;
        while (nb.has(p, 12) && !found) {
            const uint64_t namesz = *nb.u(p, 4), descsz = *nb.u(p + 4, 4), type = *nb.u(p + 8, 4);
            const uint64_t name_off = p + 12;
            const uint64_t desc_off = name_off + ((namesz + 3) & ~uint64_t{3});
            if (!nb.has(name_off, namesz) || !nb.has(desc_off, descsz)) break;
            const std::string_view name = c->substr(sz(name_off), sz(namesz));
            if (type == 32 && name.substr(0, 6) == "AMDGPU") {  // NT_AMDGPU_METADATA
                MsgReader r{Bytes{c->substr(sz(desc_off), sz(descsz))}};
                if (!r.value(meta, 0) || meta.kind != Msg::Map)
                    return bad(where + ": its NT_AMDGPU_METADATA note is not valid MessagePack (truncated, nested "
                                       "deeper than 32 or malformed)");
                found = true;
            }
            p = desc_off + ((descsz + 3) & ~uint64_t{3});
        }
        if (found) break;
    }
    if (!found)
        return bad(where + " has no NT_AMDGPU_METADATA note (code object v4-v6 carry one; v2/v3 code objects are "
                           "not read)");
    return std::nullopt;
}

// The kernel descriptor: 64 bytes at the symbol `kd` ("name.kd"); COMPUTE_PGM_RSRC1 at byte 48 gives the
// granulated VGPR and SGPR blocks (and, for wave64 code objects of a known gfx, the VGPRs the hardware allocates).
void read_descriptor(const Elf& e, const std::string& kd, const std::string& gfx, amd::ParsedKernel& k) {
    for (const Symbol& y : e.symbols) {
        if (kd.empty() || y.name != kd || y.shndx == 0 || y.shndx >= e.sections.size()) continue;
        const Section& s = e.sections[y.shndx];
        // Relocatable objects hold section offsets, linked ones virtual addresses.
        const uint64_t rel = e.type == 1 ? y.value : y.value - s.addr;
        if (e.type != 1 && y.value < s.addr) break;
        if (rel > s.size || s.size - rel < 64 || s.type == kShtNobits) break;
        auto rsrc1 = e.b.u(s.offset + rel + 48, 4);
        if (!rsrc1) break;
        k.granulated_vgprs = static_cast<int64_t>(*rsrc1 & 0x3f);
        k.granulated_sgprs = static_cast<int64_t>((*rsrc1 >> 6) & 0xf);
        const std::string place = "COMPUTE_PGM_RSRC1 of the kernel descriptor " + kd;
        k.sources.emplace_back("granulated_vgprs", place);
        k.sources.emplace_back("granulated_sgprs", place);
        if (k.wavefront_size.value_or(64) == 64 && !gfx_of_mach(e.flags & 0xff).empty()) {
            // What the hardware allocates: (blocks + 1) x granule (padded to a waves-per-eu cap).
            k.next_free_vgpr = (*k.granulated_vgprs + 1) * vgpr_encoding_granule(gfx);
            k.sources.emplace_back("next_free_vgpr", place + " ((GRANULATED_WORKITEM_VGPR_COUNT + 1) x " +
                                                         num(vgpr_encoding_granule(gfx)) + ")");
        }
        break;
    }
}

std::optional<Error> read_code_object(const Elf& e, const std::string& where, Sink& out) {
    Msg meta;
    if (auto err = read_metadata_note(e, where, meta)) return err;
    std::string gfx;
    const std::string target = meta.str("amdhsa.target");  // "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-"
    if (auto g = target.find("gfx"); g != std::string::npos) gfx = target.substr(g, target.find(':', g) - g);
    if (gfx.empty()) gfx = gfx_of_mach(e.flags & 0xff);
    const Msg* kernels = meta.get("amdhsa.kernels");
    if (!kernels || kernels->kind != Msg::Arr)
        return bad(where + ": its metadata has no amdhsa.kernels list");
    for (const Msg& km : kernels->a) {
        if (km.kind != Msg::Map) continue;
        if (out.amd.kernels.size() >= kMaxKernels)
            return bad("more than " + num(static_cast<int64_t>(kMaxKernels)) + " kernels: the rest are not read");
        amd::ParsedKernel k;
        k.name = km.str(".name");
        if (k.name.empty()) k.name = km.str(".symbol");
        k.gfx = gfx;
        k.container = where;
        k.formats = {"code object"};
        const std::string meta_place = "amdhsa.kernels metadata (NT_AMDGPU_METADATA note)";
        auto field = [&](std::optional<int64_t>& to, const char* key, const char* name) {
            auto v = km.integer(key);
            if (!v || *v < 0 || *v > (int64_t{1} << 40)) return;
            to = *v;
            k.sources.emplace_back(name, std::string(key) + " in " + meta_place);
        };
        field(k.unified_vgprs, ".vgpr_count", "unified_vgprs");
        field(k.agprs, ".agpr_count", "agprs");
        field(k.sgprs, ".sgpr_count", "sgprs");
        field(k.lds, ".group_segment_fixed_size", "lds");
        field(k.scratch, ".private_segment_fixed_size", "scratch");
        field(k.max_flat_workgroup_size, ".max_flat_workgroup_size", "max_flat_workgroup_size");
        field(k.wavefront_size, ".wavefront_size", "wavefront_size");
        field(k.vgpr_spill, ".vgpr_spill_count", "vgpr_spill");
        field(k.sgpr_spill, ".sgpr_spill_count", "sgpr_spill");
        // gfx908 has no unified file: .vgpr_count counts architectural VGPRs only.
        if (k.unified_vgprs && gfx == "gfx908") {
            k.vgprs = k.unified_vgprs;
            k.unified_vgprs.reset();
        }
        read_descriptor(e, km.str(".symbol"), gfx, k);
        for (const char* f : {"vgprs", "sgprs", "lds"}) {
            const bool have = std::string_view(f) == "vgprs"   ? (k.vgprs || k.unified_vgprs)
                              : std::string_view(f) == "sgprs" ? k.sgprs.has_value()
                                                               : k.lds.has_value();
            if (!have) k.missing.emplace_back(f);
        }
        out.amd.kernels.push_back(std::move(k));
    }
    return std::nullopt;
}

// ------------------------------------------------------------------------------------------ containers

std::optional<Error> read_elf(std::string_view data, const std::string& where, Sink& out, int depth);

std::optional<std::string> decompress(Compression c, std::string_view in, uint64_t size, const std::string& where,
                                      Sink& out) {
    if (size == 0 || size > kMaxDecompressed) {
        out.unreadable.push_back(where + " (" + std::string(compression_name(c)) + "): its decompressed size " +
                                 num(static_cast<int64_t>(std::min<uint64_t>(size, 1ull << 62))) +
                                 " B is 0 or over the " + num(static_cast<int64_t>(kMaxDecompressed)) + " B limit");
        return std::nullopt;
    }
    if (out.decompressed + size > kMaxDecompressedTotal) {
        out.unreadable.push_back(where + ": over the " + num(static_cast<int64_t>(kMaxDecompressedTotal)) +
                                 " B limit of decompressed bytes per file");
        return std::nullopt;
    }
    if (!decompressor()) {
        out.unreadable.push_back(where + " is compressed with " + std::string(compression_name(c)) +
                                 ", and this build of smcalc has no decompressor for it");
        return std::nullopt;
    }
    std::string why;
    auto r = decompressor()(c, in, static_cast<std::size_t>(size), why);
    if (!r || r->size() != size) {
        out.unreadable.push_back(where + " is compressed with " + std::string(compression_name(c)) +
                                 " and could not be decompressed: " + (r ? "wrong size" : why));
        return std::nullopt;
    }
    out.decompressed += size;
    return r;
}

bool is_fatbin(std::string_view d) {
    auto m = Bytes{d}.u(0, 4);
    return m && (*m == 0xBA55ED50u || *m == 0x466243B1u);
}

// One or more fat binary containers back to back (a .nv_fatbin section holds one per translation unit).
std::optional<Error> read_fatbin(std::string_view data, const std::string& where, Sink& out) {
    Bytes b{data};
    uint64_t c = 0;
    int64_t container = 0;
    while (b.has(c, 16)) {
        const uint64_t magic = *b.u(c, 4);
        if (magic != 0xBA55ED50u && magic != 0x466243B1u) {
            if (container > 0 && *b.u(c, 4) == 0) break;  // padding after the last container
            return bad(where + ": no fat binary header (magic 0xBA55ED50) at offset " + num(static_cast<int64_t>(c)));
        }
        ++container;
        const uint64_t hsize = *b.u(c + 6, 2), fsize = *b.u(c + 8, 8);
        if (hsize < 16 || !b.has(c + hsize, fsize))
            return bad(where + ": fat binary container " + num(container) + " is truncated (" +
                       num(static_cast<int64_t>(std::min<uint64_t>(fsize, 1ull << 62))) + " bytes announced)");
        uint64_t p = c + hsize;
        const uint64_t end = p + fsize;
        int64_t entry = 0;
        while (p + 64 <= end) {
            if (++out.entries > kMaxEntries)
                return bad(where + " has more than " + num(static_cast<int64_t>(kMaxEntries)) + " entries");
            ++entry;
            const uint64_t kind = *b.u(p, 2), ehsize = *b.u(p + 4, 4), padded = *b.u(p + 8, 8);
            if (ehsize < 64 || ehsize > end - p || padded > end - p - ehsize)
                return bad(where + ": fat binary entry " + num(entry) + " is truncated or corrupt");
            const uint64_t csize = *b.u(p + 16, 4), sm = *b.u(p + 28, 4), flags = *b.u(p + 40, 8),
                           usize = *b.u(p + 56, 8);
            const std::string_view payload = data.substr(sz(p + ehsize), sz(padded));
            const std::string name = "fat binary entry " + num(entry) +
                                     (container > 1 ? " of container " + num(container) : std::string()) + " (" +
                                     (kind == 1 ? "compute_" : "sm_") + num(static_cast<int64_t>(sm & 0xffff)) +
                                     (kind == 1 ? " PTX" : "") + ")";
            p += ehsize + padded;
            if (kind == 1) {  // PTX: compiled by the driver for the GPU it runs on
                const std::string a = "compute_" + num(static_cast<int64_t>(sm & 0xffff));
                if (std::find(out.ptx_only.begin(), out.ptx_only.end(), a) == out.ptx_only.end()) out.ptx_only.push_back(a);
                continue;
            }
            if (kind != 2 && kind != 0x10) continue;  // not code
            std::string owned;
            std::string_view elf = payload;
            if (flags & (0x8000 | 0x2000)) {
                // 0x8000: zstd (nvcc 12.8+); 0x2000: LZ4 (earlier toolkits). The payload's first bytes decide.
                const Compression comp = payload.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4)
                                             ? Compression::Zstd
                                             : (flags & 0x2000) ? Compression::Lz4 : Compression::Unknown;
                const std::string_view in = csize > 0 && csize <= payload.size() ? payload.substr(0, sz(csize)) : payload;
                auto d = decompress(comp, in, usize, where + ": " + name, out);
                if (!d) continue;
                owned = std::move(*d);
                elf = owned;
            }
            if (auto err = read_elf(elf, where + ": " + name, out, 1)) return err;
        }
        c = end;
        c = (c + 7) & ~uint64_t{7};  // containers in a section are 8-byte aligned
    }
    return std::nullopt;
}

constexpr std::string_view kBundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
constexpr std::string_view kCompressedBundleMagic = "CCOB";

std::optional<Error> read_bundle(std::string_view data, const std::string& where, Sink& out) {
    Bytes b{data};
    uint64_t at = 0;
    int64_t bundle = 0;
    while (at < data.size()) {
        auto next = data.find(kBundleMagic, sz(at));
        auto cnext = data.find(kCompressedBundleMagic, sz(at));
        if (cnext == at) {
            out.unreadable.push_back(where + ": a compressed offload bundle (CCOB, clang --offload-compress) at offset " +
                                     num(static_cast<int64_t>(at)) + " is not read by this version; rebuild without "
                                     "--offload-compress or extract it with clang-offload-bundler");
            return std::nullopt;
        }
        if (next == std::string_view::npos) break;
        ++bundle;
        const uint64_t base = next;
        auto n = b.u(base + 24, 8);
        if (!n) return bad(where + ": offload bundle " + num(bundle) + " is truncated");
        if (*n > (data.size() - base) / 24) return bad(where + ": offload bundle " + num(bundle) + " announces " +
                                                     num(static_cast<int64_t>(std::min<uint64_t>(*n, 1ull << 62))) +
                                                     " entries, more than its bytes can hold");
        uint64_t p = base + 32, last = base + 32;
        for (uint64_t i = 0; i < *n; ++i) {
            if (++out.entries > kMaxEntries)
                return bad(where + " has more than " + num(static_cast<int64_t>(kMaxEntries)) + " entries");
            auto off = b.u(p, 8), size = b.u(p + 8, 8), tsize = b.u(p + 16, 8);
            if (!off || !size || !tsize || !b.has(p + 24, *tsize))
                return bad(where + ": offload bundle " + num(bundle) + " entry " + num(static_cast<int64_t>(i + 1)) +
                           " is truncated");
            const std::string triple(data.substr(sz(p + 24), sz(*tsize)));
            p += 24 + *tsize;
            if (!b.has(base + *off, *size) || *off > data.size())
                return bad(where + ": offload bundle entry " + triple.substr(0, 80) + " lies past the end of the file");
            last = std::max(last, base + *off + *size);
            if (*size == 0 || triple.rfind("host-", 0) == 0) continue;
            auto code = data.substr(sz(base + *off), sz(*size));
            if (auto err = read_elf(code, where + ": bundle entry " + triple.substr(0, 80), out, 1)) return err;
        }
        at = std::max(last, p);
    }
    return std::nullopt;
}

std::optional<Error> read_elf(std::string_view data, const std::string& where, Sink& out, int depth) {
    auto e = parse_elf(data, where);
    if (!e) return e.error();
    if (e->machine == kEmCuda) {
        if (depth == 0) out.format("cubin");
        return read_cubin(*e, where, out);
    }
    if (e->machine == kEmAmdgpu) {
        if (depth == 0) out.format("AMD code object");
        return read_code_object(*e, where, out);
    }
    if (depth > 0) return bad(where + " is an ELF file for machine " + num(e->machine) + ", not GPU code");
    // A host file: the GPU code is in its fat binary sections.
    bool any = false;
    for (const Section& s : e->sections) {
        const bool nv = s.name == ".nv_fatbin" || s.name == "__nv_relfatbin";
        const bool hip = s.name == ".hip_fatbin";
        if (!nv && !hip) continue;
        auto c = e->contents(s);
        if (!c || c->empty()) continue;
        any = true;
        out.format(nv ? "host ELF with a fat binary" : "host ELF with an offload bundle");
        auto err = nv ? read_fatbin(*c, s.name, out) : read_bundle(*c, s.name, out);
        if (err) return err;
    }
    if (!any)
        return bad(where + " is an ELF file for machine " + num(e->machine) +
                   " with no GPU code: no .nv_fatbin or .hip_fatbin section (is the device code in another file, or "
                   "stripped?)");
    return std::nullopt;
}

}  // namespace

std::string_view compression_name(Compression c) {
    switch (c) {
        case Compression::Zstd: return "zstd";
        case Compression::Lz4: return "LZ4";
        case Compression::Zlib: return "zlib";
        case Compression::Unknown: break;
    }
    return "an unknown compression";
}

void set_decompressor(Decompressor d) { decompressor() = std::move(d); }

bool looks_binary(std::string_view d) {
    return is_elf(d) || is_fatbin(d) || d.substr(0, kBundleMagic.size()) == kBundleMagic ||
           d.substr(0, kCompressedBundleMagic.size()) == kCompressedBundleMagic;
}

Expected<Read> read_binary(std::string_view bytes) {
    if (bytes.size() > kMaxBinaryInput)
        return bad("the file is " + num(static_cast<int64_t>(bytes.size())) + " bytes; at most " +
                   num(static_cast<int64_t>(kMaxBinaryInput)) + " are read");
    Sink out;
    std::optional<Error> err;
    if (is_elf(bytes)) err = read_elf(bytes, "the file", out, 0);
    else if (is_fatbin(bytes)) {
        out.format("fat binary");
        err = read_fatbin(bytes, "the fat binary", out);
    } else if (looks_binary(bytes)) {
        out.format("offload bundle");
        err = read_bundle(bytes, "the offload bundle", out);
    } else {
        return bad("not a binary smcalc reads: a cubin, a fat binary, an AMD code object, an offload bundle or a host "
                   "ELF file holding one");
    }
    if (err) return *err;
    Read r;
    r.format = join(out.formats);
    std::vector<std::string> notes;
    if (!out.ptx_only.empty()) {
        std::vector<std::string> jit;
        for (const auto& p : out.ptx_only) {
            const std::string sm = "sm_" + p.substr(8);
            if (std::find(out.nv.archs.begin(), out.nv.archs.end(), sm) == out.nv.archs.end()) jit.push_back(p);
        }
        if (!jit.empty())
            notes.push_back("PTX only for " + join(jit) +
                            ": resources are decided at JIT time (the driver compiles the PTX for the GPU it runs on), "
                            "so the file does not give them for GPUs without a cubin here");
    }
    for (const auto& u : out.unreadable) notes.push_back(u);
    if (out.nv.kernels.empty() && out.amd.kernels.empty()) {
        std::string why = "no kernel with its resources in " + (r.format.empty() ? std::string("the file") : r.format);
        if (!notes.empty()) why += ": " + join(notes, "; ");
        return bad(why);
    }
    if (!out.nv.kernels.empty()) {
        ParsedOutput& p = out.nv;
        p.notes = notes;
        p.notes.push_back("read from the binary (" + r.format + "): spill counts are not in the file (ptxas -v prints "
                          "them); static shared memory excludes the 1 KiB reserved per CTA, which the rules add");
        p.summary = num(static_cast<int64_t>(p.kernels.size())) + (p.kernels.size() == 1 ? " kernel" : " kernels") +
                    " (" + r.format + ", " + join(p.archs) + ")";
        r.nvidia = std::move(p);
    }
    if (!out.amd.kernels.empty()) {
        amd::ParsedOutput& p = out.amd;
        p.notes = notes;
        std::vector<std::string> gfx;
        for (const auto& k : p.kernels)
            if (!k.gfx.empty() && std::find(gfx.begin(), gfx.end(), k.gfx) == gfx.end()) gfx.push_back(k.gfx);
        p.summary = num(static_cast<int64_t>(p.kernels.size())) + (p.kernels.size() == 1 ? " kernel" : " kernels") +
                    " (" + r.format + (gfx.empty() ? std::string() : "; " + join(gfx)) + ")";
        r.amd = std::move(p);
    }
    return r;
}

}  // namespace smcalc::binary

#endif  // SMCALC_NO_BINARY_READER
