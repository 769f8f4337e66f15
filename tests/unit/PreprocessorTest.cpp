/// @file PreprocessorTest.cpp
#include "frontend/Preprocessor.hpp"

#include <doctest/doctest.h>

#include <sstream>

using namespace sapfor::frontend;

namespace {

struct Run {
  FileTable files;
  std::ostringstream messages;
  DiagnosticSink diagnostics{&messages};
  PreprocessorOptions options;
  std::vector<PreprocessedLine> lines;

  explicit Run(std::string text, std::map<std::string, std::string> defines = {}) {
    options.defines = std::move(defines);
    auto file = std::make_unique<SourceFile>();
    file->path = file->displayPath = "t.F90";
    setSourceText(*file, std::move(text));
    int index = files.add(std::move(file));
    Preprocessor preprocessor(files, diagnostics, options, [](const std::string& p) { return p; });
    lines = preprocessor.run(index);
  }
  std::vector<std::string> texts() const {
    std::vector<std::string> t;
    for (const auto& l : lines) t.push_back(l.text);
    return t;
  }
};

}  // namespace

TEST_CASE("nested conditionals, #elif chains and -D values") {
  std::string text = "#if LEVEL > 2\na\n#elif LEVEL == 2\n#ifdef FAST\nb\n#else\nc\n#endif\n#else\nd\n#endif\n";
  CHECK(Run(text, {{"LEVEL", "3"}}).texts() == std::vector<std::string>{"a"});
  CHECK(Run(text, {{"LEVEL", "2"}, {"FAST", "1"}}).texts() == std::vector<std::string>{"b"});
  CHECK(Run(text, {{"LEVEL", "2"}}).texts() == std::vector<std::string>{"c"});
  CHECK(Run(text).texts() == std::vector<std::string>{"d"});
}

TEST_CASE("#if expressions: defined, !, &&, ||, arithmetic, macros, long ones too") {
  CHECK(Run("#if defined(WITH_SCALE_FACTOR) || (2 * N + 1) % 3 == 0 && !defined NOPE\nyes\n#endif\n",
            {{"N", "4"}}).texts() == std::vector<std::string>{"yes"});
  CHECK(Run("#if 0x10 >> 2 == 4 && (1 ? 5 : 6) == 5\nyes\n#endif\n").texts() == std::vector<std::string>{"yes"});
}

TEST_CASE("object-like macros are substituted outside literals and comments, columns kept") {
  Run r("#define N 100\nx = N + 'N' ! N\n");
  REQUIRE(r.lines.size() == 1);
  CHECK(r.lines[0].text == "x = 100 + 'N' ! N");
  CHECK(r.lines[0].line == 2);
  // 100 stands where N stood, in column 5; what follows keeps its own columns.
  CHECK(r.lines[0].columns[4] == 5);
  CHECK(r.lines[0].columns[6] == 5);
  CHECK(r.lines[0].columns[8] == 7);
}

TEST_CASE("a macro defined in terms of itself does not expand forever") {
  Run r("#define A B\n#define B A\nx = A\n");
  REQUIRE(r.lines.size() == 1);
  CHECK(r.lines[0].text.size() < 200);
}

TEST_CASE("function-like macros: arguments split at top-level commas, expanded, put in place") {
  Run r("#define SQ(x) ((x)*(x))\n#define CHECK(a, b) if (a /= b) stop 1\n#define N 3\n"
        "y = SQ(f(1, N)) + SQ\nCHECK(SQ(2), 'a,b')\n");
  CHECK(r.texts() == std::vector<std::string>{"y = ((f(1, 3))*(f(1, 3))) + SQ", "if (((2)*(2)) /= 'a,b') stop 1"});
}

TEST_CASE("a macro is not expanded inside its own expansion") {
  Run r("#define F(x) F(x+1)\ny = F(0)\n");
  CHECK(r.texts() == std::vector<std::string>{"y = F(0+1)"});
}

TEST_CASE("unknown directives are reported, #error is an error") {
  Run r("#frobnicate\n#error stop here\ny = 1\n");
  CHECK(r.messages.str().find("t.F90:1:1: unsupported: preprocessor directive #frobnicate is ignored") != std::string::npos);
  CHECK(r.messages.str().find("t.F90:2:1: error: #error stop here") != std::string::npos);
  CHECK(r.texts() == std::vector<std::string>{"y = 1"});
}

TEST_CASE("a missing #include and an #endif too many are diagnosed") {
  Run r("#include \"nowhere.h\"\n#endif\n");
  CHECK(r.messages.str().find("t.F90:1:1: error: cannot find #include file 'nowhere.h'") != std::string::npos);
  CHECK(r.messages.str().find("t.F90:2:1: warning: #endif without #if") != std::string::npos);
}

TEST_CASE("which files gfortran preprocesses") {
  CHECK(needsPreprocessing("a/b.F90"));
  CHECK(needsPreprocessing("b.F"));
  CHECK(needsPreprocessing("b.fpp"));
  CHECK(needsPreprocessing("b.FPP"));
  CHECK(needsPreprocessing("b.FOR"));
  CHECK(needsPreprocessing("b.FTN"));
  CHECK(needsPreprocessing("b.F08"));
  CHECK_FALSE(needsPreprocessing("b.f90"));
  CHECK_FALSE(needsPreprocessing("b.for"));
  CHECK_FALSE(needsPreprocessing("b.For"));
  CHECK_FALSE(needsPreprocessing("b.C"));
  CHECK_FALSE(needsPreprocessing("dir.F90/b.f"));
}

TEST_CASE("#if arithmetic outside 64 bits, by zero or shifted out of range is an error, taken as false") {
  auto taken = [](const std::string& condition) {
    Run r("#if " + condition + "\nyes\n#else\nno\n#endif\n");
    return r.texts().front() + (r.messages.str().empty() ? "" : ": " + r.messages.str());
  };
  CHECK(taken("(-9223372036854775807-1) / -1") == "no: t.F90:1:1: error: #if (-9223372036854775807-1) / -1: integer overflow; taken as false\n");
  CHECK(taken("1 % 0") == "no: t.F90:1:1: error: #if 1 % 0: division by zero; taken as false\n");
  CHECK(taken("1 << 64") == "no: t.F90:1:1: error: #if 1 << 64: shift count out of range (0 to 63); taken as false\n");
  CHECK(taken("(-9223372036854775807-1) % -1 == 0") == "yes");
  CHECK(taken("-5 >> 1 == -3") == "yes");  // arithmetic: toward minus infinity
  CHECK(taken("0 && 1 / 0 || 2") == "yes");
  CHECK(taken("1 ? 2 : 1 / 0") == "yes");
  CHECK(taken("017 == 15 && 0x1F == 31") == "yes");
}

TEST_CASE("C comments are deleted, and one over several lines joins its end to its first line") {
  Run r("#define N 3 /* three */\nx = N/**/1 + 'a/*b*/' ! c /* d\ny = 2 /* over\nlines */ + z\nw = 1\n");
  CHECK(r.texts() == std::vector<std::string>{"x = 31 + 'a/*b*/' ! c /* d", "y = 2  + z", "", "w = 1"});
  CHECK(r.messages.str().empty());
  // The joined text keeps the columns it had on its own line: ' + z' from columns 9-12 of line 4.
  REQUIRE(r.lines[1].columns.size() == 10);
  CHECK(r.lines[1].line == 3);
  CHECK(r.lines[1].columns[5] == 6);
  CHECK(r.lines[1].columns[6] == 9);
  CHECK(r.lines[1].columns[9] == 12);
  CHECK(r.lines[3].line == 5);
}

TEST_CASE("a C comment the file does not close is an error") {
  Run r("x = 1\n  /* open\ny = 2\n");
  CHECK(r.messages.str() == "t.F90:2:3: error: /* comment without */: the rest of the file is skipped\n");
  CHECK(r.texts() == std::vector<std::string>{"x = 1", "  ", ""});
}

TEST_CASE("macro expansion stops at its budget: a macro doubled 30 times") {
  std::string text = "#define A0 x\n";
  for (int i = 1; i <= 30; ++i) text += "#define A" + std::to_string(i) + " A" + std::to_string(i - 1) + "+A" + std::to_string(i - 1) + "\n";
  Run r(text + "y = A30\ny = A2\n");
  CHECK(r.texts() == std::vector<std::string>{"", "y = x+x+x+x"});
  CHECK(r.messages.str().find("t.F90:32:5: error: macro expansion of this line writes more than 4194304 characters") == 0);
}
