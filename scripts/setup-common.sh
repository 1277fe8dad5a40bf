# Shared by scripts/run.sh and scripts/test.sh: finds Swift and installs missing Debian packages.
# Source it; it defines `ensure_packages PKG…` and puts the Swift toolchain on PATH.

# Swift: use the one on PATH, else the toolchain at /opt/swift.
if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    export PATH=/opt/swift/usr/bin:$PATH
  else
    echo "cdchanger: the Swift 6 toolchain was not found (looked on PATH and in /opt/swift)." >&2
    echo "Install it from https://www.swift.org/install/linux/ and run this again." >&2
    exit 1
  fi
fi

# ensure_packages PKG…: installs, with apt-get, the packages that are not installed yet.
ensure_packages() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing ${missing[*]}…" >&2
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
      echo "cdchanger: these Debian packages are missing: ${missing[*]}" >&2
      echo "Install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The C libraries the player links against, and pkg-config to find them; the voice prompt's
# recognizer, its en-us model, espeak-ng (pronunciations) and the WAV reader and resampler.
BUILD_PACKAGES=(pkg-config libncursesw5-dev libmpg123-dev libflac-dev libvorbis-dev libopusfile-dev libasound2-dev libdbus-1-dev
  libpocketsphinx-dev pocketsphinx-en-us libespeak-ng-dev libsndfile1-dev libsamplerate0-dev)
