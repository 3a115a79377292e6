#!/usr/bin/env bash
# Provisions what the build and the tests need beyond rustup and Node, and says what it does.
# Idempotent: with everything present it only checks (well under a second).
#   bash scripts/setup-toolchain.sh            Rust side (npm install runs this: "preinstall")
#   bash scripts/setup-toolchain.sh --browser  also Chromium + a CJK font, and fio (npm test: "pretest")
# Rust side: the toolchain pinned in engine/rust-toolchain.toml with its components and
# targets, and wasm-bindgen-cli at the exact version of the wasm-bindgen crate in
# engine/Cargo.lock (reinstalled only when `wasm-bindgen --version` differs).
set -euo pipefail
cd "$(dirname "$0")/.."

browser=0
case "${1:-}" in
  "") ;;
  --browser) browser=1 ;;
  *) echo "usage: bash scripts/setup-toolchain.sh [--browser]" >&2; exit 2 ;;
esac

say() { printf 'setup: %s\n' "$*"; }
fail() { printf 'setup: %s\n' "$*" >&2; exit 1; }
started=$SECONDS
took() { printf '(%d s)' $((SECONDS - started)); }

if ! command -v rustup >/dev/null 2>&1 || ! command -v cargo >/dev/null 2>&1; then
  fail "Rust is missing (no rustup/cargo on PATH): install rustup with its default stable toolchain, open a new shell so ~/.cargo/bin is on PATH, and run npm install again."
fi

# --- the pinned toolchain, its components and targets ------------------------------------
pin=engine/rust-toolchain.toml
field() { sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$pin" | sed 's/#.*//' | tr -d '[]",\r' | awk '{ $1 = $1; print }'; }
channel=$(field channel)
components=$(field components)
targets=$(field targets)
[[ -n "$channel" ]] || fail "could not read the channel from $pin."

if ! installed=$(rustup component list --installed --toolchain "$channel" 2>/dev/null); then
  say "installing Rust $channel (pinned in $pin) with ${components// /, } and ${targets// /, }: a download of a few hundred MB, usually 1-2 minutes"
  args=(--profile minimal)
  for c in $components; do args+=(--component "$c"); done
  for t in $targets; do args+=(--target "$t"); done
  rustup toolchain install "$channel" "${args[@]}"
  installed=$(rustup component list --installed --toolchain "$channel")
fi
# Targets first: they are quick, and the wasm build needs them before anything else.
missing=()
for t in $targets; do grep -q "^rust-std-$t\$" <<<"$installed" || missing+=("$t"); done
if ((${#missing[@]})); then
  say "adding the Rust target ${missing[*]} to $channel (a few seconds)"
  rustup target add --toolchain "$channel" "${missing[@]}"
fi
missing=()
for c in $components; do grep -q "^$c-" <<<"$installed" || missing+=("$c"); done
if ((${#missing[@]})); then
  say "adding the Rust components ${missing[*]} to $channel (a few seconds)"
  rustup component add --toolchain "$channel" "${missing[@]}"
fi

# --- wasm-bindgen-cli, the exact version of the wasm-bindgen crate ------------------------
wanted=$(awk '
  { sub(/\r$/, "") }
  /^\[\[package\]\]/ { name = ""; ver = ""; next }
  /^name[[:space:]]*=/ { name = $0; sub(/^name[[:space:]]*=[[:space:]]*"/, "", name); sub(/".*/, "", name) }
  /^version[[:space:]]*=/ { ver = $0; sub(/^version[[:space:]]*=[[:space:]]*"/, "", ver); sub(/".*/, "", ver) }
  name == "wasm-bindgen" && ver != "" && !seen[ver]++ { print ver }
' engine/Cargo.lock)
[[ "$wanted" =~ ^[0-9]+\.[0-9]+\.[0-9]+[^[:space:]]*$ ]] ||
  fail "expected exactly one wasm-bindgen version in engine/Cargo.lock, found: ${wanted:-none}."
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [[ "$have" != "$wanted" ]]; then
  say "installing wasm-bindgen-cli $wanted (found: ${have:-none}) with cargo install: it compiles from source, about 3 minutes on 2 cores"
  # No --locked: the CLI's own lock file wants a crate version the registry here may lack.
  cargo install wasm-bindgen-cli --version "$wanted"
  have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
  [[ "$have" == "$wanted" ]] ||
    fail "wasm-bindgen $wanted was installed into ${CARGO_HOME:-$HOME/.cargo}/bin, but the wasm-bindgen on PATH is ${have:-missing} ($(command -v wasm-bindgen || echo 'not found')): put that directory first on PATH."
fi
say "Rust $channel (${components// /, }; ${targets// /, }) and wasm-bindgen-cli $wanted ready $(took)"

[[ $browser == 1 ]] || exit 0

# --- Chromium and a CJK font for the browser tests ----------------------------------------
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
packages=()
[[ -x "$chromium" ]] || packages+=(chromium)
if ! dpkg -s fonts-ipafont-gothic >/dev/null 2>&1 && ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  packages+=(fonts-ipafont-gothic)
fi
# fio's own parser checks the engine's exported job files (`fio --parse-only`, docs/fio.md);
# the engine test skips with a note where fio is missing, so it is never required.
command -v fio >/dev/null 2>&1 || packages+=(fio)
if ((${#packages[@]})); then
  as_root=()
  [[ $(id -u) == 0 ]] || as_root=(sudo -n)
  if command -v apt-get >/dev/null 2>&1 && { ((${#as_root[@]} == 0)) || sudo -n true 2>/dev/null; }; then
    say "installing ${packages[*]} with apt-get for the browser tests (about 20 s)"
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}"
  elif [[ ! -x "$chromium" ]]; then
    fail "the browser tests need Chromium at $chromium (or CHROMIUM_PATH) and a CJK font: run sudo apt-get install chromium fonts-ipafont-gothic fio, then npm test again."
  else
    say "could not install ${packages[*]} (no apt-get or sudo): without a CJK font Japanese text in screenshots shows as boxes; without fio its parser check of exported job files is skipped. sudo apt-get install ${packages[*]} fixes it."
  fi
fi
[[ -x "$chromium" ]] || fail "Chromium is still missing at $chromium after apt-get."
say "Chromium at $chromium ready $(took)"
