// web/dev_ui_fallback.cpp - stand-in for the calculator views (web/ui*.cpp) so the platform, renderer and
// build can be worked on before the views exist, or with -DSMCALC_WEB_UI_FALLBACK=ON. Not the product.
#include "app.hpp"
#include "imgui.h"

namespace smcalc::web {

void ui_init(const Host&, const std::string&) {}
void ui_on_hash_change(const std::string&) {}

bool ui_frame(float width, float height) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    ImGui::Begin("smcalc", nullptr, ImGuiWindowFlags_NoDecoration);
    ImGui::TextUnformatted("UI not built");
    ImGui::End();
    return false;
}

std::string ui_state_json() { return "{}"; }

}  // namespace smcalc::web
