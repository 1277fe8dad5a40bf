#!/usr/bin/env bash
# Makes the recordings `cdchanger-bench voice-eval` measures the voice prompt on (docs/voice.md,
# "Accuracy"):
#
#   scripts/voice-corpus.sh OUTDIR [SET…]     SET: tune, test, heldout, heldout2 (default: all four)
#
# Each set is OUTDIR/SET/manifest.tsv (FILE<TAB>SENTENCE, an empty sentence for speech outside
# the grammar and for noise) and its WAV files. The commands are one sentence of every phrase
# template as the voice prompt hears it (`cdchanger shortcuts --spoken 1`, with the demo library
# and the magazines voice-eval names), those `resolve` acts on. Each command is said twice: once
# clean, once under brown or pink noise 15 or 10 dB below the speech.
#   tune, test   espeak-ng voices; tune has the even-numbered commands, test the odd ones
#   heldout      every command, flite (kal16, awb, slt, rms) and festival's kal_diphone
#   heldout2     every command, festival's ked_diphone and the HTS voice cmu_us_slt_arctic_hts
# Every set also has 25 sentences outside the grammar (clean and noisy) and 12 clips of noise.
# The same clips every time (sox -R: the same noise), given the same synthesizers.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/voice-corpus.sh OUTDIR [tune|test|heldout|heldout2…]" >&2; exit 64; }
source scripts/setup-common.sh
ensure_packages "${BUILD_PACKAGES[@]}" sox python3 espeak-ng flite festival festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts

out=$1
shift
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(tune test heldout heldout2)

swift build -c release --product cdchanger >&2
player=.build/release/cdchanger
state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
run() { HOME=$state XDG_CONFIG_HOME=$state/config "$player" --state-dir "$state" --library Assets/DemoLibrary "$@"; }
# The magazines of voice-eval's registry ("Magazine One" is the demo's own).
for magazine in "Road Trip" "Sunday Drive" "Kitchen Mix" "Morning Commute"; do
  run magazine create "$magazine" >/dev/null
done
mapfile -t commands < <(run shortcuts --spoken 1 | LC_ALL=C sort -u | run resolve --json \
  | python3 -c 'import json, sys
for line in sys.stdin:
    said = json.loads(line)
    if said["outcome"] == "matched": print(said["sentence"])')
echo "${#commands[@]} commands" >&2

outside=(
  "what's the weather in boston" "call my sister" "navigate to the train station" "tell me something funny"
  "how long until we get there" "send a message to anna" "what day is it today" "turn on the wipers"
  "find a parking garage" "read my email" "wake me up at six" "is there traffic ahead" "close the sunroof"
  "will it snow tomorrow" "what's the score of the game" "remind me to call the dentist" "drive me to work"
  "good evening" "thanks a lot" "call the garage" "turn the heating up" "add bread to the list"
  "how much fuel is left" "play disc twenty five" "where is the nearest hospital"
)
espeak_voices=(en-us:130 en-us+m1:170 en-us+m2:150 en-us+m3:140 en-us+f1:160 en-us+f2:180 en-us+f4:190 en-gb-x-rp:150)
noises=(brownnoise:15 pinknoise:10 pinknoise:15 brownnoise:10)

# say VOICE TEXT FILE: VOICE is espeak:NAME:WPM, flite:NAME or festival:NAME.
say() {
  local kind=${1%%:*} rest=${1#*:}
  case $kind in
    espeak) espeak-ng -v "${rest%%:*}" -s "${rest#*:}" -w "$3" "$2" ;;
    flite) flite -voice "$rest" -t "$2" -o "$3" ;;
    festival) printf '%s\n' "$2" | text2wave -eval "(voice_$rest)" -o "$3" ;;
  esac
}
stat_of() { sox "$1" -n stat 2>&1 | awk -v key="$2" 'index($0, key) == 1 { print $NF }'; }
# mix CLEAN KIND DB FILE: CLEAN with KIND noise DB below its RMS level.
mix() {
  local rate length speech noise_file level
  rate=$(soxi -r "$1")
  length=$(stat_of "$1" "Length (seconds):")
  speech=$(stat_of "$1" "RMS     amplitude:")
  noise_file=$(mktemp --suffix=.wav)
  sox -R -n -r "$rate" -c 1 -b 16 "$noise_file" synth "$length" "$2" vol 0.5
  level=$(stat_of "$noise_file" "RMS     amplitude:")
  sox -R -m "$1" -v "$(python3 -c "print($speech / max($level, 1e-6) / 10 ** ($3 / 20))")" "$noise_file" "$4"
  rm -f "$noise_file"
}
# take SET INDEX VOICE NOISE TEXT SENTENCE: one clip (NOISE "-" for clean) and its manifest line.
take() {
  local file="$out/$1/$2.wav" clean
  if [ "$4" = - ]; then
    say "$3" "$5" "$file"
  else
    clean=$(mktemp --suffix=.wav)
    say "$3" "$5" "$clean"
    mix "$clean" "${4%%:*}" "${4#*:}" "$file"
    rm -f "$clean"
  fi
  printf '%s\t%s\n' "$(realpath "$file")" "$6" >> "$out/$1/manifest.tsv"
}

for set in "${sets[@]}"; do
  case $set in
    tune|test) voices=("${espeak_voices[@]/#/espeak:}") ;;
    heldout) voices=(flite:kal16 flite:awb flite:slt flite:rms festival:kal_diphone) ;;
    heldout2) voices=(festival:ked_diphone festival:cmu_us_slt_arctic_hts) ;;
    *) echo "unknown set $set (tune, test, heldout, heldout2)" >&2; exit 64 ;;
  esac
  rm -rf "${out:?}/$set"
  mkdir -p "$out/$set"
  clip=0 said=0
  for index in "${!commands[@]}"; do
    [ "$set" = tune ] && [ $((index % 2)) -ne 0 ] && continue
    [ "$set" = test ] && [ $((index % 2)) -ne 1 ] && continue
    sentence=${commands[$index]}
    take "$set" "c$clip" "${voices[$((said % ${#voices[@]}))]}" - "$sentence" "$sentence"; clip=$((clip + 1))
    take "$set" "c$clip" "${voices[$(((said + 1) % ${#voices[@]}))]}" "${noises[$((said % 4))]}" "$sentence" "$sentence"; clip=$((clip + 1))
    said=$((said + 1))
  done
  for index in "${!outside[@]}"; do
    take "$set" "o$index" "${voices[$((index % ${#voices[@]}))]}" - "${outside[$index]}" ""
    take "$set" "o$index-noisy" "${voices[$(((index + 1) % ${#voices[@]}))]}" "${noises[$((index % 4))]}" "${outside[$index]}" ""
  done
  for kind in brownnoise pinknoise whitenoise; do
    for seconds in 1 2.5; do
      for volume in 0.05 0.2; do
        file="$out/$set/n-$kind-$seconds-$volume.wav"
        sox -R -n -r 16000 -c 1 -b 16 "$file" synth "$seconds" "$kind" vol "$volume"
        printf '%s\t\n' "$(realpath "$file")" >> "$out/$set/manifest.tsv"
      done
    done
  done
  echo "$set: $(wc -l < "$out/$set/manifest.tsv") clips in $out/$set" >&2
done
