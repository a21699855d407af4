#!/usr/bin/env bash
# Installs headless Chromium (Debian's `chromium` package) for the site's browser tests
# (tests/test_site.py). Does nothing when a chromium binary is already on PATH.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  echo "chromium already installed: $(command -v chromium)"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update
"${sudo[@]}" apt-get install -y --no-install-recommends chromium fonts-dejavu-core
chromium --version
