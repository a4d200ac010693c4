# cumed-mpi-morphology under mpiexec -n 3 against cumed-morphology on one process.
# -DMPIEXEC -DNP_FLAG -DAPP -DSINGLE -DFILES -DWORK
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

function(run expected_status)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 120)
  if(NOT status STREQUAL "${expected_status}")
    message(FATAL_ERROR "${ARGN}\nexited ${status}, expected ${expected_status}\n${out}\n${err}")
  endif()
  set(last_output "${out}${err}" PARENT_SCOPE)
  set(last_error "${err}" PARENT_SCOPE)
endfunction()

function(expect_in text fragment)
  string(FIND "${text}" "${fragment}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "expected '${fragment}' in:\n${text}")
  endif()
endfunction()

set(mpi ${MPIEXEC} ${NP_FLAG} 3)
run(0 ${FILES} make-volume ${WORK}/ct.mha values)
run(0 ${FILES} make-volume ${WORK}/mask.mha mask)

# Grayscale closing (two passes: halo of twice the reach) and binary opening, both outputs.
run(0 ${SINGLE} ${WORK}/ct.mha ${WORK}/close_single.mha --operation close --radius-vox 2)
run(0 ${mpi} ${APP} ${WORK}/ct.mha close --radius 2 --gather --output ${WORK}/close.mha)
expect_in("${last_output}" "ranks=3 planes=13")
run(0 ${FILES} compare ${WORK}/close.mha ${WORK}/close_single.mha)
run(0 ${mpi} ${APP} ${WORK}/ct.mha close --radius 2 --output ${WORK}/close.pvti)
run(0 ${FILES} compare ${WORK}/close.pvti ${WORK}/close_single.mha)
# The oblique direction is in the index and every piece (VTK 9.1's parallel reader ignores it).
set(direction "Direction=\"0 1 0 -1 0 0 0 0 1\"")
foreach(file close.pvti close/close_0.vti close/close_1.vti close/close_2.vti)
  file(READ "${WORK}/${file}" text LIMIT 2000)
  expect_in("${text}" "${direction}")
endforeach()

run(0 ${SINGLE} ${WORK}/mask.mha ${WORK}/bopen_single.mha --operation binary-open
    --radius-vox 1 2 3 --element cross --foreground 1)
run(0 ${mpi} ${APP} ${WORK}/mask.mha binary-open --radius 1,2,3 --element cross --foreground 1
    --output ${WORK}/bopen.pvti)
run(0 ${FILES} compare ${WORK}/bopen.pvti ${WORK}/bopen_single.mha)

# More ranks than planes: 4 ranks, 2 planes (ranks 2 and 3 hold nothing and write no piece).
run(0 ${FILES} make-volume ${WORK}/thin.mha values 2)
run(0 ${SINGLE} ${WORK}/thin.mha ${WORK}/thin_single.mha --operation white-top-hat --radius-vox 1)
run(0 ${MPIEXEC} ${NP_FLAG} 4 ${APP} ${WORK}/thin.mha white-top-hat --radius 1
    --output ${WORK}/thin.pvti)
run(0 ${FILES} compare ${WORK}/thin.pvti ${WORK}/thin_single.mha)
file(GLOB pieces "${WORK}/thin/*.vti")
list(LENGTH pieces count)
if(NOT count EQUAL 2)
  message(FATAL_ERROR "expected 2 pieces for 2 planes, found: ${pieces}")
endif()

# Errors: the same status on every rank, rank 0 prints, nothing written.
run(2 ${mpi} ${APP} ${WORK}/ct.mha close --radius 2 --gather --output ${WORK}/x.pvti)
expect_in("${last_output}" "--gather writes one .mha file")
run(2 ${mpi} ${APP} ${WORK}/ct.mha close --radius 2 --output ${WORK}/close.pvti)
expect_in("${last_output}" "exists; --force replaces it")
run(1 ${mpi} ${APP} ${WORK}/missing.mha dilate --radius 1 --output ${WORK}/missing.pvti)
expect_in("${last_output}" "missing.mha")
run(0 ${APP} --help)
expect_in("${last_output}" "Exit status: 0 success")

# The options every program takes; --radius-vox is the new name of --radius.
run(0 ${mpi} ${APP} ${WORK}/ct.mha close --radius-vox 2 --gather --output ${WORK}/json.mha --json
    --quiet --threads 1)
expect_in("${last_output}" "{\"program\":\"cumed-mpi-morphology\",\"output\":")
expect_in("${last_output}" "\"radius_vox\":[2,2,2],\"ranks\":3,\"planes\":13,")
string(FIND "${last_output}" "cumed-mpi-morphology\"" first)
string(FIND "${last_output}" "cumed-mpi-morphology\"" last REVERSE)
if(NOT first EQUAL last)
  message(FATAL_ERROR "the JSON summary is printed more than once:\n${last_output}")
endif()
if(NOT last_error STREQUAL "")
  message(FATAL_ERROR "--quiet printed on stderr:\n${last_error}")
endif()
run(0 ${FILES} compare ${WORK}/json.mha ${WORK}/close_single.mha)
run(0 ${APP} --version)
expect_in("${last_output}" "CUDA backend: ")
run(2 ${mpi} ${APP} ${WORK}/ct.mha close --radius 2 --output ${WORK}/t.pvti --threads 0)
expect_in("${last_output}" "--threads 0 is outside 1..4096")
# An element more than twice the volume: the refusal suggests only what this program has (it
# suggested --allow-large-element, an option cumed-mpi-morphology rejects).
run(2 ${mpi} ${APP} ${WORK}/ct.mha close --radius 40 --output ${WORK}/big.pvti)
expect_in("${last_output}" "Give a smaller radius")
string(FIND "${last_output}" "allow-large-element" suggested)
if(NOT suggested EQUAL -1)
  message(FATAL_ERROR "suggests an option the program does not have:\n${last_output}")
endif()
# A foreground the pixel type cannot hold: named as the option, exit 2 (it was "rank 0: foreground
# ...", exit 1, under mpirun's banner).
run(2 ${mpi} ${APP} ${WORK}/mask.mha binary-dilate --radius 1 --foreground 1e10
    --output ${WORK}/fg.pvti)
expect_in("${last_output}" "--foreground 1e+10 is not a value of the input's pixel type")
file(GLOB leftovers "${WORK}/big.pvti" "${WORK}/x.pvti" "${WORK}/t.pvti" "${WORK}/fg.pvti" "${WORK}/missing*" "${WORK}/.cumed-partial*")
if(leftovers)
  message(FATAL_ERROR "failed runs left outputs: ${leftovers}")
endif()
