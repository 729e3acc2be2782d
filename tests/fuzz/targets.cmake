# tests/fuzz/targets.cmake - the fuzz targets and what each links; included by tests/fuzz/CMakeLists.txt (libFuzzer
# builds) and tests/badinput/CMakeLists.txt (corpus replays in the ordinary builds).
set(SMCALC_FUZZ_TARGETS api_line api_request occupancy tile ptxas binary url_hash saved_state device_report)
set(SMCALC_FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})

# web/ui_state.cpp needs only the core: compiled natively for the URL-hash target and tests (another helper's
# file, so without our warning flags).
if(NOT TARGET smcalc_ui_state_native)
  add_library(smcalc_ui_state_native STATIC ${PROJECT_SOURCE_DIR}/web/ui_state.cpp)
  target_include_directories(smcalc_ui_state_native PUBLIC ${PROJECT_SOURCE_DIR}/web)
  target_link_libraries(smcalc_ui_state_native PUBLIC smcalc_core)
endif()

# web/ui_model.cpp (the page's requests: request_for, compute_model) and web/page_tile.cpp (a tile with a CUTLASS
# schedule as the JS API module answers it for the page) likewise, for api-page.cpp and the URL-hash target.
if(NOT TARGET smcalc_ui_model_native)
  add_library(smcalc_ui_model_native STATIC ${PROJECT_SOURCE_DIR}/web/ui_model.cpp ${PROJECT_SOURCE_DIR}/web/page_tile.cpp)
  target_link_libraries(smcalc_ui_model_native PUBLIC smcalc_ui_state_native smcalc_api)
endif()

# web/page_request.cpp (the page's inputs as a JSON request: smcalc-messages.js asks the JS API module for it) needs
# the API's JSON library too: for api-page.cpp, which checks it against the page's own answers, and the URL-hash
# target.
if(NOT TARGET smcalc_page_request_native AND TARGET smcalc_api)
  add_library(smcalc_page_request_native STATIC ${PROJECT_SOURCE_DIR}/web/page_request.cpp)
  target_link_libraries(smcalc_page_request_native PUBLIC smcalc_ui_model_native smcalc_api)
endif()

# web/ui_storage.cpp (saved GPUs and presets) and web/page_saved.cpp (their JSON read with the API's JSON library, as the
# JS API module reads it for the page) likewise, for fuzz_saved_state and tests/web-ui-storage.cpp.
if(NOT TARGET smcalc_ui_storage_native AND TARGET smcalc_api)
  add_library(smcalc_ui_storage_native STATIC ${PROJECT_SOURCE_DIR}/web/ui_storage.cpp ${PROJECT_SOURCE_DIR}/web/page_saved.cpp)
  target_link_libraries(smcalc_ui_storage_native PUBLIC smcalc_ui_state_native smcalc_api)
endif()

function(smcalc_fuzz_deps exe target)
  target_include_directories(${exe} PRIVATE ${SMCALC_FUZZ_DIR})
  if(target MATCHES "^api_")
    target_link_libraries(${exe} PRIVATE smcalc_api smcalc_warnings)
  elseif(target STREQUAL "url_hash" AND TARGET smcalc_page_request_native)
    target_link_libraries(${exe} PRIVATE smcalc_page_request_native smcalc_warnings)
    target_compile_definitions(${exe} PRIVATE SMCALC_FUZZ_PAGE_REQUEST)
  elseif(target STREQUAL "url_hash")
    target_link_libraries(${exe} PRIVATE smcalc_ui_model_native smcalc_warnings)
  elseif(target STREQUAL "saved_state")
    target_link_libraries(${exe} PRIVATE smcalc_ui_storage_native smcalc_warnings)
  else()
    target_link_libraries(${exe} PRIVATE smcalc_core smcalc_warnings)
  endif()
endfunction()
