#pragma once

namespace xrayprep::app {

// OpenMP threads that finish a parallel loop early wait for the others; by default (libgomp)
// they spin. On a desktop whose cores are shared with other busy programs a spinning thread
// holds a core the working thread needs, and the OpenMP backend runs slower than the serial
// one (measured: 0.80 s against 0.70 s with one busy process on 2 cores). Passive waiting
// keeps the speed-up on an idle machine within noise and never falls below serial.
// libgomp reads OMP_WAIT_POLICY once, when it is loaded, before main: so unless the user chose
// a policy, this sets it and runs the program again (exec of /proc/self/exe, Linux only; on
// failure the program goes on as it is). Call first thing in main.
void ensurePassiveThreadWait(char** argv);

}  // namespace xrayprep::app
