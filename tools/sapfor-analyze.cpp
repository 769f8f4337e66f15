/// @file sapfor-analyze.cpp
/// sapfor-analyze: re-runs the analysis on a database sapfor-lex wrote, explains loops, writes
/// sources with the DVMH expert's directives.
#include "analyzer/Analyzer.hpp"
#include "analyzer/EmitDvmh.hpp"
#include "analyzer/Explain.hpp"
#include "schema/Database.hpp"

#include <SQLiteCpp/Statement.h>

#include "tools/CommandLine.hpp"

#include <boost/program_options.hpp>

#include <unistd.h>

#include <chrono>
#include <iomanip>
#include <iostream>
#include <map>

namespace po = boost::program_options;
using namespace sapfor;

namespace {

enum ExitStatus { kOk = 0, kDirectiveErrors = 1, kTrouble = 2 };

const char* const kUsage =
    "Usage: sapfor-analyze [options] DB\n"
    "\n"
    "Analyzes the program in a database made by sapfor-lex (which already does this unless given\n"
    "--no-analysis) and replaces the earlier results: which loops can run in parallel and why\n"
    "not, the scalars' traits (private, reduction, ...), array dependences, the DVMH directives\n"
    "the expert proposes, and errors in the user's PARALLEL directives. The views loop_verdicts,\n"
    "loop_traits, dependences and expert_directives show them (docs/database.md).\n"
    "\n"
    "Exit status: 0 analyzed; 1 analyzed, but a user's PARALLEL directive contradicts the\n"
    "analysis (an error diagnostic); 2 nothing changed (no database, an unknown loop key, ...).\n";

const char* const kExamples =
    "Examples:\n"
    "  sapfor-analyze app.sqlite                        analyze again (after editing data/externals.txt)\n"
    "  sapfor-analyze app.sqlite --explain jacobi:2 --explain jacobi:2.1\n"
    "                                                   why these loops are (not) parallel\n"
    "  sapfor-analyze app.sqlite --emit-dvmh dvmh/      the sources with the expert's directives in dvmh/\n";

}  // namespace

int main(int argc, char** argv) {
  sapfor::files::handleInterruptions();
  sapfor::db::configureSqlite();
  std::string path, emitDir;
  std::vector<std::string> explain;
  bool quiet = false;
  std::string color = "auto";
  po::options_description visible("Options");
  visible.add_options()
      ("explain", po::value<std::vector<std::string>>(&explain)->composing(),
       "LOOP_KEY: print what the analysis found about this loop (e.g. jacobi:2.1; repeatable)")
      ("emit-dvmh", po::value<std::string>(&emitDir),
       "write a copy of every source into this folder with the expert's DVMH directives in place of the user's "
       "PARALLEL and REGION directives")
      ("color", po::value(&color), "never, auto (the default: on a terminal) or always: diagnostics in colour")
      ("quiet,q", po::bool_switch(&quiet), "print only errors and what was asked for")
      ("version", "print the version and exit")
      ("help,h", "print this help and exit");
  po::options_description hidden;
  hidden.add_options()("database", po::value<std::string>(&path), "");
  po::variables_map vm;
  if (std::optional<int> done = tools::parseCommandLine(argc, argv, "sapfor-analyze", kUsage, visible, hidden, "database", 1, vm,
                                                                 kExamples))
    return *done;
  if (path.empty()) {
    std::cerr << "sapfor-analyze: no database given\n\n" << kUsage;
    return kTrouble;
  }

  auto started = std::chrono::steady_clock::now();
  analyzer::AnalysisReport report;
  analyzer::Program program;
  std::unique_ptr<SQLite::Database> db;
  try {
    db = db::openExisting(path, true);
    // The loops to explain, by key; their text is made while their procedure is analyzed.
    std::map<analyzer::Id, std::string> wanted;
    for (const std::string& key : explain) {
      SQLite::Statement find(*db, "SELECT loop_id FROM loop WHERE loop_key = ?");
      find.bind(1, key);
      if (!find.executeStep()) {
        std::cerr << "sapfor-analyze: no loop '" << key << "' in " << path
                  << " (the loop keys: SELECT loop_key FROM loops)\n";
        return kTrouble;
      }
      wanted[find.getColumn(0).getInt64()];
    }
    analyzer::AnalysisOptions options;
    options.keepDirectives = !emitDir.empty();
    options.inspect = [&](const analyzer::Program& p, const analyzer::LoopAnalysis& loops, const analyzer::Expert& expert) {
      for (auto& [id, text] : wanted)
        if (!p.loops.empty() && id >= p.loops.front().id && id <= p.loops.back().id)
          text = analyzer::explainLoop(p, loops, expert, id);
    };
    // One transaction: an interrupted or failed run leaves the earlier results in place.
    db::WriteTransaction transaction(*db);
    report = analyzer::analyze(*db, options, &program);
    transaction.commit();
    // The whole-program pass after the procedures' analyses may withdraw what the text proposes.
    for (const auto& [id, message] : report.withdrawn)
      if (auto text = wanted.find(id); text != wanted.end()) text->second += "expert: withdrawn: " + message + "\n";
    bool first = true;
    for (const std::string& key : explain) {
      SQLite::Statement find(*db, "SELECT loop_id FROM loop WHERE loop_key = ?");
      find.bind(1, key);
      find.executeStep();
      std::cout << (first ? "" : "\n") << wanted[find.getColumn(0).getInt64()];
      first = false;
    }
  } catch (const db::DatabaseError& e) {
    std::cerr << "sapfor-analyze: " << e.what() << "\n";
    return kTrouble;
  } catch (const SQLite::Exception& e) {
    std::cerr << "sapfor-analyze: " << path << ": " << (db ? db::errorText(e, *db) : std::string(e.what())) << "\n";
    return kTrouble;
  } catch (const std::exception& e) {
    std::cerr << "sapfor-analyze: " << path << ": " << e.what() << "\n";
    return kTrouble;
  }
  analyzer::printMessages(std::cerr, report, quiet, files::colorWanted(color, STDERR_FILENO));

  if (!emitDir.empty()) {
    try {
      analyzer::EmitReport emitted = analyzer::emitDvmh(program, report.directives, emitDir);
      for (const std::string& problem : emitted.problems) std::cerr << "sapfor-analyze: " << problem << "\n";
      for (const std::string& outside : emitted.notCopied)
        if (!quiet) std::cerr << "sapfor-analyze: " << outside << ": outside the source root; not copied into " << emitDir << "\n";
      if (!quiet) std::cout << "DVMH sources: " << emitDir << " (" << emitted.written.size() << " files)\n";
      if (!emitted.problems.empty()) return kTrouble;
    } catch (const std::exception& e) {
      std::cerr << "sapfor-analyze: " << e.what() << "\n";
      return kTrouble;
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!quiet && explain.empty())
    std::cout << "sapfor-analyze: " << report.loops << " loops, " << report.parallel << " parallel (" << report.across
              << " with ACROSS), " << report.expertDirectives << " directives proposed, " << report.userDirectives
              << " user directives checked, " << report.errors() << " errors, " << std::fixed << std::setprecision(2)
              << seconds << " s\n";
  if (!tools::stdoutWritten("sapfor-analyze")) return kTrouble;
  return report.errors() > 0 ? kDirectiveErrors : kOk;
}
