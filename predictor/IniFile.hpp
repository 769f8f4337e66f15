/// @file IniFile.hpp
/// Reads the predictor's data files (GPU profiles, model constants): INI text with `key = value`,
/// `[section]` and `#` comments, every key declared, through Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sapfor::predictor {

/// Stores the values of `keys` found in `text`; throws std::runtime_error, prefixed by `origin`,
/// on an unknown key, a missing required one or a value of the wrong type.
inline void readIni(std::string_view text, const boost::program_options::options_description& keys,
                    const std::string& origin) {
  namespace po = boost::program_options;
  std::istringstream in{std::string(text)};
  po::variables_map vm;
  try {
    po::store(po::parse_config_file(in, keys, false), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw std::runtime_error(origin + ": " + e.what());
  }
}

}  // namespace sapfor::predictor
