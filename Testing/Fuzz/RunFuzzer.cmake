# Runs one libFuzzer target for a bounded time from its seed corpus; fails on any finding.
#   cmake -DFUZZER=<exe> -DSEEDS=<dir> -DWORK=<dir> -DSECONDS=<n> -DSUPPRESSIONS=<file>
#         -P RunFuzzer.cmake
# The environment's CUMED_FUZZ_SECONDS overrides SECONDS. New inputs go to WORK/corpus (the seeds
# stay as generated); a crash, leak, UBSan report, timeout or out-of-memory input is written to
# WORK/findings/ and named in the failure message.
foreach(var FUZZER SEEDS WORK SECONDS SUPPRESSIONS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunFuzzer.cmake: -D${var}=... is required")
  endif()
endforeach()
if(DEFINED ENV{CUMED_FUZZ_SECONDS})
  set(SECONDS "$ENV{CUMED_FUZZ_SECONDS}")
endif()
# A fixed seed makes CI's runs repeatable: the same mutations in the same order, only how far a
# run gets depends on the machine. CUMED_FUZZ_SEED=0 lets libFuzzer pick one (longer local runs).
set(SEED 1)
if(DEFINED ENV{CUMED_FUZZ_SEED})
  set(SEED "$ENV{CUMED_FUZZ_SEED}")
endif()
if(NOT SEED MATCHES "^[0-9]+$")
  message(FATAL_ERROR "CUMED_FUZZ_SEED must be a whole number, not '${SEED}'")
endif()
if(NOT SECONDS MATCHES "^[1-9][0-9]*$")
  message(FATAL_ERROR "CUMED_FUZZ_SECONDS must be a positive number of seconds, not '${SECONDS}'")
endif()

# Leaks inside third-party libraries only (the file says which and why).
set(ENV{LSAN_OPTIONS} "suppressions=${SUPPRESSIONS}")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/findings")
# -timeout: one input may take 30 s (decoding under ASan is slow; a hang takes longer).
# -malloc_limit_mb/-rss_limit_mb: inputs are a few kB, the images they hold a few kB more. One
# that makes the code allocate over 1 GiB at once (or 2 GiB in all) is a finding: a huge size
# claimed by a few bytes, which would otherwise stall the fuzzer zero-filling it.
set(limits -timeout=30 -rss_limit_mb=2048 -malloc_limit_mb=1024)
execute_process(
  COMMAND "${FUZZER}" -max_total_time=${SECONDS} -seed=${SEED} ${limits} -print_final_stats=1
          "-artifact_prefix=${WORK}/findings/" "${WORK}/corpus" "${SEEDS}"
  RESULT_VARIABLE result)
# slow-unit-* files (inputs over 10 s, under the timeout) are kept for a look, not failures.
file(GLOB findings "${WORK}/findings/crash-*" "${WORK}/findings/leak-*"
     "${WORK}/findings/timeout-*" "${WORK}/findings/oom-*")
if(NOT result EQUAL 0 OR findings)
  string(REPLACE ";" "\n  " findings "${findings}")
  string(REPLACE ";" " " limits "${limits}")
  message(FATAL_ERROR "${FUZZER} found a problem (exit status ${result}); reproduce with\n"
                      "  LSAN_OPTIONS=suppressions=${SUPPRESSIONS} ${FUZZER} ${limits} <file>\n"
                      "findings:\n  ${findings}")
endif()
message(STATUS "no finding in ${SECONDS} s")
