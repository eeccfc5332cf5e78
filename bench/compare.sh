#!/usr/bin/env bash
# Random playouts of this tree beside another commit's (default: the engine before its contracts).
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-bad1e05}
shift || true
dir=$(mktemp -d)
trap 'git worktree remove --force "$dir" >/dev/null 2>&1 || true' EXIT
git worktree add --detach "$dir" "$ref" >/dev/null
(cd "$dir" && npm ci --no-audit --no-fund >/dev/null && npm run build >/dev/null)
npm run build >/dev/null
node dist/bench/compare.js "$dir" "$@"
