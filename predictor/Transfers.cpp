/// @file Transfers.cpp
#include "predictor/Transfers.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace sapfor::predictor {

namespace {

/// Steps (events followed) before the plan gives up on a call tree too large to follow.
constexpr double kMaxSteps = 5e6;
constexpr int kMaxCallDepth = 64;

struct Event {
  enum class Kind { Loop, Region, Actual, GetActual, HostRead, HostWrite, Call };
  Kind kind = Kind::HostRead;
  int line = 0;
  const TransferFacts* transfer = nullptr;  // Region, Actual, GetActual
  const ArrayAccessFacts* access = nullptr; // HostRead, HostWrite
  std::string key;                          // HostRead, HostWrite: the array's key, when not a dummy's
  bool dummy = false;                       // HostRead, HostWrite: a dummy argument's (its key from the call)
  const CallSiteFacts* call = nullptr;
  Id callee = 0;
  Id loopId = 0;                            // Loop
  std::vector<Event> body;                  // Loop
  bool movesData = false;                   // Loop: its body has a directive or a call that may copy
};

/// Which copy of an array is actual.
struct Actual {
  bool host = true, device = false;
};

/// An array object: where it is declared, for its size.
struct ArrayObject {
  Id procId = 0;
  std::string name;
};

bool isBareName(const std::string& json) {
  if (json.size() < 3 || json.front() != '"' || json.back() != '"') return false;
  return std::all_of(json.begin() + 1, json.end() - 1, [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

class Planner {
 public:
  Planner(const ProgramFacts& program, const TripCountOf& tripCount, const ArrayBytesOf& bytes)
      : program_(program), tripCount_(tripCount), bytes_(bytes) {}

  TransferPlan plan() {
    collect();
    std::vector<Id> roots;
    for (const auto& [id, p] : program_.procedures())
      if (p.kind == facts::ProcedureKind::Program) roots.push_back(id);
    if (roots.empty()) {  // a library: every procedure nothing here calls
      std::set<std::string> called;
      for (const CallSiteFacts& c : program_.callSites()) called.insert(c.callee);
      for (const auto& [id, p] : program_.procedures())
        if (!called.count(p.name) && events_.count(id)) roots.push_back(id);
    }
    for (Id root : roots) {
      std::vector<Id> stack{root};
      execute(events_[root], root, {}, 1.0, stack);
    }
    if (steps_ > kMaxSteps)
      plan_.missing.insert("a call tree small enough to follow for the transfers (at most 5,000,000 steps)");
    for (auto& [key, copies] : copies_) plan_.copies.push_back(copies);
    return std::move(plan_);
  }

 private:
  using Binding = std::map<std::string, std::string>;  // a dummy -> the key of the array passed

  /// The REGION of `regions` whose lines hold `line` in procedure `procId`; null when none does.
  static const TransferFacts* regionAround(const std::map<Id, std::vector<const TransferFacts*>>& regions, Id procId,
                                           int line) {
    auto inProcedure = regions.find(procId);
    if (inProcedure == regions.end()) return nullptr;
    for (const TransferFacts* t : inProcedure->second)
      if (t->line <= line && line <= std::max(t->line, t->endLine)) return t;
    return nullptr;
  }

  // ---- the events of every procedure, nested in the loops around them ----
  void collect() {
    for (const auto& [id, p] : program_.procedures()) procedureByName_.emplace(p.name, id);
    std::map<Id, std::vector<const TransferFacts*>> userRegions, regions;  // per procedure: the user's; all counted
    for (const TransferFacts& t : program_.transfers())
      if (t.kind == "region") userRegions[t.procId].push_back(&t);
    std::set<const TransferFacts*> counted;
    for (const TransferFacts* t : countedRegions(program_)) counted.insert(t);
    std::map<Id, std::vector<std::pair<Id, Event>>> flat;  // per procedure, (innermost loop, event)
    for (const TransferFacts& t : program_.transfers()) {
      Event e;
      e.line = t.line;
      e.transfer = &t;
      if (counted.count(&t)) {
        e.kind = Event::Kind::Region;
        regions[t.procId].push_back(&t);
      } else if (t.kind == "actual") {
        e.kind = Event::Kind::Actual;
      } else if (t.kind == "get_actual") {
        e.kind = Event::Kind::GetActual;
      } else {
        continue;
      }
      flat[t.procId].emplace_back(t.loopId, std::move(e));
    }
    auto inRegion = [&](Id procId, int line) { return regionAround(regions, procId, line) != nullptr; };
    // A user's REGION moves what its statements use and its clauses do not name as INOUT, the
    // runtime's default.
    std::map<const TransferFacts*, std::set<std::string>> used;
    for (const ArrayAccessFacts& a : program_.arrayAccesses())
      if (const TransferFacts* t = regionAround(userRegions, a.procId, a.line)) used[t].insert(a.name);
    for (auto& [t, names] : used) {
      std::vector<std::pair<std::string, std::string>>& arrays = clauses_[t];
      arrays = t->arrays;
      for (const std::string& name : names) {
        bool named = std::any_of(t->arrays.begin(), t->arrays.end(), [&](const auto& c) { return c.second == name; });
        if (!named) arrays.emplace_back("inout", name);
      }
    }
    // Calls to procedures with a body, outside REGIONs; their array arguments are followed inside.
    std::set<std::pair<Id, int>> callLines;
    for (const CallSiteFacts& c : program_.callSites()) {
      auto callee = procedureByName_.find(c.callee);
      if (callee == procedureByName_.end() || inRegion(c.callerId, c.line)) continue;
      Event e;
      e.kind = Event::Kind::Call;
      e.line = c.line;
      e.call = &c;
      e.callee = callee->second;
      flat[c.callerId].emplace_back(c.loopId, std::move(e));
      callLines.emplace(c.callerId, c.line);
    }
    // The host's array references, one event per array, line and access.
    std::set<std::tuple<Id, int, std::string, bool>> seen;
    for (const ArrayAccessFacts& a : program_.arrayAccesses()) {
      if (inRegion(a.procId, a.line)) continue;
      if (a.callArg && callLines.count({a.procId, a.line})) continue;
      if (!seen.emplace(a.procId, a.line, a.name, a.write).second) continue;
      Event e;
      e.kind = a.write ? Event::Kind::HostWrite : Event::Kind::HostRead;
      e.line = a.line;
      e.access = &a;
      flat[a.procId].emplace_back(a.loopId, std::move(e));
    }
    prune(flat);
    for (auto& [procId, events] : flat) events_[procId] = nest(events);
    for (auto& [procId, events] : events_) markMovesData(events);
  }

  /// Drops what cannot change a copy: host statements on an array no directive names and no call
  /// passes (a dummy argument's may be such an array: kept), then calls to procedures left
  /// without events, until none is left.
  void prune(std::map<Id, std::vector<std::pair<Id, Event>>>& flat) {
    std::unordered_set<std::string> relevant;  // keys of arrays a directive names or a call passes whole
    auto isDummy = [&](Id procId, const std::string& name) { return program_.dummyPosition(procId, name) >= 0; };
    for (const TransferFacts& t : program_.transfers())
      for (const auto& [clause, name] : t.arrays) relevant.insert(keyOf(t.procId, {}, name));
    for (const auto& [procId, events] : flat)
      for (const auto& [loopId, e] : events)
        if (e.kind == Event::Kind::Call)
          for (const std::string& arg : e.call->args)
            if (isBareName(arg)) relevant.insert(keyOf(procId, {}, arg.substr(1, arg.size() - 2)));
    for (auto& [procId, events] : flat) {
      Id proc = procId;
      for (auto& [loopId, e] : events)
        if (e.kind == Event::Kind::HostRead || e.kind == Event::Kind::HostWrite) {
          e.dummy = isDummy(proc, e.access->name);
          if (!e.dummy) e.key = keyOf(proc, {}, e.access->name);
        }
      events.erase(std::remove_if(events.begin(), events.end(),
                                  [&](const std::pair<Id, Event>& entry) {
                                    const Event& e = entry.second;
                                    if (e.kind != Event::Kind::HostRead && e.kind != Event::Kind::HostWrite) return false;
                                    return !e.dummy && !relevant.count(e.key);
                                  }),
                   events.end());
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (auto& [procId, events] : flat) {
        size_t before = events.size();
        events.erase(std::remove_if(events.begin(), events.end(),
                                    [&](const std::pair<Id, Event>& entry) {
                                      if (entry.second.kind != Event::Kind::Call) return false;
                                      auto callee = flat.find(entry.second.callee);
                                      return callee == flat.end() || callee->second.empty();
                                    }),
                     events.end());
        changed |= events.size() != before;
      }
    }
  }

  /// The events of a procedure as a tree of the loops that hold them, each list in line order
  /// (reads before writes on one line).
  std::vector<Event> nest(std::vector<std::pair<Id, Event>>& events) {
    std::map<Id, std::vector<Event>> byLoop;  // loop -> its own events and child loops (0: the procedure)
    for (auto& [loopId, e] : events) byLoop[loopId].push_back(std::move(e));
    // The innermost first: loops are numbered in source order, a child after its parent.
    while (!byLoop.empty() && byLoop.rbegin()->first != 0) {
      auto last = std::prev(byLoop.end());
      const facts::LoopRow& loop = program_.loop(last->first);
      Event e;
      e.kind = Event::Kind::Loop;
      e.line = loop.line;
      e.loopId = loop.id;
      e.body = std::move(last->second);
      byLoop.erase(last);
      byLoop[loop.parentId].push_back(std::move(e));
    }
    std::vector<Event> top = std::move(byLoop[0]);
    sortEvents(top);
    return top;
  }

  static void sortEvents(std::vector<Event>& events) {
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
      if (a.line != b.line) return a.line < b.line;
      return a.kind < b.kind;  // Loop, directives, then reads before writes, then calls
    });
    for (Event& e : events)
      if (e.kind == Event::Kind::Loop) sortEvents(e.body);
  }

  /// Whether a list can copy to the device: a directive or a call. A loop of host statements only
  /// copies back at most once, however many times it runs.
  bool markMovesData(std::vector<Event>& events) {
    bool moves = false;
    for (Event& e : events) {
      if (e.kind == Event::Kind::Loop) moves |= (e.movesData = markMovesData(e.body));
      else if (e.kind != Event::Kind::HostRead && e.kind != Event::Kind::HostWrite) moves = true;
    }
    return moves;
  }

  // ---- following the program ----
  std::string keyOf(Id procId, const Binding& binding, const std::string& name) {
    auto bound = binding.find(name);
    if (bound != binding.end()) return bound->second;
    const facts::VariableRow* v = program_.variableNamed(procId, name);
    Id owner = v ? v->procId : procId;
    std::string key = std::to_string(owner) + ":" + name;
    objects_.try_emplace(key, ArrayObject{owner, name});
    return key;
  }

  void charge(const std::string& kind, Id procId, int line, const std::string& clause, const std::string& name,
              const std::string& key, bool toDevice, double times) {
    auto [it, added] = copies_.try_emplace(std::make_tuple(procId, line, name, clause));
    TransferCopies& c = it->second;
    if (added) {
      c.kind = kind;
      c.procId = procId;
      c.line = line;
      c.clause = clause;
      c.name = name;
      c.toDevice = toDevice;
      const ArrayObject& object = objects_.at(key);
      std::set<std::string> lacking;
      std::optional<double> size = bytes_(object.procId, object.name, lacking);
      if (size && lacking.empty()) {
        c.bytes = *size;
      } else {
        plan_.missing.insert(lacking.begin(), lacking.end());
        if (lacking.empty()) plan_.missing.insert("the size of " + name);
      }
    }
    c.copies += times;
  }

  void execute(const std::vector<Event>& events, Id procId, const Binding& binding, double times, std::vector<Id>& stack) {
    for (const Event& e : events) {
      if (++steps_ > kMaxSteps) return;
      switch (e.kind) {
        case Event::Kind::Loop: {
          if (!e.movesData) {  // host statements only: what they copy back, they copy the first time
            execute(e.body, procId, binding, times, stack);
            break;
          }
          std::set<std::string> lacking;
          std::optional<double> trip = tripCount_(e.loopId, lacking);
          if (!trip || !lacking.empty()) {
            plan_.missing.insert(lacking.begin(), lacking.end());
            break;
          }
          // The first iteration, then the others from the state it leaves, which they leave again:
          // an iteration sets an array's state (a REGION's OUT, a host write) or adds a copy to it,
          // so running it twice ends as running it once.
          if (*trip >= 1) execute(e.body, procId, binding, times, stack);
          if (*trip >= 2) execute(e.body, procId, binding, times * (*trip - 1), stack);
          break;
        }
        case Event::Kind::Region: {
          const TransferFacts& t = *e.transfer;
          auto implied = clauses_.find(&t);
          const auto& arrays = implied != clauses_.end() ? implied->second : t.arrays;
          for (const auto& [clause, name] : arrays) {
            if (clause != "in" && clause != "inout") continue;
            std::string key = keyOf(procId, binding, name);
            Actual& a = actual_[key];
            if (!a.device) charge(t.kind, procId, t.line, clause, name, key, true, times), a.device = true;
          }
          for (const auto& [clause, name] : arrays)
            if (clause == "out" || clause == "inout") actual_[keyOf(procId, binding, name)] = Actual{false, true};
          break;
        }
        case Event::Kind::Actual:
          for (const auto& [clause, name] : e.transfer->arrays) actual_[keyOf(procId, binding, name)] = Actual{true, false};
          break;
        case Event::Kind::GetActual:
          for (const auto& [clause, name] : e.transfer->arrays) {
            std::string key = keyOf(procId, binding, name);
            Actual& a = actual_[key];
            if (!a.host) charge("get_actual", procId, e.line, "get_actual", name, key, false, times), a.host = true;
          }
          break;
        case Event::Kind::HostRead:
        case Event::Kind::HostWrite: {
          const ArrayAccessFacts& access = *e.access;
          auto a = actual_.find(e.dummy ? keyOf(procId, binding, access.name) : e.key);
          if (a == actual_.end()) break;  // never on the device
          bool write = e.kind == Event::Kind::HostWrite;
          // Reading, or writing only some elements, needs the device's values first.
          if (!a->second.host && !(write && access.whole))
            charge("host", procId, e.line, write ? "write" : "read", access.name, a->first, false, times);
          a->second.host = true;
          if (write) a->second.device = false;
          break;
        }
        case Event::Kind::Call: {
          if (stack.size() >= static_cast<size_t>(kMaxCallDepth) ||
              std::find(stack.begin(), stack.end(), e.callee) != stack.end())
            break;  // recursion: its copies are those of the first call
          auto callee = events_.find(e.callee);
          if (callee == events_.end()) break;
          Binding inner;
          const facts::ProcedureRow& p = program_.procedures().at(e.callee);
          for (size_t i = 0; i < e.call->args.size() && i < p.parameters.size(); ++i)
            if (isBareName(e.call->args[i]))
              inner[p.parameters[i]] = keyOf(procId, binding, e.call->args[i].substr(1, e.call->args[i].size() - 2));
          stack.push_back(e.callee);
          execute(callee->second, e.callee, inner, times, stack);
          stack.pop_back();
          break;
        }
      }
    }
  }

  const ProgramFacts& program_;
  const TripCountOf& tripCount_;
  const ArrayBytesOf& bytes_;
  std::map<std::string, Id> procedureByName_;
  std::map<Id, std::vector<Event>> events_;
  std::map<const TransferFacts*, std::vector<std::pair<std::string, std::string>>> clauses_;  // a user REGION's, with those implied
  std::unordered_map<std::string, Actual> actual_;
  std::map<std::string, ArrayObject> objects_;
  std::map<std::tuple<Id, int, std::string, std::string>, TransferCopies> copies_;
  TransferPlan plan_;
  double steps_ = 0;
};

}  // namespace

std::vector<const TransferFacts*> countedRegions(const ProgramFacts& program) {
  std::map<Id, std::vector<const TransferFacts*>> user;  // per procedure
  for (const TransferFacts& t : program.transfers())
    if (t.kind == "region") user[t.procId].push_back(&t);
  std::vector<const TransferFacts*> counted;
  for (const TransferFacts& t : program.transfers()) {
    if (t.kind == "expert_region") {
      auto inProcedure = user.find(t.procId);
      if (inProcedure != user.end() &&
          std::any_of(inProcedure->second.begin(), inProcedure->second.end(), [&](const TransferFacts* u) {
            return u->line <= t.line && t.line <= std::max(u->line, u->endLine);
          }))
        continue;
    } else if (t.kind != "region") {
      continue;
    }
    counted.push_back(&t);
  }
  return counted;
}

TransferPlan planTransfers(const ProgramFacts& program, const TripCountOf& tripCount, const ArrayBytesOf& bytes) {
  return Planner(program, tripCount, bytes).plan();
}

}  // namespace sapfor::predictor
