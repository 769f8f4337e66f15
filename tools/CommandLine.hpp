/// @file CommandLine.hpp
/// What the tools' command lines share: parsing with Boost.Program_options, then --help and
/// --version; --color's check; --format's message. The vocabulary every tool keeps: -q/--quiet,
/// --color never|auto|always, --format table|json|csv|html (those a tool writes), selectors such as
/// --loop repeatable, an "Examples:" section in --help (tests/golden/cli_vocabulary.test).
#pragma once

#include "files/Terminal.hpp"
#include "schema/Database.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <initializer_list>
#include <string>
#include <iostream>
#include <optional>
#include <thread>

namespace sapfor::tools {

/// Parses `argv` against the `visible` options and the `hidden` one named `positionalName`, which
/// takes the positional arguments (`positionalCount` of them, -1: any number). Returns the exit
/// status when the tool is done: 2 after a bad command line (the message and the usage on stderr),
/// 0 after --help (the usage, the options, then `examples`) or --version (which `visible` must
/// define).
inline std::optional<int> parseCommandLine(int argc, char** argv, const char* tool, const char* usage,
                                           const boost::program_options::options_description& visible,
                                           const boost::program_options::options_description& hidden,
                                           const char* positionalName, int positionalCount,
                                           boost::program_options::variables_map& vm, const char* examples = "") {
  namespace po = boost::program_options;
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add(positionalName, positionalCount);
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << tool << ": " << e.what() << "\n\n" << usage << "\n" << visible;
    return 2;
  }
  if (vm.count("color")) {
    const std::string& mode = vm["color"].as<std::string>();
    if (!files::isColorMode(mode)) {
      std::cerr << tool << ": --color " << mode << ": expected " << files::kColorModes << "\n";
      return 2;
    }
  }
  if (vm.count("help")) {
    std::cout << usage << "\n" << visible << (*examples ? "\n" : "") << examples;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << tool << " " << db::toolVersion() << " (database schema " << db::kSchemaVersion << ")\n";
    return 0;
  }
  return std::nullopt;
}

/// --format's value when a tool does not write it: the message, naming the formats it writes
/// ("expected table, json or csv").
inline std::string formatProblem(const std::string& format, std::initializer_list<const char*> written) {
  std::string list;
  size_t i = 0;
  for (const char* name : written) {
    list += (i == 0 ? "" : i + 1 == written.size() ? " or " : ", ");
    list += name;
    ++i;
  }
  return "--format " + format + ": expected " + list;
}

/// Whether everything the tool printed reached its standard output; when not (a full disk, a file
/// over the size limit), says so on stderr, and the tool exits with status 2.
inline bool stdoutWritten(const char* tool) {
  std::cout.flush();
  if (std::cout) return true;
  std::cerr << tool << ": cannot write the standard output: " << std::strerror(errno) << "\n";
  return false;
}

/// The most threads --jobs may ask for: beyond it a typo (-j 99999) would start thousands of
/// threads, each with a large stack reserved.
inline constexpr int kMostJobs = 256;

/// --jobs' default: one thread per core (at most kMostJobs).
inline int defaultJobs() {
  unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(std::min<unsigned>(cores, kMostJobs));
}

}  // namespace sapfor::tools
