/// @file OutputFolder.hpp
/// A folder of copies a tool writes (sapfor-lex --annotate-dir, sapfor-analyze --emit-dvmh). Every
/// copy is staged first, in a temporary folder beside the output folder, and commit() moves them
/// all into place once all are written: a failed or interrupted run leaves nothing, not even the
/// folder. A copy goes exactly where its relative path says inside the folder: a path that is
/// absolute or climbs out (`..`) is refused, and so is one that passes through a symbolic link or
/// would replace a folder or one of the run's inputs (compared by device and inode: the sources'
/// own folder given as the output, or a hard link to a source, is caught). The places are checked
/// when a copy is added and again right before the moves, which go through the folders opened one
/// by one without following links.
#pragma once

#include "files/Interruption.hpp"

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sapfor::files {

class OutputFolder {
 public:
  /// `dir` need not exist (commit() creates it). The staging folder is .STAGING-PID in the
  /// nearest existing folder on the way to `dir` (the moves stay on one file system). Throws
  /// OutputError when `dir` exists and is not a folder, or when that folder cannot be written.
  OutputFolder(std::string dir, const std::string& staging);

  /// An input of the run: no copy may replace it.
  void protect(const std::string& input);
  /// Stages `text` as the copy at `relative`; adding a path again replaces its text. Throws
  /// OutputError when the copy may not go there (see above) or cannot be written.
  void add(const std::string& relative, std::string_view text);
  /// Checks every copy's place again and moves the copies into place; returns their paths
  /// (DIR/relative), in the order they were first added.
  std::vector<std::string> commit();

 private:
  /// Opens the folder a copy goes into and checks the place of its file (see above); -1 when,
  /// without `create`, a folder on its way does not exist yet (nothing can be in the way).
  int openPlace(const std::vector<std::string>& parts, const std::string& shown, bool create) const;

  std::string dir_;
  TemporaryPath staging_;
  std::set<std::pair<unsigned long, unsigned long>> inputs_;  ///< device, inode
  std::map<std::string, std::string> staged_;                 ///< relative path -> staged file
  std::vector<std::string> order_;
};

}  // namespace sapfor::files
