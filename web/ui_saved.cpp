// web/ui_saved.cpp - saved presets and custom GPUs in the page: the "Saved" tab, "Save this device" in the
// custom-device editor, saved GPUs in the GPU list, export / import.
//
// [SECTION] Browser services - localStorage, download and file dialog, through Host (platform_html5.cpp)
// [SECTION] Actions      - save, delete, import (the JSON is read by the JS API module: web/page_saved.cpp)
// [SECTION] Views
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cstdlib>

#include "imgui.h"
#include "ui_app.hpp"
#include "ui_json.hpp"

namespace smcalc::web {
namespace {

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Browser services: localStorage, download and file dialog come from the platform (Host); a Host
// without them (no browser) behaves as a browser that refuses storage.
// ---------------------------------------------------------------------------------------------------------
std::optional<std::string> storage_entries() {
    return app().host.storage_entries ? app().host.storage_entries() : std::nullopt;
}
bool storage_set(const std::string& k, const std::string& v) {
    return app().host.storage_set && app().host.storage_set(k, v);
}
bool storage_remove(const std::string& k) { return app().host.storage_remove && app().host.storage_remove(k); }
void download(const std::string& name, const std::string& text) {
    if (app().host.download) app().host.download(name, text);
}
void import_text(App& a, const std::string& text, const std::string& name);
void pick_file() {
    if (!app().host.pick_file) return;
    app().host.pick_file([](const std::string& text, const std::string& name) {
        import_text(app(), text, name.empty() ? "the file" : name);
    });
}

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Actions
// ---------------------------------------------------------------------------------------------------------

void say(App& a, std::string text, bool error = false) {
    a.saved.message = std::move(text);
    a.saved.message_error = error;
}

// Notices shown in the page's notice bar until the inputs change.
void notify(App& a, const std::vector<std::string>& notices) {
    if (notices.empty()) return;
    a.notices.insert(a.notices.end(), notices.begin(), notices.end());
    a.notice_key = encode_hash(a.in);
}

const char* kRefused = "The browser refused to store it (storage full, disabled or private).";

template <typename T>
void save_entry(App& a, T entry) {
    const std::string name = entry.name;
    if (!storage_set(storage_key(entry), to_json(entry))) {
        say(a, kRefused, true);
        return;
    }
    const bool replaced = upsert(a.saved.state, std::move(entry));
    say(a, (replaced ? "Replaced '" : "Saved '") + name + "'.");
}

template <typename T>
void delete_entry(App& a, std::vector<T>& list, std::size_t i) {
    const std::string name = list[i].name;
    if (!storage_remove(storage_key(list[i]))) {
        say(a, "The browser refused to change its storage.", true);
        return;
    }
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(i));
    say(a, "Deleted '" + name + "'.");
}

// The saved entries' JSON is read by the JS API module (Host::saved_lines: web/page_saved.cpp, the API's JSON
// library); its answer comes back to take_saved as lines.
void take_saved(int kind, const std::string& lines);
void read_saved(App& a, int kind, const std::string& text) {
    if (!a.host.saved_lines) return;  // no browser: no module to ask (and no storage)
    ++a.saved.pending;
    a.host.saved_lines(kind, text, take_saved);
}

void import_text(App& a, const std::string& text, const std::string& file) {
    a.saved.import_files.push_back(file);  // several may be read at once (the module answers in the order asked)
    say(a, "Reading " + file + " ...");
    read_saved(a, kSavedImport, text);
}

// An export file read: its good entries stored (each kept only once the browser stored it), a notice per skipped one.
void import_read(App& a, SavedRead& r, const std::string& file) {
    std::vector<std::string> notices;
    for (const std::string& n : r.notices) notices.push_back(file + ": " + n);
    if (!r.ok) {
        say(a, "Nothing imported from " + file + ".", true);
        notify(a, notices);
        return;
    }
    std::size_t stored = 0, refused = 0;
    auto store_all = [&](auto& entries) {  // GPUs, then presets: each kept only once the browser stored it
        for (auto& e : entries) {
            if (!storage_set(storage_key(e), to_json(e))) {
                ++refused;
                continue;
            }
            upsert(a.saved.state, std::move(e));
            ++stored;
        }
    };
    store_all(r.state.gpus);
    store_all(r.state.presets);
    if (refused) notices.push_back(file + ": " + std::to_string(refused) + " entries were not stored. " + kRefused);
    say(a, "Imported " + std::to_string(stored) + (stored == 1 ? " entry" : " entries") + " from " + file +
               (notices.empty() ? "." : "; see the notice above."),
        stored == 0);
    notify(a, notices);
}

void take_saved(int kind, const std::string& lines) {
    App& a = app();
    a.saved.pending = std::max(0, a.saved.pending - 1);
    SavedRead r = read_saved_lines(lines);
    if (kind == kSavedImport) {
        std::vector<std::string>& files = a.saved.import_files;
        const std::string file = files.empty() ? "the file" : files.front();
        if (!files.empty()) files.erase(files.begin());
        import_read(a, r, file);
        return;
    }
    // localStorage's entries at the start: an entry saved since (the same name) is the newer one.
    for (SavedGpu& g : a.saved.state.gpus) upsert(r.state, std::move(g));
    for (SavedPreset& p : a.saved.state.presets) upsert(r.state, std::move(p));
    a.saved.state = std::move(r.state);
    a.saved.bad_keys = std::move(r.bad_keys);
    notify(a, r.notices);
}

bool same_gpu(const SavedGpu& g, const Inputs& in) {
    return g.base == in.gpu && g.cc == in.cc_override && g.fields == in.overrides;
}

void name_and_save(App& a, char* buf, std::size_t size, const char* id, const char* hint, const char* button,
                   bool gpu) {
    const float bw = ImGui::CalcTextSize(button).x + 2 * ImGui::GetStyle().FramePadding.x;
    ImGui::SetNextItemWidth(std::max(80.0f, ImGui::GetContentRegionAvail().x - bw - ImGui::GetStyle().ItemSpacing.x));
    const bool enter = ImGui::InputTextWithHint(id, hint, buf, size, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if (ImGui::Button(button) || enter) {
        NameCheck n = check_saved_name(buf);
        if (!n.name) {
            say(a, "Name: " + n.error + ".", true);
        } else if (gpu) {
            save_entry(a, gpu_from_inputs(a.in, *n.name));
            buf[0] = 0;
        } else {
            save_entry(a, preset_from_inputs(a.in, *n.name));
            buf[0] = 0;
        }
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// [SECTION] Views
// ---------------------------------------------------------------------------------------------------------

void saved_init(App& a) {
    if (a.saved.loaded) return;
    a.saved.loaded = true;
    if (a.host.embed) {  // an embedded calculator shows the course's link, not the reader's saved state
        a.saved.available = false;
        return;
    }
    auto text = storage_entries();
    if (!text) {
        a.saved.available = false;
        return;
    }
    if (*text != "[]") read_saved(a, kSavedStorage, *text);  // none saved: nothing to ask the JS API module
}

// view_saved's steps.
namespace {

// The saved entries of one kind (presets or GPUs): each a row that loads it on click, its summary drawn right
// where it fits (always as its tooltip), and an "x" that deletes it. `x_w`: the "x" button's width.
template <typename Items, typename Summary, typename Load>
SMCALC_STEP void saved_list(App& a, Items& items, const char* kind, float x_w, Summary summary, Load load) {
    for (std::size_t i = 0; i < items.size(); ++i) {
        ImGui::PushID(kind);
        ImGui::PushID(static_cast<int>(i));
        const std::string label = items[i].name + "##load";
        const float w = ImGui::GetContentRegionAvail().x - x_w - ImGui::GetStyle().ItemSpacing.x;
        if (ImGui::Selectable(label.c_str(), false, 0, ImVec2(w, 0))) load(items[i]);
        tag_item((std::string(kind) + ":" + items[i].name).c_str());
        const std::string sum = summary(items[i]);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sum.c_str());
        const ImVec2 end = ImGui::GetItemRectMax();
        const float sw = ImGui::CalcTextSize(sum.c_str()).x;
        const float name_w = ImGui::CalcTextSize(items[i].name.c_str()).x;
        if (ImGui::GetItemRectMin().x + name_w + 16 + sw < end.x)
            ImGui::GetWindowDrawList()->AddText(ImVec2(end.x - sw - 4, ImGui::GetItemRectMin().y), a.pal.axis_text,
                                                sum.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) {
            ImGui::PopID();
            ImGui::PopID();
            delete_entry(a, items, i);
            return;
        }
        tag_item((std::string("delete:") + kind + ":" + items[i].name).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Delete '%s' from this browser", items[i].name.c_str());
        ImGui::PopID();
        ImGui::PopID();
    }
}

// Export, Import, and (where some stored entries did not read) the button that removes them.
SMCALC_STEP void saved_buttons(App& a, SavedUi& s) {
    ImGui::BeginDisabled(s.state.presets.empty() && s.state.gpus.empty());
    if (ImGui::Button("Export")) download("smcalc-saved.json", export_json(s.state));
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Download every saved preset and GPU as smcalc-saved.json");
    ImGui::SameLine();
    if (ImGui::Button("Import")) pick_file();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add the entries of an exported .json file (same names are replaced)");
    if (!s.bad_keys.empty()) {
        ImGui::SameLine();
        const std::string b = "Remove " + std::to_string(s.bad_keys.size()) + " unreadable";
        if (ImGui::Button(b.c_str())) {
            for (const std::string& k : s.bad_keys) storage_remove(k);
            say(a, "Removed " + std::to_string(s.bad_keys.size()) + " unreadable entries from this browser's storage.");
            s.bad_keys.clear();
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Delete the stored entries this page could not read");
    }
}

// The last action's message, the storage note, and the scroll that brings the card into view after a save.
SMCALC_STEP void saved_footer(const App& a, const SavedUi& s) {
    if (!s.message.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        if (s.message_error)
            ImGui::TextColored(a.pal.text_error, "%s", s.message.c_str());
        else
            text_dim(s.message.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::PushTextWrapPos(0.0f);
    text_dim("Kept in this browser only (localStorage); export to move them.");
    ImGui::PopTextWrapPos();
    if (s.reveal > 0) {
        const ImVec2 pos = ImGui::GetWindowPos();
        scroll_parent_to(pos, ImVec2(pos.x + ImGui::GetWindowWidth(),
                                     ImGui::GetCursorScreenPos().y + ImGui::GetStyle().WindowPadding.y));
    }
}

}  // namespace

void view_saved(App& a) {
    SavedUi& s = a.saved;
    if (!s.available) {
        ImGui::PushTextWrapPos(0.0f);
        text_dim("This browser does not let the page store anything (private mode or storage disabled).");
        ImGui::PopTextWrapPos();
        return;
    }
    name_and_save(a, s.preset_name, sizeof s.preset_name, "##preset_name", "name these inputs", "Save##preset", false);
    const float x_w = ImGui::CalcTextSize("x").x + 2 * ImGui::GetStyle().FramePadding.x;
    if (s.state.presets.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        text_dim("Saved inputs (kernel or tile, without the GPU) appear here.");
        ImGui::PopTextWrapPos();
    }
    saved_list(a, s.state.presets, "preset", x_w, [](const SavedPreset& p) { return preset_summary(p); },
               [&](const SavedPreset& p) {
                   if (apply_saved_preset(p, a.in))
                       say(a, "Loaded '" + p.name + "'.");
                   else
                       say(a, "'" + p.name + "' does not read any more.", true);
               });
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    text_dim(s.state.gpus.empty() ? "Custom GPUs: save one from the GPU card's Custom device editor."
                                  : "Custom GPUs (also at the top of the GPU list):");
    ImGui::PopTextWrapPos();
    saved_list(a, s.state.gpus, "gpu", x_w, [](const SavedGpu& g) { return gpu_summary(g); },
               [&](const SavedGpu& g) {
                   apply_saved_gpu(g, a.in);
                   say(a, "Using '" + g.name + "'.");
               });
    ImGui::Spacing();
    saved_buttons(a, s);
    saved_footer(a, s);
}

void view_save_gpu(App& a) {
    if (!a.saved.available || !a.in.custom()) return;
    ImGui::Spacing();
    name_and_save(a, a.saved.gpu_name, sizeof a.saved.gpu_name, "##gpu_name", "name this device", "Save device", true);
    if (!a.saved.message.empty() && a.saved.message_error) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(a.pal.text_error, "%s", a.saved.message.c_str());
        ImGui::PopTextWrapPos();
    }
}

bool view_saved_gpus_in_picker(App& a, const std::string& needle_lower) {
    bool picked = false;
    int shown = 0;
    for (const SavedGpu& g : a.saved.state.gpus) {
        std::string hay = g.name + "|" + g.base;
        for (char& c : hay) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        std::string hay_compact;
        for (char c : hay)
            if (c != ' ' && c != '-' && c != '_') hay_compact += c;
        if (!needle_lower.empty() && hay_compact.find(needle_lower) == std::string::npos) continue;
        if (shown++ == 0) text_dim("Saved");
        ImGui::PushID(g.name.c_str());
        const bool selected = same_gpu(g, a.in);
        const std::string label = g.name + "##saved";
        if (ImGui::Selectable(label.c_str(), selected)) {
            apply_saved_gpu(g, a.in);
            picked = true;
        }
        const std::string sum = gpu_summary(g);
        ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(sum.c_str()).x);
        text_dim(sum.c_str());
        ImGui::PopID();
    }
    if (shown) ImGui::Separator();
    return picked;
}

const SavedGpu* saved_gpu_matching(const App& a) {
    if (!a.in.custom()) return nullptr;
    for (const SavedGpu& g : a.saved.state.gpus)
        if (same_gpu(g, a.in)) return &g;
    return nullptr;
}

void saved_state_json(App& a, JsonOut& j) {
    const SavedUi& s = a.saved;
    j.key("saved").open('{').key("available").boolean(s.available).key("pending").boolean(s.pending > 0);
    j.key("presets").open('[');
    for (const auto& p : s.state.presets) j.str(p.name);
    j.close(']').key("gpus").open('[');
    for (const auto& g : s.state.gpus) j.str(g.name);
    j.close(']').key("bad").open('[');
    for (const std::string& b : s.bad_keys) j.str(b);
    j.close(']').key("message").str(s.message).close('}');
}

}  // namespace smcalc::web
