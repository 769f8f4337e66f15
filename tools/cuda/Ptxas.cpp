#include "tools/cuda/Ptxas.hpp"

#include "tools/cuda/CudaWriter.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <regex>
#include <sstream>
#include <thread>

extern char** environ;

namespace sapfor::cuda {

namespace fs = std::filesystem;

namespace {

/// Runs `argv` (argv[0] a path) with its stdout and stderr into `outputPath`; its exit status, or
/// -1 when it could not be started or did not exit.
int runToFile(const std::vector<std::string>& argv, const std::string& outputPath) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, outputPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int started = posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

/// A temporary folder, removed with everything in it when this goes.
class TemporaryFolder {
 public:
  TemporaryFolder() {
    std::string pattern = (fs::temp_directory_path() / "sapfor-ptxas-XXXXXX").string();
    if (::mkdtemp(pattern.data())) path_ = pattern;
  }
  ~TemporaryFolder() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string firstError(const std::string& report) {
  std::istringstream lines(report);
  std::string first;
  for (std::string line; std::getline(lines, line);) {
    if (first.empty() && !line.empty()) first = line;
    if (line.find("error") != std::string::npos) return line;
  }
  return first.empty() ? "nvcc failed and said nothing" : first;
}

std::string unitText(const std::vector<const CompileUnit*>& units) {
  std::set<std::string> helpers;
  for (const CompileUnit* u : units) helpers.insert(u->helpers.begin(), u->helpers.end());
  std::string text = "// kernels written by sapfor-cuda's writer, compiled for their registers\n" + helperDefinitions(helpers);
  for (const CompileUnit* u : units) text += "\n" + u->function;
  return text;
}

}  // namespace

std::map<std::string, PtxasFigures> parsePtxasReport(std::string_view report) {
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used (\d+) registers)");
  static const std::regex smem(R"((\d+) bytes smem)");
  std::map<std::string, PtxasFigures> figures;
  std::istringstream lines{std::string(report)};
  std::string current;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, entry)) {
      current = m[1];
    } else if (!current.empty() && std::regex_search(line, m, used)) {
      PtxasFigures& f = figures[current];
      f.registers = std::stoll(m[1]);
      if (std::regex_search(line, m, smem)) f.sharedBytes = std::stoll(m[1]);
      current.clear();
    }
  }
  return figures;
}

std::string cudaArchitecture(double computeCapability) {
  return "sm_" + std::to_string(static_cast<int>(std::lround(computeCapability * 10)));
}

std::optional<Nvcc> findNvcc(const std::string& given, std::string& why) {
  fs::path path;
  if (!given.empty()) {
    path = given;
    if (!executable(path)) {
      why = "--nvcc " + given + " is not an executable file";
      return std::nullopt;
    }
  } else {
    std::vector<fs::path> candidates;
    if (const char* p = std::getenv("PATH")) {
      std::istringstream dirs(p);
      for (std::string dir; std::getline(dirs, dir, ':');)
        if (!dir.empty()) candidates.push_back(fs::path(dir) / "nvcc");
    }
    if (const char* home = std::getenv("CUDA_HOME")) candidates.push_back(fs::path(home) / "bin" / "nvcc");
    candidates.push_back("/usr/local/cuda/bin/nvcc");
    for (const fs::path& c : candidates)
      if (executable(c)) {
        path = c;
        break;
      }
    if (path.empty()) {
      why = "no nvcc in $PATH, $CUDA_HOME/bin or /usr/local/cuda/bin";
      return std::nullopt;
    }
  }
  TemporaryFolder work;
  if (work.path().empty()) {
    why = "no temporary folder for nvcc's output";
    return std::nullopt;
  }
  Nvcc nvcc;
  nvcc.path = path.string();
  fs::path out = work.path() / "nvcc.txt";
  if (runToFile({nvcc.path, "--version"}, out) != 0) {
    why = nvcc.path + " --version failed";
    return std::nullopt;
  }
  std::smatch m;
  std::string version = readFile(out);
  static const std::regex release(R"(release (\d+\.\d+))");
  if (!std::regex_search(version, m, release)) {
    why = nvcc.path + " --version does not name its release";
    return std::nullopt;
  }
  nvcc.release = m[1];
  if (runToFile({nvcc.path, "--list-gpu-code"}, out) != 0) {
    why = nvcc.path + " --list-gpu-code failed";
    return std::nullopt;
  }
  std::istringstream codes(readFile(out));
  for (std::string code; codes >> code;)
    if (code.compare(0, 3, "sm_") == 0) nvcc.archs.insert(code);
  return nvcc;
}

std::string defaultPtxasCache() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return (fs::path(xdg) / "sapfor" / "ptxas").string();
  if (const char* home = std::getenv("HOME"); home && *home) return (fs::path(home) / ".cache" / "sapfor" / "ptxas").string();
  return "";
}

std::string ptxasCacheKey(const Nvcc& nvcc, const std::string& arch, const CompileUnit& unit) {
  uint64_t hash = 14695981039346656037ull;
  auto add = [&](std::string_view text) {
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
    hash = (hash ^ 0xff) * 1099511628211ull;  // a separator no text holds
  };
  add(nvcc.release);
  add(arch);
  add(helperDefinitions(unit.helpers));
  add(unit.function);
  std::ostringstream hex;
  hex << std::hex << std::setw(16) << std::setfill('0') << hash;
  return hex.str();
}

CompileResults compileKernels(const Nvcc& nvcc, const std::string& arch, const std::vector<CompileUnit>& units,
                              const std::string& cacheDir, int jobs) {
  CompileResults results;
  bool useCache = !cacheDir.empty();
  if (useCache) {
    std::error_code ec;
    fs::create_directories(cacheDir, ec);
    if (ec || ::access(cacheDir.c_str(), W_OK) != 0) {
      results.cacheTrouble = cacheDir + ": " + (ec ? ec.message() : std::string("not writable"));
      useCache = false;
    }
  }
  // The cached units first; the rest are compiled.
  std::vector<const CompileUnit*> todo;
  std::map<std::string, std::string> keyOf;
  for (const CompileUnit& u : units) {
    if (useCache) {
      std::string key = ptxasCacheKey(nvcc, arch, u);
      keyOf[u.name] = key;
      std::ifstream in(fs::path(cacheDir) / key);
      PtxasFigures f;
      if (in >> f.registers >> f.sharedBytes) {
        results.figures[u.name] = f;
        ++results.cached;
        continue;
      }
    }
    todo.push_back(&u);
  }
  if (todo.empty()) return results;
  TemporaryFolder work;
  if (work.path().empty()) {
    for (const CompileUnit* u : todo) results.failures[u->name] = "no temporary folder for nvcc's files";
    return results;
  }
  std::mutex lock;
  // Compiles `part` as one file named `stem`; figures for each unit ptxas reported.
  auto compile = [&](const std::vector<const CompileUnit*>& part, const std::string& stem,
                     std::map<std::string, PtxasFigures>& found) -> std::optional<std::string> {
    fs::path source = work.path() / (stem + ".cu"), report = work.path() / (stem + ".txt");
    std::ofstream(source) << unitText(part);
    int status = runToFile({nvcc.path, "-cubin", "-arch=" + arch, "-Xptxas", "-v", "-o", (work.path() / (stem + ".cubin")).string(),
                            source.string()},
                           report.string());
    std::string text = readFile(report);
    if (status != 0) return firstError(text);
    found = parsePtxasReport(text);
    return std::nullopt;
  };
  size_t parts = std::max<size_t>(1, std::min<size_t>(static_cast<size_t>(std::max(jobs, 1)), todo.size()));
  std::vector<std::thread> threads;
  for (size_t p = 0; p < parts; ++p)
    threads.emplace_back([&, p] {
      std::vector<const CompileUnit*> part;
      for (size_t i = p; i < todo.size(); i += parts) part.push_back(todo[i]);
      std::map<std::string, PtxasFigures> found;
      std::map<std::string, std::string> failed;
      if (compile(part, "part" + std::to_string(p), found)) {
        // One bad kernel fails the file: each alone, so that the others still count.
        for (const CompileUnit* u : part) {
          std::map<std::string, PtxasFigures> one;
          if (std::optional<std::string> error = compile({u}, "unit" + std::to_string(p), one)) failed[u->name] = *error;
          else found.insert(one.begin(), one.end());
        }
      }
      std::lock_guard<std::mutex> guard(lock);
      for (const CompileUnit* u : part) {
        auto f = found.find(u->name);
        if (f == found.end()) {
          results.failures[u->name] = failed.count(u->name) ? failed[u->name] : "ptxas reported no registers for it";
          continue;
        }
        results.figures[u->name] = f->second;
        ++results.compiled;
        if (useCache) {
          // Written under a temporary name and renamed: a reader never sees half an entry.
          fs::path entry = fs::path(cacheDir) / keyOf[u->name];
          fs::path temporary = entry.string() + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(p);
          std::ofstream(temporary) << f->second.registers << " " << f->second.sharedBytes << "\n";
          std::error_code ec;
          fs::rename(temporary, entry, ec);
          if (ec) fs::remove(temporary, ec);
        }
      }
    });
  for (std::thread& t : threads) t.join();
  return results;
}

}  // namespace sapfor::cuda
