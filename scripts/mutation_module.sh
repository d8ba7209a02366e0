#!/usr/bin/env bash
# One module's mutation score against the tests that own it, in a copy of HEAD (mutmut writes
# mutants/ beside the tree it runs in; the work tree stays clean) on one core:
#
#   scripts/mutation_module.sh MODULE TEST...
#   scripts/mutation_module.sh bot/alerts/leader.py tests/test_mutants.py \
#       tests/test_mutants_alerts.py tests/test_alerts_crash.py::test_leadership_in_process
#
# The modules whose tests need PostgreSQL (README, "Mutation testing"): export
# TEST_DATABASE_URL first (scripts/pg_throwaway.sh start DIR); without it their PostgreSQL
# tests skip and the score is not the one the README gives. The copy is left in
# $MUTATION_DIR (default: a new directory under /tmp) for `mutmut show NAME` there; the last
# lines printed are mutmut's counts and every mutant that was not killed. MUTANTS="NAME..."
# runs only those mutants (a re-run of the survivors once tests were added).
# It runs under `nice -n 10` (NICE=0 to change) with HYPOTHESIS_PROFILE=mutation
# (tests/support/profiles.py: each property test draws 40 fixed examples, no shrinking).
set -euo pipefail

[[ $# -ge 2 ]] || { sed -n '2,17p' "$0" >&2; exit 2; }
root=$(git rev-parse --show-toplevel)
venv=${VENV:-$root/.venv}
dir=${MUTATION_DIR:-$(mktemp -d /tmp/mutation.XXXXXX)}
mkdir -p "$dir"
git -C "$root" archive HEAD | tar -x -C "$dir"
"$venv/bin/python" - "$dir/pyproject.toml" "$@" <<'EOF'
import json
import re
import sys

path, module, *tests = sys.argv[1:]
with open(path, encoding="utf-8") as handle:
    text = handle.read()
for name, value in (("only_mutate", [module]), ("pytest_add_cli_args_test_selection", tests)):
    text, found = re.subn(rf"(?ms)^{name} = \[.*?\]", f"{name} = {json.dumps(value)}", text, 1)
    assert found == 1, f"[tool.mutmut] has no {name} list"
with open(path, "w", encoding="utf-8") as handle:
    handle.write(text)
EOF
cd "$dir"
echo "mutating $1 in $dir (commit $(git -C "$root" rev-parse --short HEAD))" >&2
status=0
export HYPOTHESIS_PROFILE=${HYPOTHESIS_PROFILE:-mutation}
# shellcheck disable=SC2086 # MUTANTS is a list of names
nice -n "${NICE:-10}" "$venv/bin/mutmut" run --max-children 1 ${MUTANTS:-} >"$dir/run.log" 2>&1 || status=$?
# The progress line is redrawn in place: its last state is the count.
tr '\r' '\n' <"$dir/run.log" | grep -E '🎉|mutations/second' | tail -n 2
"$venv/bin/mutmut" results | grep -v -e ': killed$' -e ': not checked$' || true
exit "$status"
