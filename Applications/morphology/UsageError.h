#pragma once
// A command line that cannot be used as given: the message names the option, the value and the
// problem. main() reports it with exit status 2 and a pointer to --help.
#include <stdexcept>

namespace cumed::morphologyapp {

class UsageError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace cumed::morphologyapp
