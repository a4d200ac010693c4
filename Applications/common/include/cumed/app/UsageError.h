#pragma once
// A command line that cannot be used as given: the message names the option, the value and the
// problem. RunMain() reports it with exit status 2 and a pointer to --help.
#include <stdexcept>

namespace cumed::app {

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace cumed::app
