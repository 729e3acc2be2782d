// smcalc/answer_text.hpp - the text formatter of solve()'s Answer: what `smcalc <op>` prints without --json
// (and the CLI's batch of text answers). The JSON formatter is core/api's; the page draws the same Answer.
#pragma once

#include <cstdint>
#include <string>

#include "smcalc/solve.hpp"

namespace smcalc {

// The op's table and readouts, the cluster part, and first the compiler line when the kernel came from compiler
// output. `why` adds the solver's step-by-step derivation.
std::string answer_text(const Request& req, const Answer& answer, bool why);

// dynamic_smem's note when NVIDIA's figure and the resident figure differ (JSON "notes" and text alike).
std::string resident_note(int64_t header, int64_t resident, int64_t blocks);

}  // namespace smcalc
