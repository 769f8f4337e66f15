/// @file GoldenRunner.cpp
/// Runs a golden test file: a tool invocation and the rows queries must return, in the manner of
/// DuckDB's sqllogictest. Paths in a test are relative to the repository root.
///
///   # a comment
///   run sapfor-lex data/examples/sor.f       # -o $DB is added when the command names no -o
///   exit 0                                   # the expected exit status of the last run
///   stderr                                   # (or stdout) lines the last run printed, in order
///   ----
///   sor.f:12:7: error
///
///   no-database                              # the last run left no file at $DB
///   query                                    # SQL, then the expected rows, '|' between columns
///   SELECT loop_key, trip_count FROM loops ORDER BY loop_key;
///   ----
///   sor:1|32
///
/// More checks, for the command line and bad inputs:
///
///   stderr exactly                           # (or stdout) the whole output is these lines;
///   ----                                     # no lines: the output is empty
///   sor.f:12:7: error: unrecognized statement
///
///   stdout lacks                             # (or stderr) none of these lines occurs in the output
///   ----
///   + loop
///
///   no-database $TMP/out/x.sqlite            # no file (nor temporary file) at this path
///   no-temporary                             # no temporary file beside $DB (or a given path)
///   max-seconds 10                           # the last run took less than 10 s
///   stack-kb 512                             # later runs start with a 512 KB stack (ulimit -s)
///   shell cp data/examples/sor.f $TMP/a.f    # sh command in the repository root; must exit 0
///                                            # (the last run's output: $TMP/stdout, $TMP/stderr)
///   exists $TMP/annotated/sor.f              # the path exists (absent: it does not)
///   same-file $TMP/a.f data/examples/sor.f   # the two files have the same bytes
///   same-database $TMP/a.sqlite $TMP/b.sqlite  # the same rows in every table but meta
///   file $TMP/annotated/sor.f                # lines the file must contain, in order
///   ----
///   !SAPFOR$ OPS sor:1
///
/// For runs that are interrupted, that fill a disk, or that meet another process' lock:
///
///   when $DB.tmp-$PID signal TERM            # the next run gets SIGTERM (or INT, HUP) as soon
///                                            # as this path exists ($PID: the run's process id);
///                                            # it fails when the run ends first
///   when $DB.tmp-$PID shell cp a.txt $DB     # or this sh command runs then (it must exit 0)
///   limit file-size 65536                    # the next run may write no file past 65,536 bytes
///                                            # (RLIMIT_FSIZE: a write beyond fails with EFBIG);
///                                            # `limit file-size $DB`: past the size $DB has now
///   hold-lock $DB 2                          # from now on another process holds an exclusive
///                                            # lock on the database for 2 s (`hold-lock $DB 2
///                                            # reserved`: a writer's lock, under which others read)
///
/// Shell commands find the tools on PATH (`shell dvmh-predict $DB & ...`). A database made
/// inconsistent on purpose:
///
///   sql UPDATE loop SET parent_id = 3 WHERE loop_id = 1;   # run on $DB; must succeed
///
/// `$DB` is a fresh database path and `$TMP` a fresh folder for each test file; `$ROOT` is the
/// repository root. NULL prints as NULL. With --show the runner prints what the queries return
/// instead of comparing, to help write a test (the expected rows must still be derived by hand).
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct Context {
  std::map<std::string, std::string> tools;  ///< tool name -> executable
  fs::path root;
  fs::path tmp;
  std::string db;
  int lastExit = -1;
  double lastSeconds = 0;
  std::string stackKb;  ///< `ulimit -s` for later runs; empty: as the runner has it
  std::string lastStdout, lastStderr;
  bool show = false;
  std::string testName;
  int failures = 0;
  // What happens to the next run (when, limit): once the path `whenPath` exists, the signal
  // `whenSignal` is sent or the command `whenShell` runs; the size limit in bytes (0: none).
  std::string whenPath, whenShell;
  int whenSignal = 0;
  long long fileSizeLimit = 0;
  std::vector<pid_t> lockHolders;  ///< hold-lock's processes, waited for at the end
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string substitute(std::string text, const Context& c) {
  auto replaceAll = [&](const std::string& from, const std::string& to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  replaceAll("$DB", c.db);
  replaceAll("$TMP", c.tmp.string());
  replaceAll("$ROOT", c.root.string());
  return text;
}

/// Without trailing blanks (an "exactly" block keeps a line's indentation).
std::string trimRight(const std::string& s) {
  size_t b = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : s.substr(0, b + 1);
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return {};
  size_t b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

void fail(Context& c, int line, const std::string& message) {
  std::cerr << c.testName << ":" << line << ": FAIL: " << message << "\n";
  ++c.failures;
}

void run(Context& c, int line, const std::string& commandLine) {
  std::istringstream words(commandLine);
  std::string tool;
  words >> tool;
  auto found = c.tools.find(tool);
  if (found == c.tools.end()) {
    fail(c, line, "unknown tool '" + tool + "' (pass it with --tool " + tool + "=PATH)");
    return;
  }
  std::string rest;
  std::getline(words, rest);
  rest = substitute(rest, c);
  bool namesOutput = (" " + rest + " ").find(" -o ") != std::string::npos;
  // exec: the tool takes the shell's process id, the one a signal is sent to.
  std::string command = "cd '" + c.root.string() + "' && " + (c.stackKb.empty() ? "" : "ulimit -s " + c.stackKb + " && ") +
                        "exec '" + found->second + "' " + rest +
                        (namesOutput || tool != "sapfor-lex" ? "" : " -o '" + c.db + "'") + " >'" +
                        (c.tmp / "stdout").string() + "' 2>'" + (c.tmp / "stderr").string() + "'";
  std::string whenPath = c.whenPath, whenShell = c.whenShell;
  int whenSignal = c.whenSignal;
  long long fileSizeLimit = c.fileSizeLimit;
  c.whenPath.clear();
  c.whenShell.clear();
  c.whenSignal = 0;
  c.fileSizeLimit = 0;
  auto started = std::chrono::steady_clock::now();
  pid_t child = ::fork();
  if (child == 0) {
    if (fileSizeLimit > 0) {
      rlimit limit{static_cast<rlim_t>(fileSizeLimit), static_cast<rlim_t>(fileSizeLimit)};
      ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  bool ended = false;
  if (!whenPath.empty()) {
    auto withPid = [&](std::string text) {
      for (size_t at = text.find("$PID"); at != std::string::npos; at = text.find("$PID")) text.replace(at, 4, std::to_string(child));
      return text;
    };
    whenPath = withPid(whenPath);
    for (;;) {
      if (::waitpid(child, &status, WNOHANG) == child) {
        ended = true;
        fail(c, line, "the run ended before " + whenPath + " existed");
        break;
      }
      if (fs::exists(whenPath)) {
        if (whenSignal) ::kill(child, whenSignal);
        else if (std::system(withPid(whenShell).c_str()) != 0) fail(c, line, "the command failed: " + whenShell);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  if (!ended) ::waitpid(child, &status, 0);
  c.lastSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  c.lastExit = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  c.lastStdout = readFile(c.tmp / "stdout");
  c.lastStderr = readFile(c.tmp / "stderr");
  if (c.show) std::cout << "-- run " << commandLine << " -> exit " << c.lastExit << "\n" << c.lastStderr;
}

/// Lines that must occur in text in this order; false (and the first missing one) when one does not.
bool containsInOrder(const std::string& text, const std::vector<std::string>& expected, const Context& c,
                     std::string& missing) {
  size_t from = 0;
  for (const std::string& e : expected) {
    std::string want = substitute(trim(e), c);
    size_t at = text.find(want, from);
    if (at == std::string::npos) {
      missing = want;
      return false;
    }
    from = at + want.size();
  }
  return true;
}

/// A path argument with $DB, $TMP and $ROOT substituted; a relative path is taken from the root.
fs::path pathArgument(const Context& c, const std::string& text) {
  fs::path path = substitute(trim(text), c);
  return path.is_absolute() ? path : c.root / path;
}

/// Whether the last run left a temporary file beside the database db (db.tmp-PID).
void checkNoTemporary(Context& c, int line, const fs::path& db) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(db.parent_path(), ec))
    if (entry.path().filename().string().rfind(db.filename().string() + ".tmp", 0) == 0)
      fail(c, line, "a temporary file was left: " + entry.path().string());
}

/// Whether the last run left a file at db or a temporary file beside it.
void checkNoDatabase(Context& c, int line, const fs::path& db) {
  if (fs::exists(db)) fail(c, line, "a database was left at " + db.string());
  checkNoTemporary(c, line, db);
}

/// Every table but meta, each as its rows sorted: two loads of the same sources must give this
/// exactly (meta holds the command line and the time).
std::string databaseContent(const std::string& path) {
  SQLite::Database db(path, SQLite::OPEN_READONLY);
  std::vector<std::string> tables;
  SQLite::Statement list(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'meta' ORDER BY name");
  while (list.executeStep()) tables.push_back(list.getColumn(0).getString());
  std::string content;
  for (const std::string& table : tables) {
    SQLite::Statement rows(db, "SELECT * FROM \"" + table + "\"");
    std::vector<std::string> lines;
    while (rows.executeStep()) {
      std::string row;
      for (int i = 0; i < rows.getColumnCount(); ++i)
        row += (i ? "|" : "") + (rows.getColumn(i).isNull() ? std::string("NULL") : rows.getColumn(i).getString());
      lines.push_back(row);
    }
    std::sort(lines.begin(), lines.end());
    content += "## " + table + "\n";
    for (const std::string& l : lines) content += l + "\n";
  }
  return content;
}

std::vector<std::string> queryRows(const std::string& db, const std::string& sql) {
  SQLite::Database database(db, SQLite::OPEN_READONLY);
  database.setBusyTimeout(10000);  // past a hold-lock
  SQLite::Statement query(database, sql);
  std::vector<std::string> rows;
  while (query.executeStep()) {
    std::string row;
    for (int i = 0; i < query.getColumnCount(); ++i) {
      if (i) row += '|';
      SQLite::Column column = query.getColumn(i);
      row += column.isNull() ? "NULL" : column.getString();
    }
    rows.push_back(row);
  }
  return rows;
}

/// Another process takes an exclusive (or a reserved: a writer's) lock on the database at `path`
/// and keeps it `seconds`; returns once it holds the lock.
void holdLock(Context& c, int line, const std::string& path, double seconds, bool reserved) {
  int ready[2];
  if (::pipe(ready) != 0) {
    fail(c, line, "hold-lock: no pipe");
    return;
  }
  pid_t holder = ::fork();
  if (holder == 0) {
    ::close(ready[0]);
    int status = 1;
    try {
      SQLite::Database db(path, SQLite::OPEN_READWRITE);
      db.setBusyTimeout(10000);
      db.exec(reserved ? "BEGIN IMMEDIATE" : "BEGIN EXCLUSIVE");
      char byte = 1;
      if (::write(ready[1], &byte, 1) == 1) {
        std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
        db.exec("COMMIT");
        status = 0;
      }
    } catch (const std::exception& e) {
      std::cerr << "hold-lock: " << e.what() << "\n";
    }
    ::_exit(status);
  }
  ::close(ready[1]);
  char byte;
  if (::read(ready[0], &byte, 1) != 1) fail(c, line, "hold-lock: could not lock " + path);
  ::close(ready[0]);
  c.lockHolders.push_back(holder);
}

int runFile(Context& c, const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  size_t i = 0;
  auto block = [&](std::vector<std::string>& before, std::vector<std::string>& after) {
    // lines up to ----, then lines up to a blank line
    while (i < lines.size() && trim(lines[i]) != "----") before.push_back(lines[i++]);
    if (i < lines.size()) ++i;
    while (i < lines.size() && !trim(lines[i]).empty()) after.push_back(lines[i++]);
  };
  while (i < lines.size()) {
    std::string line = trim(lines[i]);
    int lineNo = static_cast<int>(i + 1);
    ++i;
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("run ", 0) == 0) {
      run(c, lineNo, line.substr(4));
    } else if (line.rfind("exit ", 0) == 0) {
      int expected = std::atoi(line.substr(5).c_str());
      if (c.lastExit != expected)
        fail(c, lineNo, "exit status " + std::to_string(c.lastExit) + ", expected " + std::to_string(expected) +
                            "\n  stderr: " + c.lastStderr);
    } else if (line == "no-database") {
      checkNoDatabase(c, lineNo, c.db);
    } else if (line.rfind("no-database ", 0) == 0) {
      checkNoDatabase(c, lineNo, pathArgument(c, line.substr(12)));
    } else if (line == "no-temporary" || line.rfind("no-temporary ", 0) == 0) {
      checkNoTemporary(c, lineNo, line == "no-temporary" ? fs::path(c.db) : pathArgument(c, line.substr(13)));
    } else if (line == "stderr" || line == "stdout") {
      std::vector<std::string> ignored, expected;
      block(ignored, expected);
      const std::string& text = line == "stderr" ? c.lastStderr : c.lastStdout;
      std::string missing;
      if (!containsInOrder(text, expected, c, missing))
        fail(c, lineNo, line + " lacks '" + missing + "' (in order); it was:\n" + text);
    } else if (line == "stderr lacks" || line == "stdout lacks") {
      std::vector<std::string> ignored, unwanted;
      block(ignored, unwanted);
      const std::string& text = line == "stderr lacks" ? c.lastStderr : c.lastStdout;
      for (const std::string& u : unwanted)
        if (text.find(substitute(trim(u), c)) != std::string::npos)
          fail(c, lineNo, line.substr(0, 6) + " has '" + trim(u) + "'; it was:\n" + text);
    } else if (line == "stderr exactly" || line == "stdout exactly") {
      std::vector<std::string> ignored, expected;
      block(ignored, expected);
      const std::string& text = line == "stderr exactly" ? c.lastStderr : c.lastStdout;
      std::string want;
      for (const std::string& e : expected) want += substitute(trimRight(e), c) + "\n";
      if (text != want) fail(c, lineNo, line.substr(0, 6) + " differs; expected:\n" + want + "it was:\n" + text);
    } else if (line.rfind("same-database ", 0) == 0) {
      std::istringstream words(line.substr(14));
      std::string a, b;
      words >> a >> b;
      try {
        std::string first = databaseContent(pathArgument(c, a).string());
        std::string second = databaseContent(pathArgument(c, b).string());
        if (first != second) {
          size_t at = 0;
          while (at < first.size() && at < second.size() && first[at] == second[at]) ++at;
          size_t from = first.rfind("\n", at) == std::string::npos ? 0 : first.rfind("\n", at) + 1;
          fail(c, lineNo, "the databases differ, first at:\n  " + first.substr(from, first.find('\n', at) - from) + "\n  " +
                              second.substr(from, second.find('\n', at) - from));
        }
      } catch (const std::exception& e) {
        fail(c, lineNo, std::string("cannot compare the databases: ") + e.what());
      }
    } else if (line.rfind("max-seconds ", 0) == 0) {
      double limit = std::atof(line.substr(12).c_str());
      if (c.lastSeconds >= limit)
        fail(c, lineNo, "the run took " + std::to_string(c.lastSeconds) + " s, expected under " + line.substr(12));
    } else if (line.rfind("stack-kb ", 0) == 0) {
      c.stackKb = std::to_string(std::atoi(line.substr(9).c_str()));
    } else if (line.rfind("when ", 0) == 0) {
      std::istringstream words(line.substr(5));
      std::string path, action, rest;
      words >> path >> action;
      std::getline(words, rest);
      const std::map<std::string, int> signals = {{"INT", SIGINT}, {"TERM", SIGTERM}, {"HUP", SIGHUP}};
      c.whenPath = pathArgument(c, path).string();
      if (action == "signal" && signals.count(trim(rest))) {
        c.whenSignal = signals.at(trim(rest));
      } else if (action == "shell" && !trim(rest).empty()) {
        c.whenShell = "cd '" + c.root.string() + "' && ( " + substitute(rest, c) + " ) >'" +
                      (c.tmp / "shell-output").string() + "' 2>&1";
      } else {
        fail(c, lineNo, "expected: when PATH signal INT|TERM|HUP, or when PATH shell COMMAND");
        c.whenPath.clear();
      }
    } else if (line.rfind("sql ", 0) == 0) {
      try {
        SQLite::Database db(c.db, SQLite::OPEN_READWRITE);
        db.exec(substitute(line.substr(4), c));
      } catch (const std::exception& e) {
        fail(c, lineNo, std::string("sql failed: ") + e.what());
      }
    } else if (line.rfind("limit file-size ", 0) == 0) {
      std::string size = trim(line.substr(16));
      std::error_code ec;
      if (!size.empty() && size.find_first_not_of("0123456789") == std::string::npos)
        c.fileSizeLimit = std::atoll(size.c_str());
      else if (auto bytes = fs::file_size(pathArgument(c, size), ec); !ec)
        c.fileSizeLimit = static_cast<long long>(bytes);
      else
        fail(c, lineNo, "limit file-size: no file " + pathArgument(c, size).string());
    } else if (line.rfind("hold-lock ", 0) == 0) {
      std::istringstream words(line.substr(10));
      std::string path, kind;
      double seconds = 0;
      words >> path >> seconds >> kind;
      holdLock(c, lineNo, pathArgument(c, path).string(), seconds, kind == "reserved");
    } else if (line.rfind("shell ", 0) == 0) {
      std::string command = "cd '" + c.root.string() + "' && PATH='" + (c.tmp / "bin").string() + "':\"$PATH\" && ( " +
                            substitute(line.substr(6), c) + " ) >'" + (c.tmp / "shell-output").string() + "' 2>&1";
      if (std::system(command.c_str()) != 0)
        fail(c, lineNo, "shell command failed:\n" + readFile(c.tmp / "shell-output"));
    } else if (line.rfind("exists ", 0) == 0 || line.rfind("absent ", 0) == 0) {
      fs::path path = pathArgument(c, line.substr(7));
      bool wanted = line[0] == 'e';
      if (fs::exists(path) != wanted) fail(c, lineNo, path.string() + (wanted ? " does not exist" : " exists"));
    } else if (line.rfind("same-file ", 0) == 0) {
      std::istringstream words(line.substr(10));
      std::string a, b;
      words >> a >> b;
      fs::path pa = pathArgument(c, a), pb = pathArgument(c, b);
      if (!fs::is_regular_file(pa) || !fs::is_regular_file(pb) || readFile(pa) != readFile(pb))
        fail(c, lineNo, pa.string() + " and " + pb.string() + " differ (or one is missing)");
    } else if (line.rfind("file ", 0) == 0) {
      std::vector<std::string> ignored, expected;
      block(ignored, expected);
      fs::path path = pathArgument(c, line.substr(5));
      std::string missing;
      if (!fs::is_regular_file(path))
        fail(c, lineNo, path.string() + " does not exist");
      else if (!containsInOrder(readFile(path), expected, c, missing))
        fail(c, lineNo, path.string() + " lacks '" + missing + "' (in order)");
    } else if (line == "query") {
      std::vector<std::string> sqlLines, expected;
      block(sqlLines, expected);
      std::string sql;
      for (const std::string& s : sqlLines) sql += s + "\n";
      std::vector<std::string> actual;
      try {
        actual = queryRows(c.db, substitute(sql, c));
      } catch (const std::exception& e) {
        fail(c, lineNo, std::string("query failed: ") + e.what());
        continue;
      }
      if (c.show) {
        std::cout << "-- query at line " << lineNo << "\n";
        for (const std::string& r : actual) std::cout << r << "\n";
        continue;
      }
      for (std::string& e : expected) e = trim(e);
      if (actual != expected) {
        std::ostringstream message;
        message << "query rows differ\n  expected:\n";
        for (const std::string& e : expected) message << "    " << e << "\n";
        message << "  actual:\n";
        for (const std::string& a : actual) message << "    " << a << "\n";
        fail(c, lineNo, message.str());
      }
    } else {
      fail(c, lineNo, "unknown command: " + line);
    }
  }
  return c.failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Context c;
  std::vector<std::string> files;
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    if (arg == "--show") {
      c.show = true;
    } else if (arg == "--root" && a + 1 < argc) {
      c.root = fs::absolute(argv[++a]);
    } else if (arg == "--tool" && a + 1 < argc) {
      std::string spec = argv[++a];
      size_t eq = spec.find('=');
      if (eq == std::string::npos) {
        std::cerr << "golden-runner: --tool NAME=PATH\n";
        return 2;
      }
      c.tools[spec.substr(0, eq)] = fs::absolute(spec.substr(eq + 1)).string();
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty() || c.root.empty()) {
    std::cerr << "usage: golden-runner --root REPO --tool sapfor-lex=PATH [--show] TEST...\n";
    return 2;
  }
  int status = 0;
  for (const std::string& f : files) {
    c.testName = f;
    c.failures = 0;
    c.tmp = fs::temp_directory_path() / ("golden-" + std::to_string(::getpid()) + "-" + fs::path(f).stem().string());
    fs::remove_all(c.tmp);
    fs::create_directories(c.tmp);
    c.db = (c.tmp / "test.sqlite").string();
    fs::create_directories(c.tmp / "bin");
    for (const auto& [tool, path] : c.tools) fs::create_symlink(path, c.tmp / "bin" / tool);
    if (runFile(c, f) != 0) status = 1;
    for (pid_t holder : c.lockHolders) ::waitpid(holder, nullptr, 0);
    c.lockHolders.clear();
    fs::remove_all(c.tmp);
  }
  return status;
}
