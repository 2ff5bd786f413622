# Warnings and floating-point rules shared by every target.
add_library(xrayprep_warnings INTERFACE)
target_compile_options(xrayprep_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -ffp-contract=off>)
# -ffp-contract=off: no silent FMA contraction, so every schedule of a floating-point stage
# rounds the same way and serial == openmp bit for bit.
