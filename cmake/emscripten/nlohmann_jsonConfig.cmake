# cmake/emscripten/nlohmann_jsonConfig.cmake - nlohmann-json for Emscripten builds from Debian's package.
#
# Debian's own package config points its target at /usr/include. In an Emscripten build that directory must
# not be on the include path (its glibc headers would shadow Emscripten's libc), so this config stages only
# <nlohmann/...> into the build tree and defines nlohmann_json::nlohmann_json on that. The web preset and
# scripts/build-web.sh pass -Dnlohmann_json_DIR=<this folder>. SMCALC_NLOHMANN_INCLUDE_DIR may name another
# folder holding nlohmann/json.hpp (e.g. a release's single_include/).
find_path(SMCALC_NLOHMANN_INCLUDE_DIR nlohmann/json.hpp
  PATHS /usr/include /usr/local/include NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH
  DOC "folder holding nlohmann/json.hpp (host headers; only nlohmann/ is exposed to Emscripten)")
if(NOT SMCALC_NLOHMANN_INCLUDE_DIR)
  set(nlohmann_json_FOUND FALSE)
  set(nlohmann_json_NOT_FOUND_MESSAGE "nlohmann/json.hpp not found (Debian: nlohmann-json3-dev)")
  return()
endif()
if(NOT TARGET nlohmann_json::nlohmann_json)
  set(_smcalc_stage "${CMAKE_BINARY_DIR}/host-headers")
  file(MAKE_DIRECTORY "${_smcalc_stage}")
  if(NOT EXISTS "${_smcalc_stage}/nlohmann")
    file(CREATE_LINK "${SMCALC_NLOHMANN_INCLUDE_DIR}/nlohmann" "${_smcalc_stage}/nlohmann" SYMBOLIC COPY_ON_ERROR)
  endif()
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_smcalc_stage}")
endif()
set(nlohmann_json_FOUND TRUE)
