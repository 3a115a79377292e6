#!/usr/bin/env bash
# npm test: every test, stage by stage. Each stage's time is printed as it ends and all of
# them again at the end (also when a stage fails), so a slow stage shows in CI's own log.
set -euo pipefail
cd "$(dirname "$0")/.."

names=()
secs=()
report() {
  local status=$?
  printf '\n%-34s %6s\n' "npm test stage" "time"
  for i in "${!names[@]}"; do printf '%-34s %5ss\n' "${names[$i]}" "${secs[$i]}"; done
  printf '%-34s %5ss%s\n' "total" "$SECONDS" "$([ "$status" -eq 0 ] || echo "  (failed)")"
}
trap report EXIT

stage() {
  local name=$1 start=$SECONDS
  shift
  printf '\n--> %s\n' "$name"
  local status=0
  "$@" || status=$?
  names+=("$name$([ "$status" -eq 0 ] || echo " (failed)")")
  secs+=($((SECONDS - start)))
  printf -- '--> %s: %s s\n' "$name" "$((SECONDS - start))"
  return "$status"
}

stage "engine tests (cargo)" npm run --silent test:engine
stage "engine build (wasm, types)" npm run --silent build:engine
stage "lint (rustfmt, clippy, eslint)" npm run --silent lint
stage "typecheck" npm run --silent typecheck
stage "unit tests (vitest)" npm run --silent test:unit
stage "browser tests (e2e)" npm run --silent test:e2e
