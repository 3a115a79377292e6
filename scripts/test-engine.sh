#!/usr/bin/env bash
# npm run test:engine: every engine test (cargo, profile ci). The two tests that count the
# heap (memory_estimate, budget) each run alone in their own process, on one core, for most of
# a minute: they run beside the rest rather than after it, on the core the rest's
# single-threaded tests leave idle. Their output follows the rest's.
set -euo pipefail
cd "$(dirname "$0")/../engine"

HEAP_TESTS=(memory_estimate budget)
# Their tests' names, skipped in the main run (a binary runs no test twice).
HEAP_TEST_NAMES=(runs_take_the_memory_expected_of_them memory_stays_under_its_bound_and_work_under_its_ceiling)

cargo test --workspace --profile ci --no-run
exes=()
for t in "${HEAP_TESTS[@]}"; do
  exe=$(cargo test --profile ci -p ssd-core --test "$t" --no-run 2>&1 | sed -n "s/.*Executable tests\/$t.rs (\(.*\))/\1/p")
  [ -n "$exe" ] || { echo "test-engine: no executable for tests/$t.rs" >&2; exit 1; }
  exes+=("$PWD/$exe")
done

heap_log=$(mktemp)
# cargo runs a package's tests from its directory; so do these.
(cd core && for exe in "${exes[@]}"; do "$exe"; done) > "$heap_log" 2>&1 &
heap_pid=$!

skips=()
for name in "${HEAP_TEST_NAMES[@]}"; do skips+=(--skip "$name"); done
status=0
cargo test --workspace --profile ci -- "${skips[@]}" || status=$?

heap_status=0
wait "$heap_pid" || heap_status=$?
printf '\n--> heap-counting tests (%s), run beside the rest\n' "${HEAP_TESTS[*]}"
cat "$heap_log"
rm -f "$heap_log"
[ "$status" -eq 0 ] && [ "$heap_status" -eq 0 ]
