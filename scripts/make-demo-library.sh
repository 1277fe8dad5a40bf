#!/usr/bin/env bash
# make-demo-library.sh — rebuild CD Changer's bundled demo library.
#
#   scripts/make-demo-library.sh    rebuild Assets/DemoLibrary from the album
#                                   descriptions in Assets/DemoLibrary.manifest.json
#                                   and write what was measured back into it
#
# The work is done by the Swift program cdchanger-demo-library
# (Sources/cdchanger-demo-library): it synthesises each album's music note by
# note with sox, lays an espeak-ng announcement over each intro, encodes the
# tracks (lame, flac with metaflac's ReplayGain, opusenc), decodes them back with
# the reference decoders (mpg123, flac, opusdec) and records sample counts and
# sizes. This script installs the tools, builds the program and runs it. The
# Swift tests (Tests/MusicLibraryTests/DemoLibraryTests.swift) check the result.
# See docs/demo-library.md. KEEP_WORK=1 keeps the intermediate files.

set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup-common.sh
case ${1:-} in
"") ;;
-h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
*) echo "make-demo-library: unknown option $1 (it takes none; the Swift tests check the library)" >&2; exit 2 ;;
esac
# sox, espeak-ng, lame, flac (with metaflac), opus-tools and mpg123 make and check the files.
ensure_packages sox espeak-ng lame flac opus-tools mpg123
swift build -c release --product cdchanger-demo-library >&2
exec .build/release/cdchanger-demo-library "$PWD"
