/// @file Loader.cpp
#include "frontend/Loader.hpp"

#include "frontend/Annotator.hpp"
#include "frontend/FactExtractor.hpp"
#include "frontend/FactWriter.hpp"
#include "frontend/PreprocessingMeta.hpp"
#include "schema/Provenance.hpp"
#include "frontend/ProgramStructure.hpp"
#include "frontend/SymbolPass.hpp"
#include "files/OutputFolder.hpp"
#include "schema/Database.hpp"
#include "threads/OrderedPipeline.hpp"


#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace sapfor::frontend {
namespace fs = std::filesystem;

namespace {

std::string lowerAscii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// MODULE and USE statements found by a cheap line scan, to load a module's file before the
/// files that use it.
struct ModuleDependencies {
  std::vector<std::string> defines;
  std::vector<std::string> uses;
};

std::string leadingName(const std::string& text, size_t from) {
  size_t start = text.find_first_not_of(" \t", from);
  if (start == std::string::npos) return {};
  size_t end = start;
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
  return text.substr(start, end - start);
}

ModuleDependencies scanModuleDependencies(const std::string& path) {
  ModuleDependencies deps;
  std::ifstream in(path);
  std::string raw;
  while (std::getline(in, raw)) {
    size_t first = raw.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    std::string line = lowerAscii(std::string_view(raw).substr(first));
    if (line.compare(0, 7, "module ") == 0) {
      std::string name = leadingName(line, 7);
      if (!name.empty() && name != "procedure" && name != "subroutine" && name != "function") deps.defines.push_back(name);
    } else if (line.compare(0, 3, "use") == 0 && line.size() > 3 && (line[3] == ' ' || line[3] == ',' || line[3] == ':')) {
      size_t at = line.find("::");
      std::string name = leadingName(line, at == std::string::npos ? 3 : at + 2);
      if (!name.empty()) deps.uses.push_back(name);
    }
  }
  return deps;
}

/// Input order, except that a file defining a module comes before the files that USE it.
std::vector<int> loadOrder(const FileTable& files) {
  int n = files.size();
  std::vector<ModuleDependencies> deps(static_cast<size_t>(n));
  std::map<std::string, int> definedIn;
  for (int i = 0; i < n; ++i) {
    deps[static_cast<size_t>(i)] = scanModuleDependencies(files.at(i).path);
    for (const std::string& m : deps[static_cast<size_t>(i)].defines) definedIn.emplace(m, i);
  }
  std::vector<std::set<int>> needs(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    for (const std::string& m : deps[static_cast<size_t>(i)].uses)
      if (auto found = definedIn.find(m); found != definedIn.end() && found->second != i)
        needs[static_cast<size_t>(i)].insert(found->second);
  std::vector<int> order;
  std::vector<bool> done(static_cast<size_t>(n), false);
  while (static_cast<int>(order.size()) < n) {
    bool progress = false;
    for (int i = 0; i < n; ++i) {
      if (done[static_cast<size_t>(i)]) continue;
      bool ready = std::all_of(needs[static_cast<size_t>(i)].begin(), needs[static_cast<size_t>(i)].end(),
                               [&](int j) { return done[static_cast<size_t>(j)]; });
      if (!ready) continue;
      done[static_cast<size_t>(i)] = true;
      order.push_back(i);
      progress = true;
      break;  // restart: the earliest ready file goes first
    }
    if (!progress) {  // a cycle: take the rest in input order
      for (int i = 0; i < n; ++i)
        if (!done[static_cast<size_t>(i)]) {
          done[static_cast<size_t>(i)] = true;
          order.push_back(i);
        }
    }
  }
  return order;
}

fs::path commonRoot(const std::vector<FoundSource>& sources) {
  fs::path root;
  for (const FoundSource& s : sources) {
    fs::path dir = fs::path(s.path).parent_path();
    if (root.empty()) {
      root = dir;
      continue;
    }
    fs::path common;
    auto a = root.begin(), b = dir.begin();
    for (; a != root.end() && b != dir.end() && *a == *b; ++a, ++b) common /= *a;
    root = common;
  }
  return root.empty() ? fs::path("/") : root;
}

std::string displayPath(const fs::path& root, const std::string& path) {
  fs::path relative = fs::path(path).lexically_relative(root);
  if (relative.empty() || *relative.begin() == "..") return path;
  return relative.generic_string();
}

/// What parsing one file produced, ready to be committed in order.
struct ParsedInput {
  std::string error;  ///< the file could not be read: the load stops
  ParsedFile parsed;
  std::vector<Diagnostic> diagnostics;
};

/// The parsing threads: the files parsed in load order on `jobs` threads, at most a window of
/// files ahead of the one being committed (memory stays per file), the results handed over in
/// that order, so that the database is the same whatever the number of threads.
///
/// The parsing threads run at a lower priority than the rest. The thread that takes the results
/// (names, facts, their rows: file after file, in order) is the load's critical path, and a parse
/// that has to wait for a free core still finishes ahead of it, the window being four files per
/// thread. Measured on the 500k-line benchmark corpus, 2 cores: 3.17 -> 2.96 s with --no-analysis,
/// 4.45 -> 4.03 s with the analysis (alternated runs); peak memory the same. A larger window alone
/// changes nothing: the parsing threads then still take their share of the critical path's core.
threads::PipelineOptions parsingThreads(int jobs) {
  threads::PipelineOptions options;
  options.workers = jobs > 1 ? jobs : 0;  // one job: parse on the loading thread
  options.ahead = static_cast<size_t>(4 * std::max(jobs, 1));
  options.stackBytes = threads::kLargeStackBytes;
  options.priorityDrop = 5;  // nice increments; 5 and 10 measured the same
  return options;
}

}  // namespace

std::vector<FoundSource> findSources(const std::vector<std::string>& inputs) {
  std::vector<FoundSource> sources;
  std::set<std::string> seen;
  auto add = [&](const fs::path& p) {
    std::string canonical = fs::weakly_canonical(p).string();
    if (seen.insert(canonical).second) sources.push_back({canonical, p.lexically_normal().string()});
  };
  for (const std::string& input : inputs) {
    std::error_code ec;
    fs::file_status status = fs::status(input, ec);
    if (ec || !fs::exists(status)) throw LoadError(input + ": no such file or directory");
    if (fs::is_directory(status)) {
      std::vector<fs::path> found;
      // A folder that cannot be read stops the load, as a file that cannot be read does: its
      // sources would be missing from the program without a word.
      fs::path at = input;  // the entry the iterator leaves next: a folder it descends into
      for (fs::recursive_directory_iterator it(input, ec), end; !ec && it != end; it.increment(ec)) {
        at = it->path();
        if (it->is_regular_file() && isFortranExtension(it->path().string())) found.push_back(it->path());
      }
      if (ec) {
        std::error_code ignored;
        std::string folder = fs::is_directory(at, ignored) ? at.string() : at.parent_path().string();
        throw LoadError(folder + ": cannot read the directory: " + ec.message());
      }
      if (found.empty())
        throw LoadError(input + ": no Fortran sources in this directory (looked for " + fortranExtensionList() + ")");
      std::sort(found.begin(), found.end());
      for (const fs::path& p : found) add(p);
    } else if (fs::is_regular_file(status)) {
      add(input);
    } else {
      throw LoadError(input + ": not a regular file");
    }
  }
  return sources;
}

namespace {
LoadSummary load(const LoadOptions& options, SQLite::Database& db, DiagnosticSink& diagnostics);
}

LoadSummary loadProgram(const LoadOptions& options, SQLite::Database& db, DiagnosticSink& diagnostics) {
  LoadSummary summary;
  threads::runWithLargeStack([&] { summary = load(options, db, diagnostics); });
  return summary;
}

namespace {

LoadSummary load(const LoadOptions& options, SQLite::Database& db, DiagnosticSink& diagnostics) {
  std::vector<FoundSource> sources = findSources(options.inputs);
  fs::path root = commonRoot(sources);
  auto display = [&](const std::string& path) { return displayPath(root, path); };

  FileTable files;
  for (const FoundSource& source : sources) {
    auto file = std::make_unique<SourceFile>();
    file->path = source.path;
    file->userPath = source.userPath;
    file->displayPath = display(source.path);
    files.add(std::move(file));
  }
  // Annotated copies are staged and moved into place only when the whole load succeeds: a failed
  // load leaves no trace, not even the annotation folder.
  std::optional<files::OutputFolder> annotated;
  if (!options.annotateDir.empty()) {
    annotated.emplace(options.annotateDir, "sapfor-lex-annotate");
    for (const FoundSource& source : sources) annotated->protect(source.path);
  }
  FactWriter writer(db);
  auto modules = std::make_shared<ModuleRegistry>();

  // Reading and parsing is what threads share; names are resolved (modules come first), facts
  // extracted and written on this thread, file after file in load order.
  const std::vector<int> order = loadOrder(files);
  threads::OrderedPipeline<int, ParsedInput> parser(parsingThreads(options.jobs), [&](int index) {
    ParsedInput input;
    SourceFile& file = files.at(index);
    if (auto error = loadSourceText(file)) {
      input.error = file.userPath + ": " + error->reason;
      return input;
    }
    std::optional<SourceForm> form = options.form ? options.form : formFromExtension(file.path);
    file.form = form ? *form : formFromContent(file.lines);
    DiagnosticSink local(nullptr);
    input.parsed = parseFile(index, files, local, options.preprocessor, display);
    input.diagnostics = local.take();
    return input;
  });
  for (int index : order) parser.push(index);
  parser.close();

  for (size_t k = 0; k < order.size(); ++k) {
    ParsedInput input = std::move(*parser.take());
    if (!input.error.empty()) throw LoadError(input.error);
    for (Diagnostic& d : input.diagnostics) diagnostics.report(std::move(d));
    ParsedFile& parsed = input.parsed;
    int index = order[k];
    SourceForm form = files.at(index).form;
    writer.registerFile(index, -1, form);
    for (const auto& [included, includer] : parsed.includes) writer.registerFile(included, includer, form);

    FileScopes scopes = resolveSymbols(parsed, *modules, diagnostics, files);
    FileFacts facts = extractFacts(parsed, scopes, diagnostics, files);
    facts::FileRows rows = writer.write(facts, files);

    if (annotated) {
      std::map<int, std::vector<LoopAnnotation>> byFile;
      for (const LoopFacts& loop : facts.loops) byFile[loop.fileIndex].push_back({loop.annotateLine, annotationText(loop)});
      std::vector<int> touched = {index};
      for (const auto& [included, includer] : parsed.includes) touched.push_back(included);
      for (int i : touched) {
        const SourceFile& f = files.at(i);
        annotated->protect(f.path);
        if (fs::path(f.displayPath).is_absolute()) continue;  // outside the source root
        annotated->add(f.displayPath, annotate(f.text, form, byFile[i]));
      }
    }
    if (options.loaded) options.loaded(std::move(rows));
    files.at(index).release();  // included files stay: another file may include them
    if (options.progress) options.progress(k + 1, order.size(), files.at(index).userPath);
  }

  writer.writeFiles(files);
  writer.writeDiagnostics(diagnostics.all());
  writer.flush();

  std::string rootText = root.string();
  db::recordProvenance(db, {"sapfor-lex", options.commandLine, rootText});
  writePreprocessingMeta(db, options.preprocessor);

  LoadSummary summary;
  summary.files = static_cast<size_t>(files.size());
  summary.procedures = writer.procedures();
  summary.loops = writer.loops();
  summary.parallelDirectives = writer.parallelDirectives();
  summary.errors = diagnostics.count(Severity::Error);
  summary.diagnostics = diagnostics.all().size();
  summary.sourceRoot = rootText;
  if (annotated) summary.annotated = annotated->commit();
  return summary;
}

}  // namespace

}  // namespace sapfor::frontend
