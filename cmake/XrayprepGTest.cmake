# GoogleTest from the system (Debian: libgtest-dev) or from its sources (/usr/src/googletest).
find_package(GTest QUIET)
if(NOT GTest_FOUND)
  if(EXISTS /usr/src/googletest/CMakeLists.txt)
    set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
    set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
    add_subdirectory(/usr/src/googletest ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
    add_library(GTest::gtest ALIAS gtest)
    add_library(GTest::gtest_main ALIAS gtest_main)
  else()
    message(FATAL_ERROR "GoogleTest not found (apt install libgtest-dev)")
  endif()
endif()
include(GoogleTest)

# The test sources check, they do not time: -O1 compiles them in about 60-70 % of the time
# of -O2/-O3 (one test file: 4.0 s against 5.8 s at -O3; under ASan+UBSan 7.2 s against 12.1 s
# at -O2), which keeps CI's two builds of ~300 test files inside its 90 minutes. The libraries
# under test keep the build type's optimisation (a later -O wins on GCC's command line).
function(xrayprep_test_optimisation target)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-O1>)
endfunction()

# xrayprep_add_test(NAME SOURCES... LIBS ...)
function(xrayprep_add_test name)
  # RUN_SERIAL: the tests use a shared resource whole (e.g. fill the GPU's memory).
  cmake_parse_arguments(ARG "RUN_SERIAL" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main
                        xrayprep_warnings)
  target_compile_definitions(${name} PRIVATE
    XRAYPREP_SHARED_DATA_DIR="${CMAKE_SOURCE_DIR}/../shared/data/dicom")
  xrayprep_test_optimisation(${name})
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 900
                       RUN_SERIAL ${ARG_RUN_SERIAL})
endfunction()
