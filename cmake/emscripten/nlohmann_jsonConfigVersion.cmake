# cmake/emscripten/nlohmann_jsonConfigVersion.cmake - the version of the staged nlohmann/json.hpp.
find_path(SMCALC_NLOHMANN_INCLUDE_DIR nlohmann/json.hpp PATHS /usr/include /usr/local/include
  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
set(PACKAGE_VERSION "0")
if(SMCALC_NLOHMANN_INCLUDE_DIR)
  file(STRINGS "${SMCALC_NLOHMANN_INCLUDE_DIR}/nlohmann/json.hpp" _v REGEX "#define NLOHMANN_JSON_VERSION_(MAJOR|MINOR|PATCH) ")
  if(NOT _v)  # 3.11 moved the numbers to abi_macros.hpp
    file(STRINGS "${SMCALC_NLOHMANN_INCLUDE_DIR}/nlohmann/detail/abi_macros.hpp" _v
      REGEX "#define NLOHMANN_JSON_VERSION_(MAJOR|MINOR|PATCH) ")
  endif()
  string(REGEX REPLACE ".*MAJOR ([0-9]+).*MINOR ([0-9]+).*PATCH ([0-9]+).*" "\\1.\\2.\\3" PACKAGE_VERSION "${_v}")
endif()
if(PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_VERSION VERSION_EQUAL PACKAGE_FIND_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
