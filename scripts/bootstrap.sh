#!/usr/bin/env bash
# Installs uv if missing, then the project's pinned environment into .venv (Python 3.12).
# With pyenv (no internet for Python downloads) it uses pyenv's 3.12; elsewhere uv fetches 3.12.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v uv >/dev/null 2>&1; then
  uv=(uv)
else
  python3 -m pip install --quiet uv
  if command -v uv >/dev/null 2>&1; then uv=(uv); else uv=(python3 -m uv); fi
fi

python_arg=()
if command -v pyenv >/dev/null 2>&1; then
  py312="$(ls -d "$(pyenv root)"/versions/3.12*/bin/python3.12 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$py312" ]; then python_arg=(--python "$py312"); fi
fi
"${uv[@]}" sync --frozen "${python_arg[@]}"
