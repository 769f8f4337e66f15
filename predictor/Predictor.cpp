/// @file Predictor.cpp
/// One kernel at a time through MODEL.md §3-§10, then the whole program. Each step records in the
/// kernel's derivation (Derivation.hpp) the numbers it put into its formula and what came out, for
/// the explanation (Explanation.cpp) to word.
#include "predictor/Predictor.hpp"

#include "predictor/BoundExpression.hpp"
#include "predictor/Coalescing.hpp"
#include "predictor/HongKim.hpp"
#include "predictor/LruSegmentCache.hpp"
#include "predictor/Occupancy.hpp"
#include "predictor/Reduction.hpp"
#include "predictor/Transfers.hpp"
#include "schema/Database.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <exception>
#include <functional>
#include <numeric>
#include <limits>
#include <thread>
#include <unordered_map>

namespace sapfor::predictor {

namespace {

int64_t ceilDiv(int64_t a, int64_t b) { return b <= 0 || a <= 0 ? 0 : (a - 1) / b + 1; }

/// A count or a value from the model's doubles as an integer: NaN is 0, and one beyond the 64-bit
/// range is its nearest end (a cast would be undefined behaviour; the sources may hold anything).
int64_t saturated(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
  if (v <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

// Addresses are simulated as the GPU computes them, modulo 2^64, so that subscripts or bounds near
// the 64-bit limits give meaningless addresses but never undefined behaviour; then the low 62 bits
// are kept: every address is non-negative, and what the coalescing rules and the cache add to one
// (an element, a segment) cannot overflow. A real program's addresses lie far below 2^62.
int64_t wrappingAdd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
int64_t wrappingSub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
int64_t wrappingMul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
int64_t simulatedAddress(int64_t a) { return a & ((int64_t{1} << 62) - 1); }

/// The largest iteration count, array or transfer size the model takes (2^62): it converts them
/// to 64-bit integers, where a larger value would wrap (a double past 2^63 becomes INT64_MIN). No
/// GPU runs or holds that much; what comes to more (from PARAMETERs or --param) is reported as
/// what the kernel or the program needs, never computed.
constexpr double kLargestCount = 4611686018427387904.0;

/// A variable's bytes per element, `unknown` when the database gives none above 0.
int bytesOr(const facts::VariableRow& v, int unknown) {
  int bytes = static_cast<int>(v.bytes.value_or(0));
  return bytes > 0 ? bytes : unknown;
}

/// Trip counts and symbol values from the database, --param and, for a loop variable used in an
/// inner loop's bound (a triangular nest), its loop's mean value.
class Symbols {
 public:
  Symbols(ProgramFacts& program, const PredictOptions& options) : program_(program), options_(options) {}

  std::optional<double> value(Id procId, const std::string& name, std::set<std::string>& missing,
                              const std::map<std::string, Id>& loopVars) {
    // --param PROCEDURE.NAME first (one procedure's n), then --param NAME (every procedure's).
    auto proc = program_.procedures().find(procId);
    if (proc != program_.procedures().end()) {
      if (std::optional<double> given = param(proc->second.name + "." + name)) return given;
    }
    if (std::optional<double> given = param(name)) return given;
    auto known = global_.find({procId, name});
    if (known == global_.end()) {
      std::optional<double> v = program_.constant(procId, name);
      if (!v) v = fromCallSites(procId, name);
      if (!v) v = fromAssignment(procId, name);
      known = global_.emplace(std::pair{procId, name}, v).first;
    }
    if (known->second) return known->second;
    auto l = loopVars.find(name);
    if (l != loopVars.end()) {
      const facts::LoopRow& loop = program_.loop(l->second);
      const LoopBounds bounds = boundsOf(loop);
      std::optional<double> lower = evaluate(procId, bounds.lower, loop.lower, missing, {});
      std::optional<double> trip = tripCount(l->second, missing);
      std::optional<double> step = loop.step.empty() ? 1.0 : evaluate(procId, bounds.step, loop.step, missing, {});
      if (lower && trip && step) return *lower + *step * std::max(0.0, *trip - 1) / 2;
      return std::nullopt;
    }
    missing.insert(name);
    return std::nullopt;
  }

  /// The value of an expression tree; `text`, its source text, names it when it is not understood.
  std::optional<double> evaluate(Id procId, const facts::Expression& e, const std::string& text,
                                 std::set<std::string>& missing, const std::map<std::string, Id>& loopVars) {
    if (e.isNull()) return std::nullopt;
    std::set<std::string> lacking;
    BoundValue v = evaluateBound(
        e, [&](const std::string& name) { return value(procId, name, lacking, loopVars); },
        // What arrays and elements lack is named as the symbols' is, by their --param keys.
        [&](const std::string& name, std::set<std::string>&) { return arrayBounds(procId, name, lacking); },
        [&](const std::string& name, const std::vector<int64_t>& subscripts, std::set<std::string>&) {
          return elementValue(procId, name, subscripts, lacking);
        });
    if (!v.understood) lacking = {"'" + text + "'"};
    missing.insert(lacking.begin(), lacking.end());
    return lacking.empty() ? v.value : std::nullopt;
  }

  /// A loop's bounds and step as trees (loop.bounds), read when asked: a few bytes of JSON each,
  /// where keeping every loop's trees took 30 MB on the 500k-line corpus.
  struct LoopBounds {
    facts::Expression lower, upper, step;
  };
  static LoopBounds boundsOf(const facts::LoopRow& l) {
    LoopBounds b;
    if (!l.bounds.empty()) {
      std::vector<facts::Expression> list = treesOf(l.bounds, "loop " + l.key + "'s bounds", 3);
      if (list.size() != 3) throw facts::ExpressionFormatError("loop " + l.key + "'s bounds are not [lower, upper, step]");
      b = {std::move(list[0]), std::move(list[1]), std::move(list[2])};
    }
    return b;
  }

  /// What stands for a tree too deep to read (facts::kMaxExpressionDepth): an expression the
  /// evaluator does not understand, so the bound is reported as such.
  static facts::Expression tooDeep() { return facts::Expression{facts::ExpressionKind::Star, "", 0, {}, {}}; }

  /// A list of `count` trees; each one not understood when the list is nested too deep to read.
  static std::vector<facts::Expression> treesOf(const std::string& json, const std::string& what, size_t count) {
    try {
      return facts::parseExpressionList(json, what);
    } catch (const facts::ExpressionTooDeep&) {
      return std::vector<facts::Expression>(count, tooDeep());
    }
  }

  /// An array's declared bounds (dimension.bounds) as trees, an omitted lower bound 1.
  static std::pair<facts::Expression, facts::Expression> boundsOf(const facts::VariableRow& v, size_t dim) {
    std::pair<facts::Expression, facts::Expression> b;
    const std::string& json = v.dims[dim].bounds;
    if (!json.empty()) {
      std::vector<facts::Expression> list = treesOf(json, "array " + v.name + "'s bounds", 2);
      if (list.size() != 2) throw facts::ExpressionFormatError("array " + v.name + "'s bounds are not [lower, upper]");
      b = {std::move(list[0]), std::move(list[1])};
    }
    if (b.first.isNull()) b.first = facts::Expression{facts::ExpressionKind::Integer, "", 1, {}, {}};
    return b;
  }

  /// A dummy argument's value when every call site in the program passes the same known value
  /// (heat's step(nx, ny, ...) called with the main program's PARAMETERs NX, NY).
  std::optional<double> fromCallSites(Id procId, const std::string& name) {
    int position = program_.dummyPosition(procId, name);
    if (position < 0 || !visiting_.insert({procId, name}).second) return std::nullopt;
    std::optional<double> agreed = agreedOverCalls(procId, position, [&](const CallSiteFacts& c, const std::string& actual) {
      std::set<std::string> ignored;
      facts::Expression argument;
      try {
        argument = facts::parseExpression(actual, "an argument of a call of " + c.callee);
      } catch (const facts::ExpressionTooDeep&) {
        argument = tooDeep();
      }
      return evaluate(c.callerId, argument, "", ignored, {});
    });
    visiting_.erase({procId, name});
    return agreed;
  }

  /// The one value `valueOf(call site, the actual argument's tree as JSON)` gives at every call
  /// of procedure `procId` for its argument at `position` (0-based); nullopt when a call passes
  /// no such argument, a value is unknown, or two differ.
  template <class ValueOf>
  std::optional<double> agreedOverCalls(Id procId, int position, const ValueOf& valueOf) {
    auto self = program_.procedures().find(procId);
    if (self == program_.procedures().end()) return std::nullopt;
    std::optional<double> agreed;
    for (const CallSiteFacts* site : program_.callSitesOf(self->second.name)) {
      if (static_cast<size_t>(position) >= site->args.size()) return std::nullopt;
      std::optional<double> v = valueOf(*site, site->args[static_cast<size_t>(position)]);
      if (!v || (agreed && *agreed != *v)) return std::nullopt;
      agreed = v;
    }
    return agreed;
  }

  /// --param KEY's value; every key asked for is kept, and which of them were given.
  std::optional<double> param(const std::string& key) {
    asked_.insert(key);
    auto p = options_.params.find(key);
    if (p == options_.params.end()) return std::nullopt;
    used_.insert(key);
    return p->second;
  }
  const std::set<std::string>& asked() const { return asked_; }
  const std::set<std::string>& used() const { return used_; }
  /// Another thread's keys, after its kernels.
  void merge(const std::set<std::string>& asked, const std::set<std::string>& used) {
    asked_.insert(asked.begin(), asked.end());
    used_.insert(used.begin(), used.end());
  }

  /// A local or module scalar's value from its one assignment in the program (n = 50; a module's
  /// ny = 40 set in the main program), when that value is known in turn.
  std::optional<double> fromAssignment(Id procId, const std::string& name) {
    const facts::VariableRow* v = program_.variableNamed(procId, name);
    const SingleAssignment* a = v ? program_.assignedOnce(v->id) : nullptr;
    if (!a || !visiting_.insert({0, "=" + std::to_string(v->id)}).second) return std::nullopt;
    std::set<std::string> ignored;
    std::optional<double> value = evaluate(a->procId, a->value, "", ignored, {});
    visiting_.erase({0, "=" + std::to_string(v->id)});
    return value;
  }

  /// An array's bounds per dimension as a procedure sees it (size(v) in a bound), when known.
  std::optional<std::vector<std::pair<double, double>>> arrayBounds(Id procId, const std::string& name,
                                                                    std::set<std::string>& missing) {
    const facts::VariableRow* v = program_.variableNamed(procId, name);
    if (!v || v->dims.empty()) return std::nullopt;
    std::vector<std::pair<double, double>> bounds;
    bool known = true;
    for (size_t d = 0; d < v->dims.size(); ++d) {
      std::optional<double> lower = lowerBound(*v, d, missing), e = extent(*v, d, missing);
      known &= lower && e;
      if (known) bounds.emplace_back(*lower, *lower + *e - 1);
    }
    if (!known) return std::nullopt;
    return bounds;
  }

  /// An element of constant subscripts: --param NAME(S1,S2), else its one assignment's value.
  std::optional<double> elementValue(Id procId, const std::string& name, const std::vector<int64_t>& subscripts,
                                     std::set<std::string>& missing) {
    std::string key = name + "(";
    for (size_t i = 0; i < subscripts.size(); ++i) key += (i ? "," : "") + std::to_string(subscripts[i]);
    key += ")";
    if (std::optional<double> given = param(key)) return given;
    const facts::VariableRow* v = program_.variableNamed(procId, name);
    const SingleAssignment* a = v ? program_.elementAssignedOnce(v->id, subscripts) : nullptr;
    std::optional<double> value;
    if (a && visiting_.insert({0, "=" + key + "#" + std::to_string(v->id)}).second) {
      std::set<std::string> ignored;
      value = evaluate(a->procId, a->value, "", ignored, {});
      visiting_.erase({0, "=" + key + "#" + std::to_string(v->id)});
    }
    if (!value) missing.insert(key);
    return value;
  }

  /// The --param key that gives an array's extent in dimension d (1-based in the key).
  static std::string extentKey(const facts::VariableRow& v, size_t d) { return v.name + ".extent" + std::to_string(d + 1); }

  /// Dimension d's lower bound: declared, or given by the array's ALLOCATEs when they agree.
  std::optional<double> lowerBound(const facts::VariableRow& v, size_t d, std::set<std::string>& missing) {
    const facts::DimensionRow& dim = v.dims[d];
    if (dim.lowerValue) return static_cast<double>(*dim.lowerValue);
    if (dim.upper.empty() && v.allocatable) {
      if (std::optional<std::pair<double, double>> b = allocated(v, d)) return b->first;
    }
    return evaluate(v.procId, boundsOf(v, d).first, dim.lower.empty() ? "1" : dim.lower, missing, {});
  }

  /// Dimension d's extent: declared (a constant, or bounds the symbols give), the ALLOCATEs' of
  /// an allocatable array when they agree, the actual arrays' of an assumed-shape dummy when every
  /// call passes a whole array with that extent known, else --param NAME.extentD.
  std::optional<double> extent(const facts::VariableRow& v, size_t d, std::set<std::string>& missing) {
    const facts::DimensionRow& dim = v.dims[d];
    if (dim.extent) return static_cast<double>(*dim.extent);
    if (!dim.upper.empty()) {
      std::optional<double> lower = lowerBound(v, d, missing);
      std::optional<double> upper = evaluate(v.procId, boundsOf(v, d).second, dim.upper, missing, {});
      if (!lower || !upper) return std::nullopt;
      return std::max(0.0, *upper - *lower + 1);
    }
    if (std::optional<double> given = param(extentKey(v, d))) return given;
    std::optional<double> e;
    if (v.allocatable) {
      if (std::optional<std::pair<double, double>> b = allocated(v, d)) e = std::max(0.0, b->second - b->first + 1);
    } else if (v.storage == facts::Storage::Dummy) {
      e = fromActualArrays(v, d);
    }
    if (!e) missing.insert(extentKey(v, d));
    return e;
  }

 private:
  /// The bounds every ALLOCATE of `v` gives dimension d, when they are known and the same.
  std::optional<std::pair<double, double>> allocated(const facts::VariableRow& v, size_t d) {
    std::optional<std::pair<double, double>> agreed;
    for (const Allocation& a : program_.allocations(v.id)) {
      std::set<std::string> ignored;
      std::optional<double> lower = evaluate(a.procId, a.bounds[d].first, "", ignored, {});
      std::optional<double> upper = evaluate(a.procId, a.bounds[d].second, "", ignored, {});
      if (!lower || !upper || (agreed && *agreed != std::pair{*lower, *upper})) return std::nullopt;
      agreed = std::pair{*lower, *upper};
    }
    return agreed;
  }

  /// An assumed-shape dummy's extent from its actual arguments: every call site passes a whole
  /// array of the same rank whose extent in that dimension is known, and they agree.
  std::optional<double> fromActualArrays(const facts::VariableRow& v, size_t d) {
    int position = program_.dummyPosition(v.procId, v.name);
    const std::string key = "#" + std::to_string(v.id) + "." + std::to_string(d);
    if (position < 0 || !visiting_.insert({0, key}).second) return std::nullopt;
    std::optional<double> agreed = agreedOverCalls(v.procId, position, [&](const CallSiteFacts& c, const std::string& actual) {
      // A whole array is its name: the JSON string "name".
      const facts::VariableRow* array = actual.size() > 2 && actual.front() == '"'
                                            ? program_.variableNamed(c.callerId, actual.substr(1, actual.size() - 2))
                                            : nullptr;
      std::set<std::string> ignored;
      return array && array->dims.size() == v.dims.size() ? extent(*array, d, ignored) : std::nullopt;
    });
    visiting_.erase({0, key});
    return agreed;
  }

 public:
  /// MODEL.md §3: iterations of a DO loop, max(0, (upper - lower + step) / step), from sapfor-lex's
  /// folding, --param LOOP_KEY=N, or the bounds evaluated with the symbols given.
  std::optional<double> tripCount(Id loopId, std::set<std::string>& missing) {
    const facts::LoopRow& l = program_.loop(loopId);
    if (std::optional<double> given = param(l.key)) return given;
    if (l.tripCount) return static_cast<double>(*l.tripCount);
    if (l.kind != facts::LoopKind::Do && l.kind != facts::LoopKind::DoConcurrent) {
      missing.insert(l.key);
      return std::nullopt;
    }
    std::map<std::string, Id> outer;
    for (Id p = l.parentId; p; p = program_.loop(p).parentId) outer.emplace(program_.loop(p).var, p);
    std::set<std::string> lacking;
    const LoopBounds bounds = boundsOf(l);
    std::optional<double> lower = evaluate(l.procId, bounds.lower, l.lower, lacking, outer);
    std::optional<double> upper = evaluate(l.procId, bounds.upper, l.upper, lacking, outer);
    std::optional<double> step = l.step.empty() ? 1.0 : evaluate(l.procId, bounds.step, l.step, lacking, outer);
    if (!lacking.empty() || !lower || !upper || !step || *step == 0) {
      missing.insert(lacking.begin(), lacking.end());
      if (lacking.empty()) missing.insert(l.key);
      return std::nullopt;
    }
    return std::max(0.0, std::trunc((*upper - *lower + *step) / *step));
  }

 private:
  ProgramFacts& program_;
  const PredictOptions& options_;
  std::set<std::pair<Id, std::string>> visiting_;
  std::map<std::pair<Id, std::string>, std::optional<double>> global_;  ///< constants and call-site values
  std::set<std::string> asked_, used_;  ///< --param keys looked up, and those given
};

/// How many times the code of a procedure runs per run of the program: 1 for a main program (and
/// for a procedure nobody in the database calls), else the sum over its call sites of the caller's
/// count times the trip counts of the loops around the call.
class CallCounts {
 public:
  CallCounts(ProgramFacts& program, Symbols& symbols) : program_(program), symbols_(symbols) {}

  std::optional<double> of(Id procId, std::set<std::string>& missing) {
    auto done = counts_.find(procId);
    if (done != counts_.end()) {
      missing.insert(missing_[procId].begin(), missing_[procId].end());
      return done->second;
    }
    if (active_.count(procId)) return 1.0;  // recursion: count one call
    active_.insert(procId);
    const auto& procedures = program_.procedures();
    auto self = procedures.find(procId);
    std::string name = self == procedures.end() ? "" : self->second.name;
    std::set<std::string> lacking;
    std::optional<double> total;
    bool called = false;
    for (const CallSiteFacts* site : program_.callSitesOf(name)) {
      const CallSiteFacts& c = *site;
      if (c.callerId == procId) continue;
      called = true;
      std::optional<double> n = of(c.callerId, lacking);
      for (Id l = c.loopId; l && n; l = program_.loop(l).parentId) {
        std::optional<double> trip = symbols_.tripCount(l, lacking);
        n = trip ? std::optional<double>(*n * *trip) : std::nullopt;
      }
      if (!n) {
        total.reset();
        break;
      }
      total = total.value_or(0) + *n;
    }
    if (!called) total = 1.0;
    if (!lacking.empty()) total.reset();
    active_.erase(procId);
    counts_[procId] = total;
    missing_[procId] = lacking;
    missing.insert(lacking.begin(), lacking.end());
    return total;
  }

 private:
  ProgramFacts& program_;
  Symbols& symbols_;
  std::map<Id, std::optional<double>> counts_;
  std::map<Id, std::set<std::string>> missing_;
  std::set<Id> active_;
};

class KernelModel {
 public:
  KernelModel(ProgramFacts& program, const KernelFacts& kernel, const PredictOptions& options,
              const ModelSettings& settings, Symbols& symbols, CallCounts& calls)
      : program_(program), k_(kernel), o_(options), s_(settings), g_(options.gpu), symbols_(symbols), calls_(calls) {}

  KernelPrediction run() {
    const facts::LoopRow& outer = program_.loop(k_.loopId);
    p_.loopId = k_.loopId;
    p_.loopKey = outer.key;
    p_.source = k_.source;
    p_.rank = k_.rank;
    p_.across = k_.across;
    procId_ = outer.procId;
    for (Id l : k_.nest) d_.nest.push_back(loopNamed(l));
    for (Id l : k_.nest) loopVars_.emplace(program_.loop(l).var, l);
    for (Id l : k_.bodyLoops) loopVars_.emplace(program_.loop(l).var, l);
    if (!grid() || !weights()) return unknownWithRegisters();
    prepareLanes();
    if (!accesses()) return unknownWithRegisters();
    counts();
    registers();
    if (!occupancy()) return unknown();
    cache();
    l2Reuse();
    memory();
    time();
    launches();
    return p_;
  }
  /// The figures run() worked out on the way (what an explanation needs besides the prediction).
  KernelDerivation takeDerivation() { return std::move(d_); }

 private:
  KernelPrediction unknown() {
    p_.status = "unknown";
    return p_;
  }
  /// Registers need no sizes (MODEL.md §6 counts the body's variables and operations; the compiler
  /// compiles run-time counts): a kernel unknown for its sizes still gets them, with its block.
  KernelPrediction unknownWithRegisters() {
    if (threads_ <= g_.maxThreadsPerBlock) {
      if (refsOf_.empty())
        for (const facts::ArrayRefRow& r : k_.references) refsOf_[r.stmtId].push_back(&r);
      registers();
    }
    return unknown();
  }
  KernelDerivation::Loop loopNamed(Id loopId) const { return {program_.loop(loopId).key, program_.loop(loopId).var}; }

  // ---- MODEL.md §3: the block, the tiling, the grid ----
  bool grid() {
    // The block does not depend on the trip counts: it is chosen (and reported) even when they
    // are unknown, for a kernel written with run-time sizes (sapfor-cuda).
    using BlockFrom = KernelDerivation::BlockFrom;
    BlockFrom blockFrom;
    if (o_.block) p_.block = *o_.block, blockFrom = BlockFrom::Option;
    else if (k_.cudaBlock) p_.block = *k_.cudaBlock, blockFrom = BlockFrom::CudaBlock;
    else p_.block = o_.blockDefaults->forRank(k_.rank, k_.across), blockFrom = BlockFrom::Defaults;
    // Dimensions beyond the parallel rank have nothing to map: block size 1 there.
    for (size_t d = std::min<size_t>(k_.nest.size(), 3); d < 3; ++d) p_.block[d] = 1;
    threads_ = p_.block[0] * p_.block[1] * p_.block[2];
    iters_.clear();
    for (auto it = k_.nest.rbegin(); it != k_.nest.rend(); ++it) {
      std::optional<double> trip = symbols_.tripCount(*it, p_.missing);
      iters_.push_back(trip.value_or(0));
      if (trip) d_.tripCounts.push_back({loopNamed(*it), *trip});
    }
    if (!p_.missing.empty()) return false;
    p_.iterations = 1;
    for (double n : iters_) p_.iterations *= n;
    if (p_.iterations > kLargestCount) {
      p_.missing.insert("trip counts whose product is at most 2^62 (they make " + formatNumber(p_.iterations) + " iterations)");
      return false;
    }
    KernelDerivation::Grid& figures = d_.grid.emplace();
    figures.blockFrom = blockFrom;
    figures.threads = threads_;
    if (threads_ > g_.maxThreadsPerBlock) {
      figures.tooManyThreads = true;
      p_.missing.insert("a block of at most " + formatNumber(g_.maxThreadsPerBlock) + " threads (--block)");
      return false;
    }
    int64_t blocks = 1;
    for (size_t d = 0; d < iters_.size(); ++d) {
      int64_t b = d < 3 ? p_.block[d] : 1;
      int64_t n = ceilDiv(saturated(iters_[d]), b);
      if (__builtin_mul_overflow(blocks, std::max<int64_t>(n, 1), &blocks)) blocks = std::numeric_limits<int64_t>::max();
    }
    figures.blocks = blocks;
    int64_t grid = std::min<int64_t>(blocks, g_.maxGridX);
    p_.blocks = grid;
    p_.itersPerThread = std::max<int64_t>(1, ceilDiv(saturated(p_.iterations), grid * threads_));
    return true;
  }

  // ---- MODEL.md §4 and §10: how often each statement of the body runs per iteration ----
  bool weights() {
    for (const facts::BlockRow& b : k_.blocks) blockById_[b.id] = &b;
    for (const facts::ArrayRefRow& r : k_.references) refsOf_[r.stmtId].push_back(&r);
    for (const facts::BlockRow& b : k_.blocks) {
      if (b.id != k_.blocks.front().id && blockById_.count(b.parentId)) childBlocks_[b.parentId].push_back(&b);
      if (b.isLoop() && b.loopId != k_.nest.back()) {
        std::optional<double> trip = symbols_.tripCount(b.loopId, p_.missing);
        if (trip) trips_[b.loopId] = *trip;
      }
    }
    if (!p_.missing.empty()) return false;
    divergence();
    assign(k_.blocks.front().id, 1.0);
    for (const auto& [loop, trip] : trips_) d_.sequentialLoops.push_back({loopNamed(loop), trip});
    return true;
  }

  std::string nameOf(Id varId) { return program_.variable(varId).name; }

  /// MODEL.md §10 (seed 003): a variable is divergent when it depends on a parallel loop variable,
  /// by data (it is computed from a divergent value) or control (assigned under a divergent branch).
  void divergence() {
    std::set<std::string> divergent;
    for (Id l : k_.nest) divergent.insert(program_.loop(l).var);
    bool changed = true;
    while (changed) {
      changed = false;
      for (const Statement& st : k_.statements) {
        bool reads = false;
        for (Id v : st.reads) reads = reads || divergent.count(nameOf(v));
        for (const facts::ArrayRefRow* r : refsOf_[st.id]) {
          if (r->access != facts::Access::Read) continue;
          for (const facts::SubscriptRow& sub : r->subscripts) {
            if (!sub.affine) reads = true;
            for (const facts::SubscriptTermRow& t : sub.terms) reads = reads || divergent.count(t.var);
          }
        }
        bool controlled = underDivergentBranch(st.blockId);
        if ((reads || controlled))
          for (Id v : st.writes) changed = divergent.insert(nameOf(v)).second || changed;
        if (reads && st.ops.branch > 0 && divergentBranches_.insert(st.id).second) changed = true;
      }
    }
  }
  bool underDivergentBranch(Id blockId) {
    for (Id b = blockId; b && blockById_.count(b); b = blockById_[b]->parentId)
      if (!blockById_[b]->isLoop() && divergentBranches_.count(blockById_[b]->constructStmt)) return true;
    return false;
  }

  double statementCost(const Statement& st) {
    double ops = static_cast<double>(st.ops.arith + st.ops.div + st.ops.trans + st.ops.logic + st.ops.conv + st.ops.branch + st.ops.idx) +
                 static_cast<double>(refsOf_[st.id].size());
    return ops * static_cast<double>(st.elements.value_or(1));
  }
  double cost(Id blockId) {
    double total = 0;
    for (const Statement& st : k_.statements)
      if (st.blockId == blockId) total += statementCost(st);
    std::map<Id, double> arms;  // construct -> costliest or summed arms
    for (const facts::BlockRow* c : childBlocks_[blockId]) {
      if (c->isLoop()) total += trips_[c->loopId] * cost(c->id);
      else if (divergentBranches_.count(c->constructStmt)) arms[c->constructStmt] += cost(c->id);
      else arms[c->constructStmt] = std::max(arms[c->constructStmt], cost(c->id));
    }
    for (const auto& [construct, c] : arms) total += c;
    return total;
  }
  /// A divergent construct runs every arm (the warp serializes them); a uniform one its costliest
  /// arm [interpretation: the upper bound, as the branch's outcome is not known].
  void assign(Id blockId, double weight) {
    for (const Statement& st : k_.statements)
      if (st.blockId == blockId) weight_[st.id] = weight * static_cast<double>(st.elements.value_or(1));
    std::map<Id, std::pair<double, Id>> costliest;
    for (const facts::BlockRow* c : childBlocks_[blockId]) {
      if (c->isLoop()) assign(c->id, weight * trips_[c->loopId]);
      else if (divergentBranches_.count(c->constructStmt)) assign(c->id, weight);
      else {
        double armCost = cost(c->id);
        auto [it, added] = costliest.try_emplace(c->constructStmt, armCost, c->id);
        if (!added && armCost > it->second.first) it->second = {armCost, c->id};
      }
    }
    for (const facts::BlockRow* c : childBlocks_[blockId])
      if (!c->isLoop() && !divergentBranches_.count(c->constructStmt))
        assign(c->id, costliest[c->constructStmt].second == c->id ? weight : 0.0);
  }

  // ---- MODEL.md §5: every reference's stride and transactions ----
  bool accesses() {
    const std::string xVar = program_.loop(k_.nest.back()).var;
    std::set<std::string> lacking;
    std::unordered_map<Id, Layout> layouts;  // an array's, worked out at its first reference
    for (const facts::ArrayRefRow& r : k_.references) {
      if (!r.subscripted) {
        d_.wholeArrays.push_back({r.name, r.line});
        continue;
      }
      if (!r.varId) continue;
      auto known = layouts.find(r.varId);
      if (known == layouts.end()) known = layouts.emplace(r.varId, layoutOf(program_.variable(r.varId), lacking)).first;
      const Layout& layout = known->second;
      AccessPrediction a;
      a.refId = r.id;
      a.name = r.name;
      a.access = r.access;
      a.line = r.line;
      a.perThread = weight_[r.stmtId] * static_cast<double>(p_.itersPerThread);
      references_.push_back({&r, layout});
      p_.accesses.push_back(a);
    }
    if (!lacking.empty()) {
      p_.missing.insert(lacking.begin(), lacking.end());
      return false;
    }
    for (size_t i = 0; i < references_.size(); ++i) transactions(*references_[i].ref, references_[i].layout, p_.accesses[i], xVar);
    // MODEL.md §12: the kernel's read-only scalars are arguments, in the constant bank: no global
    // loads (the thesis' §4 counted each one's first read as one).
    std::set<std::string> privateNames;
    for (Id l : k_.nest) privateNames.insert(program_.loop(l).var);
    for (Id l : k_.bodyLoops) privateNames.insert(program_.loop(l).var);
    for (const ReductionFacts& red : k_.reductions) privateNames.insert(red.var);
    std::set<std::string> constantBank;
    for (const Statement& st : k_.statements) {
      for (Id id : st.reads) {
        const facts::VariableRow& v = program_.variable(id);
        auto trait = k_.traits.find(v.name);
        bool argument = trait == k_.traits.end() || trait->second == "readonly" || trait->second == "shared";
        if (argument && !privateNames.count(v.name) && v.storage != facts::Storage::Constant) constantBank.insert(v.name);
      }
    }
    d_.constantBank.assign(constantBank.begin(), constantBank.end());
    // What a benchmark of the kernel needs (when asked): the arrays' shapes, the arguments' values.
    if (!o_.benchInputs) return true;
    std::set<Id> shaped;
    for (const Reference& r : references_) {
      if (!shaped.insert(r.ref->varId).second) continue;
      const facts::VariableRow& v = program_.variable(r.ref->varId);
      KernelPrediction::ArrayShape shape;
      shape.name = v.name;
      std::set<std::string> ignored;
      for (size_t d = 0; d < v.dims.size(); ++d) {
        shape.lower.push_back(d < r.layout.lower.size() ? r.layout.lower[d] : 1);
        std::optional<double> e = symbols_.extent(v, d, ignored);
        shape.extent.push_back(e ? std::optional<int64_t>(saturated(*e)) : std::nullopt);
      }
      p_.arrays.push_back(std::move(shape));
    }
    for (const std::string& name : constantBank) {
      std::set<std::string> ignored;
      if (std::optional<double> value = symbols_.value(procId_, name, ignored, {})) p_.scalars[name] = *value;
    }
    return true;
  }

  struct Layout {
    int elemBytes = 4;
    std::vector<int64_t> multiplier;  ///< elements between neighbours in each dimension
    std::vector<int64_t> lower;       ///< each dimension's lower bound
    int64_t base = 0;                 ///< where the array starts (distinct arrays never overlap)
  };
  struct Reference {
    const facts::ArrayRefRow* ref;
    Layout layout;
  };

  /// Column-major layout: dimension d's multiplier is the product of the extents before it.
  Layout layoutOf(const facts::VariableRow& v, std::set<std::string>& lacking) {
    Layout l;
    l.elemBytes = bytesOr(v, 4);
    l.base = static_cast<int64_t>(arrayBases_.emplace(v.id, arrayBases_.size() + 1).first->second) << 40;
    int64_t m = 1;
    double elements = 1;
    for (size_t d = 0; d < v.dims.size(); ++d) {
      std::optional<double> lower = symbols_.lowerBound(v, d, lacking);
      l.lower.push_back(saturated(lower.value_or(1)));
      l.multiplier.push_back(m);
      if (d + 1 == v.dims.size()) break;
      std::optional<double> extent = symbols_.extent(v, d, lacking);
      elements *= std::max(1.0, extent.value_or(1));
      if (elements * l.elemBytes > kLargestCount) {
        lacking.insert("an array " + v.name + " of at most 2^62 bytes (its sizes make more)");
        break;
      }
      m = wrappingMul(m, saturated(std::max(1.0, extent.value_or(1))));
    }
    return l;
  }

  /// A reference's byte address as a linear form over the loop variables' slots (the nest's,
  /// innermost first, then the body loops'): base + sum coeff * value. Column-major: dimension d
  /// contributes (subscript - lower_d) * multiplier_d elements.
  struct LinearAddress {
    bool affine = true;
    int64_t constant = 0;
    std::vector<std::pair<size_t, int64_t>> terms;  ///< (slot, bytes per unit)
  };
  LinearAddress linearAddress(const facts::ArrayRefRow& r, const Layout& l) {
    LinearAddress a;
    std::map<size_t, int64_t> terms;
    for (size_t d = 0; d < r.subscripts.size() && d < l.multiplier.size(); ++d) {
      const facts::SubscriptRow& s = r.subscripts[d];
      if (!s.affine) {
        a.affine = false;
        return a;
      }
      a.constant = wrappingAdd(a.constant, wrappingMul(wrappingSub(s.constant.value_or(0), l.lower[d]), l.multiplier[d]));
      for (const facts::SubscriptTermRow& t : s.terms) {
        auto slot = slots_.find(t.var);
        if (slot != slots_.end()) terms[slot->second] = wrappingAdd(terms[slot->second], wrappingMul(t.coeff, l.multiplier[d]));
        else a.constant = wrappingAdd(a.constant, wrappingMul(wrappingMul(t.coeff, symbolValue(t.var)), l.multiplier[d]));
      }
    }
    a.constant = wrappingAdd(l.base, wrappingMul(a.constant, l.elemBytes));
    for (const auto& [slot, coeff] : terms)
      if (coeff) a.terms.emplace_back(slot, wrappingMul(coeff, l.elemBytes));
    return a;
  }
  /// A loop-invariant symbol in a subscript (a(i+n)): its value when known, else 0 [the alignment is
  /// then assumed].
  int64_t symbolValue(const std::string& name) {
    std::set<std::string> ignored;
    std::optional<double> v = symbols_.value(procId_, name, ignored, {});
    return saturated(v.value_or(0));
  }

  /// The slots of the loop variables and, per warp of the first block, its active lanes' values of
  /// the nest's variables (lane -> thread (x, y, z) -> iteration).
  void prepareLanes() {
    for (size_t d = 0; d < k_.nest.size(); ++d) slots_.emplace(program_.loop(k_.nest[k_.nest.size() - 1 - d]).var, d);
    for (Id l : k_.bodyLoops) slots_.emplace(program_.loop(l).var, slots_.size());
    slotVar_.assign(slots_.size(), "");
    for (const auto& [var, slot] : slots_) slotVar_[slot] = var;
    size_t n = k_.nest.size();
    std::vector<int64_t> start(n), step(n);
    for (size_t d = 0; d < n; ++d) {
      const facts::LoopRow& loop = program_.loop(k_.nest[n - 1 - d]);
      start[d] = loopStart(loop);
      step[d] = loopStep(loop);
    }
    warpLanes_.assign(static_cast<size_t>(ceilDiv(threads_, 32)) + 1, 0);
    laneValues_.clear();
    for (int64_t t = 0; t < threads_; ++t) {
      int64_t coord[3] = {t % p_.block[0], (t / p_.block[0]) % p_.block[1], t / (p_.block[0] * p_.block[1])};
      bool active = true;
      for (size_t d = 0; d < n && d < 3; ++d) active = active && coord[d] < saturated(iters_[d]);
      if (!active) continue;
      for (size_t d = 0; d < n; ++d) laneValues_.push_back(wrappingAdd(start[d], wrappingMul(d < 3 ? coord[d] : 0, step[d])));
      ++warpLanes_[static_cast<size_t>(t / 32) + 1];
    }
    for (size_t w = 1; w < warpLanes_.size(); ++w) warpLanes_[w] += warpLanes_[w - 1];
  }
  size_t warps() const { return warpLanes_.empty() ? 0 : warpLanes_.size() - 1; }
  /// The addresses a warp's active lanes access with the body loops' variables at `env`.
  /// The addresses warp `warp`'s lanes access: the nest's variables (slots 0..n-1) take each lane's
  /// values, the other slots their values in `env`.
  void warpAddresses(const LinearAddress& a, size_t warp, const std::vector<int64_t>& env, std::vector<int64_t>& out) {
    out.clear();
    size_t n = k_.nest.size();
    int64_t base = a.constant;
    for (const auto& [slot, coeff] : a.terms)
      if (slot >= n) base = wrappingAdd(base, wrappingMul(coeff, env[slot]));
    for (size_t lane = warpLanes_[warp]; lane < warpLanes_[warp + 1]; ++lane) {
      const int64_t* values = laneValues_.data() + lane * n;
      int64_t address = base;
      for (const auto& [slot, coeff] : a.terms)
        if (slot < n) address = wrappingAdd(address, wrappingMul(coeff, values[slot]));
      out.push_back(simulatedAddress(address));
    }
  }
  /// A loop's first value and step (1 when unknown: only the alignment depends on it), evaluated
  /// once per kernel.
  int64_t loopStart(const facts::LoopRow& l) {
    auto known = starts_.find(l.id);
    if (known != starts_.end()) return known->second;
    std::set<std::string> ignored;
    return starts_[l.id] =
               saturated(symbols_.evaluate(l.procId, symbols_.boundsOf(l).lower, l.lower, ignored, loopVars_).value_or(1));
  }
  int64_t loopStep(const facts::LoopRow& l) {
    auto known = steps_.find(l.id);
    if (known != steps_.end()) return known->second;
    std::set<std::string> ignored;
    return steps_[l.id] =
               l.step.empty() ? 1 : saturated(symbols_.evaluate(l.procId, symbols_.boundsOf(l).step, l.step, ignored, {}).value_or(1));
  }
  /// Every slot's starting value: the body loops at their first iteration.
  std::vector<int64_t> innerStart() {
    std::vector<int64_t> env(slots_.size(), 0);
    for (Id l : k_.bodyLoops) env[slots_[program_.loop(l).var]] = loopStart(program_.loop(l));
    return env;
  }

  /// The byte period over which a warp's alignment changes its transactions: the sector, or the
  /// 128-B line (or CC 1.x segment, which divides it).
  int64_t alignmentPeriod() const { return g_.coalescing == CoalescingRule::Sectors ? 32 : 128; }

  /// MODEL.md §12: the steps (bytes) by which a warp's starting address moves from block to block,
  /// from one iteration of a thread to its next, and along the body loops; the warp alignments met
  /// over the whole kernel are the first block's shifted by the multiples of their gcd with the
  /// period.
  int64_t alignmentStep(const LinearAddress& a) {
    int64_t period = alignmentPeriod(), step = period;
    size_t n = k_.nest.size();
    for (const auto& [slot, coeff] : a.terms) {
      int64_t move = coeff;
      if (slot < n) {
        move = wrappingMul(coeff, loopStep(program_.loop(k_.nest[n - 1 - slot])));
        // From one block to the next, unless each thread runs several iterations (then any step).
        if (slot < 3 && p_.itersPerThread == 1) move = wrappingMul(move, p_.block[slot]);
      } else {
        move = wrappingMul(coeff, loopStep(program_.loop(loopVars_.at(slotVar_[slot]))));
      }
      uint64_t magnitude = move < 0 ? 0 - static_cast<uint64_t>(move) : static_cast<uint64_t>(move);
      step = std::gcd(step, static_cast<int64_t>(magnitude % static_cast<uint64_t>(period)));
    }
    return step == 0 ? period : step;
  }

  void transactions(const facts::ArrayRefRow& r, const Layout& l, AccessPrediction& a, const std::string& xVar) {
    bool affine = std::all_of(r.subscripts.begin(), r.subscripts.end(), [](const facts::SubscriptRow& s) { return s.affine; });
    double exactBytes = 0, alignedBytes = 0;
    if (affine) {
      int64_t coefficient = 0;
      for (size_t d = 0; d < r.subscripts.size() && d < l.multiplier.size(); ++d)
        for (const facts::SubscriptTermRow& t : r.subscripts[d].terms)
          if (t.var == xVar) coefficient = wrappingAdd(coefficient, wrappingMul(t.coeff, l.multiplier[d]));
      a.stride = wrappingMul(coefficient, l.elemBytes);
      a.formulaTransactions = static_cast<double>(formulaTransactions(*a.stride, l.elemBytes));
      // Warps with the same lanes' offsets from their first lane count alike at each alignment:
      // each such pattern is counted once per alignment, weighted by the warps that have it.
      int64_t period = alignmentPeriod();
      LinearAddress linear = linearAddress(r, l);
      int64_t step = alignmentStep(linear);
      a.alignments = static_cast<int>(period / step);
      struct Pattern {
        std::vector<int64_t> offsets;  // from the first lane
        int64_t within = 0;            // the first lane's address mod step
        int64_t warps = 0;
      };
      std::vector<Pattern> patterns;  // few: a full warp, a partial one, rows of other alignments
      std::vector<int64_t> env = innerStart(), addresses;
      for (size_t w = 0; w < warps(); ++w) {
        warpAddresses(linear, w, env, addresses);
        if (addresses.empty()) continue;
        int64_t first = addresses.front();
        for (int64_t& x : addresses) x = wrappingSub(x, first);
        int64_t within = (first & (period - 1)) % step;
        auto same = std::find_if(patterns.begin(), patterns.end(),
                                 [&](const Pattern& p) { return p.within == within && p.offsets == addresses; });
        if (same == patterns.end()) patterns.push_back({addresses, within, 1});
        else same->warps += 1;
      }
      double count = 0, bytes = 0, aligned = 0, counted = 0;
      std::vector<int64_t> shifted;
      for (const Pattern& pattern : patterns) {
        const std::vector<int64_t>& offsets = pattern.offsets;
        int64_t within = pattern.within, warpsWithIt = pattern.warps;
        for (int64_t start = within; start < period; start += step) {
          shifted.clear();
          // The offsets past a period ahead, so that a descending pattern stays non-negative.
          int64_t base = start + (int64_t{1} << 40);
          for (int64_t o : offsets) shifted.push_back(simulatedAddress(wrappingAdd(base, o)));
          WarpTransactions t = exactTransactions(shifted, l.elemBytes, g_.coalescing);
          count += static_cast<double>(t.count * warpsWithIt);
          bytes += static_cast<double>(t.bytes * warpsWithIt);
          counted += static_cast<double>(warpsWithIt);
        }
        // The same lanes from the start of a period: what they need at best.
        shifted.clear();
        for (int64_t o : offsets) shifted.push_back(simulatedAddress(wrappingAdd(int64_t{1} << 40, o)));
        WarpTransactions best = exactTransactions(shifted, l.elemBytes, g_.coalescing);
        aligned += static_cast<double>(best.bytes * warpsWithIt) * static_cast<double>(a.alignments);
      }
      a.exactTransactions = counted ? count / counted : 0;
      exactBytes = counted ? bytes / counted : 0;
      alignedBytes = counted ? aligned / counted : 0;
    } else {
      // A gathered or scattered access (a(idx(i))): every lane its own transaction [the worst case].
      a.formulaTransactions = 32;
      WarpTransactions t = exactTransactions(std::vector<int64_t>{0, 1 << 20}, l.elemBytes, g_.coalescing);
      a.exactTransactions = 32;
      exactBytes = 16.0 * static_cast<double>(t.bytes);
      alignedBytes = exactBytes;
    }
    if (o_.exactTransactions) {
      a.transactions = a.exactTransactions;
      a.bytesPerWarp = exactBytes;
      a.coalesced = a.exactTransactions <= static_cast<double>(coalescedTransactions(l.elemBytes, g_.coalescing));
    } else {
      a.transactions = a.formulaTransactions;
      a.bytesPerWarp = a.formulaTransactions * segmentBytes(l.elemBytes);
      a.coalesced = a.formulaTransactions <= 1;
    }
    bool unitStride = a.stride && (*a.stride == l.elemBytes || *a.stride == -int64_t{l.elemBytes});
    a.pattern = !affine ? AccessPattern::Gather
                : a.coalesced ? AccessPattern::Coalesced
                : unitStride ? AccessPattern::Misaligned
                             : AccessPattern::Strided;
    // A misaligned warp's boundary sector (or line) is also the neighbouring warp's: DRAM sends it
    // once and the L2 serves the other (MODEL.md §12).
    a.dramBytesPerWarp = a.pattern == AccessPattern::Misaligned && o_.exactTransactions ? std::min(a.bytesPerWarp, alignedBytes)
                                                                                        : a.bytesPerWarp;
  }

  // ---- MODEL.md §4: per-thread counts ----
  void counts() {
    double fpArith = 0, intArith = 0, calls = 0;
    for (const Statement& st : k_.statements) {
      double w = weight_[st.id] * static_cast<double>(p_.itersPerThread);
      fpArith += w * static_cast<double>(st.ops.arith);
      intArith += w * static_cast<double>(st.ops.logic + st.ops.conv + st.ops.idx);
      p_.reciproc += w * static_cast<double>(st.ops.div);
      p_.trans += w * static_cast<double>(st.ops.trans);
      p_.branch += w * static_cast<double>(st.ops.branch);
      if (divergentBranches_.count(st.id)) p_.divergentBranch += w * static_cast<double>(st.ops.branch);
      calls += w * static_cast<double>(st.ops.call);
    }
    fpArith_ = fpArith;
    p_.arith = fpArith + intArith;
    d_.counts = KernelDerivation::Counts{fpArith, intArith, p_.arith, calls};
    for (const facts::ArrayRefRow& r : k_.references)
      if (r.varId && isDouble(program_.variable(r.varId))) fp64_ = true;
    for (const Statement& st : k_.statements)
      for (Id v : st.reads) fp64_ = fp64_ || isDouble(program_.variable(v));
  }
  static bool isDouble(const facts::VariableRow& v) {
    return (v.type == "real" && bytesOr(v, 0) >= 8) || (v.type == "complex" && bytesOr(v, 0) >= 16);
  }

  // ---- MODEL.md §6: registers and shared memory ----
  void registers() {
    int64_t dims = (p_.block[0] > 1) + (p_.block[1] > 1) + (p_.block[2] > 1);
    dims = std::max<int64_t>(dims, 1);
    KernelDerivation::Registers& figures = d_.registers.emplace();
    figures.blockDimensions = dims;
    int64_t regs = g_.thesisRegisters ? thesisRegisters(figures) : calibratedRegisters(figures);
    figures.wanted = regs;
    figures.warps = ceilDiv(threads_, 32);
    // The compiler spills the rest: beyond what a thread may have, and beyond what lets one block
    // of this size fit (nvcc under the block size as a launch bound).
    figures.blockLimit = maxRegistersForBlock(g_, threads_);
    int64_t limit = std::min<int64_t>(g_.maxRegsPerThread, std::max<int64_t>(1, figures.blockLimit));
    p_.regsHeuristic = std::min(regs, limit);
    // What the compiler allocated for the kernel's code, when it was compiled, instead (the same
    // limits: ptxas spills to them under the block size as a launch bound).
    int64_t compiledShared = 0;
    if (auto c = o_.compiled.find(k_.loopId); c != o_.compiled.end()) {
      figures.compiled = KernelDerivation::Registers::CompiledFigures{c->second.registers, c->second.sharedBytes, c->second.source};
      regs = c->second.registers;
      compiledShared = c->second.sharedBytes;
      p_.regsSource = c->second.source;
    }
    regs = std::min(std::max<int64_t>(regs, 1), limit);
    p_.regsPerThread = regs;
    p_.regsPerBlock = registersPerBlock(regs, threads_, g_.regAllocUnitFor(regs));
    p_.smemPerBlock = dims * s_.smemBytesPerBlockDimension + compiledShared;
    for (const ReductionFacts& red : k_.reductions) {
      const facts::VariableRow* v = program_.variableNamed(procId_, red.var);
      int64_t bytes = v ? bytesOr(*v, 8) : 8;
      p_.smemPerBlock += reductionSharedBytes(threads_, bytes);
      figures.reductions.push_back({red.var, bytes});
    }
  }

  /// MODEL.md §6, the thesis' heuristic (the C2050's profile): scalars by type, the iteration
  /// counter, the thread index per block dimension, the instruction pointer, the longest
  /// statement's temporaries, one per linesPerRegister body lines.
  int64_t thesisRegisters(KernelDerivation::Registers& figures) {
    std::set<std::string> names;
    int64_t scalars = 0;
    auto add = [&](const facts::VariableRow& v) {
      if (v.storage == facts::Storage::Constant || v.rank.value_or(0) > 0 || !names.insert(v.name).second) return;
      int64_t regs = v.type == "real" ? (bytesOr(v, 0) >= 8 ? s_.regsDouble : s_.regsReal)
                     : v.type == "complex" ? 2 * (bytesOr(v, 0) >= 16 ? s_.regsDouble : s_.regsReal)
                                           : s_.regsInteger;
      scalars += regs;
    };
    for (const Statement& st : k_.statements) {
      for (Id v : st.reads) add(program_.variable(v));
      for (Id v : st.writes) add(program_.variable(v));
    }
    for (Id l : k_.nest)
      if (names.insert(program_.loop(l).var).second) scalars += s_.regsInteger;
    int64_t temporaries = 0;
    for (const Statement& st : k_.statements)
      temporaries = std::max<int64_t>(temporaries, st.ops.arith + st.ops.div + st.ops.trans + st.ops.logic + st.ops.conv + st.ops.idx +
                                                       static_cast<int64_t>(refsOf_[st.id].size()));
    const facts::LoopRow& inner = program_.loop(k_.nest.back());
    figures.scalars = scalars;
    figures.iterationCounter = p_.itersPerThread > 1 ? s_.regsIterationCounter : 0;
    figures.threadIndex = figures.blockDimensions * s_.regsPerBlockDimension;
    figures.temporaries = temporaries;
    figures.bodyLines = std::max(0, inner.endLine - inner.line - 1);
    return scalars + figures.iterationCounter + figures.threadIndex + s_.regsInstructionPointer + temporaries +
           figures.bodyLines / s_.linesPerRegister;
  }

  /// data/model.ini [registers.calibrated], the current GPUs': fitted to ptxas on sm_80 and sm_90
  /// (bench/registers.py).
  int64_t calibratedRegisters(KernelDerivation::Registers& figures) {
    const ModelSettings::CalibratedRegisters& c = s_.calibrated;
    KernelDerivation::Registers::CalibratedCounts& n = figures.calibrated.emplace();
    for (const Statement& st : k_.statements) {
      n.divisions += st.ops.div;
      n.transcendentals += st.ops.trans;
    }
    auto capped = [&](int64_t count) { return static_cast<double>(std::min<int64_t>(count, c.countCap)); };
    n.parallelLoops = static_cast<int64_t>(k_.nest.size());
    n.references = static_cast<int64_t>(k_.references.size());
    n.sequentialLoops = static_cast<int64_t>(k_.bodyLoops.size());
    n.sum = c.base + c.perParallelLoop * capped(n.parallelLoops) + c.perReference * capped(n.references) +
            c.perDivision * capped(n.divisions) + c.perTranscendental * capped(n.transcendentals) +
            c.perSequentialLoop * capped(n.sequentialLoops);
    return std::max<int64_t>(1, std::llround(n.sum));
  }

  // ---- MODEL.md §8b ----
  bool occupancy() {
    int64_t preferred = g_.smemPerSmBytes(o_.cacheKb);
    occupancy_ = computeOccupancy(g_, threads_, p_.regsPerThread, p_.smemPerBlock, preferred);
    const Occupancy& o = occupancy_;
    // A block that needs more shared memory than the L1 size leaves gets a larger configuration,
    // and the L1 is what remains of the unified array.
    int l1Kb = std::min<int>(o_.cacheKb, g_.l1SharedKb - static_cast<int>(o.smemPerSm / 1024));
    d_.occupancy = KernelDerivation::OccupancyStep{o, preferred, l1Kb};
    p_.activeBlocksPerSm = o.activeBlocks;
    p_.activeWarpsPerSm = o.activeWarps;
    p_.occupancy = o.occupancy;
    p_.limiter = o.limiter;
    if (o.activeBlocks == 0) {
      p_.missing.insert("a block that fits an SM (" + o.limiter + ")");
      return false;
    }
    return true;
  }

  // ---- MODEL.md §8: the LRU L1 emulation over the first block's warps ----
  void cache() {
    KernelDerivation::Memory& figures = d_.memory.emplace();
    if (!o_.cache) return;
    int64_t capacity = int64_t{d_.occupancy->l1Kb} * 1024 / std::max<int64_t>(1, occupancy_.activeBlocks);
    figures.l1BytesPerBlock = capacity;
    LruSegmentCache l1(capacity);
    // Each read's lanes: the part of their addresses the nest's variables make, per warp, worked
    // out once (the replay adds what the body loops' variables make).
    struct Read {
      LinearAddress address;
      int64_t segment = 0;
      std::vector<int64_t> laneOffsets;  ///< by lane, the warps' lanes one after another
      double hits = 0, misses = 0;
    };
    std::unordered_map<const facts::ArrayRefRow*, Read> reads;
    size_t n = k_.nest.size();
    for (const Reference& r : references_) {
      if (r.ref->access != facts::Access::Read) continue;
      Read& read = reads[r.ref];
      read.address = linearAddress(*r.ref, r.layout);
      read.segment = segmentBytes(r.layout.elemBytes);
      if (!read.address.affine) continue;
      for (size_t lane = 0; lane < laneValues_.size() / std::max<size_t>(n, 1); ++lane) {
        int64_t offset = 0;
        for (const auto& [slot, coeff] : read.address.terms)
          if (slot < n) offset = wrappingAdd(offset, wrappingMul(coeff, laneValues_[lane * n + slot]));
        read.laneOffsets.push_back(offset);
      }
    }
    // Each block's statements and child blocks in source order, once.
    std::map<Id, std::vector<std::pair<Id, const facts::BlockRow*>>> items;
    for (const Statement& st : k_.statements) items[st.blockId].emplace_back(st.id, nullptr);
    for (const facts::BlockRow& b : k_.blocks)
      for (const facts::BlockRow* c : childBlocks_[b.id]) items[b.id].emplace_back(firstStatement(c->id), c);
    for (auto& [block, list] : items)
      std::sort(list.begin(), list.end(), [](auto& a, auto& b) { return a.first < b.first; });
    int64_t budget = 2000;  // warp accesses emulated; beyond that the rates so far stand
    std::vector<int64_t> env = innerStart(), addresses;
    std::function<void(Id)> walk = [&](Id blockId) {
      for (const auto& [id, child] : items[blockId]) {
        if (budget <= 0) return;
        if (child) {
          if (child->isLoop()) {
            const facts::LoopRow& loop = program_.loop(child->loopId);
            int64_t start = loopStart(loop), step = loopStep(loop);
            size_t slot = slots_[loop.var];
            int64_t n = std::min<int64_t>(saturated(trips_[loop.id]), 64);
            for (int64_t i = 0; i < n && budget > 0; ++i) {
              env[slot] = wrappingAdd(start, wrappingMul(i, step));
              walk(child->id);
            }
            env[slot] = start;
          } else if (weightOfBlock(child->id) > 0) {
            walk(child->id);
          }
          continue;
        }
        for (const facts::ArrayRefRow* r : refsOf_[id]) {
          auto found = reads.find(r);
          if (found == reads.end() || !found->second.address.affine) continue;
          Read& read = found->second;
          int64_t segment = read.segment;
          int64_t base = read.address.constant;
          for (const auto& [slot, coeff] : read.address.terms)
            if (slot >= n) base = wrappingAdd(base, wrappingMul(coeff, env[slot]));
          for (size_t w = 0; w < warps() && budget > 0; ++w, --budget) {
            addresses.clear();
            for (size_t lane = warpLanes_[w]; lane < warpLanes_[w + 1]; ++lane)
              addresses.push_back(simulatedAddress(wrappingAdd(base, read.laneOffsets[lane])));
            if (addresses.empty()) continue;
            for (int64_t& a : addresses) a &= -segment;  // the segment's start (a power of two: §5 (2))
            if (!std::is_sorted(addresses.begin(), addresses.end()) &&
                !std::is_sorted(addresses.rbegin(), addresses.rend()))
              std::sort(addresses.begin(), addresses.end());
            addresses.erase(std::unique(addresses.begin(), addresses.end()), addresses.end());
            bool hit = true;
            for (int64_t start : addresses) hit = l1.access(start, segment) && hit;
            (hit ? read.hits : read.misses) += 1;
          }
        }
      }
    };
    walk(k_.blocks.front().id);
    for (size_t i = 0; i < references_.size(); ++i) {
      AccessPrediction& a = p_.accesses[i];
      auto s = reads.find(references_[i].ref);
      double rate = s == reads.end() || s->second.hits + s->second.misses == 0
                        ? 0 : s->second.hits / (s->second.hits + s->second.misses);
      a.cacheHits = a.perThread * rate;
      a.cacheMisses = a.perThread - *a.cacheHits;
    }
  }
  Id firstStatement(Id blockId) {
    Id first = INT64_MAX;
    for (const Statement& st : k_.statements)
      if (st.blockId == blockId) first = std::min(first, st.id);
    for (const facts::BlockRow* c : childBlocks_[blockId]) first = std::min(first, firstStatement(c->id));
    return first;
  }
  double weightOfBlock(Id blockId) {
    for (const Statement& st : k_.statements)
      if (st.blockId == blockId) return weight_[st.id];
    for (const facts::BlockRow* c : childBlocks_[blockId])
      if (double w = weightOfBlock(c->id); w > 0) return w;
    return 0;
  }

  // ---- MODEL.md §12: L2 reuse between the references (layer conditions) ----
  /// References of one array with the same coefficients (a group, a(i-1,j) and a(i,j+1)) read the
  /// same elements at different iterations. A read whose element another of the group touched
  /// earlier in the launch order (blocks X-fastest, a block's threads together, a body loop's
  /// iterations in step across the threads in flight) finds it in the L2 when the bytes the kernel
  /// moves in between fit in the L2's share (data/model.ini [l2]); the first of the chain, and a
  /// write (it goes back), come from DRAM. The group's reads then move the lesser of that and
  /// what the L1 emulation lets through; each read's DRAM bytes are scaled by the same factor.
  void l2Reuse() {
    KernelDerivation::Memory& figures = *d_.memory;
    struct Member {
      size_t index;
      int64_t constant;
      std::vector<std::pair<size_t, int64_t>> terms;
    };
    std::map<std::pair<Id, std::vector<std::pair<size_t, int64_t>>>, std::vector<Member>> groups;
    double compulsoryPerThread = 0;  // the kernel's DRAM bytes per thread with every reuse caught
    auto bytesPerThread = [&](const AccessPrediction& a) { return a.perThread * a.dramBytesPerWarp / 32; };
    for (size_t i = 0; i < references_.size(); ++i) {
      LinearAddress linear = linearAddress(*references_[i].ref, references_[i].layout);
      if (!linear.affine) {
        compulsoryPerThread += bytesPerThread(p_.accesses[i]);
        continue;
      }
      groups[{references_[i].ref->varId, linear.terms}].push_back({i, linear.constant, linear.terms});
    }
    for (const auto& [key, members] : groups) {
      // One stream of reads and one of writes per group, at its busiest reference's rate.
      double reads = 0, writes = 0;
      for (const Member& m : members) {
        const AccessPrediction& a = p_.accesses[m.index];
        double& stream = a.access == facts::Access::Read ? reads : writes;
        stream = std::max(stream, bytesPerThread(a));
      }
      compulsoryPerThread += reads + writes;
    }
    double inFlight = std::min<double>(static_cast<double>(p_.blocks), static_cast<double>(g_.sms) * static_cast<double>(occupancy_.activeBlocks)) *
                      static_cast<double>(threads_);
    // The bytes the kernel moves while a slot's variable advances by one.
    size_t n = k_.nest.size();
    std::vector<double> unitBytes(slots_.size(), 0);
    double launched = static_cast<double>(threads_);  // threads launched before the next block in this dimension
    for (size_t d = 0; d < n; ++d) {
      const facts::LoopRow& loop = program_.loop(k_.nest[n - 1 - d]);
      double blockD = d < 3 ? static_cast<double>(p_.block[d]) : 1.0;
      double step = std::max<double>(1.0, std::fabs(static_cast<double>(loopStep(loop))));
      unitBytes[d] = launched / blockD / step * compulsoryPerThread;
      launched *= std::ceil(iters_[d] / blockD);
    }
    for (size_t slot = n; slot < slots_.size(); ++slot) {
      Id loopId = loopVars_.at(slotVar_[slot]);
      double perThread = static_cast<double>(p_.itersPerThread);
      for (Id l = loopId; l && trips_.count(l); l = program_.loop(l).parentId) perThread *= std::max(1.0, trips_[l]);
      double step = std::max<double>(1.0, std::fabs(static_cast<double>(loopStep(program_.loop(loopId)))));
      unitBytes[slot] = inFlight * compulsoryPerThread / perThread / step;
    }
    double capacity = static_cast<double>(g_.l2Kb) * 1024 * s_.l2LayerConditionFraction;
    figures.l2Capacity = capacity;
    figures.compulsoryPerThread = compulsoryPerThread;
    for (const auto& [key, members] : groups) {
      double throughL1 = 0, withL2 = 0;
      for (const Member& m : members) {
        AccessPrediction& a = p_.accesses[m.index];
        if (a.access != facts::Access::Read) continue;
        throughL1 += (a.perThread - a.cacheHits.value_or(0)) * a.dramBytesPerWarp / 32;
        double best = std::numeric_limits<double>::infinity();
        int leader = -1;
        for (const Member& other : members) {
          if (other.index == m.index) continue;
          std::optional<double> moved = bytesBetween(m.constant - other.constant, m.terms, unitBytes);
          if (!moved || *moved > 0 || (*moved == 0 && other.index > m.index)) continue;
          if (-*moved < best) best = -*moved, leader = static_cast<int>(other.index);
        }
        if (leader >= 0) a.l2Leader = leader + 1, a.l2ReuseBytes = best;
        if (leader < 0 || best > capacity) withL2 += bytesPerThread(a);
      }
      if (throughL1 <= 0 || withL2 >= throughL1) continue;
      double share = withL2 / throughL1;
      for (const Member& m : members) {
        AccessPrediction& a = p_.accesses[m.index];
        if (a.access != facts::Access::Read) continue;
        a.l2Hits = (a.perThread - a.cacheHits.value_or(0)) * (1 - share);
        a.dramBytesPerWarp *= share;
      }
      figures.groups.push_back({p_.accesses[members.front().index].name, throughL1, withL2});
    }
  }
  /// The bytes moved between an element's use by one reference and by another whose address is
  /// `delta` bytes less at the same iteration, signed (negative: the other came first); nullopt
  /// when no whole step of the slots makes up `delta`. Each slot takes the nearest whole number of
  /// its steps, the largest first.
  static std::optional<double> bytesBetween(int64_t delta, std::vector<std::pair<size_t, int64_t>> terms,
                                            const std::vector<double>& unitBytes) {
    if (std::fabs(static_cast<double>(delta)) > 4.5e15) return std::nullopt;
    std::sort(terms.begin(), terms.end(), [](const auto& x, const auto& y) {
      return std::fabs(static_cast<double>(x.second)) > std::fabs(static_cast<double>(y.second));
    });
    double moved = 0, left = static_cast<double>(delta);
    for (const auto& [slot, coeff] : terms) {
      double units = std::round(left / static_cast<double>(coeff));
      left -= units * static_cast<double>(coeff);
      moved += units * unitBytes[slot];
    }
    if (left != 0) return std::nullopt;
    return moved;
  }

  // ---- MODEL.md §4-§5, §12: memory instructions per thread and what they move ----
  void memory() {
    double coalTx = 0, uncoalTx = 0, coalDram = 0, uncoalDram = 0, l2Requests = 0;
    for (AccessPrediction& a : p_.accesses) {
      double toMemory = a.perThread - a.cacheHits.value_or(0);
      p_.cacheHits += a.cacheHits.value_or(0);
      p_.cacheMisses += a.cacheMisses.value_or(0);
      p_.l2Hits += a.l2Hits;
      l2Requests += a.l2Hits;
      if (a.coalesced) p_.coalAccesses += toMemory, coalTx += toMemory * a.transactions, coalDram += toMemory * a.dramBytesPerWarp;
      else p_.uncoalAccesses += toMemory, uncoalTx += toMemory * a.transactions, uncoalDram += toMemory * a.dramBytesPerWarp;
    }
    p_.coalPerAccess = p_.coalAccesses > 0 ? coalTx / p_.coalAccesses : 0;
    p_.uncoalPerAccess = p_.uncoalAccesses > 0 ? uncoalTx / p_.uncoalAccesses : 0;
    p_.memInsts = p_.coalAccesses + p_.uncoalAccesses;
    double bytes = coalDram + uncoalDram;
    p_.loadBytesPerWarp = p_.memInsts > 0 ? bytes / p_.memInsts : 0;
    memoryBytes_ = bytes;
    p_.dramBytes = bytes / 32.0 * static_cast<double>(p_.blocks * threads_);
    // MODEL.md §12: a request's departure delay is the DRAM bytes it moves times Freq * SMs / BW;
    // a request the L2 serves waits its latency, not DRAM's.
    const double perByte = g_.cyclesPerDramByte();
    memory_.departureDelCoal = p_.coalAccesses > 0 ? perByte * coalDram / p_.coalAccesses : 0;
    memory_.departureDelUncoal = uncoalTx > 0 ? perByte * uncoalDram / uncoalTx : 0;
    memory_.latency = p_.memInsts > 0 ? (g_.l2Latency * l2Requests + g_.memLatency * (p_.memInsts - l2Requests)) / p_.memInsts
                                      : g_.memLatency;
    // A statement's loads are independent of each other: the warp issues them all, then waits
    // once (stores never wait). MLP = memory instructions / waits.
    std::map<const facts::ArrayRefRow*, double> missing;
    for (size_t i = 0; i < references_.size(); ++i) {
      const AccessPrediction& a = p_.accesses[i];
      if (a.access == facts::Access::Read && a.perThread > 0)
        missing[references_[i].ref] = (a.perThread - a.cacheHits.value_or(0)) / a.perThread;
    }
    double waits = 0;
    for (const Statement& st : k_.statements) {
      double miss = 0;
      for (const facts::ArrayRefRow* r : refsOf_[st.id]) {
        auto m = missing.find(r);
        if (m != missing.end()) miss = std::max(miss, m->second);
      }
      waits += weight_[st.id] * static_cast<double>(p_.itersPerThread) * miss;
    }
    memory_.mlp = std::max(1.0, waits > 0 ? p_.memInsts / waits : p_.memInsts);
    KernelDerivation::Memory& figures = *d_.memory;
    figures.cyclesPerDramByte = perByte;
    figures.coalDramBytes = coalDram;
    figures.uncoalDramBytes = uncoalDram;
    figures.uncoalTransactions = uncoalTx;
    figures.l2Requests = l2Requests;
  }

  // ---- MODEL.md §7 and §9 ----
  void time() {
    KernelDerivation::Time& figures = d_.time.emplace();
    double reductionOps = 0;
    if (!k_.reductions.empty()) {
      double step = reductionSteps(threads_, p_.itersPerThread);
      reductionOps = step * static_cast<double>(k_.reductions.size());
      p_.sync += reductionOps;
      p_.arith += reductionOps;
      figures.reduction = reductionKernel(step);
    }
    double fpWeight = fp64_ ? static_cast<double>(g_.fp32PerSm) / g_.fp64PerSm : 1.0;
    double sfuWeight = static_cast<double>(g_.fp32PerSm) / g_.sfuPerSm;
    p_.compInsts = fpArith_ * fpWeight + (p_.arith - fpArith_) + p_.reciproc * (sfuWeight + s_.divisionExtra) +
                   p_.trans * sfuWeight + p_.branch + p_.cacheHits * s_.cacheHitCost;
    figures.reductionOps = reductionOps;
    figures.fpWeight = fpWeight;
    figures.sfuWeight = sfuWeight;
    figures.fp64 = fp64_;
    HongKimInput in = machine();
    double activeSms = std::min<double>(g_.sms, static_cast<double>(p_.blocks));
    double activeBlocks = std::min<double>(static_cast<double>(occupancy_.activeBlocks),
                                           std::ceil(static_cast<double>(p_.blocks) / activeSms));
    in.activeSms = activeSms;
    in.blocks = static_cast<double>(p_.blocks);
    in.activeBlocksPerSm = activeBlocks;
    in.activeWarpsPerSm = activeBlocks * static_cast<double>(occupancy_.warpsPerBlock);
    in.compInsts = p_.compInsts;
    in.coalMemInsts = p_.coalAccesses;
    in.uncoalMemInsts = p_.uncoalAccesses;
    in.synchInsts = p_.sync;
    in.uncoalPerMw = std::max(1.0, p_.uncoalPerAccess);
    in.loadBytesPerWarp = p_.loadBytesPerWarp;
    HongKimResult r = hongKim(in);
    p_.mwp = r.mwp;
    p_.cwp = r.cwp;
    p_.warps = in.activeWarpsPerSm;
    p_.rep = static_cast<int64_t>(std::ceil(r.rep));
    p_.compCycles = r.compCycles;
    p_.memCycles = r.memCycles;
    p_.cycles = r.cycles;
    p_.seconds = r.seconds;
    p_.memorySeconds = r.execMemory / (g_.clockGhz * 1e9);
    p_.computeSeconds = r.execCompute / (g_.clockGhz * 1e9);
    p_.syncSeconds = r.synchCost / (g_.clockGhz * 1e9);
    p_.bound = r.bound;
    figures.input = in;
    figures.result = r;
  }
  HongKimInput machine() const {
    HongKimInput in;
    in.issueCycles = 32.0 / g_.fp32PerSm;
    in.freqGhz = g_.clockGhz;
    in.memBandwidthGbs = g_.dramGbs;
    in.memLd = memory_.latency;
    in.departureDelCoal = memory_.departureDelCoal;
    in.departureDelUncoal = memory_.departureDelUncoal;
    in.mlp = memory_.mlp;
    return in;
  }
  /// MODEL.md §7: one block of [threads_x, 1, 1] folds the main kernel's partial results; `stepsInKernel`
  /// are (9) and (10)'s, in the main kernel.
  KernelDerivation::ReductionKernel reductionKernel(double stepsInKernel) {
    int64_t partials = p_.blocks;
    int64_t threads = reductionBlockThreads(partials, g_.maxThreadsPerBlock);
    int64_t loads = std::max<int64_t>(s_.reductionLoadsPerThread, ceilDiv(partials, threads));
    double steps = std::ceil(std::log2(static_cast<double>(threads)));
    HongKimInput in = machine();
    in.activeSms = 1;
    in.blocks = 1;
    in.activeBlocksPerSm = 1;
    in.activeWarpsPerSm = static_cast<double>(ceilDiv(threads, 32));
    in.compInsts = steps + static_cast<double>(loads);
    in.coalMemInsts = static_cast<double>(loads);
    in.synchInsts = steps;
    in.loadBytesPerWarp = 32.0 * 8;
    // Its loads read the partial results the main kernel has just written: an L2 hit, one
    // coalesced 8-B element per lane (MODEL.md §12).
    in.memLd = g_.l2Latency;
    in.departureDelCoal = 0;
    in.departureDelUncoal = 0;
    in.mlp = 1;
    HongKimResult r = hongKim(in);
    p_.reductionThreads = threads;
    p_.reductionSeconds = r.seconds * static_cast<double>(k_.reductions.size());
    return {stepsInKernel, k_.reductions.size(), partials, threads, loads, steps, r.cycles, r.seconds};
  }

  // ---- whole program: launches, roofline ----
  void launches() {
    std::set<std::string> lacking;
    std::optional<double> calls = calls_.of(procId_, lacking);
    bool known = calls.has_value();
    double n = calls.value_or(0);
    KernelDerivation::Launches& figures = d_.launches.emplace();
    figures.procedureKey = program_.procedures().at(procId_).key;
    figures.calls = calls;
    for (Id l : k_.enclosing) {
      std::optional<double> trip = symbols_.tripCount(l, lacking);
      figures.enclosing.emplace_back(program_.loop(l).key, trip);
      known = known && trip.has_value();
      n *= trip.value_or(0);
    }
    int64_t kernelsPerLaunch = 1 + static_cast<int64_t>(k_.reductions.size());
    figures.kernelsPerLaunch = kernelsPerLaunch;
    figures.known = known && lacking.empty();
    p_.launchOverheadSeconds = static_cast<double>(kernelsPerLaunch) * g_.launchOverheadUs * 1e-6;
    double perLaunch = p_.seconds + p_.reductionSeconds + p_.launchOverheadSeconds;
    if (known && lacking.empty()) {
      p_.launches = n;
      p_.totalSeconds = n * perLaunch;
    } else {
      p_.launches = -1;
      p_.missing.insert(lacking.begin(), lacking.end());
    }
    // Roofline (seed 001): operations per byte of DRAM traffic, and the time the slower of the two
    // peaks allows.
    double threadsTotal = static_cast<double>(p_.blocks * threads_);
    double ops = (p_.arith + p_.reciproc + p_.trans) * threadsTotal;
    double bytes = memoryBytes_ / 32.0 * threadsTotal;
    double peakOps = static_cast<double>(g_.sms) * (fp64_ ? g_.fp64PerSm : g_.fp32PerSm) * g_.clockGhz * 1e9;
    double computeSeconds = ops / peakOps, memorySeconds = bytes / (g_.dramGbs * 1e9);
    p_.intensity = bytes > 0 ? ops / bytes : 0;
    p_.rooflineSeconds = std::max(computeSeconds, memorySeconds);
    p_.rooflineBound = memorySeconds >= computeSeconds ? "memory" : "compute";
    d_.roofline = KernelDerivation::Roofline{ops, bytes, peakOps};
  }

  ProgramFacts& program_;
  const KernelFacts& k_;
  const PredictOptions& o_;
  const ModelSettings& s_;
  const GpuProfile& g_;
  Symbols& symbols_;
  CallCounts& calls_;
  KernelPrediction p_;
  KernelDerivation d_;  ///< the figures on the way, for an explanation
  Id procId_ = 0;
  std::vector<double> iters_;  ///< per dimension, innermost (X) first
  int64_t threads_ = 1;
  std::map<std::string, Id> loopVars_;
  std::vector<std::string> slotVar_;  ///< each slot's loop variable
  /// MODEL.md §12: Hong & Kim's memory inputs that follow from this kernel's requests.
  struct MemoryInputs {
    double latency = 0, departureDelCoal = 0, departureDelUncoal = 0, mlp = 1;
  } memory_;
  std::map<Id, const facts::BlockRow*> blockById_;
  std::map<Id, std::vector<const facts::BlockRow*>> childBlocks_;
  std::map<Id, std::vector<const facts::ArrayRefRow*>> refsOf_;
  std::map<Id, double> trips_, weight_;
  std::map<Id, int64_t> starts_, steps_;
  std::map<std::string, size_t> slots_;                      ///< loop variable -> slot
  std::vector<size_t> warpLanes_;   ///< warp w's active lanes are [warpLanes_[w], warpLanes_[w + 1])
  std::vector<int64_t> laneValues_; ///< per active lane of the first block, the nest's variables' values
  std::set<Id> divergentBranches_;
  std::vector<Reference> references_;
  std::map<Id, size_t> arrayBases_;
  Occupancy occupancy_;
  double fpArith_ = 0, memoryBytes_ = 0;
  bool fp64_ = false;
};

/// Bytes of a variable named by a data directive; nullopt when its size is unknown.
std::optional<double> variableBytes(ProgramFacts& program, Symbols& symbols, Id procId, const std::string& name,
                                    std::set<std::string>& missing) {
  const facts::VariableRow* v = program.variableNamed(procId, name);
  if (!v) {
    missing.insert(name);
    return std::nullopt;
  }
  double bytes = bytesOr(*v, 4);
  if (v->elements) return bytes * static_cast<double>(*v->elements);
  bool known = true;
  for (size_t dim = 0; dim < v->dims.size(); ++dim) {
    std::optional<double> extent = symbols.extent(*v, dim, missing);  // every missing extent named
    known &= extent.has_value();
    bytes *= extent.value_or(0);
  }
  if (!known) return std::nullopt;
  return bytes;
}

/// One thread's view of the program: its own facts (and database connection: a connection and its
/// prepared statements belong to one thread), symbols and call counts.
struct PredictorContext {
  PredictorContext(ProgramFacts& program, const PredictOptions& options)
      : program(program), symbols(program, options), calls(program, symbols) {
    // Every procedure's call count, in id order: a recursive cycle's count depends on where its
    // evaluation starts, so every context starts at the same place.
    std::set<std::string> ignored;
    for (const auto& [procId, facts] : program.procedures()) calls.of(procId, ignored);
  }
  ProgramFacts& program;
  Symbols symbols;
  CallCounts calls;
};

/// Runs `work` on a context of another thread's own: a read-only connection to the same database
/// (a connection and its prepared statements belong to one thread), the program's facts through it.
template <class Work>
void withOwnContext(const ProgramFacts& program, const PredictOptions& options, Work&& work) {
  std::unique_ptr<SQLite::Database> db =
      db::open(program.database().getFilename(), SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX);
  ProgramFacts own(program, *db);
  PredictorContext context(own, options);
  work(context);
}

KernelPrediction predictKernel(PredictorContext& context, KernelFacts& k, const PredictOptions& options,
                               const ModelSettings& settings) {
  context.program.readKernelBody(k);
  KernelModel model(context.program, k, options, settings, context.symbols, context.calls);
  KernelPrediction p = model.run();
  if (options.explainAll || options.explainLoop == p.loopKey)
    p.derivation = std::make_shared<const KernelDerivation>(model.takeDerivation());
  // Freed, not emptied (`= {}` assigns an empty list and keeps the capacity).
  k.blocks = decltype(k.blocks)();
  k.statements = decltype(k.statements)();
  k.references = decltype(k.references)();
  return p;
}

/// Predicts every kernel on `options.jobs` threads: each takes the next kernel not yet taken, so
/// the results (kept by the kernel's index) do not depend on the number of threads.
std::vector<KernelPrediction> predictKernels(PredictorContext& main, std::vector<KernelFacts>& kernels,
                                             const PredictOptions& options, const ModelSettings& settings) {
  std::vector<KernelPrediction> predictions(kernels.size());
  std::atomic<size_t> next{0};
  auto work = [&](PredictorContext& context) {
    for (size_t i = next++; i < kernels.size(); i = next++) predictions[i] = predictKernel(context, kernels[i], options, settings);
  };
  // A helper thread reads the kernel bodies on its own connection and works out its own symbols
  // and call counts: worth it only for many kernels.
  constexpr size_t kKernelsPerExtraThread = 256;
  size_t extra = std::min<size_t>(options.jobs > 1 ? options.jobs - 1 : 0, kernels.size() / kKernelsPerExtraThread);
  std::vector<std::thread> helpers;
  std::vector<std::exception_ptr> failures(extra);
  std::vector<std::pair<std::set<std::string>, std::set<std::string>>> helperKeys(extra);  // --param keys asked, used
  for (size_t t = 0; t < extra; ++t)
    helpers.emplace_back([&, t] {
      try {
        withOwnContext(main.program, options, [&](PredictorContext& context) {
          work(context);
          helperKeys[t] = {context.symbols.asked(), context.symbols.used()};
        });
      } catch (...) {
        failures[t] = std::current_exception();
        next = kernels.size();  // the others stop too
      }
    });
  std::exception_ptr mainFailure;
  try {
    work(main);
  } catch (...) {
    mainFailure = std::current_exception();
    next = kernels.size();
  }
  for (std::thread& h : helpers) h.join();  // before anything leaves: a joinable thread's destructor terminates
  if (mainFailure) std::rethrow_exception(mainFailure);
  for (const std::exception_ptr& f : failures)
    if (f) std::rethrow_exception(f);
  for (const auto& [asked, used] : helperKeys) main.symbols.merge(asked, used);
  return predictions;
}

}  // namespace

std::string_view accessPatternName(AccessPattern pattern) {
  switch (pattern) {
    case AccessPattern::Coalesced: return "coalesced";
    case AccessPattern::Misaligned: return "misaligned";
    case AccessPattern::Strided: return "strided";
    case AccessPattern::Gather: return "gather";
  }
  return "gather";
}

std::string formatNumber(double v) {
  char buffer[64];
  auto end = std::isfinite(v) && std::fabs(v) < 1e15 && v == std::floor(v)
                 ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<int64_t>(v)).ptr
                 : std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::general, 6).ptr;
  return std::string(buffer, end);
}

ProgramPrediction predictProgram(ProgramFacts& program, std::vector<KernelFacts>& kernels,
                                 const PredictOptions& options, const ModelSettings& settings) {
  ProgramPrediction result;
  PredictorContext context(program, options);
  Symbols& symbols = context.symbols;
  double kernelSeconds = 0, reductionSeconds = 0, launchSeconds = 0;
  bool known = true;
  // Host <-> device traffic (MODEL.md §1, §12): the copies the DVMH runtime makes, following which
  // copy of each array is actual through the program (predictor/Transfers.hpp). Followed on a
  // thread of its own beside the kernels, with its own connection and symbols.
  TransferPlan plan;
  std::pair<std::set<std::string>, std::set<std::string>> planKeys;  // --param keys asked, used
  std::exception_ptr planFailure;
  auto followTransfers = [&](PredictorContext& own) {
    plan = planTransfers(
        own.program, [&](Id loopId, std::set<std::string>& lacking) { return own.symbols.tripCount(loopId, lacking); },
        [&](Id procId, const std::string& name, std::set<std::string>& lacking) {
          return variableBytes(own.program, own.symbols, procId, name, lacking);
        });
  };
  std::thread planner;
  if (!program.database().getFilename().empty())
    planner = std::thread([&] {
      try {
        withOwnContext(program, options, [&](PredictorContext& own) {
          followTransfers(own);
          planKeys = {own.symbols.asked(), own.symbols.used()};
        });
      } catch (...) {
        planFailure = std::current_exception();
      }
    });
  std::vector<KernelPrediction> predictions;
  try {
    predictions = predictKernels(context, kernels, options, settings);
  } catch (...) {
    if (planner.joinable()) planner.join();
    throw;
  }
  if (planner.joinable()) planner.join();
  else followTransfers(context);
  if (planFailure) std::rethrow_exception(planFailure);
  symbols.merge(planKeys.first, planKeys.second);
  for (size_t i = 0; i < kernels.size(); ++i) {
    const KernelFacts& k = kernels[i];
    KernelPrediction& p = predictions[i];
    if (p.status != "ok" || p.launches < 0) {
      known = false;
      result.missing.insert(p.missing.begin(), p.missing.end());
    } else {
      kernelSeconds += p.launches * p.seconds;
      reductionSeconds += p.launches * p.reductionSeconds;
      launchSeconds += p.launches * static_cast<double>(1 + k.reductions.size()) * options.gpu.launchOverheadUs * 1e-6;
    }
    if (p.status != "ok") ++result.unresolved;
    result.kernels.push_back(std::move(p));
  }
  double transferSeconds = 0, transferBytes = 0;
  if (!plan.missing.empty()) {
    known = false;
    result.missing.insert(plan.missing.begin(), plan.missing.end());
  }
  for (const TransferCopies& c : plan.copies) {
    double seconds = c.copies * (options.gpu.hostLinkLatencyUs * 1e-6 + c.bytes / (options.gpu.hostLinkGbs * 1e9));
    transferBytes += c.copies * c.bytes;
    transferSeconds += seconds;
    auto p = program.procedures().find(c.procId);
    result.transfers.push_back({c.kind, c.clause, c.name, p == program.procedures().end() ? "" : p->second.name, c.line,
                                c.toDevice, c.bytes, c.copies, seconds});
  }
  if (known && transferBytes > kLargestCount) {
    known = false;
    result.missing.insert("transfers of at most 2^62 bytes (the sizes make " + formatNumber(transferBytes) + ")");
  }
  if (known) {
    result.kernelSeconds = kernelSeconds;
    result.reductionSeconds = reductionSeconds;
    result.launchSeconds = launchSeconds;
    result.transferSeconds = transferSeconds;
    result.transferBytes = static_cast<int64_t>(transferBytes);
    result.totalSeconds = kernelSeconds + reductionSeconds + launchSeconds + transferSeconds;
  }
  result.paramsAsked = symbols.asked();
  result.paramsUsed = symbols.used();
  return result;
}

}  // namespace sapfor::predictor
