/// @file Policies.cpp
/// The --fail-on policies, evaluated over a finished comparison.
#include "tools/diff/Policies.hpp"

#include <cmath>
#include <cstdio>

namespace sapfor::diff {

namespace {

/// A compared value of a row by column name; NULL when the column was not compared.
Value valueOf(const KindResult& kind, const std::vector<Value>& values, const std::string& column) {
  for (size_t c = 0; c < kind.columns.compared.size() && c < values.size(); ++c)
    if (kind.columns.compared[c].name == column) return values[c];
  return {};
}

bool isTrue(const Value& v) { return std::holds_alternative<int64_t>(v) && std::get<int64_t>(v) != 0; }
bool isFalse(const Value& v) { return std::holds_alternative<int64_t>(v) && std::get<int64_t>(v) == 0; }

std::string percentText(double percent) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f%%", percent);
  return text;
}

void checkParallelLost(const KindResult& verdicts, PolicyOutcome& outcome) {
  for (const EntityDifference& d : verdicts.differences.differences) {
    if (d.status != EntityStatus::Changed) continue;
    std::string loop = keyText(d.key, d.ordinal, d.duplicateKey);
    std::string reasons = displayValue(valueOf(verdicts, d.after, "reasons"));
    if (isTrue(valueOf(verdicts, d.before, "parallel")) && isFalse(valueOf(verdicts, d.after, "parallel")))
      outcome.findings.push_back("loop " + loop + " was parallel and is not: " + reasons);
    else if (isTrue(valueOf(verdicts, d.before, "analysis_parallel")) && isFalse(valueOf(verdicts, d.after, "analysis_parallel")))
      outcome.findings.push_back("loop " + loop + ": the analysis no longer proves it parallel (a user directive still declares it): " +
                                 reasons);
  }
}

void checkSlower(const KindResult& kind, const std::string& column, const char* what, double limit, PolicyOutcome& outcome) {
  for (const MatchedRows& m : kind.differences.matched) {
    std::optional<double> change = percentChange(valueOf(kind, m.before, column), valueOf(kind, m.after, column));
    if (change && *change > limit)
      outcome.findings.push_back(std::string(what) + " " + keyText(m.key, 1, false) + ": " + column + " " +
                                 displayValue(valueOf(kind, m.before, column)) + " s -> " +
                                 displayValue(valueOf(kind, m.after, column)) + " s (" + percentText(*change) + ")");
  }
}

}  // namespace

std::optional<Policy> parsePolicy(const std::string& text) {
  Policy p;
  p.text = text;
  if (text == "parallel-lost") return p;
  if (text == "diagnostics") {
    p.kind = Policy::Kind::Diagnostics;
    return p;
  }
  if (text.rfind("slower=", 0) == 0) {
    std::string number = text.substr(7);
    if (!number.empty() && number.back() == '%') number.pop_back();
    try {
      size_t used = 0;
      p.percent = std::stod(number, &used);
      // NaN compares false with every change, so such a policy would never fire.
      if (used != number.size() || !std::isfinite(p.percent) || p.percent < 0) return std::nullopt;
    } catch (const std::logic_error&) {
      return std::nullopt;
    }
    p.kind = Policy::Kind::Slower;
    return p;
  }
  return std::nullopt;
}

std::vector<std::string> policyKinds(const std::vector<Policy>& policies) {
  std::vector<std::string> kinds;
  for (const Policy& p : policies) {
    if (p.kind == Policy::Kind::ParallelLost) kinds.push_back("verdict");
    if (p.kind == Policy::Kind::Diagnostics) kinds.push_back("diagnostic");
    if (p.kind == Policy::Kind::Slower) kinds.insert(kinds.end(), {"program_prediction", "kernel_prediction"});
  }
  return kinds;
}

std::vector<std::string> policyMatchedKinds(const std::vector<Policy>& policies) {
  for (const Policy& p : policies)
    if (p.kind == Policy::Kind::Slower) return {"program_prediction", "kernel_prediction"};
  return {};
}

std::vector<PolicyOutcome> evaluatePolicies(const std::vector<Policy>& policies, const DiffResult& result) {
  std::vector<PolicyOutcome> outcomes;
  auto notComparedWhy = [&](const std::string& kind) {
    std::string why;
    for (const NotCompared& n : result.notCompared)
      if (n.kind == kind) why += (why.empty() ? "" : "; ") + n.reason;
    return kind + " not compared" + (why.empty() ? "" : ": " + why);
  };
  for (const Policy& p : policies) {
    PolicyOutcome outcome;
    outcome.policy = p.text;
    if (p.kind == Policy::Kind::ParallelLost) {
      if (const KindResult* verdicts = result.find("verdict")) checkParallelLost(*verdicts, outcome);
      else outcome.unchecked = notComparedWhy("verdict");
    } else if (p.kind == Policy::Kind::Diagnostics) {
      if (const KindResult* diagnostics = result.find("diagnostic")) {
        for (const EntityDifference& d : diagnostics->differences.differences)
          if (d.status == EntityStatus::Added)
            outcome.findings.push_back("new " + displayValue(d.key[2]) + " in " + displayValue(d.key[0]) + " at line " +
                                       displayValue(valueOf(*diagnostics, d.after, "line")) + ": " +
                                       displayValue(valueOf(*diagnostics, d.after, "message")));
      } else {
        outcome.unchecked = notComparedWhy("diagnostic");
      }
    } else {
      const KindResult* program = result.find("program_prediction");
      const KindResult* kernels = result.find("kernel_prediction");
      if (!program || !kernels) {
        outcome.unchecked = notComparedWhy(program ? "kernel_prediction" : "program_prediction");
      } else if (program->differences.matched.empty()) {
        outcome.unchecked = "no GPU has a dvmh-predict run in both databases";
      } else {
        checkSlower(*program, "total_seconds", "program on", p.percent, outcome);
        checkSlower(*kernels, "seconds", "kernel", p.percent, outcome);
      }
    }
    outcome.fired = !outcome.findings.empty();
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

}  // namespace sapfor::diff
