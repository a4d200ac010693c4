# cmake -DEXAMPLE=file.cxx -DPAGE=page.md [-DLANGUAGE=python] -P CheckExampleInPage.cmake
# The page must contain the example's whole text inside a ```cpp (or ```LANGUAGE) block, so
# editing one without the other fails the test.
if(NOT LANGUAGE)
  set(LANGUAGE cpp)
endif()
file(READ "${EXAMPLE}" example)
file(READ "${PAGE}" page)
string(FIND "${page}" "```${LANGUAGE}\n${example}```" at)
if(at EQUAL -1)
  get_filename_component(name "${EXAMPLE}" NAME)
  message(FATAL_ERROR "${PAGE} does not show the current ${name} in a ```${LANGUAGE} block; copy it in")
endif()
