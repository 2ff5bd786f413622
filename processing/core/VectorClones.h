#pragma once

// Hot loops are compiled for AVX-512, AVX2 and the baseline, and the best one the CPU
// supports is picked at load time. Additions, multiplications, min and max round the same way
// in every instruction set (and -ffp-contract=off forbids FMA), so the results are
// bit-identical. Plain functions only: GCC does not clone templates.
#if defined(__x86_64__) && defined(__GNUC__) && defined(__ELF__)
#define XRAYPREP_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define XRAYPREP_VECTOR_CLONES
#endif
