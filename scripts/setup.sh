#!/usr/bin/env bash
# One command for a newcomer on a fresh machine with Node 20:
#   npm run setup:start   installs everything, builds, and serves the site at http://localhost:8080
#   npm run setup:test    installs everything (pnpm, dependencies, Chromium) and runs every test
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=$(node -p "require('./package.json').packageManager.split('@')[1]")

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then return; fi
  echo "Installing pnpm $PNPM_VERSION..."
  # corepack's signature check fails on some machines; the global npm install is the dependable route.
  if npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 && command -v pnpm >/dev/null 2>&1; then return; fi
  export COREPACK_ENABLE_DOWNLOAD_PROMPT=0 COREPACK_INTEGRITY_KEYS=0
  if corepack enable >/dev/null 2>&1 && corepack prepare "pnpm@$PNPM_VERSION" --activate >/dev/null 2>&1; then return; fi
  echo "Could not install pnpm $PNPM_VERSION (try: npm install -g pnpm@$PNPM_VERSION)" >&2
  exit 1
}

ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return; fi
  # chromium for what needs the desktop browser (installability, Lighthouse), chromium-headless-shell for the
  # end-to-end suite (the same engine on half the CPU; the suite falls back to chromium without it).
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  if [ ${#missing[@]} -eq 0 ]; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} from Debian..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    return
  fi
  if [ -x /usr/bin/chromium ]; then return; fi
  echo "End-to-end tests need Chromium: install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
  exit 1
}

ensure_pnpm
pnpm install --frozen-lockfile

case "${1:-}" in
  start) exec pnpm start ;;
  test)
    ensure_chromium
    exec pnpm test
    ;;
  *)
    echo "usage: scripts/setup.sh start|test" >&2
    exit 2
    ;;
esac
