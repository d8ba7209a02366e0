"""Hypothesis profiles. ``HYPOTHESIS_PROFILE=mutation`` (scripts/mutation_module.sh sets it)
makes a mutation run affordable: every mutant re-runs each property test that reaches the code
it changed, so there a property test draws a fixed, smaller set of examples (derandomized: the
same examples for every mutant, no example database), without a deadline (mutmut's trampolines
slow every call) and without shrinking or explaining a failure (a failing example is enough to
kill a mutant). The ordinary suite keeps Hypothesis' defaults and each test's own settings.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"
MUTATION = "mutation"
MUTATION_EXAMPLES = 40

settings.register_profile(
    MUTATION,
    max_examples=MUTATION_EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)


def load() -> None:
    """The profile the environment names (Hypothesis' default when none is named)."""
    settings.load_profile(os.environ.get(PROFILE_VARIABLE, "default"))


def examples(count: int) -> int:
    """A test's own example count, capped by the mutation profile when that one is loaded
    (an explicit ``max_examples`` would otherwise override the profile's)."""
    if os.environ.get(PROFILE_VARIABLE) == MUTATION:
        return min(count, MUTATION_EXAMPLES)
    return count
