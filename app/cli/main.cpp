#include <cstdio>
int main() { std::puts("xrayprep-cli: skeleton"); return 0; }
