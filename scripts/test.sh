#!/usr/bin/env bash
# Installs what the tests need, builds, and runs the whole test suite.
# Exits non-zero when a test fails, when the build fails, or when no test ran.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup-common.sh
# Test tools: sox and lame make MP3 fixtures, mpg123 is the reference decoder; flac, vorbis-tools
# (oggenc, oggdec) and opus-tools (opusenc, opusdec) make and check FLAC, Vorbis and Opus; tmux drives the
# dashboard, setpriv runs a check as an ordinary user, dbus-daemon gives tests a private session
# bus that playerctl and gdbus talk to, python3 plays a crashed player and idle clients in socket
# tests, desktop-file-validate checks the desktop entry, socat runs a documented example, espeak-ng
# speaks the voice tests' commands (sox mixes in their noise), busctl (systemd) calls the voice's
# D-Bus method as a key binding would.
ensure_packages "${BUILD_PACKAGES[@]}" sox lame mpg123 flac vorbis-tools opus-tools tmux util-linux dbus-daemon dbus-bin playerctl libglib2.0-bin python3 desktop-file-utils socat espeak-ng systemd

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log" | grep -E "error|warning: .*\.swift" || true
if ! grep -q "Build complete" "$log"; then
  echo "cdchanger: the build failed." >&2
  cat "$log" >&2
  exit 1
fi
status=0
swift test --skip-build 2>&1 | tee "$log" || status=$?

# swift test exits 0 even when nothing ran, so count what ran.
xctest_count=$(sed -n 's/.*Executed \([0-9][0-9]*\) tests\{0,1\}, with.*/\1/p' "$log" | tail -n 1)
testing_count=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -n 1)
total=$(( ${xctest_count:-0} + ${testing_count:-0} ))
if [ "$status" -ne 0 ] || grep -q "✘ Test run" "$log"; then
  echo "cdchanger: tests failed." >&2
  exit 1
fi
if [ "$total" -eq 0 ]; then
  echo "cdchanger: no tests ran." >&2
  exit 1
fi
echo "cdchanger: all $total tests passed."
