# cmake -DEXAMPLE=file.cxx -DPAGE=page.md -P CheckExampleInPage.cmake
# The page must contain the example's whole text inside a ```cpp block, so editing one without
# the other fails the test.
file(READ "${EXAMPLE}" example)
file(READ "${PAGE}" page)
string(FIND "${page}" "```cpp\n${example}```" at)
if(at EQUAL -1)
  get_filename_component(name "${EXAMPLE}" NAME)
  message(FATAL_ERROR "${PAGE} does not show the current ${name} in a ```cpp block; copy it in")
endif()
