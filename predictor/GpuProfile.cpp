/// @file GpuProfile.cpp
/// GPU profiles: INI files parsed with Boost.Program_options' config-file reader.
#include "predictor/GpuProfile.hpp"

#include "files/DataFile.hpp"
#include "predictor/IniFile.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

namespace sapfor::predictor {

const std::vector<std::pair<std::string_view, std::string_view>>& embeddedGpuProfiles();

namespace po = boost::program_options;

std::string_view coalescingRuleName(CoalescingRule rule) {
  switch (rule) {
    case CoalescingRule::Cc10: return "cc1.0";
    case CoalescingRule::Cc12: return "cc1.2";
    case CoalescingRule::FermiLines: return "fermi-lines";
    case CoalescingRule::Sectors: return "sectors";
  }
  return "?";
}

int GpuProfile::regAllocUnitFor(int64_t regsPerThread) const {
  bool wide = std::find(regAllocUnitWideAt.begin(), regAllocUnitWideAt.end(), regsPerThread) != regAllocUnitWideAt.end();
  return wide ? regAllocUnitWide : regAllocUnit;
}

int64_t GpuProfile::smemPerSmBytes(int l1Kb) const {
  int64_t preferred = int64_t{std::min(maxSmemPerSmKb, l1SharedKb - l1Kb)} * 1024;
  for (int kb : smemConfigsKb)
    if (int64_t{kb} * 1024 >= preferred) return int64_t{kb} * 1024;
  return preferred;
}

int64_t GpuProfile::smemPerSmFor(int64_t smemPerBlock, int64_t preferred) const {
  if (preferred >= smemPerBlock) return preferred;
  for (int kb : smemConfigsKb)
    if (int64_t{kb} * 1024 >= smemPerBlock) return int64_t{kb} * 1024;
  return int64_t{maxSmemPerSmKb} * 1024;
}

namespace {

/// A list of non-negative integers separated by blanks, ascending; throws naming `key`.
std::vector<int> integerList(const std::string& text, const std::string& key, const std::string& origin) {
  std::vector<int> values;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    size_t used = 0;
    int value = -1;
    try {
      value = std::stoi(word, &used);
    } catch (const std::exception&) {
    }
    if (used != word.size() || value < 0 || (!values.empty() && value <= values.back()))
      throw std::runtime_error(origin + ": " + key + " = " + text + ": expected ascending non-negative integers");
    values.push_back(value);
  }
  return values;
}

}  // namespace

GpuProfile parseGpuProfile(std::string_view text, const std::string& key, const std::string& origin) {
  GpuProfile g;
  g.key = key;
  g.origin = origin;
  std::string rule, wideAt, smemConfigs, registerHeuristic = "calibrated";
  po::options_description keys;
  auto positive = [&](const char* name, auto* target) {
    keys.add_options()(name, po::value(target)->required());
  };
  keys.add_options()("name", po::value(&g.name)->required())("coalescing", po::value(&rule)->required());
  positive("compute_capability", &g.computeCapability);
  positive("sms", &g.sms);
  positive("fp32_per_sm", &g.fp32PerSm);
  positive("fp64_per_sm", &g.fp64PerSm);
  positive("sfu_per_sm", &g.sfuPerSm);
  positive("clock_ghz", &g.clockGhz);
  positive("dram_gbs", &g.dramGbs);
  positive("l2_kb", &g.l2Kb);
  positive("max_threads_per_block", &g.maxThreadsPerBlock);
  positive("max_grid_x", &g.maxGridX);
  positive("max_warps_per_sm", &g.maxWarpsPerSm);
  positive("max_blocks_per_sm", &g.maxBlocksPerSm);
  positive("regs_per_sm", &g.regsPerSm);
  positive("max_regs_per_thread", &g.maxRegsPerThread);
  positive("reg_alloc_unit", &g.regAllocUnit);
  positive("reg_subpartitions", &g.regSubpartitions);
  keys.add_options()("reg_alloc_unit_wide", po::value(&g.regAllocUnitWide))("reg_alloc_unit_wide_at",
                                                                             po::value(&wideAt));
  positive("l1_shared_kb", &g.l1SharedKb);
  positive("max_smem_per_sm_kb", &g.maxSmemPerSmKb);
  positive("max_smem_per_block_kb", &g.maxSmemPerBlockKb);
  positive("smem_alloc_unit", &g.smemAllocUnit);
  keys.add_options()("smem_reserved_per_block", po::value(&g.smemReservedPerBlock)->required());
  positive("l1_default_kb", &g.l1DefaultKb);
  positive("l1_min_kb", &g.l1MinKb);
  positive("l1_max_kb", &g.l1MaxKb);
  keys.add_options()("smem_configs_kb", po::value(&smemConfigs));
  keys.add_options()("register_heuristic", po::value(&registerHeuristic));
  positive("mem_latency", &g.memLatency);
  positive("l2_latency", &g.l2Latency);
  positive("launch_overhead_us", &g.launchOverheadUs);
  positive("host_link_gbs", &g.hostLinkGbs);
  positive("host_link_latency_us", &g.hostLinkLatencyUs);
  // Profiles before MODEL.md §12 gave the departure delays; they follow from the bandwidth now.
  // Said before the required keys are checked, so that an old profile learns what to change.
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) {
    size_t start = line.find_first_not_of(" \t");
    if (start != std::string::npos && line.compare(start, 14, "departure_del_") == 0)
      throw std::runtime_error(origin + ": departure_del_coal and departure_del_uncoal are no longer read: a request's "
                               "departure delay is the bytes it moves * clock_ghz * sms / dram_gbs (MODEL.md §12); "
                               "remove them");
  }
  readIni(text, keys, origin);
  static const std::map<std::string, CoalescingRule> rules = {{"cc1.0", CoalescingRule::Cc10},
                                                              {"cc1.2", CoalescingRule::Cc12},
                                                              {"fermi-lines", CoalescingRule::FermiLines},
                                                              {"sectors", CoalescingRule::Sectors}};
  auto r = rules.find(rule);
  if (r == rules.end())
    throw std::runtime_error(origin + ": coalescing = " + rule + ": expected cc1.0, cc1.2, fermi-lines or sectors");
  g.coalescing = r->second;
  if (registerHeuristic != "thesis" && registerHeuristic != "calibrated")
    throw std::runtime_error(origin + ": register_heuristic = " + registerHeuristic + ": expected thesis or calibrated");
  g.thesisRegisters = registerHeuristic == "thesis";
  g.regAllocUnitWideAt = integerList(wideAt, "reg_alloc_unit_wide_at", origin);
  g.smemConfigsKb = integerList(smemConfigs, "smem_configs_kb", origin);
  auto check = [&](bool ok, const std::string& what) {
    if (!ok) throw std::runtime_error(origin + ": " + what);
  };
  check(g.sms > 0 && g.fp32PerSm > 0 && g.fp64PerSm > 0 && g.sfuPerSm > 0, "sms and the units per SM must be positive");
  check(g.clockGhz > 0 && g.dramGbs > 0 && g.hostLinkGbs > 0, "clock_ghz, dram_gbs and host_link_gbs must be positive");
  check(g.maxThreadsPerBlock >= 32 && g.maxWarpsPerSm > 0 && g.maxBlocksPerSm > 0 && g.maxGridX > 0,
        "the thread, warp, block and grid limits must be positive");
  check(g.regsPerSm > 0 && g.maxRegsPerThread > 0 && g.regAllocUnit > 0 && g.regSubpartitions > 0,
        "the register figures must be positive");
  check(g.regAllocUnitWideAt.empty() || g.regAllocUnitWide > 0,
        "reg_alloc_unit_wide_at needs a positive reg_alloc_unit_wide");
  check(g.smemAllocUnit > 0 && g.smemReservedPerBlock >= 0, "smem_alloc_unit must be positive");
  check(g.smemConfigsKb.empty() || g.smemConfigsKb.back() == g.maxSmemPerSmKb,
        "the largest of smem_configs_kb must be max_smem_per_sm_kb");
  check(g.l1MinKb > 0 && g.l1MinKb <= g.l1DefaultKb && g.l1DefaultKb <= g.l1MaxKb && g.l1MaxKb <= g.l1SharedKb,
        "expected 0 < l1_min_kb <= l1_default_kb <= l1_max_kb <= l1_shared_kb");
  check(g.memLatency > 0 && g.l2Latency > 0 && g.l2Latency <= g.memLatency,
        "expected 0 < l2_latency <= mem_latency");
  return g;
}

GpuProfile loadGpuProfile(const std::string& path) {
  constexpr size_t kMaxProfileBytes = size_t{1} << 20;  // data/gpus/*.ini are a few KB
  files::DataFile file = files::readDataFile(path, kMaxProfileBytes);
  if (!file.read()) throw std::runtime_error(path + ": cannot read the GPU profile: " + file.error);
  std::string key = path.substr(path.find_last_of('/') + 1);
  key = key.substr(0, key.find('.'));
  return parseGpuProfile(file.text, key, path);
}

const std::vector<GpuProfile>& builtinGpuProfiles() {
  static const std::vector<GpuProfile> profiles = [] {
    std::vector<GpuProfile> all;
    for (const auto& [key, text] : embeddedGpuProfiles())
      all.push_back(parseGpuProfile(text, std::string(key), "data/gpus/" + std::string(key) + ".ini"));
    std::sort(all.begin(), all.end(), [](const GpuProfile& a, const GpuProfile& b) { return a.key < b.key; });
    return all;
  }();
  return profiles;
}

const GpuProfile* findGpuProfile(std::string_view key) {
  std::string lower(key);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const GpuProfile& g : builtinGpuProfiles())
    if (g.key == lower) return &g;
  return nullptr;
}

}  // namespace sapfor::predictor
