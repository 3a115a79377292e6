#!/usr/bin/env bash
# Builds what the web app needs from the Rust engine:
#   web/src/engine/pkg/        wasm-bindgen glue + optimised wasm (--target web, for the worker)
#   web/src/engine/generated TypeScript types generated from the Rust scenario/report types
# wasm-bindgen-cli must match the pinned wasm-bindgen crate (engine/Cargo.lock);
# scripts/setup-toolchain.sh (run by npm install) installs it. wasm-opt comes from the npm
# package `binaryen`: Debian's older wasm-opt corrupts wasm-bindgen output.
set -euo pipefail
cd "$(dirname "$0")/.."

out=web/src/engine/pkg
target=engine/target/wasm32-unknown-unknown/release/ssd_wasm.wasm

command -v wasm-bindgen >/dev/null 2>&1 ||
  { echo "build-engine: wasm-bindgen not found: run npm install (it runs scripts/setup-toolchain.sh)" >&2; exit 1; }
# One line per step with its time, so a slow first start shows where the minutes go.
took() { echo "build-engine: $1 in $(( SECONDS - $2 )) s"; }

t=$SECONDS
cargo build --quiet --manifest-path engine/Cargo.toml -p ssd-wasm --target wasm32-unknown-unknown --release
took "engine compiled to wasm" "$t"
# wasm-bindgen and wasm-opt take most of a rebuild with nothing changed: skipped when the
# compiled wasm and the tools are the ones the glue in $out was made from.
stamp="$out/.made-from"
made_from="$(sha256sum "$target" | cut -d' ' -f1) $(wasm-bindgen --version)"
if [ -f "$out/ssd_wasm_bg.wasm" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$made_from" ]; then
  echo "build-engine: wasm unchanged, glue and optimised wasm kept"
else
  t=$SECONDS
  rm -f "$stamp"
  wasm-bindgen --target web --out-dir "$out" "$target"
  if [ -x node_modules/.bin/wasm-opt ]; then
    node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
      "$out/ssd_wasm_bg.wasm" -o "$out/ssd_wasm_bg.wasm"
    echo "$made_from" > "$stamp"
  else
    echo "build-engine: node_modules/.bin/wasm-opt missing (run npm install); wasm left unoptimised" >&2
  fi
  took "glue made and wasm optimised" "$t"
fi

# ts-rs exports a type's .ts file from a generated unit test; run only those (--lib: the
# integration tests' binaries are not built, which took minutes on a fresh machine). The export
# directory is given here explicitly: cargo reads engine/.cargo/config.toml only when run
# from inside engine/.
t=$SECONDS
rm -rf web/src/engine/generated
TS_RS_EXPORT_DIR="$PWD/web/src/engine/generated" \
  cargo test --quiet --manifest-path engine/Cargo.toml -p ssd-core --profile ci --lib export_bindings >/dev/null
test -f web/src/engine/generated/Scenario.ts || { echo "build-engine: TypeScript types were not generated" >&2; exit 1; }
took "TypeScript types generated" "$t"
echo "build-engine: $(du -h "$out/ssd_wasm_bg.wasm" | cut -f1) wasm in $out, types in web/src/engine/generated"
