/// @file sapfor-lex.cpp
/// sapfor-lex: loads Fortran sources into an analysis database and writes annotated copies.
#include "analyzer/Analyzer.hpp"
#include "analyzer/Explain.hpp"
#include "frontend/Loader.hpp"
#include "schema/Database.hpp"

#include "tools/CommandLine.hpp"

#include <boost/program_options.hpp>

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>

namespace po = boost::program_options;
using namespace sapfor;

namespace {

/// Exit statuses: like compilers, 1 when the sources had errors (the database is still written).
enum ExitStatus { kOk = 0, kSourceErrors = 1, kTrouble = 2 };

const char* const kUsage =
    "Usage: sapfor-lex [options] FILE|DIR... -o DB\n"
    "\n"
    "Loads Fortran sources (fixed and free form, with DVMH directives) into an SQLite analysis\n"
    "database: procedures, variables, loops with operation counts and what blocks their\n"
    "parallelization, array references with affine subscripts, calls, directives. Directories are\n"
    "searched for .f .for .ftn .f77 .fpp .f90 .f95 .f03 .f08 .f18 .fdv files (lower or upper case).\n"
    "Query the database with SQL; docs/database.md describes the views. Then analyzes the loops\n"
    "(see sapfor-analyze): which can run in parallel and why not, the DVMH directives for them,\n"
    "errors in the user's directives.\n"
    "\n"
    "Exit status: 0 loaded; 1 loaded, but some statements had errors or a user's PARALLEL\n"
    "directive contradicts the analysis (see the diagnostics table); 2 nothing written (missing or\n"
    "binary input, unwritable output, existing file).\n";

const char* const kExamples =
    "Examples:\n"
    "  sapfor-lex src/ -o app.sqlite               load and analyze every source under src/\n"
    "  sapfor-lex --cpp -I include src/ -o app.sqlite --force\n"
    "                                              preprocess every file; replace app.sqlite\n"
    "  sapfor-lex jacobi.f90 --annotate-dir annotated -o jacobi.sqlite\n"
    "                                              also write jacobi.f90 with an OPS comment per loop\n"
    "  sqlite3 app.sqlite 'SELECT loop_key, parallel, reasons FROM loop_verdicts'\n";

/// A progress line on a terminal, redrawn at most ten times a second and wiped at the end.
class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled) {}
  ~Progress() { clear(); }
  void clear() {
    if (shown_) std::cerr << "\r\033[K" << std::flush;
    shown_ = false;
  }
  void operator()(size_t done, size_t total, const std::string& path) {
    auto now = std::chrono::steady_clock::now();
    if (!enabled_ || (done < total && now - last_ < std::chrono::milliseconds(100))) return;
    last_ = now;
    shown_ = true;
    std::string name = path.size() > 60 ? "..." + path.substr(path.size() - 57) : path;
    std::cerr << "\r\033[K[" << done << "/" << total << "] " << name << std::flush;
  }

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point last_{};
};

/// "1 loop", "2 loops".
std::string counted(int64_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string joinArgs(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    if (i) line += ' ';
    line += argv[i];
  }
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  sapfor::files::handleInterruptions();
  sapfor::db::configureSqlite();
  std::string output;
  std::string form;
  frontend::LoadOptions options;
  std::vector<std::string> defines;
  bool force = false, quiet = false, noAnalysis = false;
  std::string color = "auto";

  po::options_description visible("Options");
  visible.add_options()
      ("output,o", po::value<std::string>(&output)->default_value("sapfor.sqlite"), "the database to create")
      ("annotate-dir", po::value<std::string>(&options.annotateDir),
       "write a copy of every source with a !SAPFOR$ OPS comment before each DO loop into this folder")
      ("include,I", po::value<std::vector<std::string>>(&options.preprocessor.includeDirs)->composing(),
       "search this folder for INCLUDE and #include files (after the including file's folder)")
      ("define,D", po::value<std::vector<std::string>>(&defines)->composing(),
       "NAME[=VALUE]: define a preprocessor macro (for .F, .F90, .FOR, .fpp files and with --cpp)")
      ("undefine,U", po::value<std::vector<std::string>>(&options.preprocessor.undefines)->composing(),
       "NAME: undefine a preprocessor macro")
      ("cpp", po::bool_switch(&options.preprocessor.always), "C-preprocess every file, whatever its extension")
      ("form", po::value<std::string>(&form), "fixed or free: the source form of every input (default: from the extension, "
       "for .fdv from the content)")
      ("jobs,j", po::value<int>(&options.jobs)->default_value(tools::defaultJobs()),
       "parse this many files at once (default: the number of cores); the database does not depend on it")
      ("no-analysis", po::bool_switch(&noAnalysis), "only load the facts; do not analyze the loops")
      ("force", po::bool_switch(&force), "replace an existing sapfor database (never any other file)")
      ("color", po::value(&color), "never, auto (the default: on a terminal) or always: diagnostics in colour")
      ("quiet,q", po::bool_switch(&quiet), "print only errors")
      ("version", "print the version and exit")
      ("help,h", "print this help and exit");
  po::options_description hidden;
  hidden.add_options()("input", po::value<std::vector<std::string>>(&options.inputs), "");
  po::variables_map vm;
  if (std::optional<int> done = tools::parseCommandLine(argc, argv, "sapfor-lex", kUsage, visible, hidden, "input", -1, vm, kExamples))
    return *done;
  if (options.jobs < 1 || options.jobs > tools::kMostJobs) {
    std::cerr << "sapfor-lex: --jobs must be from 1 to " << tools::kMostJobs << "\n";
    return kTrouble;
  }
  if (options.inputs.empty()) {
    std::cerr << "sapfor-lex: no input files or directories\n\n" << kUsage;
    return kTrouble;
  }
  if (!form.empty()) {
    if (form == "fixed")
      options.form = frontend::SourceForm::Fixed;
    else if (form == "free")
      options.form = frontend::SourceForm::Free;
    else {
      std::cerr << "sapfor-lex: --form must be fixed or free, not '" << form << "'\n";
      return kTrouble;
    }
  }
  for (const std::string& d : defines) options.preprocessor.define(d);
  options.commandLine = joinArgs(argc, argv);

  auto started = std::chrono::steady_clock::now();
  frontend::DiagnosticSink diagnostics(&std::cerr);
  diagnostics.setEchoErrorsOnly(quiet);
  const bool colored = files::colorWanted(color, STDERR_FILENO);
  diagnostics.setColor(colored);
  frontend::LoadSummary summary;
  analyzer::AnalysisReport analysis;
  Progress progress(!quiet && ::isatty(STDERR_FILENO));
  options.progress = [&](size_t done, size_t total, const std::string& path) { progress(done, total, path); };
  // A diagnostic starts on a line of its own: the progress line is wiped first (and redrawn later).
  diagnostics.setBeforeEcho([&] { progress.clear(); });
  try {
    db::NewDatabase database(output, force);
    try {
      // The analysis runs beside the load, on each file's facts as soon as they are written.
      std::unique_ptr<analyzer::StreamingAnalysis> streamed;
      if (!noAnalysis) {
        streamed = std::make_unique<analyzer::StreamingAnalysis>(database.sql());
        options.loaded = [&](facts::FileRows&& rows) { streamed->add(std::move(rows)); };
      }
      summary = frontend::loadProgram(options, database.sql(), diagnostics);
      progress.clear();
      if (streamed) {
        // The indexes are built while the analysis completes its summaries and analyzes what was
        // left on its thread, both using the database's connection in turn.
        streamed->close();
        database.buildIndexes(&streamed->connectionLock());
        analysis = streamed->finish();
        streamed.reset();  // its whole-program tables go before the commit
      }
    } catch (const SQLite::Exception& e) {
      throw database.writeError(e);
    }
    database.commit();
  } catch (const db::DatabaseError& e) {
    progress.clear();
    std::cerr << "sapfor-lex: " << e.what() << "\n";
    return kTrouble;
  } catch (const frontend::LoadError& e) {
    progress.clear();
    std::cerr << "sapfor-lex: " << e.what() << "\n";
    return kTrouble;
  } catch (const files::OutputError& e) {
    progress.clear();
    std::cerr << "sapfor-lex: " << e.what() << "\n";
    return kTrouble;
  } catch (const std::exception& e) {
    std::cerr << "sapfor-lex: internal error: " << e.what() << "\n";
    return kTrouble;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  analyzer::printMessages(std::cerr, analysis, quiet, colored);

  if (!quiet) {
    std::cout << "sapfor-lex: " << counted(summary.files, "file") << ", " << counted(summary.procedures, "procedure")
              << ", " << counted(summary.loops, "loop") << ", " << counted(summary.parallelDirectives, "parallel directive")
              << ", " << counted(summary.diagnostics, "diagnostic");
    if (!noAnalysis)
      std::cout << ", " << analysis.parallel << " parallel loops, " << counted(analysis.expertDirectives, "proposed directive");
    std::cout << ", " << std::fixed << std::setprecision(2) << seconds << " s\n";
    std::cout << "database: " << output << "\n";
    if (!options.annotateDir.empty())
      std::cout << "annotated sources: " << options.annotateDir << " (" << counted(summary.annotated.size(), "file")
                << ")\n";
  }
  return summary.errors > 0 || analysis.errors() > 0 ? kSourceErrors : kOk;
}
