/// @file Policies.hpp
/// --fail-on policies for CI: which regressions between two databases fail a job.
#pragma once

#include "tools/diff/DatabaseDiff.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sapfor::diff {

struct Policy {
  enum class Kind { ParallelLost, Slower, Diagnostics };
  Kind kind = Kind::ParallelLost;
  double percent = 0;  ///< Slower: how much slower fires it
  std::string text;    ///< as given: parallel-lost, slower=10, diagnostics
};

/// parallel-lost, slower=PCT or diagnostics; nothing for anything else.
std::optional<Policy> parsePolicy(const std::string& text);

/// The kinds a policy reads, and those whose unchanged pairs it needs (DiffOptions).
std::vector<std::string> policyKinds(const std::vector<Policy>& policies);
std::vector<std::string> policyMatchedKinds(const std::vector<Policy>& policies);

struct PolicyOutcome {
  std::string policy;
  bool fired = false;
  std::vector<std::string> findings;  ///< why it fired: one line per loop, kernel or diagnostic
  std::string unchecked;              ///< why it could not be checked ("" : it was)
};

std::vector<PolicyOutcome> evaluatePolicies(const std::vector<Policy>& policies, const DiffResult& result);

}  // namespace sapfor::diff
