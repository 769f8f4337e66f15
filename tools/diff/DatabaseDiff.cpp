/// @file DatabaseDiff.cpp
/// Reading both databases kind by kind and pairing their rows.
#include "tools/diff/DatabaseDiff.hpp"

#include "schema/Database.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <set>

namespace sapfor::diff {

namespace {

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

bool contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

/// One of the two databases, opened read-only: sapfor-diff never writes to either.
class Side {
 public:
  Side(const std::string& path, const char* which) : which_(which) {
    db::Inspection found = db::inspect(path);
    switch (found.kind) {
      case db::FileKind::Missing: throw DiffError(path + ": no such file");
      case db::FileKind::NotAFile: throw DiffError(path + ": not a regular file");
      case db::FileKind::Locked: throw DiffError(path + ": " + db::lockedReason());
      case db::FileKind::Foreign:
        if (::access(path.c_str(), R_OK) != 0) throw DiffError(path + ": cannot read: " + std::strerror(errno));
        throw DiffError(path + ": not a sapfor database (made by sapfor-lex)");
      case db::FileKind::Ours: break;
    }
    try {
      // One thread uses the connection: no per-call mutex (a sixth of the run on the large corpus).
      db_ = db::open(path, SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX);
      if (found.schemaVersion == db::kSchemaVersion) db::checkTrees(*db_, path);  // another version's tables may differ
      provenance_.path = path;
      provenance_.schemaVersion = found.schemaVersion;
      SQLite::Statement meta(*db_, "SELECT key, value FROM meta ORDER BY key");
      while (meta.executeStep())
        provenance_.meta.emplace_back(meta.getColumn(0).getString(), meta.getColumn(1).getString());
    } catch (const SQLite::Exception& e) {
      throw DiffError(path + ": cannot read: " + e.what());
    } catch (const db::DatabaseError& e) {
      throw DiffError(e.what());
    }
    try {
      SQLite::Statement runs(*db_,
                             "SELECT gpu, run_id, time FROM predict_runs r WHERE r.run_id = "
                             "(SELECT max(q.run_id) FROM predict_runs q WHERE q.gpu = r.gpu) ORDER BY gpu");
      while (runs.executeStep())
        provenance_.latestRuns.push_back(
            {runs.getColumn(0).getString(), runs.getColumn(2).getString(), runs.getColumn(1).getInt64()});
    } catch (const SQLite::Exception&) {
      // A schema without predictions: the prediction kinds will say they could not be compared.
    }
  }

  const char* which() const { return which_; }
  const Provenance& provenance() const { return provenance_; }
  bool hasMeta(const std::string& key) const {
    return std::any_of(provenance_.meta.begin(), provenance_.meta.end(), [&](const auto& m) { return m.first == key; });
  }

  /// The columns the kind's query yields here; empty with `why` set when it does not prepare.
  std::vector<std::string> columnsOf(const EntityKind& kind, std::string& why) const {
    std::vector<std::string> names;
    try {
      SQLite::Statement query(*db_, kind.source);
      for (int i = 0; i < query.getColumnCount(); ++i) names.push_back(query.getColumnName(i));
    } catch (const SQLite::Exception& e) {
      why = e.what();
    }
    return names;
  }

  /// The loops as the matching of renumbered loops sees them; none when the view is missing.
  struct LoopShape {
    std::string key, procedure, var, lower, upper, step, parent;
    int64_t line = 0, depth = 0;
  };
  std::vector<LoopShape> loops() const {
    std::vector<LoopShape> out;
    try {
      SQLite::Statement q(*db_,
                          "SELECT l.loop_key, l.procedure, coalesce(l.var, ''), coalesce(l.lower, ''), coalesce(l.upper, ''), "
                          "coalesce(l.step, ''), coalesce(p.loop_key, ''), l.line, l.depth "
                          "FROM loops l LEFT JOIN loop p ON p.loop_id = l.parent_id ORDER BY l.procedure, l.line, l.loop_key");
      while (q.executeStep())
        out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                       q.getColumn(3).getString(), q.getColumn(4).getString(), q.getColumn(5).getString(),
                       q.getColumn(6).getString(), q.getColumn(7).getInt64(), q.getColumn(8).getInt64()});
    } catch (const SQLite::Exception&) {
    }
    return out;
  }

  bool exists(const char* sql, const std::string& value) const {
    try {
      SQLite::Statement query(*db_, sql);
      query.bind(1, value);
      return query.executeStep();
    } catch (const SQLite::Exception&) {
      return false;
    }
  }

  /// The rows of a kind: keys, compared columns, then the filter columns (procedure, loop).
  std::vector<Row> rows(const EntityKind& kind, const KindColumns& columns, const DiffOptions& options) const {
    std::string select;
    auto add = [&](const std::string& name) { select += (select.empty() ? "" : ", ") + (name.empty() ? "NULL" : quoted(name)); };
    for (const Column& c : columns.keys) add(c.name);
    for (const Column& c : columns.compared) add(c.name);
    add(kind.procedureColumn);
    add(kind.loopColumn);
    std::vector<Row> rows;
    try {
      SQLite::Statement query(*db_, "SELECT " + select + " FROM (" + kind.source + ")");
      int keys = static_cast<int>(columns.keys.size()), compared = static_cast<int>(columns.compared.size());
      while (query.executeStep()) {
        if (!options.procedures.empty() || !options.loops.empty()) {
          SQLite::Column procedureValue = query.getColumn(keys + compared);
          std::string loop = query.getColumn(keys + compared + 1).isNull() ? "" : query.getColumn(keys + compared + 1).getString();
          std::string procedure = procedureValue.isNull() ? "" : procedureValue.getString();
          // Without a procedure column the procedure is the loop key's part before its ordinal path.
          if (kind.procedureColumn.empty()) procedure = loop.substr(0, loop.rfind(':'));
          if (!options.procedures.empty() && !contains(options.procedures, procedure)) continue;
          if (!options.loops.empty() && std::none_of(options.loops.begin(), options.loops.end(), [&](const std::string& key) {
                return loop == key || loop.rfind(key + ".", 0) == 0;
              }))
            continue;
        }
        Row row;
        for (int i = 0; i < keys + compared; ++i) {
          SQLite::Column c = query.getColumn(i);
          Value v;
          switch (c.getType()) {
            case SQLITE_INTEGER: v = static_cast<int64_t>(c.getInt64()); break;
            case SQLITE_FLOAT: v = c.getDouble(); break;
            case SQLITE_NULL: break;
            default: v = c.getString(); break;
          }
          if (i < keys && columns.keys[i].quotesLines && std::holds_alternative<std::string>(v))
            v = maskLineNumbers(std::get<std::string>(v));
          (i < keys ? row.key : row.values).push_back(std::move(v));
        }
        rows.push_back(std::move(row));
      }
    } catch (const SQLite::Exception& e) {
      throw DiffError(provenance_.path + ": cannot read the " + kind.name + " rows: " + e.what());
    }
    return rows;
  }

 private:
  const char* which_;
  std::unique_ptr<SQLite::Database> db_;
  Provenance provenance_;
};

/// Drops the rows of partitions (e.g. GPUs) only one database has, noting each.
void keepCommonPartitions(const EntityKind& kind, const KindColumns& columns, std::vector<Row>& before,
                          std::vector<Row>& after, std::vector<NotCompared>& notCompared) {
  size_t at = 0;
  while (at < columns.keys.size() && columns.keys[at].name != kind.partitionColumn) ++at;
  if (at == columns.keys.size()) return;
  auto partitions = [&](const std::vector<Row>& rows) {
    std::set<std::string> values;
    for (const Row& r : rows) values.insert(displayValue(r.key[at]));
    return values;
  };
  std::set<std::string> inOld = partitions(before), inNew = partitions(after);
  for (const std::string& p : inOld)
    if (!inNew.count(p)) notCompared.push_back({kind.name, kind.partitionColumn + " " + p + ": only in the old database"});
  for (const std::string& p : inNew)
    if (!inOld.count(p)) notCompared.push_back({kind.name, kind.partitionColumn + " " + p + ": only in the new database"});
  auto drop = [&](std::vector<Row>& rows, const std::set<std::string>& other) {
    rows.erase(std::remove_if(rows.begin(), rows.end(), [&](const Row& r) { return !other.count(displayValue(r.key[at])); }),
               rows.end());
  };
  drop(before, inNew);
  drop(after, inOld);
}

/// Pairs the loops of the two revisions, procedure by procedure, in source order: an old loop
/// goes with the first new loop after the last one paired that has its variable, bounds and step
/// and whose enclosing loop is its enclosing loop's pair; one left over goes with the new loop of
/// its key when that one is left over too and has its variable (its bounds changed). Returns the
/// pairs whose keys differ.
std::vector<RenumberedLoop> matchLoops(const std::vector<Side::LoopShape>& before, const std::vector<Side::LoopShape>& after) {
  std::map<std::string, std::vector<const Side::LoopShape*>> oldByProcedure, newByProcedure;
  for (const auto& l : before) oldByProcedure[l.procedure].push_back(&l);
  for (const auto& l : after) newByProcedure[l.procedure].push_back(&l);
  std::map<std::string, std::string> pairOf;  // old key -> new key
  std::set<std::string> taken;                // new keys paired
  for (auto& [procedure, olds] : oldByProcedure) {
    auto found = newByProcedure.find(procedure);
    if (found == newByProcedure.end()) continue;
    const std::vector<const Side::LoopShape*>& news = found->second;
    // Parents first (depth), each level in source order.
    std::vector<const Side::LoopShape*> order = olds;
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) { return a->depth < b->depth; });
    std::map<std::string, int64_t> lastLine;  // per new parent: the line of the last new loop paired under it
    auto parentPairs = [&](const Side::LoopShape& o, const Side::LoopShape& n) {
      if (o.parent.empty() || n.parent.empty()) return o.parent.empty() && n.parent.empty();
      auto p = pairOf.find(o.parent);
      return p != pairOf.end() && p->second == n.parent;
    };
    // The new loops by what must be equal, each list in source order.
    auto shape = [](const Side::LoopShape& l) {
      return std::to_string(l.depth) + '\0' + l.var + '\0' + l.lower + '\0' + l.upper + '\0' + l.step;
    };
    std::map<std::string, std::vector<const Side::LoopShape*>> newsByShape;
    std::map<std::string, size_t> firstFree;
    for (const Side::LoopShape* n : news) newsByShape[shape(*n)].push_back(n);
    std::vector<const Side::LoopShape*> leftOver;
    for (const Side::LoopShape* o : order) {
      const Side::LoopShape* match = nullptr;
      auto candidates = newsByShape.find(shape(*o));
      if (candidates == newsByShape.end()) {
        leftOver.push_back(o);
        continue;
      }
      // Those before the first one not yet paired are skipped at once (pairs are made in order, so
      // a shape shared by many loops is not scanned from its start for each).
      std::vector<const Side::LoopShape*>& list = candidates->second;
      size_t& from = firstFree[candidates->first];
      while (from < list.size() && taken.count(list[from]->key)) ++from;
      for (size_t c = from; c < list.size(); ++c) {
        const Side::LoopShape* n = list[c];
        if (taken.count(n->key) || !parentPairs(*o, *n)) continue;
        auto last = lastLine.find(n->parent);
        if (last != lastLine.end() && n->line <= last->second) continue;
        match = n;
        break;
      }
      if (!match) {
        leftOver.push_back(o);
        continue;
      }
      pairOf[o->key] = match->key;
      taken.insert(match->key);
      lastLine[match->parent] = match->line;
    }
    for (const Side::LoopShape* o : leftOver) {
      auto same = std::find_if(news.begin(), news.end(), [&](const auto* n) { return n->key == o->key; });
      if (same != news.end() && !taken.count(o->key) && (*same)->var == o->var && parentPairs(*o, **same)) {
        pairOf[o->key] = o->key;
        taken.insert(o->key);
      }
    }
  }
  std::vector<RenumberedLoop> renumbered;
  for (const auto& [oldKey, newKey] : pairOf)
    if (oldKey != newKey) renumbered.push_back({oldKey, newKey});
  return renumbered;
}

/// The old rows' loop keys as the new database numbers the same loops.
void renumber(const KindColumns& columns, std::vector<Row>& rows, const std::map<std::string, std::string>& newKeyOf) {
  if (newKeyOf.empty()) return;
  for (size_t k = 0; k < columns.keys.size(); ++k) {
    if (columns.keys[k].name != "loop_key") continue;
    for (Row& r : rows)
      if (const std::string* key = std::get_if<std::string>(&r.key[k]))
        if (auto to = newKeyOf.find(*key); to != newKeyOf.end()) r.key[k] = to->second;
  }
}

}  // namespace

std::string Provenance::metaValue(const std::string& key) const {
  for (const auto& [k, v] : meta)
    if (k == key) return v;
  return {};
}

const KindResult* DiffResult::find(const std::string& kind) const {
  for (const KindResult& k : kinds)
    if (k.kind->name == kind) return &k;
  return nullptr;
}

DiffResult compareDatabases(const std::string& oldPath, const std::string& newPath, const DiffOptions& options) {
  for (const std::string& name : options.kinds)
    if (!findEntityKind(name)) {
      std::string known;
      for (const EntityKind& k : entityKinds()) known += (known.empty() ? "" : ", ") + k.name;
      throw DiffError("unknown kind '" + name + "' (the kinds: " + known + ")");
    }
  Side before(oldPath, "old"), after(newPath, "new");
  for (const std::string& procedure : options.procedures)
    if (!before.exists("SELECT 1 FROM procedures WHERE proc_key = ?", procedure) &&
        !after.exists("SELECT 1 FROM procedures WHERE proc_key = ?", procedure))
      throw DiffError("no procedure '" + procedure + "' in either database (SELECT proc_key FROM procedures)");
  for (const std::string& loop : options.loops)
    if (!before.exists("SELECT 1 FROM loops WHERE loop_key = ?", loop) && !after.exists("SELECT 1 FROM loops WHERE loop_key = ?", loop))
      throw DiffError("no loop '" + loop + "' in either database (SELECT loop_key FROM loops)");

  DiffResult result;
  result.before = before.provenance();
  result.after = after.provenance();
  result.renumbered = matchLoops(before.loops(), after.loops());
  std::map<std::string, std::string> newKeyOf;
  for (const RenumberedLoop& r : result.renumbered) newKeyOf[r.oldKey] = r.newKey;
  for (const EntityKind& kind : entityKinds()) {
    bool reported = options.kinds.empty() || contains(options.kinds, kind.name);
    if (!reported && !contains(options.policyKinds, kind.name)) continue;
    auto skip = [&](const std::string& reason) { result.notCompared.push_back({kind.name, reason}); };
    if (!options.procedures.empty() && kind.procedureColumn.empty() && kind.loopColumn.empty()) {
      skip("has no procedure; left out by --procedure");
      continue;
    }
    if (!options.loops.empty() && kind.loopColumn.empty()) {
      skip("has no loop; left out by --loop");
      continue;
    }
    if (!kind.requiresMeta.empty()) {
      const Side* lacking = !before.hasMeta(kind.requiresMeta) ? &before : !after.hasMeta(kind.requiresMeta) ? &after : nullptr;
      if (lacking) {
        skip(std::string("the ") + lacking->which() + " database has no " + kind.requiresMeta + " (" +
             kind.requiresMeta + " not in its meta table)");
        continue;
      }
    }
    std::string whyOld, whyNew;
    std::vector<std::string> oldColumns = before.columnsOf(kind, whyOld), newColumns = after.columnsOf(kind, whyNew);
    if (!whyOld.empty() || !whyNew.empty()) {
      skip(!whyOld.empty() ? "not in the old database (schema " + std::to_string(result.before.schemaVersion) + ": " + whyOld + ")"
                           : "not in the new database (schema " + std::to_string(result.after.schemaVersion) + ": " + whyNew + ")");
      continue;
    }
    KindColumns columns;
    std::string missingKey;
    for (const Column& c : kind.columns) {
      bool inOld = contains(oldColumns, c.name), inNew = contains(newColumns, c.name);
      if (inOld && inNew) {
        if (c.role == ColumnRole::Key) {
          columns.keys.push_back(c);
          // The raw text of a key compared with its lines masked: its lines moving is a move.
          if (c.quotesLines) columns.compared.push_back({c.name, ColumnRole::Position, false});
        } else if (c.role != ColumnRole::Context) {
          columns.compared.push_back(c);
        }
      } else if (c.role == ColumnRole::Key) {
        missingKey = c.name;
      } else if (inOld || inNew) {
        skip("column " + c.name + " only in the " + (inOld ? "old" : "new") + " database (schema " +
             std::to_string((inOld ? result.before : result.after).schemaVersion) + ")");
      }
    }
    for (const std::string& filter : {kind.procedureColumn, kind.loopColumn})
      if (!filter.empty() && (!contains(oldColumns, filter) || !contains(newColumns, filter))) missingKey = filter;
    if (!missingKey.empty()) {
      skip("its column " + missingKey + " is not in both databases");
      continue;
    }
    std::vector<Row> oldRows = before.rows(kind, columns, options), newRows = after.rows(kind, columns, options);
    renumber(columns, oldRows, newKeyOf);
    if (!kind.partitionColumn.empty()) keepCommonPartitions(kind, columns, oldRows, newRows, result.notCompared);
    KindResult compared;
    compared.kind = &kind;
    compared.reported = reported;
    compared.differences = compareRows(columns, std::move(oldRows), std::move(newRows), options.tolerances,
                                       contains(options.keepMatched, kind.name), options.keepMoves);
    compared.columns = std::move(columns);
    result.kinds.push_back(std::move(compared));
  }
  return result;
}

}  // namespace sapfor::diff
