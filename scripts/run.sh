#!/usr/bin/env bash
# Installs what is missing, builds CD Changer in release mode, installs its desktop entry
# (scripts/install-desktop-entry.sh) and runs it.
# Arguments go to cdchanger; with none it opens the player on your music (~/Music),
# or on the bundled demo library when you have none.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup-common.sh
ensure_packages "${BUILD_PACKAGES[@]}"
swift build -c release --product cdchanger >&2
scripts/install-desktop-entry.sh .build/release/cdchanger >&2 || echo "cdchanger: the desktop entry was not installed; the player runs without it." >&2
exec .build/release/cdchanger "$@"
