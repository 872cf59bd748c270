#!/usr/bin/env bash
# Builds the package, then runs every test runner even when an earlier one fails; each writes a
# machine-readable report into reports/. Exits non-zero when any runner failed.
set -u
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh || exit 1
npm run build || exit 1
npm run build:demo || exit 1
mkdir -p reports
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json || status=1
npx web-test-runner || status=1
exit $status
