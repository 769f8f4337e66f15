/// @file Transfers.hpp
/// Host<->device copies as the DVMH runtime makes them (MODEL.md §12). Every array a data
/// directive names has an actual copy on the host, on the device or on both. A REGION's IN and
/// INOUT arrays are copied to the device only when the device's copy is not actual; its OUT and
/// INOUT arrays leave the device's copy the only actual one; the arrays a REGION's statements use
/// and its clauses do not name are INOUT. GET_ACTUAL copies back only what the
/// host lacks; ACTUAL (after the host wrote an array) makes the host's copy the only actual one. A
/// host statement that reads an array only the device has needs a copy back (a GET_ACTUAL, or the
/// runtime's implicit one: it is charged there and named), and one that writes it makes the host's
/// copy the only actual one (after a copy back when it writes only elements).
///
/// The program is followed from its main program through the calls (a dummy argument is the actual
/// array it is passed, when that is a whole array), each loop for its first iteration and then the
/// rest as one: an iteration sets an array's state or adds a copy to it, so after one iteration
/// the state of every array repeats.
#pragma once

#include "predictor/KernelFacts.hpp"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace sapfor::predictor {

/// The copies one directive or host statement causes over the whole run, of one array.
struct TransferCopies {
  std::string kind;      ///< region, expert_region, get_actual, host (a host statement)
  Id procId = 0;
  int line = 0;
  std::string clause;    ///< in, inout (to the device), get_actual, read, write (to the host)
  std::string name;      ///< the array as that procedure names it
  bool toDevice = true;
  double bytes = 0;      ///< one copy
  double copies = 0;     ///< over the whole run
};

struct TransferPlan {
  std::vector<TransferCopies> copies;  ///< by procedure, line and array
  std::set<std::string> missing;       ///< the trip counts and sizes the counts need; empty: known
};

/// A loop's trip count; nullopt (with what is lacking named) when it is unknown.
using TripCountOf = std::function<std::optional<double>(Id loopId, std::set<std::string>& lacking)>;
/// The bytes of an array a procedure declares; nullopt (with what is lacking named) when unknown.
using ArrayBytesOf = std::function<std::optional<double>(Id procId, const std::string& name, std::set<std::string>& lacking)>;

/// The REGIONs the model follows, in the order ProgramFacts::transfers lists them: the user's, and
/// the expert's that no REGION of the user's holds (an expert's REGION inside a user's is the user's).
std::vector<const TransferFacts*> countedRegions(const ProgramFacts& program);

/// Follows the program's REGIONs, ACTUAL, GET_ACTUAL, host statements and calls. An expert's REGION
/// counts where no REGION of the user's is around it.
TransferPlan planTransfers(const ProgramFacts& program, const TripCountOf& tripCount, const ArrayBytesOf& bytes);

}  // namespace sapfor::predictor
