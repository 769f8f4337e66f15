/// @file CommandLine.hpp
/// What the tools' command lines share: parsing with Boost.Program_options, then --help and
/// --version.
#pragma once

#include "schema/Database.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <optional>
#include <thread>

namespace sapfor::tools {

/// Parses `argv` against the `visible` options and the `hidden` one named `positionalName`, which
/// takes the positional arguments (`positionalCount` of them, -1: any number). Returns the exit
/// status when the tool is done: 2 after a bad command line (the message and the usage on stderr),
/// 0 after --help or --version (which `visible` must define).
inline std::optional<int> parseCommandLine(int argc, char** argv, const char* tool, const char* usage,
                                           const boost::program_options::options_description& visible,
                                           const boost::program_options::options_description& hidden,
                                           const char* positionalName, int positionalCount,
                                           boost::program_options::variables_map& vm) {
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
  if (vm.count("help")) {
    std::cout << usage << "\n" << visible;
    return 0;
  }
  if (vm.count("version")) {
    std::cout << tool << " " << db::toolVersion() << " (database schema " << db::kSchemaVersion << ")\n";
    return 0;
  }
  return std::nullopt;
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
