/// @file Effects.hpp
/// What statements and procedures read and write. A procedure's summary lists the variables
/// outside it that a call may touch (dummies, COMMON, module and host variables, SAVE locals),
/// transitively through what it calls, and whether it does I/O or may STOP. A statement's effects
/// are its own references plus what its calls do to their arguments and to shared variables, so
/// that a call inside a loop counts as what it does, not as "unknown".
#pragma once

#include "analyzer/ProgramModel.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace sapfor::analyzer {

/// Where a variable lives, seen from a procedure that uses it.
enum class Reach { Local, Dummy, Common, Module, Host, Save };
const char* reachName(Reach reach);

/// A box of an array dummy that a call writes whole (Effect::definedBoxes): the dimensions it
/// fills from their lower bound to their upper (bit d of `filled`); those it writes over a range
/// (bit d of `ranged`) from `at[d]` to `to[d]`; in each other one element, `at[d]`. Each an
/// affine form of the callee's integer dummies as they were on entry (unused where filled).
struct DefinedBox {
  uint32_t filled = 0;
  uint32_t ranged = 0;
  std::vector<facts::AffineForm> at, to;
  bool operator==(const DefinedBox&) const = default;
};

/// A variable outside a procedure that calling it may read or write.
struct Effect {
  Id varId = 0;
  std::string name;
  Reach reach = Reach::Local;
  int position = 0;        ///< a dummy's 1-based position
  bool reads = false;
  bool writes = false;
  bool defines = false;    ///< written before it is read on every path of a call
  /// An array dummy of a constant shape: every element of it, as declared, is written before
  /// any is read, on every path of a call (Effects::definedArrays says what is proven).
  bool definesWhole = false;
  /// A rank-1 array dummy: elements first..last, affine forms of the callee's integer dummies
  /// as they were on entry, are written on every path of a call (DO i = 1, n: x(i) = ...),
  /// before any element is read but where the loop reads the element it just wrote
  /// (y(i) = x(i) * 2 after it). Empty when not proven.
  std::vector<facts::AffineForm> definedRange;
  /// With definedRange: every element the call reads of it, it has written first (nothing reads
  /// it after that loop).
  bool readsOnlyWritten = false;
  /// An array dummy of a constant shape written element by element, not whole: the elements
  /// (as the dummy's subscripts) written on every path of a call before any element is read.
  std::vector<std::vector<int64_t>> definedElements;
  /// An array dummy of an explicit shape (Effects::boxable) written box by box, not whole: the
  /// boxes written on every path of a call before any element is read (BT-style
  /// `lhsinit(lhs, size)`, lhs(5, 5, 3, 0:size): lhs(m, n, c, 0) and lhs(m, n, c, size) for m
  /// and n over their dimensions, c = 1, 2, 3).
  std::vector<DefinedBox> definedBoxes;
  /// An array dummy the callee writes, every reference of its own to it subscripted, with the
  /// subscript in each dimension of `columns` (0-based, ascending) the same in all: the
  /// `columnForms`, affine forms of integer scalar dummies the callee never changes (CLOUDSC's
  /// TENDENCY_LOC_T(JL, JK), JL a dummy; SNAP's q(m, ic, j, k, ich), j and k dummies); the
  /// dummy passed to no call. Likewise an array of its host an internal procedure writes, when
  /// it calls no procedure. Two calls whose forms differ in one of those dimensions touch
  /// different elements of it (LoopAnalysis::columnAt, sharedColumnAt). Empty: not so.
  std::vector<int> columns;
  std::vector<facts::AffineForm> columnForms;
  std::string via;         ///< the callee it comes through; empty: the procedure itself
};

struct ProcedureSummary {
  bool hasBody = false;
  /// I/O on a path that may return (Endings: not on one that ends the program).
  bool io = false;
  /// It may end the program: a STOP, or a call of a procedure that may (abort_ice).
  bool stop = false;
  /// Where: the first such statement of its own, or its first callee's ("WRITE at line 27 of
  /// report"; "call of MPI_ABORT in fail").
  std::string ioAt, stopAt;
  std::set<std::string> unknownCalls;
  std::set<std::string> hostOnly;  ///< known externals it reaches that run on the host only (data/externals.txt)
  /// Intrinsic subroutines it reaches whose calls share a hidden state (RANDOM_NUMBER's
  /// generator): no two calls may run at once.
  std::set<std::string> sharedState;
  /// A POINTER it (or a procedure it calls) DEALLOCATEs, the first: what that frees, another
  /// pointer may point at too ("": none).
  std::string freesPointer;
  /// A statement of its own, or of a procedure it calls, the front end could not parse or
  /// skipped (ProcedureRow::unreadLine): "line 5 of kern"; "" none. What a call does is then
  /// unknown.
  std::string unread;
  std::map<std::pair<Reach, std::string>, Effect> effects;
  /// The deepest nest of wide loops (wideLoop) it runs, or a procedure it calls runs: how many
  /// loops a kernel could map onto threads there.
  int wideNestDepth = 0;
  /// No I/O, no STOP, no unknown callee, no hidden state shared, no write outside its dummies.
  bool pure() const;
  const Effect* dummy(const std::string& name) const;
};

/// One scalar access of a statement. A write is definite when it sets the whole variable every
/// time the statement runs (not in a logical IF's action, not a component, not a call's maybe).
struct ScalarAccess {
  Id varId = 0;
  char access = 'R';
  bool definite = false;
  Id callId = 0;             ///< made by this call (0: by the statement itself)
  bool viaArgument = false;  ///< a call's: through the argument it is passed as (not COMMON, a module, the host)
};

/// A whole-array access made by a call: the callee reads or writes an argument or a shared array.
struct CallArrayAccess {
  Id varId = 0;
  char access = 'R';
  Id callId = 0;
  int argument = 0;  ///< the actual argument's position; 0 for a shared array
  Id refId = 0;      ///< an element passed to a scalar dummy: the callee touches only it
  /// The reference the argument is (a whole array, a section, an element passed to an array
  /// dummy, a component p%x(i)); 0 for a shared array. What of it the callee may touch is the
  /// analysis' to say: a section, or the whole of the array the element is of.
  Id argumentRef = 0;
  /// A write of an array passed whole to a dummy the callee defines whole (Effect::definesWhole)
  /// and at least as large: every element is written before the callee reads any.
  bool definesAll = false;
  /// A write of an array passed whole to a dummy of its shape the callee writes element by
  /// element (Effect::definedElements): those elements, as the caller's subscripts; or the
  /// element passed to a scalar dummy the callee defines, of constant subscripts.
  std::shared_ptr<const std::vector<std::vector<int64_t>>> definedElements;
  /// A CALL statement's write of the element passed (refId) to a scalar dummy every procedure
  /// the call runs defines (Effect::defines): it writes that element whenever the statement
  /// runs, reading none of the caller's value.
  bool definesElement = false;
  /// A write of an element or a section passed to an array dummy that every procedure the call
  /// runs defines whole (Effect::definesWhole): the callee writes as many elements as the dummy
  /// has, from that element on or of that section, before it reads any (LoopAnalysis::
  /// elementRegion and filledBySection say which).
  bool definesPart = false;
};

/// A procedure a call may run, and where a type-bound call's object goes.
struct CallTarget {
  Id proc = 0;
  /// A type-bound call: the dummy its object is passed to ("" under NOPASS: none). Its other
  /// positional arguments are the procedure's other dummies, in order.
  std::string passed;
  bool operator==(const CallTarget&) const = default;
};

/// The procedures a call may run (Effects::resolve): one, or several (a generic interface's
/// specifics, every procedure that an object's type or an extension of it binds). `unknown`:
/// some procedure it may run is not known here (no body loaded, a dummy procedure, a procedure
/// pointer, a binding of a type not loaded), `why` says which; nothing is known of the call then.
struct ResolvedCall {
  std::vector<CallTarget> targets;
  bool unknown = false;
  std::string why;
};

struct ScalarFlow;  // analyzer/ScalarFlow.hpp

/// What a call does that keeps its loop from running in parallel.
struct CallProblem {
  ReasonKind kind = ReasonKind::Call;  ///< Io, Call; HostOnly or Stop (notes: the loop runs on the host only)
  Id callId = 0;
  std::string name;  ///< the callee, or the shared variable it writes
  std::string message;
  bool blocking = true;
};

struct StatementEffects {
  std::vector<ScalarAccess> scalars;
  std::vector<CallArrayAccess> arrays;
  std::vector<CallProblem> problems;
  bool opaqueCall = false;  ///< calls a procedure with no body here: it may touch any COMMON or module variable
  /// The program ends in it whenever it runs: a STOP, a CALL of an error handler with its fatal
  /// severity (data/error_exits.txt), and once the endings are known (Effects::settleCalls) a
  /// CALL that never returns. What follows it on its path never runs (ScalarFlow).
  bool ends = false;
};

class Effects {
 public:
  /// Summarizes every procedure, loading each one's code in turn into `program`.
  Effects(Program& program, ProgramReader& reader);
  /// No summaries yet: they are fed procedure by procedure as the code arrives (addLoaded), then
  /// completed once every procedure has been seen (sapfor-lex's analysis during the load).
  explicit Effects(const Program& program);
  /// Adds what the procedure loaded in the program does itself: its references, I/O, STOP and
  /// calls, and which scalar dummies a call to it defines.
  void addLoaded();
  /// Once every procedure is in: resolves the calls. Their effects reach their callers once
  /// settleCalls() has run.
  void complete();
  /// After complete(): where calls end the program (Endings, reading the code of the procedures
  /// that may end it with `load`), then the calls' effects carried into their callers, to a fixed
  /// point. A call that never returns, or one on a path that ends the program, carries only that
  /// it may end it.
  void settleCalls(const std::function<void(Id, Program::Detail)>& load);
  /// Whether a call never returns: every procedure it may run ends the program on every path,
  /// given the optional dummies the call passes (known once settleCalls() has run; a call of
  /// ABORT or EXIT, which have no body here, never returns).
  bool neverReturns(const CallRow& call) const;
  /// Before complete(), while procedures are still arriving: the procedure a call reaches among
  /// those added so far, when its summary is already what complete() will make it (it calls no
  /// procedure and is no ENTRY); 0 for a name no procedure has yet; nullopt when the call must
  /// wait for complete(). A later procedure may still take the call (a module procedure of the
  /// same name): whoever uses the answer checks callee() against it after complete().
  std::optional<Id> settledCallee(const CallRow& call);

  /// The procedures a call may run: the module procedures or specifics the front end resolved it
  /// to (call_target), the procedures a type binds (with its extensions' for a polymorphic
  /// object: the program is taken to be all loaded), or, by name alone, an internal procedure of
  /// the caller or its hosts, else an external one.
  ResolvedCall resolve(const CallSpec& call, Id callerProc) const;
  ResolvedCall resolve(const CallRow& call) const { return resolve(CallSpec::of(call), call.procId); }
  /// The one procedure a call runs; 0 when it may run another or one not known (use resolve()).
  Id callee(const CallRow& call) const;
  /// A procedure by name, seen from `callerProc`: internal to it or its hosts, else external.
  Id byName(const std::string& name, Id callerProc) const;
  /// Module `module`'s procedure `name` (0: none, or two modules of that name have one).
  Id moduleProcedure(const std::string& module, const std::string& name) const;
  /// The dummy of `target` that argument k (0-based; call.args[k]) is passed to: by keyword, as
  /// a type-bound call's object, or by position among the other arguments (null: none).
  const std::string* dummyName(const CallTarget& target, const CallRow& call, size_t k) const;
  /// What `target`'s summary says of that dummy (null: no such dummy, or it is neither read nor
  /// written).
  const Effect* dummyOf(const CallTarget& target, const CallRow& call, size_t k) const;
  const ProcedureSummary& summary(Id procId) const { return summaries_[static_cast<size_t>(procId - 1)]; }
  /// A statement's scalar accesses, with its calls' effects on their arguments and on shared
  /// variables; `withCalls = false`: the statement's own references only, arguments read.
  /// `onEndingPath`: the statement is on a path that ends the program (Endings), and its calls
  /// carry only their arguments' reads, as calls that never return do.
  /// `passedDummies` (withCalls false; noteDefinitions' walk): a scalar dummy of the procedure
  /// passed whole to a call is read, then written there (definitely, unless guarded); in the
  /// statements listed for it, only written (their calls are taken to define it).
  StatementEffects of(const StatementRow& s, bool withCalls = true, bool onEndingPath = false,
                      const std::map<Id, std::set<Id>>* passedDummies = nullptr) const;
  /// Where variable `varId` lives, seen from procedure `procId`.
  Reach reach(Id varId, Id procId) const;
  /// Every procedure that declares the COMMON block of variable `varId`, with its members whose
  /// bytes overlap the variable's (callerView).
  std::vector<std::pair<Id, std::vector<Id>>> commonViews(Id varId) const;
  /// Before settleCalls(): whether procedure `proc` may yet be found to define its scalar dummy
  /// `var` through its calls (it passes it on to calls, or calls a procedure it hosts).
  bool definitionPending(Id proc, Id var) const {
    auto found = assumedDefinitions_.find(proc);
    return (found != assumedDefinitions_.end() && found->second.count(var)) || (hosts_.count(proc) && callers_.count(proc));
  }
  /// Before complete(): whether procedure `proc` may yet be found to define more of its array
  /// dummy `var` through the call it passes it on to (CallDefinition).
  bool arrayDefinitionPending(Id proc, Id var) const {
    auto found = arrayDefinitions_.find(proc);
    if (found == arrayDefinitions_.end()) return false;
    auto defined = found->second.find(var);
    return defined != found->second.end() && defined->second.call.has_value();
  }
  /// Whether a procedure has internal procedures or ENTRY points.
  bool hosts(Id procId) const { return hosts_.count(procId) != 0; }
  /// The POINTER a DEALLOCATE statement (or a logical IF's) frees the target of, as written
  /// (p, x%p); an object not known to be no pointer counts as one. Nullopt: it frees none.
  std::optional<std::string> deallocatedPointer(const StatementRow& s) const;

 private:
  /// A call as the summaries need it once its procedure's code is gone.
  struct CallSite {
    Id caller = 0;
    Id callId = 0;
    CallSpec spec;
    ResolvedCall resolved;
    bool errorExit = false;  ///< it ends the program by the severity it passes (isErrorExit)
    struct Argument {
      size_t positional = 0;  ///< its position among the arguments that are not an object (0-based)
      std::string keyword;
      bool object = false;
      Id var = 0;             ///< the caller's variable it names
    };
    std::vector<Argument> arguments;
    /// Per actual argument (those naming no variable too): its keyword, whether it is the object.
    std::vector<std::pair<std::string, bool>> passed;
  };
  /// The dummy of `target` an argument is passed to (dummyName's rule).
  const std::string* dummyName(const CallTarget& target, bool object, const std::string& keyword, size_t positional) const;
  /// The procedures type `typeId` (and, `polymorphic`, each extension of it) binds to `binding`
  /// (resolve()'s rule); false when one is not known.
  bool bindingTargets(Id typeId, const std::string& binding, bool polymorphic, std::vector<CallTarget>& out) const;
  /// What a non-abstract type (the dynamic type) binds to `binding`: its own or an ancestor's
  /// procedure, or a generic's specifics; false when not known.
  bool boundAt(Id typeId, const std::string& binding, std::vector<CallTarget>& out, int depth) const;

  /// Whether a procedure's summary needs its code walked: it writes a scalar dummy, which a call
  /// may define.
  bool writesScalarDummy(const ProcedureSummary& summary) const;
  /// The walk of the loaded procedure's scalars that finds the dummies it defines: by its own
  /// references, its calls reading what they pass (`withCalls` false; `passedDummies`: as of()'s),
  /// or with what its calls do (true, after the calls' fixed point).
  ScalarFlow definitionFlow(const ProcedureRow& p, bool withCalls, const std::map<Id, std::set<Id>>* passedDummies) const;
  /// The dummies of `summary`'s procedure that its walk `flow` shows written before they are
  /// read on every path.
  static std::set<Id> definedIn(const ProcedureSummary& summary, const ScalarFlow& flow);
  /// Whether the loaded procedure passes one of its scalar dummies (not INTENT(IN)) whole to a call.
  bool passesScalarDummy(const ProcedureRow& p) const;
  /// Notes the loaded procedure's definitions: its own (definitions_), and those it makes once
  /// its calls define what it passes them (assumedDefinitions_).
  void noteDefinitions(const ProcedureRow& p);
  /// settleCalls' last part: the scalar dummies a procedure defines through its calls (it
  /// passes one to calls that all define it: collision(..., hr) -> hydro_const_theta(z, hr, t)),
  /// to a fixed point from what the code's walks noted, and those of a procedure calling one it
  /// hosts, walked once more with its calls' effects (its code loaded with `load`).
  void defineThroughCalls(const std::function<void(Id, Program::Detail)>& load);
  /// Whether it writes an array dummy definedArrays may prove written (definableArray).
  bool writesArrayDummy(const ProcedureSummary& summary) const;
  /// An array dummy written or passed to a call, of a constant shape, of an assumed shape or of
  /// rank 1: whether all or a range of it is written before it is read, definedArrays may prove.
  bool definableArray(const Effect& e) const;
  /// A CALL statement that passes an array dummy on, where definedArrays' walk stops for it:
  /// what the call defines of what it is passed is known once its callees' summaries are
  /// (callDefinitions).
  struct CallDefinition {
    Id callId = 0;
    /// An argument naming the dummy: passed whole, or one element of it (its subscripts).
    struct Part {
      size_t positional = 0;
      std::string keyword;
      std::optional<std::vector<int64_t>> element;
    };
    std::vector<Part> parts;
    /// The arguments that are integer literals, for the bounds of a range the callee defines.
    std::vector<std::pair<Part, int64_t>> literals;
    std::set<std::vector<int64_t>> pieces;  ///< the elements written before the call
  };
  /// The array dummies of the loaded procedure `p` (its summary `summary`) that have columns
  /// (Effect::columns): per dummy, the dimensions and their forms.
  using Columns = std::map<Id, std::pair<std::vector<int>, std::vector<facts::AffineForm>>>;
  Columns columnsOf(const ProcedureRow& p, const ProcedureSummary& summary) const;
  static void markColumns(ProcedureSummary& summary, const Columns& columns);
  /// Notes in its summary a statement of `p` the front end could not read (ProcedureSummary::unread).
  static void noteUnread(ProcedureSummary& summary, const ProcedureRow& p);
  /// Whether it writes, in its own statements, an array dummy or an array of its host
  /// (columnsOf may find columns of it).
  bool writesOwnArray(const ProcedureSummary& summary) const;
  /// An explicit shape of constant lower bounds and extents but the last, which may be an affine
  /// form (declaredDimension: lhs(5, 5, 3, 0:size)): what definedArrays may find boxes of.
  static bool boxable(const Variable& v);
  /// What definedArrays proves of one array dummy: all of it, or a range of a rank-1 one.
  struct DefinedArray {
    bool whole = false;
    std::vector<facts::AffineForm> range;  ///< first, last (Effect::definedRange)
    bool readsOnlyWritten = false;         ///< Effect::readsOnlyWritten
    std::vector<std::vector<int64_t>> elements;  ///< Effect::definedElements
    std::vector<DefinedBox> boxes;               ///< Effect::definedBoxes
    std::optional<CallDefinition> call;    ///< more, if the call defines what it is passed
  };
  /// After finish() marked what each procedure's own walk proved: the array dummies passed on to
  /// calls that define them (CallDefinition), to a fixed point (a callee's may rest on its own
  /// calls). Monotone from what the walks proved, so the order the procedures come in does not
  /// change the result.
  void callDefinitions(const std::map<std::pair<Id, Id>, CallDefinition>& pending);
  /// What `call` defines of `actual` through one argument (`part`) with each procedure it runs:
  /// the offsets, in array element order from the element passed, of the elements it writes
  /// before it reads any (nullopt: not known so).
  std::optional<std::pair<int64_t, int64_t>> definedSpan(const CallSite& call, const CallDefinition& definition,
                                                         const CallDefinition::Part& part, const Variable& actual) const;
  /// The array dummies of a constant shape the loaded procedure `p` writes whole before it reads
  /// or passes any of them, on every path: by a whole-array assignment (`d = 0`) or a DO nest at
  /// the top of the body whose loops run exactly over the declared bounds (`d(m) = ...` for
  /// `m = 1, 5` with `d(5)`), with no jump, RETURN or ENTRY before, and no internal procedure
  /// that could read them. And a rank-1 dummy of any shape written over a range by such a DO
  /// loop whose bounds name only integer dummies nothing before it changes (DO i = 1, n: x(i)),
  /// read in that loop only where that write just wrote (x(i) in a later statement of the loop).
  /// And, where the walk meets a CALL that passes one on (whole, or elements with constant
  /// subscripts) and does nothing else with it, what that call will be found to define
  /// (CallDefinition, settled by callDefinitions).
  std::map<Id, DefinedArray> definedArrays(const ProcedureRow& p) const;
  /// Sets each dummy's definesWhole and definedRange from what definedArrays proved.
  static void markDefined(ProcedureSummary& summary, const std::map<Id, DefinedArray>& defined);
  ProcedureSummary& summaryOf(Id procId);
  /// Adds the procedures and variables added to the program since the last call to the name
  /// lookups (byName_, commonVars_).
  void indexNew();
  void addCall(const SummaryFacts::Call& call);
  /// Calls resolved, definitions of passed scalars, the fixed point, ENTRY points.
  /// `load` loads a procedure's code (as much as the Detail asks for) when its definitions were
  /// not computed as it went.
  void finish(const std::function<void(Id, Program::Detail)>& load);
  /// settleCalls' first part: which procedures may end the program, where, and which calls never
  /// return (excludedCalls_, neverReturns_).
  void findEndings(const std::function<void(Id, Program::Detail)>& load);
  /// Whether neverReturns() can be true for the call at all (cheap: most programs have no
  /// procedure that ends it on every path).
  bool mayNeverReturn(const CallRow& call) const;
  /// neverReturns() for a call resolved; `asked`, when given, gains each (procedure, presence)
  /// it looked up with the answer it found.
  bool neverReturns(const CallRow& call, const ResolvedCall& resolved,
                    std::vector<std::pair<std::pair<Id, uint64_t>, bool>>* asked) const;
  /// The bits of `target`'s PRESENT()-tested dummies (presenceTested_) a call passes.
  uint64_t presenceMask(Id target, const std::vector<const std::string*>& dummies) const;
  /// What callee `target` of `call` (in statement `s`) does beyond its arguments: its problems
  /// (I/O, STOP, its own unknown calls) and the shared variables it touches.
  void calleeEffects(const StatementRow& s, const CallRow& call, Id target, StatementEffects& out) const;
  bool propagate(const CallSite& call);
  bool propagate(const CallSite& call, const CallTarget& target);
  bool addEffect(ProcedureSummary& summary, const ProcedureRow& p, Id varId, bool reads, bool writes,
                 const std::string& via);
  /// The caller's variable that an actual argument names, from the statement's references (and
  /// the array reference itself when it is one).
  Id argumentVariable(const StatementRow& s, const std::string& name, bool& isArray, Id* refId = nullptr) const;
  /// What a callee's COMMON variable is seen as in the caller: the caller's members of that block
  /// whose bytes overlap it (all of them where an offset does not fold). A caller that does not
  /// declare the block sees it as the first procedure that does, so that every callee's view
  /// of one block meets in the same variables. Any other variable is itself.
  std::vector<Id> callerView(Id varId, Id callerProc) const;

  const Program& program_;
  std::vector<ProcedureSummary> summaries_;
  std::vector<CallSite> callSites_;
  std::vector<SummaryFacts::Call> calls_;           ///< until finish() resolves them
  std::unordered_map<Id, std::set<Id>> definitions_;  ///< addLoaded: per procedure, the dummies it defines
  /// Per procedure, the scalar dummies it does not define by itself but would once the calls
  /// that first read them (noteDefinitions) define them, each with those calls.
  std::map<Id, std::map<Id, std::vector<Id>>> assumedDefinitions_;
  std::unordered_set<Id> passedArrayDummies_;  ///< array dummies their procedure passes to a call (addCall)
  std::unordered_map<Id, std::map<Id, DefinedArray>> arrayDefinitions_;  ///< addLoaded: per procedure, the array dummies it defines
  std::unordered_map<Id, Columns> arrayColumns_;  ///< addLoaded: per procedure, its array dummies' columns
  std::unordered_map<std::string, std::vector<Id>> byName_;
  /// Module procedures by (module, name); 0 where two modules of one name have one.
  std::map<std::pair<std::string, std::string>, Id> moduleProcedures_;
  std::unordered_map<Id, std::vector<Id>> extensions_;  ///< derived type -> the types extending it
  size_t indexedTypes_ = 0;
  std::map<std::tuple<Id, int32_t, std::string>, Id> commonVars_;  ///< (proc, block, name) -> variable
  std::map<std::pair<Id, int32_t>, std::vector<Id>> commonMembers_;  ///< (proc, block) -> its members
  std::unordered_map<int32_t, Id> firstDeclaring_;                   ///< block -> the first procedure declaring it
  size_t indexedProcedures_ = 0, indexedVariables_ = 0;  ///< how many indexNew() has seen
  std::unordered_set<Id> callers_;  ///< procedures that call some procedure (not a statement function)
  std::unordered_set<Id> hosts_;    ///< procedures with internal procedures or ENTRY points (indexNew)
  Id added_ = 0;                    ///< the last procedure addLoaded() has seen
  /// Per procedure that may end the program: the dummies it tests with PRESENT() (the first 64).
  std::unordered_map<Id, std::vector<std::string>> presenceTested_;
  /// (procedure, the presenceTested_ dummies a call passes, as bits) -> it never returns.
  std::map<std::pair<Id, uint64_t>, bool> neverReturns_;
  bool anyNeverReturns_ = false;  ///< some answer in neverReturns_ is true
  bool endingsKnown_ = false;     ///< findEndings has run: of() knows which calls never return
  /// Calls that never return or stand on a path that ends the program: what they do does not
  /// reach their caller's summary (only that it may end the program).
  std::unordered_set<Id> excludedCalls_;
};

}  // namespace sapfor::analyzer
