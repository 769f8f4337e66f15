/// @file sapfor-diff.cpp
/// sapfor-diff: what changed between two analysis databases (two revisions of a program), entity
/// by entity, matched by natural keys; exit status like diff(1), and --fail-on policies for CI.
#include "tools/diff/DatabaseDiff.hpp"
#include "tools/diff/DiffReport.hpp"
#include "tools/diff/Policies.hpp"

#include "tools/CommandLine.hpp"

#include "schema/Database.hpp"

#include <boost/program_options.hpp>
#include <unistd.h>

#include <cmath>
#include <iostream>

namespace po = boost::program_options;
using namespace sapfor;
using namespace sapfor::diff;

namespace {

/// diff(1)'s: the same, different, trouble.
enum ExitStatus { kSame = 0, kDifferent = 1, kTrouble = 2 };

std::string usage() {
  std::string text =
      "Usage: sapfor-diff [options] OLD.sqlite NEW.sqlite\n"
      "\n"
      "Compares two databases made by sapfor-lex (and dvmh-predict), usually of two revisions of a program.\n"
      "Entities are matched by natural keys (procedure proc_key, loop_key, ...), never by row ids or lines: a\n"
      "line inserted above a loop only moves it, which is reported with --show-moves and is no difference.\n"
      "Predictions are those of the latest dvmh-predict run per GPU in each database. Both databases are\n"
      "opened read-only. What one database lacks (another schema version, no analysis, a GPU predicted in\n"
      "one only) is listed as not compared.\n"
      "\n"
      "Kinds (--kind):\n";
  for (const EntityKind& k : entityKinds())
    text += "  " + k.name + std::string(k.name.size() < 20 ? 20 - k.name.size() : 1, ' ') + k.description + "\n";
  text +=
      "\n"
      "Policies (--fail-on, repeatable):\n"
      "  parallel-lost       a loop that was parallel is not, or the analysis no longer proves a loop a user\n"
      "                      directive declares parallel\n"
      "  slower=PCT          a kernel (seconds per launch) or the whole program (total_seconds) on a GPU is\n"
      "                      predicted more than PCT percent slower\n"
      "  diagnostics         a diagnostic the old database does not have\n"
      "\n"
      "Exit status: 0 no differences; 1 differences; 2 trouble (a missing, unreadable or foreign database, a\n"
      "bad option, a policy that cannot be checked). With --fail-on: 1 only when a policy fires.\n";
  return text;
}

const char* const kExamples =
    "Examples:\n"
    "  sapfor-diff old.sqlite new.sqlite                  every difference, as a table\n"
    "  sapfor-diff old.sqlite new.sqlite --summary --kind verdict --kind kernel_prediction\n"
    "                                                     counts of two kinds\n"
    "  sapfor-diff old.sqlite new.sqlite --loop jacobi:2 --loop jacobi:3 --format csv > changes.csv\n"
    "  sapfor-diff old.sqlite new.sqlite -q --fail-on parallel-lost --fail-on slower=10\n"
    "                                                     a CI gate: exit 1 when a policy fires\n";

}  // namespace

int main(int argc, char** argv) {
  sapfor::files::handleInterruptions();
  sapfor::db::configureSqlite();
  std::vector<std::string> paths, kinds, failOn, procedures, loops;
  std::string format = "table", color = "auto";
  double timeTolerance = 5;
  bool summary = false, showMoves = false, quiet = false;
  po::options_description visible("Options");
  visible.add_options()
      ("summary", po::bool_switch(&summary), "counts per kind instead of every difference")
      ("show-moves", po::bool_switch(&showMoves), "also report entities that only moved (their lines changed)")
      ("kind", po::value(&kinds)->composing(), "K: compare only this kind (repeatable; the kinds are listed above)")
      ("procedure", po::value(&procedures)->composing(), "P: only procedure P's entities (its proc_key; repeatable)")
      ("loop", po::value(&loops)->composing(), "KEY: only this loop's entities and those of the loops inside it (repeatable)")
      ("time-tolerance", po::value(&timeTolerance), "PCT: a predicted time (seconds, cycles) changes when it moves "
       "by more than PCT percent (default 5)")
      ("format", po::value(&format), "table (default), json or csv")
      ("color", po::value(&color), "never, auto (the default: on a terminal) or always")
      ("fail-on", po::value(&failOn)->composing(), "POLICY: parallel-lost, slower=PCT or diagnostics (repeatable)")
      ("quiet,q", po::bool_switch(&quiet), "print no table (--format json and csv still print): the exit status says it, as cmp -s")
      ("version", "print the version and exit")
      ("help,h", "print this help and exit");
  po::options_description hidden;
  hidden.add_options()("databases", po::value(&paths), "");
  po::variables_map vm;
  std::string usageText = usage();
  if (std::optional<int> done = tools::parseCommandLine(argc, argv, "sapfor-diff", usageText.c_str(), visible, hidden,
                                                        "databases", 2, vm, kExamples))
    return *done;
  auto usageError = [](const std::string& message) {
    std::cerr << "sapfor-diff: " << message << "\n";
    return kTrouble;
  };
  if (paths.size() != 2) return usageError("two databases needed: sapfor-diff OLD.sqlite NEW.sqlite (sapfor-diff --help)");
  if (format == "text") format = "table";
  if (format != "table" && format != "json" && format != "csv") return usageError(tools::formatProblem(format, {"table", "json", "csv"}));
  if (!std::isfinite(timeTolerance) || timeTolerance < 0)
    return usageError("--time-tolerance: expected a percentage of 0 or more");
  std::vector<Policy> policies;
  for (const std::string& text : failOn) {
    std::optional<Policy> p = parsePolicy(text);
    if (!p) return usageError("--fail-on " + text + ": expected parallel-lost, slower=PCT or diagnostics");
    policies.push_back(*p);
  }

  DiffOptions options;
  options.kinds = kinds;
  options.policyKinds = policyKinds(policies);
  options.keepMatched = policyMatchedKinds(policies);
  options.procedures = procedures;
  options.loops = loops;
  options.keepMoves = showMoves;
  options.tolerances.timePercent = timeTolerance;
  DiffResult result;
  try {
    result = compareDatabases(paths[0], paths[1], options);
  } catch (const DiffError& e) {
    return usageError(e.what());
  }

  std::vector<PolicyOutcome> outcomes = evaluatePolicies(policies, result);
  int status = hasDifferences(result) ? kDifferent : kSame;
  if (!policies.empty()) {
    status = kSame;
    for (const PolicyOutcome& o : outcomes) {
      if (!o.unchecked.empty()) status = kTrouble;
      else if (o.fired && status == kSame) status = kDifferent;
    }
  }
  ReportOptions report;
  report.summary = summary;
  report.showMoves = showMoves;
  report.color = format == "table" && files::colorWanted(color, STDOUT_FILENO);
  report.timeTolerancePercent = timeTolerance;
  report.procedures = procedures;
  report.loops = loops;
  if (format == "json") writeJson(std::cout, result, outcomes, report, status);
  else if (format == "csv") writeCsv(std::cout, result, report);
  else if (!quiet) writeText(std::cout, result, outcomes, report);
  for (const PolicyOutcome& o : outcomes)
    if (!o.unchecked.empty()) std::cerr << "sapfor-diff: policy " << o.policy << " cannot be checked: " << o.unchecked << "\n";
  return tools::stdoutWritten("sapfor-diff") ? status : kTrouble;
}
