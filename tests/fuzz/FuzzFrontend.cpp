/// @file FuzzFrontend.cpp
/// libFuzzer target `fuzz-frontend`: the input bytes are a Fortran source, run through the whole
/// in-memory front end, once as fixed form and once as free form: prescanner (with INCLUDE
/// expansion against a private scratch folder), statement classifier, Flex/Bison parser, program
/// structure, symbol pass, fact extraction, the annotator; and a sample of the inputs the way
/// `sapfor-lex -j 2` loads them (frontend/Loader: parsed on a parsing thread while this one writes the
/// facts) into an in-memory SQLite database that holds the real schema (each input in its own
/// transaction, rolled back). An input containing '#' is run twice more, through the C
/// preprocessor (as with --cpp).
///
/// Inputs that sapfor-lex itself refuses before parsing (NUL bytes, mostly control characters:
/// see loadSourceText) are skipped, so every finding is reachable from the command line:
///     sapfor-lex [--cpp] --form fixed|free CRASHER -o out.sqlite
///
/// Any exception escaping the front end is reported and turned into an abort: the front end
/// throws nothing on purpose, sapfor-lex would print "internal error" and load nothing.
#include "frontend/Annotator.hpp"
#include "frontend/FactExtractor.hpp"
#include "frontend/Loader.hpp"
#include "frontend/Preprocessor.hpp"
#include "frontend/ProgramStructure.hpp"
#include "threads/StackThread.hpp"
#include "frontend/SymbolPass.hpp"
#include "schema/Database.hpp"

#include <SQLiteCpp/Database.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <signal.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace sapfor;

namespace {

/// A folder of our own for INCLUDE and #include lookups (relative names are searched beside the
/// input and in -I folders: this one), with a few small include files and two that include
/// themselves (self.inc, cself.h).
fs::path scratch;
/// The in-memory database with the schema. Preparing the FactWriter's statements costs far more
/// than parsing a small input (about 10 ms against 0.2 ms under ASan), so by default only one
/// input in 16 (chosen by a hash of its bytes: a crash reproduces) is loaded into it.
/// SAPFOR_FUZZ_DB=1 loads every input, SAPFOR_FUZZ_DB=0 none.
std::unique_ptr<SQLite::Database> database;
enum class DbMode { Sample, All, None } dbMode = DbMode::Sample;

/// SAPFOR_FUZZ_SKIP_DUPLICATE_MODULES=1: stop after parsing an input that defines one module name
/// twice. Such inputs crash the symbol pass (crashers/duplicate-module-*: ModuleRegistry::define
/// frees the first module's scope) and are so easy to generate that, until that is fixed, they
/// keep the fuzzer from finding anything else.
bool skipDuplicateModules = false;
bool onMainThread = false;

bool definesAModuleTwice(const frontend::ParsedFile& parsed) {
  std::set<std::string> names;
  bool twice = false;
  frontend::forEachUnit(parsed.units, [&](const frontend::ProgramUnit& unit) {
    if (unit.kind == frontend::StmtKind::Module && !names.insert(unit.name).second) twice = true;
  });
  return twice;
}

bool writesToDatabase(const std::string& text) {
  if (dbMode == DbMode::None) return false;
  if (dbMode == DbMode::All) return true;
  uint32_t hash = 2166136261u;  // FNV-1a
  for (unsigned char c : text) hash = (hash ^ c) * 16777619u;
  return hash % 16 == 0;
}

void setUp() {
  // A crashing run leaves its folder behind (no atexit); remove those of processes that are gone.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::temp_directory_path(), ec)) {
    std::string name = entry.path().filename().string();
    if (name.rfind("sapfor-fuzz-", 0) != 0) continue;
    std::string digits = name.substr(12);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    if (::kill(static_cast<pid_t>(std::stol(digits)), 0) != 0 && errno == ESRCH) fs::remove_all(entry.path(), ec);
  }
  scratch = fs::temp_directory_path() / ("sapfor-fuzz-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  std::ofstream(scratch / "common.inc") << "      integer n\n      parameter (n = 8)\n      common /blk/ a(n), b\n";
  std::ofstream(scratch / "self.inc") << "      include 'self.inc'\n";
  std::ofstream(scratch / "decl.h") << "      real*8 x, y(10)\n";
  std::ofstream(scratch / "params.h") << "#define N 100\n#define LEVEL 2\n";
  std::ofstream(scratch / "cself.h") << "#include \"cself.h\"\n";
  std::atexit([] {
    std::error_code ec;
    fs::remove_all(scratch, ec);
  });

  if (const char* skip = std::getenv("SAPFOR_FUZZ_SKIP_DUPLICATE_MODULES")) skipDuplicateModules = std::string(skip) == "1";
  if (const char* main = std::getenv("SAPFOR_FUZZ_MAIN_THREAD")) onMainThread = std::string(main) == "1";
  if (const char* mode = std::getenv("SAPFOR_FUZZ_DB")) {
    if (std::string(mode) == "1") dbMode = DbMode::All;
    if (std::string(mode) == "0") dbMode = DbMode::None;
  }
  database = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  database->exec(std::string(db::factsSchemaText()));
}

/// What loadSourceText refuses: NUL bytes, or more than 8 control characters making over 1 %.
bool lookslikeText(const uint8_t* data, size_t size) {
  size_t controls = 0;
  for (size_t i = 0; i < size; ++i) {
    unsigned char c = data[i];
    if (c == 0) return false;
    if (c < 32 && c != '\t' && c != '\r' && c != '\n' && c != '\f') ++controls;
  }
  return !(controls > 8 && controls * 100 > size);
}

void runFrontEnd(const std::string& text, frontend::SourceForm form, bool cpp) {
  frontend::PreprocessorOptions preprocessor;
  preprocessor.includeDirs = {scratch.string()};
  preprocessor.always = cpp;
  frontend::FileTable files;
  frontend::DiagnosticSink diagnostics(nullptr);
  frontend::ModuleRegistry modules;

  auto file = std::make_unique<frontend::SourceFile>();
  file->path = (scratch / (form == frontend::SourceForm::Free ? "input.f90" : "input.f")).string();
  file->userPath = file->path;
  file->displayPath = form == frontend::SourceForm::Free ? "input.f90" : "input.f";
  file->form = form;
  frontend::setSourceText(*file, text);
  (void)frontend::formFromContent(file->lines);
  int index = files.add(std::move(file));

  auto display = [](const std::string& path) { return fs::path(path).filename().string(); };
  frontend::ParsedFile parsed = frontend::parseFile(index, files, diagnostics, preprocessor, display);
  if (skipDuplicateModules && definesAModuleTwice(parsed)) return;
  frontend::FileScopes scopes = frontend::resolveSymbols(parsed, modules, diagnostics, files);
  frontend::FileFacts facts = frontend::extractFacts(parsed, scopes, diagnostics, files);

  std::map<int, std::vector<frontend::LoopAnnotation>> byFile;
  for (const frontend::LoopFacts& loop : facts.loops)
    byFile[loop.fileIndex].push_back({loop.annotateLine, frontend::annotationText(loop)});
  for (int i = 0; i < files.size(); ++i) {
    const frontend::SourceFile& f = files.at(i);
    (void)frontend::annotate(f.text, f.form, byFile[i]);
  }

  if (!writesToDatabase(text)) return;
  // As `sapfor-lex -j 2 --form F [--cpp] input`: from the file, parsed on a parsing thread, the
  // facts written on this one; whatever fails on the parsing thread must come back here.
  std::ofstream(files.at(index).path, std::ios::binary) << text;
  frontend::LoadOptions options;
  options.inputs = {files.at(index).path};
  options.preprocessor = preprocessor;
  options.form = form;
  options.jobs = 2;
  frontend::DiagnosticSink loadDiagnostics(nullptr);
  database->exec("BEGIN");
  frontend::loadProgram(options, *database, loadDiagnostics);
  database->exec("ROLLBACK");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setUp();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!lookslikeText(data, size)) return -1;  // not kept in the corpus
  std::string text(reinterpret_cast<const char*>(data), size);
  bool hash = text.find('#') != std::string::npos;
  for (bool cpp : {false, true}) {
    if (cpp && !hash) break;
    for (frontend::SourceForm form : {frontend::SourceForm::Fixed, frontend::SourceForm::Free}) {
      try {
        // On a thread with the stack sapfor-lex gives the front end (deep expressions recurse),
        // unless SAPFOR_FUZZ_MAIN_THREAD=1: then a timeout report shows where the front end was.
        if (onMainThread)
          runFrontEnd(text, form, cpp);
        else
          threads::runWithLargeStack([&] { runFrontEnd(text, form, cpp); });
      } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz-frontend: exception escaped the front end (%s form%s): %s\n",
                     frontend::sourceFormName(form), cpp ? ", --cpp" : "", e.what());
        std::abort();
      }
    }
  }
  return 0;
}
