/// @file LoopAnalysis.hpp
/// Per loop: the scalars it touches classified (private, reduction, induction, read-only,
/// shared), the dependences it carries between array references, and every reason it cannot run
/// its iterations in parallel, in words a user understands.
#pragma once

#include "analyzer/Delinearize.hpp"
#include "analyzer/Effects.hpp"
#include "analyzer/Endings.hpp"
#include "analyzer/FlowGraph.hpp"
#include "analyzer/FourierMotzkin.hpp"
#include "analyzer/ProgramModel.hpp"
#include "analyzer/ScalarFlow.hpp"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sapfor::analyzer {

/// What the analysis takes on, so that its cost stays bounded (quadratic in an array's
/// references and in a nest's depth): a nest deeper than this is not analyzed, and an array with
/// more references than this in one nest, or the pairs past this many in one nest, are not
/// tested; the loops concerned are "too complex" (a blocking reason).
inline constexpr size_t kMaxNestDepth = 64;
inline constexpr size_t kMaxReferences = 2000;
inline constexpr size_t kMaxPairs = 4'000'000;
/// Dependence rows kept per procedure (its ids number a million: Analyzer's kIdsPerProcedure);
/// past them a loop's further dependences share one row per array and kind.
inline constexpr size_t kMaxDependenceRows = 500'000;

/// Fortran names as a directive spells them: upper case.
std::string upperCase(std::string text);

struct Trait {
  Id varId = 0;
  std::string name;
  TraitKind trait = TraitKind::Shared;
  std::string op;     ///< reduction: sum product max min and or eqv neqv maxloc minloc
  std::optional<int64_t> step;
  std::string locVar;
  std::optional<int64_t> locCount;
  std::optional<bool> liveAfter;
  Id firstStmt = 0;
  int line = 0;
};

struct Reason {
  ReasonKind kind = ReasonKind::Unknown;
  bool blocking = true;
  std::string name;
  int line = 0;
  std::string message;
};

/// One reference to an array in a loop nest: a reference the front end recorded, or an access a
/// called procedure makes (refId 0; its subscripts unknown).
struct ArrayAccess {
  Id refId = 0;
  Id callId = 0;
  int argument = 0;
  Id varId = 0;
  Id stmtId = 0;
  char access = 'R';
  int line = 0;
  const ArrayRefRow* ref = nullptr;                 ///< null: made by a call
  const std::string* array = nullptr;               ///< its name
  const std::vector<LinearExpr>* forms = nullptr;   ///< per dimension (not affine: unknown)
  const std::vector<Id>* chain = nullptr;           ///< the loops around it, outermost first
  /// A call's: the section or the component of the variable it was passed (a(:,j),
  /// p%x(i)%y); what the call touches is within it.
  const ArrayRefRow* argumentRef = nullptr;
  /// A call's: `forms` bound what of the argument's variable it may touch (a section passed,
  /// or the elements an element passed to an explicit-shape dummy starts).
  bool bounded = false;
  /// The components the statement selects from the element it references, when it names none
  /// of them whole (chunk%tiles(t)%field%x_min: field, x_min of chunk%tiles(t)).
  const std::vector<std::string>* selected = nullptr;
  /// A subscript that is a linearized index, in place (buf(off + j + k·depth)) or a scalar set
  /// to one (buf(index) after index = off + j + k·depth): which dimension, its base and stride
  /// (Delinearized::key), and the subscripts with that one split into its digits.
  struct Split {
    size_t dimension = 0;
    std::string key;
    std::vector<LinearExpr> forms;
    /// The split holds in the loops inside the `from` outermost of the nest only (LinearSplit).
    size_t from = 0;
    std::string why;
  };
  const Split* split = nullptr;
  /// A call's write of an array passed whole that the callee writes all of before it reads any
  /// (CallArrayAccess::definesAll).
  bool definesAll = false;
  /// A call's write of the element it is passed to a scalar dummy it defines
  /// (CallArrayAccess::definesElement): as an assignment's write of that element.
  bool definesElement = false;
  /// A CALL's write of a part of the array passed to a dummy it defines whole (CallArrayAccess::
  /// definesPart) that fills dimension d from its lower bound to its upper where bit d is set,
  /// the others as `forms` has them: every element of that slab is written before the callee
  /// reads any. The elements from one passed on, as many as the dummy has (elementRegion's
  /// `whole`: `call exact_solution(xi, eta, zeta, pface(1, 1, ix))`, a dummy of 5), or a section
  /// whose dimensions are whole or single (filledBySection: `call fill(w(:, k))`).
  uint32_t filled = 0;
  /// A call's write of an array passed whole whose elements these the callee writes before it
  /// reads any (CallArrayAccess::definedElements), as the caller's subscripts.
  std::shared_ptr<const std::vector<std::vector<int64_t>>> definedElements;
  /// A call's write of a rank-1 array passed whole to a dummy the callee writes over a range
  /// (Effect::definedRange): that range's first and last element in the caller's names, as
  /// they were at the call.
  const std::vector<LinearExpr>* definedRange = nullptr;
  /// With definedRange: what the call reads of the array it wrote first (Effect::readsOnlyWritten).
  bool readsOnlyWritten = false;
  /// A call's access of an array whose dummy has columns (Effect::columns): their subscripts in
  /// the caller's names (columnAt). The same call at two iterations touches the same element
  /// only where the two are equal in each.
  const std::vector<LinearExpr>* column = nullptr;
  /// With `column`, the array passed whole (or a host's array): what the call touches as the
  /// actual's own subscripts, the columns' values in their dimensions and any value elsewhere
  /// (columnInActual). A reference of the loop's own, or another call's, touches the same element
  /// only where they agree.
  const std::vector<LinearExpr>* inActual = nullptr;
  /// A section's dimensions as ranges, per subscript (nullopt: not a section, or not known): the
  /// element it touches there is at least each of `low` and at most each of `high`, as they
  /// stand at the statement (flux(ibeg:iend, j) after ibeg = jrl, iend = min(jrl + np - 1, n):
  /// low jrl, high jrl + np - 1 and n).
  struct Range {
    std::vector<LinearExpr> low, high;
  };
  const std::vector<std::optional<Range>>* ranges = nullptr;
  /// A CALL's write of an array passed whole to a dummy of its lower bounds and, but in the last
  /// dimension, its extents that the callee writes box by box before it reads any element
  /// (Effect::definedBoxes: BT-style `call lhsinit(lhs, isize)` writing lhs(:, :, c, 0) and
  /// lhs(:, :, c, isize)): each box's filled dimensions and its subscripts in the caller's names
  /// as they stand at the call (unused where filled or ranged; the last dimension filled only
  /// where the extents are the same).
  struct WrittenBox {
    uint32_t filled = 0;
    const std::vector<LinearExpr>* forms = nullptr;
    /// A box written over a range in some dimension (DefinedBox::ranged): each dimension's
    /// bounds where it is not one element (the filled ones their declared bounds), the box's
    /// forms not affine there; null when none is a range.
    const std::vector<std::optional<Range>>* ranges = nullptr;
  };
  const std::vector<WrittenBox>* boxes = nullptr;

  const std::string& name() const { return *array; }
  const std::vector<LinearExpr>& subscripts() const { return *forms; }
  const std::vector<Id>& loops() const { return *chain; }
  /// a(i-1,j) as written, or the name for a whole array.
  std::string text() const;
};

/// Where in its variable an access lands, part by part: chunk%tiles(t)%field%density(j,k) is the
/// parts chunk, tiles, field, density, with the subscripts t and j,k written on two of them.
struct ReferencePath {
  std::vector<std::string> names;  ///< root first
  std::vector<uint32_t> counts;    ///< subscripts on each part (0: none: the whole of it)
  std::vector<LinearExpr> forms;   ///< every part's subscripts in turn
};

struct Dependence {
  Id loopId = 0;  ///< the carrying loop
  std::string name;
  Id varId = 0;
  DependenceKind kind = DependenceKind::Flow;
  int level = 0;
  std::optional<int64_t> distance;
  std::string direction;  ///< < or *
  bool exact = false;
  std::string vector;
  const ArrayAccess* source = nullptr;
  const ArrayAccess* sink = nullptr;
  std::string test, note;
  bool unknown = false;
  int pairs = 1;  ///< reference pairs with this same dependence (source, sink: the first of them)
};

struct LoopResult {
  Id loopId = 0;
  std::vector<Trait> traits;     ///< in order of first access
  std::vector<Reason> reasons;   ///< blocking ones first, in the order found
  std::vector<size_t> dependences;  ///< indexes into LoopAnalysis::dependences() it carries
  std::set<std::string> written;    ///< scalars written inside (names), for symbolic subscripts
  std::set<Id> locArrays;           ///< arrays that only hold a MAXLOC/MINLOC location here
  bool parallel = false;         ///< no blocking reason
  bool acrossCandidate = false;  ///< blocked only by exact flow/anti dependences (a pipeline may do)
  const Trait* trait(const std::string& name) const;
};

class LoopAnalysis {
 public:
  /// `scratchCommons`: COMMON arrays of the procedure that no procedure of the program reads
  /// but after writing them in the same iteration of a loop (commonScratch, a whole-program
  /// fact): those a loop writes before it reads them may be private to it.
  LoopAnalysis(const Program& program, const Effects& effects, const std::set<Id>* scratchCommons = nullptr);

  const LoopResult& result(Id loopId) const { return results_[program_.loopIndex(loopId)]; }
  const std::vector<LoopResult>& results() const { return results_; }
  const std::vector<Dependence>& dependences() const { return dependences_; }
  /// The array accesses inside a loop (its nested loops included), in statement order.
  std::vector<const ArrayAccess*> accessesIn(Id loopId) const;
  const StatementEffects& effectsOf(Id stmt) const;
  const Effects& effects() const { return effects_; }
  /// The COMMON variables private to some loop but for what other procedures may read of the
  /// value it leaves (an array every iteration writes before it reads it, a private scalar not
  /// read after the loop in this procedure): what scratchCommons (Analyzer.cpp) is asked about.
  const std::set<Id>& commonCandidates() const { return commonCandidates_; }
  /// Whether no read of `varId` in the procedure sees a value from before the procedure started
  /// or that a call may have written (its callees' reads through COMMON are theirs to answer).
  /// An array: every read (its own references, what its calls read of what they are passed)
  /// reads an element the same iteration of a loop around it wrote before, in a loop whose calls
  /// do not reach the array through COMMON. A scalar: not live where the procedure starts, nor
  /// around a call that may write it.
  bool readOnlyAfterWriting(Id varId);

 private:
  void scalars(const LoopRow& loop, LoopResult& result);
  void privateSeenByCalls(const LoopRow& loop, LoopResult& result);
  /// The statements whose conditions decide whether `stmt` runs in an iteration of `loop`: its
  /// own (a logical IF), and the IF constructs' around it (their statements, the ELSE IFs before it).
  std::vector<Id> guardsOf(Id stmt, const LoopRow& loop) const;
  /// Scalars that may share storage with something else the loop touches (EQUIVALENCE, COMMON,
  /// POINTER and TARGET), and private ones whose other names would not see the private copy.
  void sharedStorageScalars(const LoopRow& loop, const ScalarFlow& flow, LoopResult& result);
  /// A linearized index's split, and the outer loops of the nest where it does not hold: a name
  /// in it (a stride, the base, a digit's range: imax = size(irank) before DO ipos = 1, imax)
  /// may change in the first `from` loops around it, so two iterations of one of those may
  /// split by different strides. `why` says which name and loop (empty when `from` is 0).
  struct LinearSplit {
    Delinearized split;
    size_t from = 0;
    std::string why;
  };
  /// A scalar a nest sets, in every iteration of its loop and once there, to an affine value of
  /// the loops' variables and names the nest does not change (x = i - j + 2).
  /// Or to a linearized index of them (index = off + j + (k - 1)·depth, j from 1 to depth):
  /// `split` then, and no `value`. Or to its loop's iteration number (`iteration`, no `value`).
  struct ScalarDefinition {
    std::string name;
    Id stmtId = 0, loopId = 0;
    LinearExpr value;
    std::optional<LinearSplit> split;
    /// The number of the iteration of the loop the definition is in, plus a constant: the
    /// block of a blocked loop, ibl = (jkglo - 1)/nproma + 1 in DO jkglo = 1, ngptot, nproma
    /// (ECMWF's NPROMA blocking). It tells iterations apart as the loop's variable does: equal
    /// in two iterations exactly when the variable is. `key` names the function (its text and
    /// loop), `variable` is the loop's variable as a form.
    struct Iteration {
      std::string key;
      LinearExpr variable;
    };
    std::optional<Iteration> iteration;
    /// "min" or "max" for top = min(ko + 3, n), its `arguments` affine and no `value`: a bound
    /// that stands on the side the extremum holds (DO k = bottom, top) holds for each argument.
    std::string extremum;
    std::vector<LinearExpr> arguments;
  };
  std::vector<ScalarDefinition> affineDefinitions(const LoopRow& outermost);
  /// Of a min (`smallest`) or max definition's affine `arguments` in loop `loopId`, the one no
  /// other is below (above) wherever the loops around it run, by a constant or a loop's range:
  /// min(ki, y_max) in DO ki = k_extra + 1, y_max, 4 is ki. Null when none is known. `written`:
  /// the names the nest writes.
  const LinearExpr* extremeArgument(bool smallest, const std::vector<LinearExpr>& arguments, Id loopId,
                                    const std::set<std::string>& written);
  /// The value a reference at `stmt` reads of integer scalar `name` when the scalar is set more
  /// than once in the loop: the nearest assignment of an affine value before it in the same
  /// block, nothing between writing the scalar or a name of the value, no jump in that loop
  /// (k = bottom; dp(k - bottom) = ..., where k is also later loops' variable); null when none.
  const ScalarDefinition* localDefinition(const std::string& name, Id stmt);
  /// A loop's bound as its nest's subscripts see it: the scalar definitions in effect at its DO
  /// statement put in, as they are in the subscripts (bottom = ki, then DO k = bottom + 1, top:
  /// ki + 1). The bound itself before arrays() has read the nest.
  LinearExpr boundAtHeader(const LinearExpr& bound, const LoopRow& l);
  /// `form` as it stands at statement `stmt` of the nest under `outermost`: the nest's scalar
  /// definitions in effect there put in (substituted()).
  LinearExpr valueAt(const LinearExpr& form, Id stmt, Id outermost);
  /// The split of value `value` in `loop` (statement `s`), when every name in it is an integer
  /// scalar the loops inside the `from` outermost do not change.
  std::optional<LinearSplit> linearizedIndex(const facts::Expression& value, const LoopRow& loop, const StatementRow& s);
  /// The iteration-number form of value `value` of a definition in `loop` (statement `s`):
  /// (v - c)/s + d with v the loop's variable, s its step and c its start (or c a constant off
  /// the start by a constant of a constant step's sign), every name an integer scalar the nest
  /// does not change; nullopt when not of that form.
  std::optional<ScalarDefinition::Iteration> iterationNumber(const facts::Expression& value, const LoopRow& loop,
                                                            const StatementRow& s, const std::set<std::string>& written);
  /// The access's subscripts with one that is a linearized scalar split, or a linearized index
  /// written in place (buf(off + j*(nx+2) + i + 1)): see ArrayAccess::Split.
  const ArrayAccess::Split* splitOf(const std::vector<LinearExpr>& forms, const ArrayRefRow& ref, const StatementRow& s,
                                    const std::vector<ScalarDefinition>& definitions);
  /// Subscript `dimension` of `ref` as the statement's expression tree has it (an element of a
  /// plain array whose subscript reads as the front end's text); null when none does.
  const facts::Expression* subscriptTree(const ArrayRefRow& ref, const StatementRow& s, size_t dimension);
  /// Subscripts with the scalars defined before them (in their loop's iteration) replaced by their
  /// values: grid(x, y) after x = i - j + 2 is grid(i - j + 2, y). `forms` itself when none is.
  const std::vector<LinearExpr>* substituted(const std::vector<LinearExpr>& forms, Id stmt,
                                             const std::vector<ScalarDefinition>& definitions);
  void arrays(const LoopRow& outermost);
  /// `sharedStorage`: a and b are two variables that share storage (why, for the note).
  void addDependenceRows(const ArrayAccess& a, const ArrayAccess& b, const DependenceResult& r, size_t common,
                         const std::string& sharedStorage = {});
  /// Why two variables may occupy the same storage by COMMON or EQUIVALENCE (nullopt: they cannot).
  std::optional<std::string> sharedStorage(const Variable& u, const Variable& v) const;
  /// Why a pointer may reach both variables' storage, the variables as a whole, in the loops
  /// under `outermost`: a pointer with one known target there (pointerTarget) taken as that
  /// target's variable, else pointersShared; pointersMayMeet says it of two references by their
  /// paths.
  std::optional<std::string> pointerShared(const Variable& u, const Variable& v, const LoopRow& outermost);
  /// The same by the variables' attributes alone: one is a POINTER or has POINTER components,
  /// the other too or is a TARGET.
  static std::optional<std::string> pointersShared(const Variable& u, const Variable& v);
  /// A local POINTER the procedure points at one designator only, of names and components with
  /// no subscripts (eaml => eatr; var_west => nest_BC%west_t1): its storage is that of the
  /// designator, `base` the variable it names, `path` the designator as written (lower case).
  /// Only when nothing else sets the pointer (no ALLOCATE, DEALLOCATE, NULLIFY, no call it is
  /// passed to or that may write it, no call of a procedure not known, nothing in its code jumps), it is no SAVE variable, and an unconditional pointer
  /// assignment runs before `outermost`: in an enclosing block, ahead of it.
  struct PointerTarget {
    Id base = 0;
    std::string path;
    std::vector<Id> assignments;  ///< the pointer assignments that are statements of their own
  };
  const PointerTarget* pointerTarget(Id varId, const LoopRow& outermost);
  std::unordered_map<Id, std::optional<PointerTarget>> pointerTargets_;
  /// Where an access's storage is reached through a POINTER: per part of its path (chunk,
  /// tiles, field of chunk%tiles(t)%field(i); the variable first), whether that part is one (a
  /// component not known counts as one), and `beyond`: whether something past the named parts
  /// may be (a call's access: the callee may follow any pointer in what it is passed).
  struct PointerReach {
    std::vector<bool> parts;
    bool beyond = false;
    /// Its storage is a slot no other can be but the same one: a component of intrinsic type,
    /// no pointer, (declaring type, name); 0: not such (a variable's own storage, a derived
    /// component, a pointer one).
    std::pair<Id, std::string> slot{0, {}};
    /// Reached through a pointer at part `from` or later.
    bool through(size_t from) const;
    /// Its storage may be what a pointer elsewhere points at: the variable is a TARGET, or a
    /// pointer leads to it (any storage a pointer reaches is a target).
    bool targetable(bool variableTarget) const { return variableTarget || through(0); }
  };
  PointerReach pointerReach(const ArrayAccess& a) const;
  /// The same of a reference to variable `varId` named `name` (chunk%tiles(t)%field), with the
  /// components it selects past that (null: none); `deeper`: it may select ones not known (an
  /// array_ref row's name alone), which a derived type's pointer components may be.
  PointerReach pathReach(Id varId, const std::string& name, const std::vector<std::string>* selected, bool deeper) const;
  /// Whether a derived type has a POINTER component, at any depth (a type not loaded may).
  bool typeHasPointer(Id typeId, int depth = 0) const;
  /// Whether a scalar use of a variable (its scalar components, the whole of it) may go through a
  /// POINTER: it is one, or a scalar or derived POINTER component lies on a path of components
  /// that are none (an array POINTER component is read by array references, which have paths).
  bool scalarThroughPointer(const Variable& v) const;
  /// The types whose component slots a scalar use of `v` may touch: its type, the types it
  /// extends, and those of its components that are no pointers, down; nullopt when any slot may
  /// be (not of a derived type loaded, or a scalar or derived POINTER component on the way).
  std::optional<std::set<Id>> scalarUseTypes(const Variable& v) const;
  /// Whether two accesses may meet through POINTERs: one is reached through a pointer at or
  /// after the part where their paths part ways (`divergence`; their names' common parts), and
  /// the other's storage may be what a pointer points at; not when both end in component slots
  /// of intrinsic type that differ (a pointer of a derived type points at objects of that type:
  /// a component of one type is never another type's component).
  bool pointersMayMeet(const ArrayAccess& a, const ArrayAccess& b, size_t divergence, const LoopRow& outermost);
  /// An access's element as an offset, in elements of `elementBytes`, from the start of the
  /// COMMON block or EQUIVALENCE group it is in (nullopt: not affine, or the layout does not fold).
  std::optional<LinearExpr> storageIndex(const ArrayAccess& a, int32_t elementBytes) const;
  /// The distance (in iterations, sink − source) at a level that a strong SIV subscript fixes.
  std::optional<int64_t> strongDistance(const ArrayAccess& a, const ArrayAccess& b, size_t level);
  /// A loop's DO bounds as affine forms (min and max split into their arguments where they bound
  /// from the side they are on), read from its DO statement's tree.
  struct AffineBounds {
    std::vector<LinearExpr> start, end;  ///< v >= start, v <= end for a positive step (swapped for a negative one)
    std::vector<LinearExpr> startMin, endMax;  ///< the arguments of min(...) as a start, max(...) as an end
    std::optional<int64_t> step;   ///< a constant step
    std::optional<LinearExpr> stepForm;  ///< a step that is not a constant, when affine
    std::optional<LinearExpr> startExact;  ///< the start itself, when affine (not split)
    std::optional<LinearExpr> endExact;    ///< the end itself, when affine (not split)
  };
  const AffineBounds& affineBounds(Id loopId);
  /// affineBounds with boundAtHeader put in each bound, and a min (max) definition's arguments for
  /// a name that bounds from above (below): what the dependence tests' Fourier-Motzkin refinement
  /// reads. Asked only after arrays() has read the loop's nest.
  const AffineBounds& headerBounds(Id loopId);
  /// Bounds v <= f (`upper`) or v >= f as they stand at statement `stmt` of the nest under
  /// `outermost`: each f with the scalar definitions in effect there put in, and a name whose
  /// min (bounding from above with a positive coefficient) or max holds its value taken as each
  /// of its arguments: k <= top with top = min(ko + 3, n) is k <= ko + 3 and k <= n. Forms that
  /// do not stay affine are left out (a constraint fewer).
  std::vector<LinearExpr> boundsAt(const std::vector<LinearExpr>& list, bool upper, Id stmt, Id outermost);
  /// The ranges of section `ref`'s dimensions at statement `s` of the nest under `outermost`
  /// (ArrayAccess::ranges): lo:hi with a step of 1, read off the statement's trees, an omitted
  /// bound the declared one; null when no dimension is known.
  const std::vector<std::optional<ArrayAccess::Range>>* sectionRanges(const ArrayRefRow& ref, const StatementRow& s, Id outermost);
  /// Whether every name of an affine form is an integer scalar statement `s` reads or writes (a
  /// comparison of reals, a truncated REAL bound, is no integer constraint).
  bool integerNames(const LinearExpr& form, const StatementRow& s) const;
  /// Whether an element of integer array `array` (as statement `s` names it) keeps its value
  /// through the whole procedure: nothing in it writes the array, no call it makes may (the
  /// array's own storage, no EQUIVALENCE, no POINTER), so that a loop bound may use the element
  /// as a name (DO i = 1, grid_points(1) - 2).
  bool unchangingIntegerElement(const std::string& array, const StatementRow& s) const;
  /// Whether component path g%ke (the variable `s` reads, then its components) is an INTEGER
  /// scalar that the procedure never changes: the variable of its own storage (no POINTER,
  /// TARGET or EQUIVALENCE; no pointer component on the way) and written by no
  /// statement or call here (nor by a procedure with no body, where it is shared).
  bool unchangingIntegerComponent(const std::string& path, const StatementRow& s) const;
  /// A reference's name without its subscripts: the part of the variable it is (c, c%d).
  static std::string partOf(const std::string& name);
  /// Whether part `part` lies within part `whole` (c%d within c, c within c).
  static bool contains(const std::string& whole, const std::string& part);
  /// Where an access lands in its variable, part by part (the subscripts on the parts before
  /// the last read off the statement's trees; not affine where they are not there).
  /// `split`: the last part's subscripts as a's split has them (an iteration number's loop
  /// variable in place of the scalar), for comparing it with a reference split alike.
  ReferencePath pathOf(const ArrayAccess& a, bool split = false);
  /// The components statement `s` selects from the element `ref` names, one list per distinct
  /// selection; {nullptr} where it uses the element whole somewhere (or nothing is known).
  /// `argument`: a call's argument of that position alone (1-based; 0: the whole statement).
  std::vector<const std::vector<std::string>*> selectedFrom(const StatementRow& s, const ArrayRefRow& ref, Id callId = 0,
                                                            int argument = 0);
  /// What a call passing element `element` of a plain array to an explicit-shape dummy may
  /// touch: the elements from it on, as many as the dummy has; as subscripts when they stay in
  /// the slab of its leading dimensions (a(1, j) passed to v(m) with a(m, n): a(:, j);
  /// lhs(1, 1, c, i) passed to b(5, 5) with lhs(5, 5, 3, n): lhs(:, :, c, i)), else nullopt.
  /// `whole`: how many leading dimensions those elements fill, each from its lower bound to its
  /// upper (the dummy exactly that large: a(:, j) above when v has m elements), else 0.
  std::optional<std::vector<LinearExpr>> elementRegion(const CallArrayAccess& c, const ArrayRefRow& element,
                                                       const StatementRow& s, size_t& whole);
  /// The boxes (ArrayAccess::boxes) a CALL writes of array `actual` passed whole (reference
  /// `whole`, statement `s`), in the caller's names with the nest's definitions put in; null
  /// when none is known.
  const std::vector<ArrayAccess::WrittenBox>* boxesAt(const CallArrayAccess& c, const ArrayRefRow& whole, const StatementRow& s,
                                                      const std::vector<ScalarDefinition>& definitions);
  /// The dummy call access `c`'s argument is passed to, when the call runs one procedure
  /// (`target`, set then); null otherwise.
  const Effect* soleDummyOf(const CallArrayAccess& c, CallTarget& target) const;
  /// The dimensions (bit d: dimension d) a call writing section `section` fills, when every
  /// procedure the call runs defines its dummy whole (CallArrayAccess::definesPart): each of the
  /// section's dimensions whole (`:`) or one subscript, the dummy of assumed shape or exactly as
  /// large as the section (constant extents); else 0.
  uint32_t filledBySection(const CallArrayAccess& c, const ArrayRefRow& section);
  /// The columns (Effect::columns) of what call access `c` (statement `s`, the loops `chain`
  /// around it, `outermost` the nest's) passes, in the caller's names with the nest's definitions
  /// put in: when the argument is the array whole or a section of constant triplets and scalar
  /// subscripts (`section`), the same storage wherever the nest calls, and the dummy's extents
  /// before the last column and its bounds in each column are the same at every call in the nest.
  std::optional<std::vector<LinearExpr>> columnAt(const CallArrayAccess& c, const StatementRow& s, const ArrayRefRow* section,
                                     const std::vector<Id>& chain, const LoopRow& outermost,
                                     const std::vector<ScalarDefinition>& definitions);
  /// Columns' forms (callee's names) at call `call` in statement `s`: the actuals put in for the
  /// dummies, then the nest's definitions in effect there; nullopt when an actual is not affine.
  std::optional<std::vector<LinearExpr>> columnAtCall(const std::vector<LinearExpr>& forms, const CallRow& call, const CallTarget& target,
                                         const StatementRow& s, const std::vector<ScalarDefinition>& definitions);
  /// Whether two references to one plain array (a call's section among them) lie apart: in some
  /// dimension each takes constant values only (a constant, a triplet of constant bounds) and
  /// none of the one's is the other's.
  bool apartByConstants(const ArrayAccess& a, const ArrayAccess& b);
  /// The columns (Effect::columns) of the host's array an internal procedure's call (access `c`,
  /// statement `s`) touches, in the caller's names with the nest's definitions put in; nullopt
  /// when none. `inActual` gets them as the array's own subscripts (ArrayAccess::inActual).
  std::optional<std::vector<LinearExpr>> sharedColumnAt(const CallArrayAccess& c, const StatementRow& s,
                                                        const std::vector<ScalarDefinition>& definitions,
                                                        std::optional<std::vector<LinearExpr>>& inActual);
  /// The line of a read of scalar `v` in `loop` outside every DO CONCURRENT or FORALL inside it
  /// whose index v is, when there is such a construct (its index is another variable, so the
  /// read sees the procedure's v, not what the construct "wrote"); nullopt otherwise.
  std::optional<int> constructIndexReadOutside(const LoopRow& loop, const Variable& v);
  /// `r`, a dependence between two accesses, narrowed to the iterations where `x` (a's) and `y`
  /// (b's) are equal: one call's columns of one argument, or what a call touches and another
  /// access's subscripts as the actual's (ArrayAccess::inActual).
  DependenceResult narrowedByColumn(const ArrayAccess& a, const ArrayAccess& b, const std::vector<LinearExpr>& x,
                                    const std::vector<LinearExpr>& y, DependenceResult r, size_t common);
  /// The columns `columns` (columnAt) of what call access `c` (statement `s`) passes whole, as
  /// the actual's subscripts (ArrayAccess::inActual): when the actual and the dummy have one rank,
  /// the same extents in the dimensions before the last column and in it (the last dimension of
  /// both: any), the actual no POINTER and storage associated with nothing; nullopt otherwise.
  std::optional<std::vector<LinearExpr>> columnInActual(const CallArrayAccess& c, const StatementRow& s,
                                                        const std::vector<LinearExpr>& columns);
  /// What the loop's own reference (or an element a call is passed to a scalar dummy) touches as
  /// its variable's subscripts, when plain: all of them, affine or not, not a component's, not
  /// split; null otherwise.
  const std::vector<LinearExpr>* plainSubscripts(const ArrayAccess& a) const;
  /// A form of the callee's dummies in the caller's names at call `call` (statement `s`): each
  /// dummy by the affine integer value of the actual argument passed for it; nullopt when not.
  std::optional<LinearExpr> atCall(const LinearExpr& form, const CallRow& call, const CallTarget& target, const StatementRow& s);
  /// The range of a rank-1 array passed whole, or as `section` (lo:hi, stride 1), that the
  /// callee writes (Effect::definedRange), in the caller's elements: first, last (null when
  /// there is none, or the array is passed twice); `readsOnlyWritten` set to the effect's.
  const std::vector<LinearExpr>* definedRangeAt(const CallArrayAccess& c, const StatementRow& s, bool& readsOnlyWritten,
                                                const ArrayRefRow* section = nullptr);
  /// What held when read `r` ran in an iteration of `loop`, as a linear system: an unknown per
  /// loop around r, within its DO bounds, one per name `loop` does not change, and the IFs
  /// around r (coversSymbolically, readWithinRange).
  struct ReadSystem {
    const Program* program = nullptr;
    const std::vector<Id>* rLoops = nullptr;
    const std::set<std::string>* written = nullptr;         ///< changing where r is compared
    const std::set<std::string>* innerVariables = nullptr;  ///< of the loops inside `loop`
    LinearSystem base;
    std::vector<size_t> rVars;  ///< an unknown per loop around r, outermost first
    std::map<std::string, size_t> symbols;
    /// A name of a form read where `around` are the loops (outermost first): a loop around r,
    /// or a variable no statement of `loop` changes; nullopt otherwise (the variable of a loop
    /// not around r, a changing scalar).
    std::optional<size_t> unknownOf(const std::string& name, const std::vector<Id>& around);
    /// Σ sign·terms(f), appended to `out`; false when a name is not one unknownOf knows.
    bool addTerms(LinearSystem::Terms& out, const LinearExpr& f, int64_t sign, const std::vector<Id>& around);
    /// Whether terms + constant >= 0 can fail: with terms + constant <= -1 the system may have a solution.
    bool mayFail(const LinearSystem::Terms& terms, int64_t constant) const;
  };
  ReadSystem readSystem(const ArrayAccess& r, const std::set<std::string>& innerVariables,
                        const std::set<std::string>& written);
  /// Whether every element read `r` reads lies in first..last of a call's definedRange, the
  /// bounds' names fixed where they are compared (none of `written`; or variables of loops
  /// around the call too).
  bool readWithinRange(const ArrayAccess& call, const ArrayAccess& r, const std::set<std::string>& innerVariables,
                       const std::set<std::string>& written);
  /// An array's dimension d's lower bound and extent as affine forms of names the procedure
  /// never changes (nullopt: not such, or not known).
  std::optional<std::pair<LinearExpr, LinearExpr>> fixedDimension(const Variable& v, size_t d, bool callerSide);
  /// Dimension d's lower bound as declared, in the variable's own names: 1 where none is
  /// written (x(:), x(n)); nullopt when it is not affine.
  std::optional<LinearExpr> declaredLower(const Variable& v, size_t d) const;
  /// Statement `s`'s trees, parsed once per nest.
  const facts::StatementExpressions& trees(const StatementRow& s);
  /// A condition an IF guarding a statement must have held: form == 0 (equal) or form >= 0.
  struct Condition {
    LinearExpr form;
    bool equal = false;
    size_t depth = 0;  ///< the loops around the IF: the only loop variables its names may be
  };
  /// The integer affine conditions (==, <, <=, >, >= joined by .AND.) of the IF THENs around an
  /// access, and of its logical IF for the target it writes: what held when it ran.
  const std::vector<Condition>& guardConditions(const ArrayAccess& a);
  /// The conditions of one IF statement's condition (its tree's first expression).
  const std::vector<Condition>& conditionsOf(Id ifStmt);
  /// Refines the levels `r` says may carry a dependence between a and b with Fourier–Motzkin on
  /// the loops' affine bounds (triangular, tiled and coupled nests the other tests cannot decide).
  /// What refineWithBounds asks of one loop's header, kept per loop (it asks for every pair of
  /// references).
  struct BoundsShape {
    bool needsRefining = false;  ///< no constant step, a spaced-out lattice, or MIN/MAX bounds
    bool lattice = false;        ///< a constant step of 2 or more from a known start
    std::vector<std::string> names;  ///< the variables its bounds name (a mod term's inside)
  };
  const BoundsShape& boundsShape(Id loopId);
  void refineWithBounds(DependenceResult& r, const ArrayAccess& a, const ArrayAccess& b, size_t common,
                        const std::vector<std::string>& variant);
  /// Whether no solution has a's and b's subscripts equal, the first `level` common loops' iterations
  /// equal and the level-th's b after a (`forward`) or before it.
  bool carriedImpossible(const ArrayAccess& a, const ArrayAccess& b, size_t level, bool forward,
                         const std::vector<std::string>& variant);
  /// Arrays each iteration of a loop writes before it reads them (a work array): private to
  /// the iteration (DVMH's PRIVATE), their dependences on that loop gone. See the definition for
  /// what is proven.
  void privateArrays();
  /// Arrays every access of which in a loop is an update of an element by one operation
  /// (`s(m) = s(m) + e`): reductions of the whole array (DVMH REDUCTION), their dependences on
  /// that loop gone.
  void arrayReductions();
  /// Drops the dependences between writes of an array every reference of which in the carrying
  /// loop is an assignment of one value nothing in that loop changes (writesOneValue).
  void sameValueWrites();
  bool writesOneValue(const LoopRow& loop, Id varId);
  /// Whether an expression of statement `s` has the same value wherever it is evaluated in `loop`:
  /// constants, and variables neither the loop nor a loop inside it changes, through operators and
  /// elemental intrinsics (no function, no component).
  bool invariantIn(const facts::Expression& e, const LoopRow& loop, const StatementRow& s) const;
  /// Whether every read of array `varId` inside `loop` reads an element the same iteration has
  /// written before it; when not, the first read no earlier write is shown to set (null when
  /// the loop's shape rather than a read keeps it from being shown: a jump, a call that writes
  /// the array, a write that is no assignment).
  struct IterationCoverage {
    bool covered = false;
    const ArrayAccess* uncoveredRead = nullptr;
  };
  IterationCoverage coverageInEachIteration(const LoopRow& loop, Id varId);
  /// Whether `varId` is a work array of `loop`: the same elements in every iteration (no
  /// subscript follows the loop's variable or a scalar it changes, but for the loops' inside). An
  /// array indexed by the loop's variable carries values from one iteration to the next
  /// (w(j - 1)): privatizing it would change the program.
  bool workArray(const LoopRow& loop, Id varId);
  /// Whether the loop reads array `varId` (its own references or its calls').
  bool readIn(const LoopRow& loop, Id varId);
  /// For --explain: an array every iteration uses as a work array (workArray), written before one
  /// of its reads is shown not to be, would be private were that read covered. A note naming the
  /// read.
  void nearlyPrivateNote(const LoopRow& loop, Id varId, const ArrayAccess& read, LoopResult& result);
  /// The statements' accesses of scalar `varId`, less its calls' reads through COMMON (a scratch
  /// COMMON scalar's callees read only what they wrote: readOnlyAfterWriting).
  std::vector<StatementEffects> scratchScalarAccesses(Id varId) const;
  /// Whether write `w`, when it runs before read `r` in the same iteration of `loop` (the caller
  /// checks that it does: writtenWheneverRead), sets the element r reads, proven with
  /// Fourier–Motzkin over the loops' affine bounds (symbolic ones included): no iteration of r's
  /// loops reads outside the range w's own loops run through.
  /// `innerVariables`: the variables of the loops inside `loop`; `within`: conditions on r's
  /// names that hold at the reads asked about (what is left of a loop's range once values at its
  /// ends are taken apart). `unmet`: when given, the conditions on r's names that the range
  /// checks could not prove are gathered there (false is returned then): w sets r's element
  /// wherever they hold, as long as nothing else failed (coverageInEachIteration's split).
  bool coversSymbolically(const LoopRow& loop, const ArrayAccess& w, const ArrayAccess& r,
                          const std::set<std::string>& innerVariables, const std::set<std::string>& written,
                          const std::vector<Condition>& within = {}, std::vector<Condition>* unmet = nullptr);
  /// The names `loop` changes as accesses from statement `from` on, in one iteration of loop
  /// `within` (`loop` or a loop inside it), see them: its written names less the scalars one
  /// unconditional assignment in `within`'s body sets before `from` and nothing else in `loop`
  /// writes (e = mod(ix, 2) ahead of nests over itb = 1 - e, nth - e), one value for the rest of
  /// that iteration. Only for comparing accesses within one iteration of `within`.
  std::set<std::string> changedInIteration(const LoopRow& loop, const LoopRow& within, Id from);
  /// Whether access w is an assignment's that runs in every iteration of `loop` (only loop
  /// bodies between them, none of them a loop an EXIT or CYCLE may leave early: cutLoops).
  bool assignedInEveryIteration(const LoopRow& loop, const ArrayAccess& w) const;
  /// Whether assignment w runs, in an iteration of `loop`, before r whenever r runs: it comes
  /// first, and only the bodies of loops none leaves early lie between it and the innermost
  /// block around both (an IF arm both are in: r runs only when it is entered). Or arms of
  /// complete constructs do (IF ... ELSE, SELECT CASE with CASE DEFAULT), each other arm of
  /// which holds one of `writes` that `alternative` accepts (it sets r's element too) and that
  /// runs whenever its arm is entered, by the same rule: one of them runs whenever w's would.
  /// Or IF THEN arms whose condition holds whenever r runs do (sameGuardAroundRead).
  /// What writtenWheneverRead found of other arms for one read, `writes` and `alternative`:
  /// whether an arm (at a depth) holds such a write, each arm searched once (nested constructs
  /// searched again for every write made the search exponential in their depth); and whether
  /// the last walk met a construct's arm (armsMet).
  struct ArmSearch {
    std::map<std::pair<Id, int>, bool> written;
    bool armsMet = false;
  };
  bool writtenWheneverRead(const LoopRow& loop, const ArrayAccess& w, const ArrayAccess& r,
                           const std::vector<const ArrayAccess*>& writes = {},
                           const std::function<bool(const ArrayAccess&)>& alternative = {},
                           ArmSearch* search = nullptr) const;
  /// The walk of writtenWheneverRead for write `w` (or another arm's): from block `from` up to
  /// the first block `stop` accepts, `depth` constructs deep.
  bool runsWheneverEntered(const LoopRow& loop, const ArrayAccess& w, Id from, const std::function<bool(Id)>& stop,
                           const ArrayAccess& r, const std::vector<const ArrayAccess*>& writes,
                           const std::function<bool(const ArrayAccess&)>& alternative, int depth, ArmSearch* search) const;
  /// Whether `arm`, an IF THEN arm around write w, has its condition hold whenever read r runs:
  /// r is under an IF THEN arm (not around w) whose condition is the same (guardsAgree).
  bool sameGuardAroundRead(const LoopRow& loop, const ArrayAccess& w, Id arm, const ArrayAccess& r) const;
  /// Whether the conditions of `ifWrite` (around w) and `ifRead` (around r) are one expression
  /// that has one value at r's element in both: no call in it; each variable of its own storage
  /// (no POINTER, TARGET, EQUIVALENCE, no pointer component on the way) and unchanged in `loop`,
  /// or a loop's variable, of one loop around both IFs or of two loops tied by a subscript w and
  /// r share (w(i) = ... under IF (mask(i, j) > 0) in one DO i, w(i) read under it in another).
  bool guardsAgree(const LoopRow& loop, const ArrayAccess& w, const StatementRow& ifWrite, const ArrayAccess& r,
                   const StatementRow& ifRead) const;
  /// An IF THEN's condition, parsed once (null: none).
  const facts::Expression* conditionOf(const StatementRow& s) const;
  /// Whether variable `name` (as statement `reader` references it) is of its own storage and
  /// nothing in `loop` writes it, itself or through a call.
  /// The variable statement `s` references by `name` (its scalar or array references; 0: none).
  Id variableNamed(const StatementRow& s, const std::string& name) const;
  bool unchangedInLoop(const LoopRow& loop, const std::string& name, const StatementRow& reader) const;
  /// Whether variable `name` (as `from` references it) is of its own storage and keeps its value
  /// from statement `from` to `to`, a later one of the same innermost loop in `loop`: nothing in
  /// between writes it, itself or through a call, and nothing in `loop` jumps (a flag set once
  /// per iteration, then tested twice: f = m(i) > 0; IF (f) w(1) = ...; IF (f) ... w(1) ...).
  bool unchangedBetween(const LoopRow& loop, const std::string& name, const StatementRow& from, const StatementRow& to) const;
  /// Whether statement `st` may write variable `varId` or a part of it: by assignment, by a call
  /// it passes it to or that reaches it, or (a COMMON or module variable, or the host's) by a call
  /// of a procedure with no body here.
  bool mayWrite(const StatementRow& st, Id varId) const;
  /// The arm blocks of the construct opened by statement `constructStmt`, in order.
  const std::vector<Id>& armsOf(Id constructStmt) const;
  /// The loops inside `loop` that an EXIT or CYCLE in its body may leave early (their writes
  /// may not all run); one that leaves `loop` itself, or a loop around it, skips the rest of
  /// the iteration, reads and writes alike. Nullopt when the body may jump elsewhere (a GO TO,
  /// a RETURN, an EXIT from a construct that is no loop): no write there is sure to run.
  const std::optional<std::set<Id>>& cutLoops(const LoopRow& loop) const;
  /// Whether a write at statement `stmt` in loop `l` (one inside `loop`, or `loop`) may not have
  /// run where the iteration of `l` goes on: `l` is cut (cutLoops), or a CYCLE of `l` (a GO TO to
  /// its terminal CONTINUE) comes before `stmt` in its body: what `l` writes before the CYCLE runs
  /// in every one of its iterations, what it writes after it not always.
  bool writeCut(const LoopRow& loop, Id l, Id stmt) const;
  void arrayReasons(LoopResult& result);
  void otherReasons(const LoopRow& loop, LoopResult& result);
  void liveness(const LoopRow& loop, LoopResult& result, const class Liveness& live);
  /// Where the value a private `var` has when `loop` ends is read (`read`, as all reads tell it),
  /// the reads inside loops where `var` is private too left out (nullopt: none is left).
  std::optional<Liveness::Read> readOutsidePrivates(const LoopRow& loop, Id var, Liveness::Read read);
  /// The procedure's flow graph, built once when a liveness first needs it.
  const FlowGraph& flowGraph();
  /// How a variable the procedure shares is shared, for a message: "a dummy argument", "in COMMON /c/" ...
  std::string sharedAs(Id varId) const;
  NestLoop nestLoop(Id loopId);
  std::pair<std::optional<int64_t>, std::optional<int64_t>> range(const LinearExpr& form, Id loopId);

  const Program& program_;
  const Effects& effects_;
  std::vector<StatementEffects> statementEffects_;  ///< per statement
  std::vector<LoopResult> results_;
  std::deque<ArrayAccess> accesses_;
  std::vector<Dependence> dependences_;
  std::vector<std::optional<NestLoop>> nestLoops_;
  std::vector<std::optional<AffineBounds>> affineBounds_;  ///< per loop, when asked
  /// per loop, when asked: its affineBounds_ entry, or one of rewrittenBounds_
  std::unordered_map<Id, const AffineBounds*> headerBounds_;
  std::deque<AffineBounds> rewrittenBounds_;  ///< headerBounds with definitions put in
  std::vector<std::optional<BoundsShape>> boundsShapes_;  ///< per loop, when asked
  std::deque<std::vector<std::optional<ArrayAccess::Range>>> sectionRanges_;  ///< ArrayAccess::ranges
  std::unordered_map<Id, std::vector<Condition>> conditions_;  ///< per IF statement, when asked
  /// per (statement, reference, access) asked: all a guard depends on, so that a read taken
  /// value by value (coverageInEachIteration) finds its reference's
  struct GuardKey {
    Id stmtId;
    const ArrayRefRow* ref;
    char access;
    bool operator==(const GuardKey&) const = default;
  };
  struct GuardKeyHash {
    size_t operator()(const GuardKey& k) const {
      return std::hash<Id>()(k.stmtId) * 31 + std::hash<const void*>()(k.ref) * 7 + static_cast<size_t>(k.access);
    }
  };
  std::unordered_map<GuardKey, std::vector<Condition>, GuardKeyHash> guards_;
  std::deque<std::vector<LinearExpr>> substitutedForms_;
  std::deque<std::vector<ArrayAccess::WrittenBox>> writtenBoxes_;
  std::deque<std::vector<std::optional<ArrayAccess::Range>>> boxRanges_;  ///< WrittenBox::ranges
  std::deque<ArrayAccess::Split> splits_;
  const std::set<Id>* scratchCommons_ = nullptr;
  std::set<Id> commonCandidates_;
  std::optional<FlowGraph> flowGraph_;  ///< the accesses' subscripts with definitions substituted
  /// Where the procedure ends the program, when anything in it may (a STOP, a call that never returns).
  std::optional<Endings> endings_;
  std::vector<std::vector<Id>> chains_;                    ///< per loop: the loops around it and itself
  std::map<size_t, std::vector<LinearExpr>> unknownForms_;  ///< per rank: subscripts nothing is known of
  /// The procedure's integer scalars (dummies, locals) nothing in it writes, made when first asked.
  std::optional<std::set<std::string>> fixedNames_;
  /// Per integer array, whether its elements keep their values (unchangingIntegerElement).
  mutable std::unordered_map<Id, bool> unchangingElements_;
  mutable std::unordered_map<std::string, bool> unchangingComponents_;
  mutable std::unordered_map<Id, std::optional<std::set<Id>>> cutLoops_;
  /// Per loop that cutLoops was asked about: the loops inside it a CYCLE ends an iteration of
  /// early, each with its first such statement (writeCut).
  mutable std::unordered_map<Id, std::map<Id, Id>> cycledFrom_;
  mutable std::unordered_map<Id, std::vector<Id>> armsOf_;  ///< construct statement -> its arm blocks
  mutable std::map<std::pair<Id, Id>, bool> unchangedInLoop_;  ///< (loop, variable) -> unchangedInLoop
  mutable std::unordered_map<Id, std::optional<facts::Expression>> conditionTrees_;  ///< IF THEN statement -> conditionOf
  std::deque<ScalarDefinition> localDefinitions_;  ///< those localDefinition found
  struct NameAtHash {
    size_t operator()(const std::pair<std::string, Id>& k) const {
      return std::hash<std::string>()(k.first) * 31 + std::hash<Id>()(k.second);
    }
  };
  /// (scalar, statement) asked
  std::unordered_map<std::pair<std::string, Id>, const ScalarDefinition*, NameAtHash> localDefinitionAt_;
  std::unordered_map<Id, bool> loopJumps_;                                          ///< per loop: a jump in its body
  /// Per loop: its scalars set once per iteration, (the assignment, the name) (changedInIteration).
  std::map<std::pair<Id, Id>, std::vector<std::pair<Id, std::string>>> setOncePerIteration_;  ///< by (loop, within)
  /// Per outermost loop: the scalar definitions its accesses' subscripts were given (arrays()).
  std::unordered_map<Id, std::vector<ScalarDefinition>> nestDefinitions_;
  std::set<std::vector<std::string>> selections_;  ///< the components accesses select (ArrayAccess::selected)
  std::vector<std::pair<size_t, size_t>> accessRange_;  ///< per outermost loop: its accesses
  std::vector<std::vector<const UpdateRow*>> updatesByStmt_;
  std::unordered_map<std::string, size_t> dependenceIndex_;  ///< carrying loop, array, kind, vector... -> row
  /// While arrays() tests a pair of two classes of calls' accesses: the rows its dependences go to.
  std::vector<size_t>* rowsTouched_ = nullptr;
};

}  // namespace sapfor::analyzer
