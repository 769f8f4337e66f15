/// @file OutputTest.cpp
/// Outputs written whole and checked: a folder of copies (files::OutputFolder) never written
/// outside itself, through a link or onto an input, and nothing left by a write that fails; a
/// staged file (files::StagedFile) renamed into place only over what it may replace.
#include "files/OutputFolder.hpp"
#include "files/StagedFile.hpp"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace sapfor::files;

namespace {

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("sapfor-output-test-" + std::to_string(::getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

void writeText(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Nothing in `dir` whose name starts with `prefix`.
bool noneStartWith(const fs::path& dir, const std::string& prefix) {
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind(prefix, 0) == 0) return false;
  return true;
}

/// A file size limit for this process while it exists (RLIMIT_FSIZE; SIGXFSZ ignored, as the
/// tools do: a write past it fails with EFBIG).
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    previous_ = ::signal(SIGXFSZ, SIG_IGN);
    rlimit limit{bytes, saved_.rlim_max};
    ::setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    ::signal(SIGXFSZ, previous_);
  }

 private:
  rlimit saved_{};
  sighandler_t previous_;
};

}  // namespace

TEST_CASE("a folder of copies appears only at commit, with every copy where its relative path says") {
  TempDir dir;
  fs::path out = dir.path / "out" / "copies";
  std::vector<std::string> written;
  {
    OutputFolder folder(out.string(), "test-staging");
    folder.add("a.f90", "one");
    folder.add("sub/deeper/b.f", "two");
    folder.add("a.f90", "one again");  // added again: the last text, one copy
    CHECK_FALSE(fs::exists(dir.path / "out"));
    written = folder.commit();
  }
  CHECK(written == std::vector<std::string>{(out / "a.f90").string(), (out / "sub/deeper/b.f").string()});
  CHECK(readText(out / "a.f90") == "one again");
  CHECK(readText(out / "sub/deeper/b.f") == "two");
  CHECK(noneStartWith(dir.path, ".test-staging"));
}

TEST_CASE("a copy never goes outside its folder, through a link, or onto an input") {
  TempDir dir;
  fs::path out = dir.path / "out", elsewhere = dir.path / "elsewhere", sources = dir.path / "src";
  fs::create_directories(out);
  fs::create_directories(elsewhere);
  fs::create_directories(sources);
  writeText(sources / "main.f90", "source");
  fs::create_directory_symlink(elsewhere, out / "linked");
  fs::create_directory(out / "taken.f90");
  OutputFolder folder(out.string(), "test-staging");
  CHECK_THROWS_WITH_AS(folder.add("/etc/passwd", "x"), doctest::Contains("an absolute path"), OutputError);
  CHECK_THROWS_WITH_AS(folder.add("../escape.f90", "x"), doctest::Contains("climbs out"), OutputError);
  CHECK_THROWS_WITH_AS(folder.add("sub/../../escape.f90", "x"), doctest::Contains("climbs out"), OutputError);
  CHECK_THROWS_WITH_AS(folder.add("linked/a.f90", "x"), doctest::Contains("symbolic link"), OutputError);
  CHECK_THROWS_WITH_AS(folder.add("taken.f90", "x"), doctest::Contains("a folder is there"), OutputError);
  CHECK(fs::is_empty(elsewhere));

  // The sources' own folder as the output: every copy would replace its source.
  OutputFolder inPlace(sources.string(), "test-staging");
  inPlace.protect((sources / "main.f90").string());
  CHECK_THROWS_WITH_AS(inPlace.add("main.f90", "x"), doctest::Contains("is an input of this run"), OutputError);
  // A hard link to a source is the source.
  fs::create_hard_link(sources / "main.f90", out / "alias.f90");
  folder.protect((sources / "main.f90").string());
  CHECK_THROWS_WITH_AS(folder.add("alias.f90", "x"), doctest::Contains("is an input of this run"), OutputError);
  CHECK(readText(sources / "main.f90") == "source");
}

TEST_CASE("the places of the copies are checked again at commit") {
  TempDir dir;
  fs::path out = dir.path / "out", elsewhere = dir.path / "elsewhere";
  fs::create_directories(elsewhere);
  OutputFolder folder(out.string(), "test-staging");
  folder.add("first.f90", "1");
  folder.add("sub/second.f90", "2");
  // After the copies were staged, their folder's subfolder became a link to elsewhere.
  fs::create_directories(out);
  fs::create_directory_symlink(elsewhere, out / "sub");
  CHECK_THROWS_WITH_AS(folder.commit(), doctest::Contains("symbolic link"), OutputError);
  CHECK(fs::is_empty(elsewhere));
  CHECK_FALSE(fs::exists(out / "first.f90"));  // all or nothing
}

TEST_CASE("a copy that cannot be written (a full disk) is an error naming it, and nothing is left") {
  TempDir dir;
  fs::path out = dir.path / "out";
  {
    OutputFolder folder(out.string(), "test-staging");
    FileSizeLimit limit(100);
    std::string expected = (out / "big.f90").string() + ": cannot write it: File too large";
    CHECK_THROWS_WITH_AS(folder.add("big.f90", std::string(1000, 'x')), expected.c_str(), OutputError);
  }
  CHECK_FALSE(fs::exists(out));
  CHECK(noneStartWith(dir.path, ".test-staging"));
}

TEST_CASE("a staged file replaces only what it may, checked again right before its rename") {
  TempDir dir;
  fs::path target = dir.path / "out.txt";
  auto onlyOurs = [](const std::string& at) -> std::optional<std::string> {
    if (readText(at).rfind("ours", 0) == 0) return std::nullopt;
    return std::string("not ours");
  };
  // Absent: written; ours: replaced; anything else: refused at once.
  {
    StagedFile file(target.string(), onlyOurs);
    file.write("ours 1");
    CHECK_FALSE(fs::exists(target));
    file.commit();
  }
  CHECK(readText(target) == "ours 1");
  {
    StagedFile file(target.string(), onlyOurs);
    file.write("ours 2");
    file.commit();
  }
  CHECK(readText(target) == "ours 2");
  writeText(target, "someone else's");
  CHECK_THROWS_WITH_AS(StagedFile(target.string(), onlyOurs), doctest::Contains("not ours"), OutputError);

  // A file created at the destination while the staged one was written is never overwritten,
  // and the staged one goes.
  fs::path late = dir.path / "late.txt";
  {
    StagedFile file(late.string(), onlyOurs);
    file.write("ours");
    writeText(late, "created meanwhile");
    CHECK_THROWS_WITH_AS(file.commit(), doctest::Contains("not ours"), OutputError);
  }
  CHECK(readText(late) == "created meanwhile");
  CHECK(noneStartWith(dir.path, "late.txt.tmp"));
  CHECK(noneStartWith(dir.path, "out.txt.tmp"));
}
