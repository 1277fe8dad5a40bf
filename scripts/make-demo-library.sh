#!/usr/bin/env bash
# make-demo-library.sh — build or verify CD Changer's bundled demo library.
#
#   scripts/make-demo-library.sh            rebuild Assets/DemoLibrary and
#                                           Assets/DemoLibrary.manifest.json
#   scripts/make-demo-library.sh --verify   check the committed library against
#                                           the requirements (exit 1 if not met)
#
# Everything in the library is made here: the music is synthesised note by
# note with sox, an espeak-ng voice announces disc and track over the intro,
# and lame encodes the result with full ID3 tags. See docs/demo-library.md.
#
# Needs (Debian packages): sox, espeak-ng, lame, mpg123, jq. Running as root,
# the script installs whichever are missing; otherwise it names them and stops.

set -euo pipefail

# lame turns UTF-8 tag text into UTF-16 only under a UTF-8 locale; in the C
# locale it silently cuts the text at the first non-ASCII byte.
export LC_ALL=C.UTF-8

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LIB_REL="Assets/DemoLibrary"
LIB="$ROOT/$LIB_REL"
MANIFEST="$ROOT/Assets/DemoLibrary.manifest.json"

# The requirement, as numbers.
ALBUM_COUNT=6
MIN_TRACKS=3
MIN_SECONDS=10
MAX_SECONDS=30
MAX_BYTES=8000000 # "under 8 MB", read strictly as 8,000,000 bytes
GRANULE=576       # samples per Layer III granule; a frame (1152) is two

# Tags shared by every track.
YEAR=2026
COMMENT="CD Changer demo library"

# Intermediate audio is 32-bit float WAV so nothing clips between steps.
FMT=(-e floating-point -b 32)

NUMBER_WORDS=(zero one two three four five six seven eight nine)

# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

log() { printf '%s\n' "$*" >&2; }
die() {
	printf 'make-demo-library: %s\n' "$*" >&2
	exit 1
}

# ensure_tools CMD:PACKAGE ... — make sure each command exists.
ensure_tools() {
	local pair cmd pkg
	local -a pkgs=()
	for pair in "$@"; do
		cmd=${pair%%:*} pkg=${pair#*:}
		command -v "$cmd" >/dev/null 2>&1 || pkgs+=("$pkg")
	done
	((${#pkgs[@]} == 0)) && return 0
	if [[ $EUID -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
		log "Installing missing Debian packages: ${pkgs[*]}"
		apt-get update -qq || die "apt-get update failed"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}" >&2 ||
			die "could not install: ${pkgs[*]}"
	else
		die "missing tools; install them with: sudo apt-get install ${pkgs[*]}"
	fi
	for pair in "$@"; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || die "still missing after install: ${pair%%:*}"
	done
}

# sx ARGS... — run sox with repeatable noise/dither (-R) and fail loudly on
# errors or on any clipping warning.
sx() {
	local err
	if ! err=$(sox -R "$@" 2>&1 >/dev/null); then
		die "sox failed: sox $*"$'\n'"$err"
	fi
	if [[ $err == *clipped* ]]; then
		die "sox clipped: sox $*"$'\n'"$err"
	fi
	if [[ -n $err ]]; then log "$err"; fi
}

# Integer helpers.
mod12() { echo $((($1 % 12 + 12) % 12)); }
samples_of() { sox --i -s "$1"; }

# Deterministic pseudo-random numbers (a plain linear congruential generator).
# rnd N sets REPLY to 0..N-1. Not run in a subshell, so the state carries on.
RNG=1
seed() { RNG=$1; }
rnd() {
	RNG=$(((RNG * 1103515245 + 12345) % 2147483648))
	REPLY=$(((RNG >> 10) % $1))
}

# decode MP3 WAV — decode with mpg123, gapless (encoder delay and padding
# from the LAME tag removed), to a 16-bit WAV.
decode() {
	mpg123 -q --gapless -w "$2" "$1" 2>/dev/null || die "mpg123 could not decode $1"
}

# has_info_frame MP3 — true when the first frame is a Xing/Info (LAME) frame.
has_info_frame() {
	mpg123 -t -vv -n 1 "$1" 2>&1 | grep -q 'Xing/Lame/Info header detected'
}

# tag_value MP3 FIELD — the ID3 field (Title, Artist, Album, Year, Genre,
# Comment) as mpg123 reads it.
tag_value() {
	mpg123 -t -v --long-tag -n 1 "$1" 2>&1 | sed -n "s/^[[:space:]]*$2:[[:space:]]*//p" | head -n 1
}

# level_db FILE [trim args] — RMS and peak level in dBFS as "RMS PEAK".
level_db() {
	local f=$1
	shift
	sox "$f" -n "$@" stats 2>&1 | awk '/^RMS lev dB/{r=$4} /^Pk lev dB/{p=$4} END{print r, p}'
}

json_str() {
	local s=${1//\\/\\\\}
	s=${s//\"/\\\"}
	printf '"%s"' "$s"
}

# ---------------------------------------------------------------------------
# Sound sources. Every note is rendered to exactly N samples so that layers,
# built by concatenating notes, stay on one sample-accurate grid. Notes are
# cached by timbre, length and pitch: a track reuses most of them.
# Pitches are semitones from A4 (440 Hz), sox's "%n" notation.
# ---------------------------------------------------------------------------

# tone OUT N TIMBRE SEMITONE... — one note, or a chord when several pitches.
tone() {
	local out=$1 n=$2 timbre=$3
	shift 3
	local pitches key
	pitches=$(
		IFS=_
		echo "$*"
	)
	key="$CACHE/${timbre}_${n}_$pitches.wav"
	if [[ ! -f $key ]]; then
		local -a gen=()
		local s wave
		case $timbre in
		pluck | bass) wave=pluck ;;
		sine | bell | padsine) wave=sine ;;
		square) wave=square ;;
		triangle | padtri) wave=triangle ;;
		*) die "unknown timbre $timbre" ;;
		esac
		for s in "$@"; do
			gen+=("$wave" "%$s")
			# A bell is a sine with a quieter octave above it.
			if [[ $timbre == bell ]]; then gen+=(sine "%$((s + 12))"); fi
		done
		local -a fx=()
		case $timbre in
		pluck) fx=(fade q 0.002 "${n}s" 0.04) ;;
		bass) fx=(lowpass 900 fade q 0.004 "${n}s" 0.05) ;;
		sine | triangle) fx=(fade h 0.02 "${n}s" 0.08) ;;
		square) fx=(lowpass 1300 lowpass 2600 fade h 0.015 "${n}s" 0.08) ;;
		bell) fx=(fade l 0.003 "${n}s" "$((n * 9 / 10))s") ;;
		padsine) fx=(tremolo 4.5 12 fade h 0.25 "${n}s" 0.35) ;;
		padtri) fx=(lowpass 1600 fade h 0.25 "${n}s" 0.35) ;;
		esac
		sx -r "$RATE" -c $((${#gen[@]} / 2)) -n "${FMT[@]}" "$key" \
			synth "${n}s" "${gen[@]}" remix - vol 0.5 "${fx[@]}"
	fi
	ln -f "$key" "$out" 2>/dev/null || cp "$key" "$out"
}

# rest OUT N — N samples of silence.
rest() {
	local key="$CACHE/rest_$2.wav"
	[[ -f $key ]] || sx -r "$RATE" -c 1 -n "${FMT[@]}" "$key" trim 0 "$2s"
	cp "$key" "$1"
}

# drum OUT N PATTERN-CHAR — one drum slot of N samples:
#   k kick, s brush snare, h hat, K kick+hat, S snare+hat, . nothing.
# The noise is seeded (sox -R), so the hits are identical on every run.
drum() {
	local out=$1 n=$2 c=$3 key
	[[ $c == . ]] && {
		rest "$out" "$n"
		return
	}
	key="$CACHE/drum_${c}_$n.wav"
	if [[ ! -f $key ]]; then
		local k=$((RATE / 6)) s=$((RATE / 7)) h=$((RATE / 25))
		((k > n)) && k=$n
		((s > n)) && s=$n
		((h > n)) && h=$n
		[[ -f $CACHE/kick_$n.wav ]] || sx -r "$RATE" -c 1 -n "${FMT[@]}" "$CACHE/kick_$n.wav" \
			synth "${k}s" sine 110:42 vol 0.5 fade l 0.002 "${k}s" "${k}s" pad 0 "$((n - k))s"
		[[ -f $CACHE/snare_$n.wav ]] || sx -r "$RATE" -c 1 -n "${FMT[@]}" "$CACHE/snare_$n.wav" \
			synth "${s}s" pinknoise vol 0.25 highpass 700 lowpass 5000 fade l 0.001 "${s}s" "${s}s" pad 0 "$((n - s))s"
		[[ -f $CACHE/hat_$n.wav ]] || sx -r "$RATE" -c 1 -n "${FMT[@]}" "$CACHE/hat_$n.wav" \
			synth "${h}s" whitenoise vol 0.15 highpass 7000 fade l 0.001 "${h}s" "${h}s" pad 0 "$((n - h))s"
		case $c in
		k) cp "$CACHE/kick_$n.wav" "$key" ;;
		s) cp "$CACHE/snare_$n.wav" "$key" ;;
		h) cp "$CACHE/hat_$n.wav" "$key" ;;
		K) sx -m -v 1 "$CACHE/kick_$n.wav" -v 1 "$CACHE/hat_$n.wav" "${FMT[@]}" "$key" ;;
		S) sx -m -v 1 "$CACHE/snare_$n.wav" -v 1 "$CACHE/hat_$n.wav" "${FMT[@]}" "$key" ;;
		*) die "unknown drum pattern character '$c'" ;;
		esac
	fi
	cp "$key" "$out"
}

# chord_tones ROOT QUALITY — semitone offsets of a triad (M major, m minor).
chord_tones() {
	case $2 in
	M) echo "$1 $(($1 + 4)) $(($1 + 7))" ;;
	m) echo "$1 $(($1 + 3)) $(($1 + 7))" ;;
	*) die "unknown chord quality $2" ;;
	esac
}

# concat OUT FILE... — join equal-format files end to end.
concat() {
	local out=$1
	shift
	sx "$@" "${FMT[@]}" "$out"
}

# place IN OUT LEFT RIGHT — mono layer to the album's channel layout,
# panned by the two gains when the album is stereo.
place() {
	if ((CH == 2)); then
		sx "$1" "${FMT[@]}" "$2" remix "1v$3" "1v$4"
	else
		cp "$1" "$2"
	fi
}

# ---------------------------------------------------------------------------
# A song: pad chords, a bass line, a drum loop and a melody that the random
# generator walks over the album's scale, landing on chord tones on strong
# beats. The melody waits two bars so the announcement sits over the intro.
# Reads the album globals (RATE CH BPM METER KEY SCALE LEAD PAD DRUMS BASSLINE
# and the G_* layer gains).
# ---------------------------------------------------------------------------

# render_song OUT BARS PROGRESSION SEED
render_song() {
	local out=$1 bars=$2 seedv=$4
	local -a prog
	read -r -a prog <<<"$3"
	local dir="$WORK/song"
	rm -rf "$dir" && mkdir -p "$dir"
	seed "$seedv"

	local eighth=$((RATE * 30 / BPM)) # samples per eighth note
	local barlen=$((eighth * METER))
	local -a padf=() bassf=() drumf=() leadf=()
	local i=0 bar slot ch root q f

	# Melody pitches: the scale over two octaves from the key note.
	local -a mel=()
	local o s
	for o in 0 12; do for s in $SCALE; do mel+=($((KEY + o + s))); done; done
	mel+=($((KEY + 24)))
	local pos=$((${#mel[@]} / 3)) # start low in the range

	for ((bar = 0; bar <= bars; bar++)); do
		local ending=$((bar == bars)) # one extra bar: the closing tonic
		if ((ending)); then ch=$TONIC; else ch=${prog[bar % ${#prog[@]}]}; fi
		root=${ch%%:*} q=${ch#*:}
		local -a triad
		read -r -a triad <<<"$(chord_tones $((KEY + root - 12)) "$q")"

		# Pad: the chord held for the bar.
		f="$dir/$((i++)).wav"
		tone "$f" "$barlen" "$PAD" "${triad[@]}"
		padf+=("$f")

		# Bass: R root, F fifth, O octave start a note lasting until the
		# next letter, '.' holds it, '-' rests.
		local bl=$BASSLINE
		((ending)) && bl="R${BASSLINE:1}" && bl=${bl//[FO]/.}
		for ((slot = 0; slot < METER; )); do
			local c=${bl:slot:1} len=1
			while ((slot + len < METER)) && [[ ${bl:slot+len:1} == . ]]; do ((len++)); done
			f="$dir/$((i++)).wav"
			case $c in
			R) tone "$f" $((len * eighth)) bass $((KEY + root - 24)) ;;
			F) tone "$f" $((len * eighth)) bass $((KEY + root - 17)) ;;
			O) tone "$f" $((len * eighth)) bass $((KEY + root - 12)) ;;
			*) rest "$f" $((len * eighth)) ;;
			esac
			bassf+=("$f")
			((slot += len))
		done

		# Drums: the album's one-bar loop; the closing bar gets one kick.
		for ((slot = 0; slot < METER; slot++)); do
			f="$dir/$((i++)).wav"
			c=${DRUMS:slot:1}
			((ending)) && { ((slot == 0)) && c=K || c=.; }
			drum "$f" "$eighth" "$c"
			drumf+=("$f")
		done

		# Melody.
		if ((bar < 2)); then
			f="$dir/$((i++)).wav"
			rest "$f" "$barlen"
			leadf+=("$f")
			continue
		fi
		if ((ending)); then
			f="$dir/$((i++)).wav"
			tone "$f" "$barlen" "$LEAD" "$KEY"
			leadf+=("$f")
			continue
		fi
		for ((slot = 0; slot < METER; )); do
			local len=1
			rnd 10
			((slot % 2 == 0 && slot + 1 < METER && REPLY < 4)) && len=2
			rnd 7
			local step=$((REPLY - 3))
			((step > 2 || step < -2)) && step=$((step / 2))
			pos=$((pos + step))
			((pos < 0)) && pos=1
			((pos >= ${#mel[@]})) && pos=$((${#mel[@]} - 2))
			# Strong beats land on the nearest chord tone.
			if ((slot % (METER / 2) == 0)); then
				local best=-1 d
				for d in 0 1 -1 2 -2 3 -3; do
					local p=$((pos + d))
					((p < 0 || p >= ${#mel[@]})) && continue
					local rel
					rel=$(mod12 $((mel[p] - KEY - root)))
					if [[ " $(chord_tones 0 "$q") " == *" $rel "* ]]; then
						best=$p
						break
					fi
				done
				((best >= 0)) && pos=$best
			fi
			f="$dir/$((i++)).wav"
			rnd 8
			if ((slot % 2 == 1 && REPLY == 0)); then
				rest "$f" $((len * eighth))
			else
				tone "$f" $((len * eighth)) "$LEAD" "${mel[pos]}"
			fi
			leadf+=("$f")
			((slot += len))
		done
	done

	concat "$dir/pad.wav" "${padf[@]}"
	concat "$dir/bass.wav" "${bassf[@]}"
	concat "$dir/drums.wav" "${drumf[@]}"
	concat "$dir/lead.wav" "${leadf[@]}"
	place "$dir/pad.wav" "$dir/padP.wav" 0.85 0.85
	place "$dir/bass.wav" "$dir/bassP.wav" 0.9 0.9
	place "$dir/drums.wav" "$dir/drumsP.wav" 0.6 0.85
	place "$dir/lead.wav" "$dir/leadP.wav" 0.85 0.6

	# Mix, let the reverb ring out for a second, fade the tail, and set the
	# music's peak to -14 dBFS (the voice goes on top).
	local total=$(((bars + 1) * barlen + RATE))
	sx -m -v "$G_PAD" "$dir/padP.wav" -v "$G_BASS" "$dir/bassP.wav" \
		-v "$G_DRUMS" "$dir/drumsP.wav" -v "$G_LEAD" "$dir/leadP.wav" \
		"${FMT[@]}" "$out" pad 0 "${RATE}s" reverb 35 50 80 \
		fade q 0.01 "${total}s" 1.2 gain -n -14
}

# voice OUT TEXT — the announcement at the album's rate and channels, peak
# -4 dBFS, starting 0.6 s in.
voice() {
	espeak-ng -v en-us -s 145 -w "$WORK/espeak.wav" "$2" || die "espeak-ng failed"
	sx "$WORK/espeak.wav" -r "$RATE" "${FMT[@]}" "$1" highpass 120 rate -v "$RATE" \
		channels "$CH" gain -n -4 pad 0.6
}

# announce MUSIC TEXT OUT — mix the announcement over the music, set the peak
# to -3 dBFS and write 16-bit PCM for lame. Logs how far the voice stands out.
announce() {
	local music=$1 text=$2 out=$3
	voice "$WORK/voice.wav" "$text"
	sx -m -v 1 "$music" -v 1 "$WORK/voice.wav" "${FMT[@]}" "$WORK/mixed.wav"
	sx "$WORK/mixed.wav" -b 16 "$out" gain -n -3
	# Compare voice and music over the stretch where the voice speaks.
	local vlen
	vlen=$(samples_of "$WORK/voice.wav")
	local v m
	v=$(level_db "$WORK/voice.wav" | cut -d' ' -f1)
	m=$(level_db "$music" trim 0 "${vlen}s" | cut -d' ' -f1)
	VOICE_MARGIN=$(awk -v v="$v" -v m="$m" 'BEGIN{printf "%+.1f", v - m}')
}

# ---------------------------------------------------------------------------
# Night Drive: one continuous piece, rendered once, cut into tracks at sample
# positions that are not multiples of 576 or 1152.
#   - an open-fifth drone (A2 + E3) throughout, softly pulsing;
#   - a continuous sub sweep rising from A1 to E2 over the whole piece;
#   - a quiet high shimmer, detuned by 1 Hz between the channels;
#   - overlapping pad chords that cross-fade into each other;
#   - a steady plucked arpeggio, so a gap also shows as a stumble in time.
# Any gap or click at a track boundary cuts through all of these.
# ---------------------------------------------------------------------------

NIGHT_BPM=90
NIGHT_PROG="0:m -4:M 3:M -2:M 0:m -4:M -2:M -5:m 0:m -4:M 3:M -2:M" # two bars each, in A minor
# Track lengths in samples (the last one takes the rest). None of these, and
# none of the cut positions, is a multiple of 576.
NIGHT_CUTS=(705431 683467 731209)

render_night_drive() {
	local out=$1
	local dir="$WORK/night"
	rm -rf "$dir" && mkdir -p "$dir"
	local eighth=$((RATE * 30 / NIGHT_BPM))
	local seg=$((eighth * 16)) # two bars per chord
	local -a prog
	read -r -a prog <<<"$NIGHT_PROG"
	local body=$((seg * ${#prog[@]}))
	local total=$((body + 2 * RATE)) # plus two seconds to ring out
	local i=0 k ch root q f

	# Drone, sweep and shimmer span the whole piece in single synth runs.
	sx -r "$RATE" -c 2 -n "${FMT[@]}" "$dir/drone.wav" synth "${total}s" sine %-24 triangle %-17 \
		remix - tremolo 0.25 35 channels 2
	sx -r "$RATE" -c 1 -n "${FMT[@]}" "$dir/sweep.wav" synth "${total}s" sine 55:82.41 channels 2
	sx -r "$RATE" -c 2 -n "${FMT[@]}" "$dir/shimmer.wav" synth "${total}s" sine 880 sine 881

	# Pads: each chord lasts its two bars plus one second on either side,
	# faded in and out, so neighbours overlap instead of dipping.
	local over=$RATE
	local -a mix=()
	for ((k = 0; k < ${#prog[@]}; k++)); do
		ch=${prog[k]} root=${ch%%:*} q=${ch#*:}
		local -a triad
		read -r -a triad <<<"$(chord_tones $((root - 12)) "$q")"
		local start=$((k * seg - over)) len=$((seg + 2 * over))
		((start < 0)) && start=0 len=$((seg + over))
		f="$dir/pad$k.wav"
		sx -r "$RATE" -c 4 -n "${FMT[@]}" "$f" synth "${len}s" triangle "%${triad[0]}" \
			triangle "%${triad[1]}" triangle "%${triad[2]}" sine "%$((triad[0] + 12))" \
			remix - vol 0.4 lowpass 1400 fade h "${over}s" "${len}s" "${over}s" pad "${start}s"
		mix+=(-v 1 "$f")
	done
	sx -m "${mix[@]}" "${FMT[@]}" "$dir/pads.wav" remix 1v0.9 1v0.8

	# Arpeggio in eighths over the chord of the moment: root, fifth, octave,
	# tenth, octave, fifth, third, fifth.
	local -a arp=()
	local pattern=(0 2 3 4 3 2 1 2)
	for ((k = 0; k < ${#prog[@]} * 16; k++)); do
		ch=${prog[k / 16]} root=${ch%%:*} q=${ch#*:}
		local -a t
		read -r -a t <<<"$(chord_tones "$root" "$q")"
		local notes=("${t[0]}" "${t[1]}" "${t[2]}" $((t[0] + 12)) $((t[1] + 12)))
		f="$dir/a$((i++)).wav"
		tone "$f" "$eighth" pluck "${notes[pattern[k % 8]]}"
		arp+=("$f")
	done
	f="$dir/a$((i++)).wav"
	tone "$f" $((2 * RATE)) pluck 0
	arp+=("$f")
	concat "$dir/arp_mono.wav" "${arp[@]}"
	sx "$dir/arp_mono.wav" "${FMT[@]}" "$dir/arp.wav" remix 1v0.6 1v0.9

	sx -m -v 0.30 "$dir/drone.wav" -v 0.22 "$dir/sweep.wav" -v 0.03 "$dir/shimmer.wav" \
		-v 0.30 "$dir/pads.wav" -v 0.25 "$dir/arp.wav" "${FMT[@]}" "$dir/music.wav" \
		reverb 45 40 90 trim 0 "${total}s" fade q 2 "${total}s" 2 gain -n -14
	[[ $(samples_of "$dir/music.wav") == "$total" ]] || die "Night Drive has the wrong length"
	cp "$dir/music.wav" "$out"
}

# ---------------------------------------------------------------------------
# The six albums. Folder names sort (in any locale) in disc order, so Night
# Drive is disc three.
# ---------------------------------------------------------------------------

# album N — set the globals describing album N.
album() {
	GAPLESS=false INFO=true LAME_OPTS=() RATE=44100 CH=2 NOTE="" TONIC="0:M"
	G_PAD=0.22 G_BASS=0.26 G_DRUMS=0.2 G_LEAD=0.32
	case $1 in
	1)
		ARTIST="Amber Lane" TITLE="Coastal Morning" GENRE="Acoustic"
		NOTE="44.1 kHz stereo, VBR with a LAME info frame"
		LAME_OPTS=(-V 5)
		BPM=104 METER=8 KEY=-7 SCALE="0 2 4 7 9" # D major pentatonic
		LEAD=pluck PAD=padsine DRUMS="KhShKKSh" BASSLINE="R...F.O."
		TRACKS=("Sea Breeze" "Lighthouse Lane" "Salt on the Window" "Seagull Parade")
		PROGS=("0:M 7:M 9:m 5:M" "5:M 0:M 7:M 0:M" "9:m 5:M 0:M 7:M" "0:M 5:M 7:M 5:M")
		BARS=(6 6 7 6)
		;;
	2)
		ARTIST="Blue Mile Orchestra" TITLE="Open Highway" GENRE="Instrumental Pop"
		NOTE="44.1 kHz stereo, CBR 112 kbit/s, no Xing/LAME info frame (lame -t)"
		LAME_OPTS=(-b 112 --cbr -t)
		INFO=false
		BPM=120 METER=8 KEY=-2 SCALE="0 2 4 7 9" # G major pentatonic
		LEAD=square PAD=padtri DRUMS="KhShKhSS" BASSLINE="R.R.F.R."
		G_LEAD=0.30 G_DRUMS=0.24
		TRACKS=("Mile Marker Nine" "Overtaking Clouds" "Cruise Control")
		PROGS=("0:M 5:M 7:M 5:M" "0:M 9:m 5:M 7:M" "2:m 7:M 0:M 0:M")
		BARS=(7 8 7)
		;;
	3)
		ARTIST="Cassette Radio" TITLE="Night Drive" GENRE="Ambient"
		NOTE="44.1 kHz stereo, one continuous piece cut at non-frame-aligned samples (gapless)"
		LAME_OPTS=(-V 4)
		GAPLESS=true
		KEY=0 # A minor
		TRACKS=("Streetlights" "Tunnel Glow" "Empty Overpass" "Dashboard Dawn")
		;;
	4)
		ARTIST="Dune Motel" TITLE="Desert Mirage" GENRE="Instrumental"
		NOTE="44.1 kHz mono"
		LAME_OPTS=(-V 6 -m m)
		CH=1
		BPM=84 METER=8 KEY=-5 SCALE="0 3 5 7 10" TONIC="0:m" # E minor pentatonic
		LEAD=triangle PAD=padtri DRUMS="K.h.S.h." BASSLINE="R..R..F."
		G_LEAD=0.34 G_DRUMS=0.18
		TRACKS=("Heat Haze" "Cactus Shadows" "Vacancy Sign")
		PROGS=("0:m 8:M 10:M 0:m" "0:m 5:m 0:m 7:m" "0:m 3:M 10:M 5:m")
		BARS=(5 5 6)
		;;
	5)
		ARTIST="Evening Ferry" TITLE="Harbour Lights" GENRE="New Age"
		NOTE="48 kHz stereo"
		LAME_OPTS=(-V 5 --resample 48)
		RATE=48000
		BPM=72 METER=8 KEY=-4 SCALE="0 2 4 7 9" # F major pentatonic
		LEAD=bell PAD=padsine DRUMS="k...h..." BASSLINE="R...O..."
		G_LEAD=0.34 G_DRUMS=0.14 G_PAD=0.26
		TRACKS=("Departure Horn" "Calm Crossing" "Distant Pier")
		PROGS=("0:M 9:m 5:M 7:M" "5:M 7:M 9:m 9:m" "0:M 4:m 5:M 7:M")
		BARS=(4 5 4)
		;;
	6)
		ARTIST="Félix Wanderer" TITLE="Country Lanes" GENRE="Easy Listening"
		NOTE="44.1 kHz stereo, VBR; non-ASCII artist, title and folder name (é)"
		LAME_OPTS=(-V 5)
		BPM=100 METER=6 KEY=-9 SCALE="0 2 4 7 9" # C major pentatonic, waltz time
		LEAD=pluck PAD=padsine DRUMS="K.h.h." BASSLINE="R.F.F."
		G_DRUMS=0.16
		TRACKS=("Café on the Corner" "Picnic by the River" "Windmill Waltz")
		PROGS=("0:M 5:M 7:M 0:M" "0:M 9:m 2:m 7:M" "5:M 0:M 7:M 0:M")
		BARS=(8 8 9)
		;;
	*) die "no album $1" ;;
	esac
	FOLDER="$ARTIST - $TITLE"
}

# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------

# encode WAV MP3 DISC TRACK TOTAL TITLE — lame with full ID3v2 (UTF-16) and
# ID3v1 tags. Disc numbers go in TPOS: each album is one disc.
encode() {
	local wav=$1 mp3=$2 trk=$4 total=$5 title=$6
	lame --quiet --nohist "${LAME_OPTS[@]}" --add-id3v2 --id3v2-utf16 \
		--tt "$title" --ta "$ARTIST" --tl "$TITLE" --ty "$YEAR" \
		--tn "$trk/$total" --tg "$GENRE" --tc "$COMMENT" --tv "TPOS=1/1" \
		"$wav" "$mp3" || die "lame failed on $mp3"
}

build() {
	ensure_tools sox:sox espeak-ng:espeak-ng lame:lame mpg123:mpg123 jq:jq
	local started=$SECONDS
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/demo-library.XXXXXX")
	# KEEP_WORK=1 keeps the intermediate files for a look afterwards.
	if [[ ${KEEP_WORK:-0} == 1 ]]; then log "Keeping work files in $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
	local stage="$WORK/DemoLibrary"
	mkdir -p "$stage"
	local json="$WORK/manifest.json"
	local lame_version
	lame_version=$(lame --version | head -n 1)

	{
		printf '{"generator":"scripts/make-demo-library.sh","encoder":%s,' "$(json_str "$lame_version")"
		printf '"root":"%s","albums":[' "$LIB_REL"
	} >"$json"

	local disc
	for ((disc = 1; disc <= ALBUM_COUNT; disc++)); do
		album "$disc"
		CACHE="$WORK/cache$disc"
		mkdir -p "$CACHE" "$stage/$FOLDER"
		local ntracks=${#TRACKS[@]} t
		log ""
		log "Disc $disc: $FOLDER  [$NOTE]"
		local -a wavs=()

		if $GAPLESS; then
			# Render once, announce over the opening, cut.
			render_night_drive "$WORK/night.wav"
			announce "$WORK/night.wav" "Disc ${NUMBER_WORDS[disc]}, track one. $TITLE." "$WORK/piece.wav"
			local piece_samples start=0 len
			piece_samples=$(samples_of "$WORK/piece.wav")
			local -a lens=("${NIGHT_CUTS[@]}")
			lens+=($((piece_samples - NIGHT_CUTS[0] - NIGHT_CUTS[1] - NIGHT_CUTS[2])))
			((${#lens[@]} == ntracks)) || die "Night Drive cut list does not match its track list"
			local -a starts=()
			for ((t = 0; t < ntracks; t++)); do
				len=${lens[t]}
				((len % GRANULE != 0 && (start == 0 || start % GRANULE != 0))) ||
					die "cut at $start (+$len) is aligned to $GRANULE samples"
				sx "$WORK/piece.wav" "$WORK/t$t.wav" trim "${start}s" "${len}s"
				wavs+=("$WORK/t$t.wav")
				starts+=("$start")
				((start += len))
			done
			log "  piece: $piece_samples samples ($(awk -v s="$piece_samples" -v r="$RATE" 'BEGIN{printf "%.3f", s/r}') s), voice $VOICE_MARGIN dB over the music"
		else
			for ((t = 0; t < ntracks; t++)); do
				render_song "$WORK/music.wav" "${BARS[t]}" "${PROGS[t]}" $((disc * 100 + t + 1))
				announce "$WORK/music.wav" "Disc ${NUMBER_WORDS[disc]}, track ${NUMBER_WORDS[t + 1]}. $TITLE." "$WORK/t$t.wav"
				wavs+=("$WORK/t$t.wav")
				MARGINS[t]=$VOICE_MARGIN
			done
		fi

		# Encode, decode back, and record what mpg123 makes of each file.
		local decoded_sum=0
		local -a decs=()
		{
			printf '%s{"disc":%d,"folder":%s,"title":%s,"artist":%s,' "$([[ $disc -gt 1 ]] && echo ,)" \
				"$disc" "$(json_str "$FOLDER")" "$(json_str "$TITLE")" "$(json_str "$ARTIST")"
			printf '"genre":%s,"year":%d,"sampleRate":%d,"channels":%d,' "$(json_str "$GENRE")" "$YEAR" "$RATE" "$CH"
			printf '"lameOptions":%s,"hasInfoFrame":%s,"gapless":%s,"note":%s,"tracks":[' \
				"$(json_str "${LAME_OPTS[*]}")" "$INFO" "$GAPLESS" "$(json_str "$NOTE")"
		} >>"$json"
		for ((t = 0; t < ntracks; t++)); do
			local title=${TRACKS[t]}
			local file
			file=$(printf '%02d %s.mp3' $((t + 1)) "$title")
			local mp3="$stage/$FOLDER/$file"
			encode "${wavs[t]}" "$mp3" "$disc" $((t + 1)) "$ntracks" "$title"
			decode "$mp3" "$WORK/dec$t.wav"
			decs+=("$WORK/dec$t.wav")
			local src dec rate chans bytes levels secs
			src=$(samples_of "${wavs[t]}")
			dec=$(samples_of "$WORK/dec$t.wav")
			rate=$(sox --i -r "$WORK/dec$t.wav")
			chans=$(sox --i -c "$WORK/dec$t.wav")
			bytes=$(stat -c %s "$mp3")
			[[ $rate == "$RATE" && $chans == "$CH" ]] ||
				die "$file decodes as $rate Hz, $chans channels; expected $RATE Hz, $CH"
			if has_info_frame "$mp3"; then [[ $INFO == true ]]; else [[ $INFO == false ]]; fi ||
				die "$file: info frame presence is not $INFO"
			levels=$(level_db "$WORK/dec$t.wav")
			secs=$(awk -v s="$dec" -v r="$RATE" 'BEGIN{printf "%.3f", s/r}')
			((decoded_sum += dec))
			log "  $file  ${secs}s  source $src / decoded $dec samples  $bytes bytes  RMS/peak ${levels// //} dBFS$($GAPLESS || echo "  voice ${MARGINS[t]} dB over music")"
			{
				((t > 0)) && printf ','
				printf '{"file":%s,"title":%s,"track":%d,"trackTotal":%d,' \
					"$(json_str "$file")" "$(json_str "$title")" $((t + 1)) "$ntracks"
				printf '"samples":%d,"seconds":%s,"sourceSamples":%d,"bytes":%d' "$dec" "$secs" "$src" "$bytes"
				$GAPLESS && printf ',"startSample":%d' "${starts[t]}"
				printf '}'
			} >>"$json"
		done
		printf ']' >>"$json"

		if $GAPLESS; then
			# The gapless check: decoded tracks, end to end, must give back
			# exactly the piece that was cut up.
			sx "${decs[@]}" "$WORK/joined.wav"
			local joined snr
			joined=$(samples_of "$WORK/joined.wav")
			snr=$(awk -v a="$(level_db "$WORK/piece.wav" | cut -d' ' -f1)" \
				-v b="$(sox -m -v 1 "$WORK/piece.wav" -v -1 "$WORK/joined.wav" -n stats 2>&1 |
					awk '/^RMS lev dB/{print $4}')" 'BEGIN{printf "%.1f", a - b}')
			log "  gapless check: original $piece_samples samples; decoded tracks sum to $decoded_sum; joined file $joined; original vs joined decode SNR $snr dB"
			[[ $decoded_sum == "$piece_samples" && $joined == "$piece_samples" ]] ||
				die "gapless check failed: $decoded_sum decoded samples, $piece_samples in the original"
			# Lengths alone could hide samples moved across a cut, so compare
			# the joined decode with the original over 10 ms around each cut.
			# Coding error sits near -55 dBFS; a gap or a one-sample shift
			# would push it to about -20.
			sox -m -v 1 "$WORK/piece.wav" -v -1 "$WORK/joined.wav" "${FMT[@]}" "$WORK/error.wav"
			local cut err
			for cut in "${starts[@]:1}"; do
				err=$(level_db "$WORK/error.wav" trim "$((cut - RATE / 200))s" "$((RATE / 100))s" | cut -d' ' -f1)
				log "  cut at sample $cut: decode error around the cut $err dBFS RMS"
				awk -v e="$err" 'BEGIN{exit !(e < -40)}' || die "the decode does not line up with the original at sample $cut"
			done
			printf ',"originalSamples":%d,"cutPoints":[%s]' "$piece_samples" \
				"$(IFS=,; echo "${starts[*]:1}")" >>"$json"
		fi
		printf '}' >>"$json"
	done

	local total_bytes
	total_bytes=$(find "$stage" -type f -name '*.mp3' -printf '%s\n' | awk '{s+=$1} END{print s}')
	printf '],"totalBytes":%d}\n' "$total_bytes" >>"$json"
	jq . "$json" >"$WORK/manifest.pretty.json" || die "generated manifest is not valid JSON"
	((total_bytes < MAX_BYTES)) || die "library is $total_bytes bytes, over the $MAX_BYTES limit"

	# Replace the library in one go.
	rm -rf "$LIB"
	mkdir -p "$(dirname "$LIB")"
	cp -r "$stage" "$LIB"
	cp "$WORK/manifest.pretty.json" "$MANIFEST"
	log ""
	log "Wrote $LIB_REL ($total_bytes bytes, $(awk -v b="$total_bytes" 'BEGIN{printf "%.2f", b/1e6}') MB) and ${MANIFEST#"$ROOT"/} in $((SECONDS - started)) s."
}

# ---------------------------------------------------------------------------
# Verify: check the committed library and manifest against the requirement.
# ---------------------------------------------------------------------------

FAILURES=0
fail() {
	log "FAIL: $*"
	((FAILURES++)) || true
}

verify() {
	ensure_tools sox:sox mpg123:mpg123 jq:jq
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/demo-verify.XXXXXX")
	trap 'rm -rf "$WORK"' EXIT
	[[ -d $LIB ]] || die "no library at $LIB_REL; run scripts/make-demo-library.sh"
	[[ -f $MANIFEST ]] || die "no manifest at ${MANIFEST#"$ROOT"/}"
	jq -e . "$MANIFEST" >/dev/null || die "manifest is not valid JSON"

	# Layout: six folders, nothing else, each directly holding only MP3s.
	local -a folders=()
	mapfile -t folders < <(find "$LIB" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | LC_ALL=C sort)
	((${#folders[@]} == ALBUM_COUNT)) || fail "expected $ALBUM_COUNT album folders, found ${#folders[@]}"
	local stray
	stray=$(find "$LIB" -mindepth 1 -maxdepth 1 ! -type d -printf '%f\n')
	[[ -z $stray ]] || fail "files outside album folders: $stray"
	local -a man_folders=()
	mapfile -t man_folders < <(jq -r '.albums[].folder' "$MANIFEST")
	[[ "${folders[*]}" == "${man_folders[*]}" ]] ||
		fail "album folders on disk and in the manifest differ (or the manifest is not in sorted order)"
	[[ ${folders[2]:-} == *" - Night Drive" ]] || fail "disc three (third folder) is not Night Drive"

	local total=0 a gapless_count=0 mono=0 rate48=0 noinfo=0 nonascii=0
	for ((a = 0; a < ${#man_folders[@]}; a++)); do
		local folder=${man_folders[a]} dir="$LIB/${man_folders[a]}"
		local q=".albums[$a]"
		local rate ch info gapless title artist
		rate=$(jq -r "$q.sampleRate" "$MANIFEST")
		ch=$(jq -r "$q.channels" "$MANIFEST")
		info=$(jq -r "$q.hasInfoFrame" "$MANIFEST")
		gapless=$(jq -r "$q.gapless" "$MANIFEST")
		title=$(jq -r "$q.title" "$MANIFEST")
		artist=$(jq -r "$q.artist" "$MANIFEST")
		[[ -d $dir ]] || {
			fail "missing album folder $folder"
			continue
		}
		mono=$((mono + (ch == 1)))
		rate48=$((rate48 + (rate == 48000)))
		if [[ $info == false ]]; then noinfo=$((noinfo + 1)); fi
		if $gapless; then gapless_count=$((gapless_count + 1)); fi
		if LC_ALL=C grep -q '[^ -~]' <<<"$artist$title$(jq -r "$q.tracks[].title" "$MANIFEST")"; then
			nonascii=$((nonascii + 1))
		fi

		local -a files=() man_files=()
		mapfile -t files < <(find "$dir" -mindepth 1 -maxdepth 1 -printf '%f\n' | LC_ALL=C sort)
		mapfile -t man_files < <(jq -r "$q.tracks[].file" "$MANIFEST")
		[[ "${files[*]}" == "${man_files[*]}" ]] || fail "$folder: files on disk and in the manifest differ"
		((${#man_files[@]} >= MIN_TRACKS)) || fail "$folder: only ${#man_files[@]} tracks"
		log "$folder: ${#man_files[@]} tracks, $rate Hz, $ch ch, info frame $info, gapless $gapless"

		local t sum=0
		local -a counts=()
		for ((t = 0; t < ${#man_files[@]}; t++)); do
			local file=${man_files[t]} mp3="$dir/${man_files[t]}"
			[[ -f $mp3 ]] || {
				fail "missing $folder/$file"
				continue
			}
			[[ $file == *.mp3 ]] || fail "$folder/$file is not an .mp3"
			((total += $(stat -c %s "$mp3")))
			decode "$mp3" "$WORK/dec.wav"
			local n r c secs want
			n=$(samples_of "$WORK/dec.wav")
			r=$(sox --i -r "$WORK/dec.wav")
			c=$(sox --i -c "$WORK/dec.wav")
			want=$(jq -r "$q.tracks[$t].samples" "$MANIFEST")
			secs=$(awk -v s="$n" -v r="$r" 'BEGIN{printf "%.3f", s/r}')
			log "  $file: $n samples, ${secs} s"
			((n == want)) || fail "$folder/$file decodes to $n samples, manifest says $want"
			[[ $r == "$rate" && $c == "$ch" ]] || fail "$folder/$file is $r Hz/$c ch, manifest says $rate/$ch"
			awk -v s="$secs" -v lo="$MIN_SECONDS" -v hi="$MAX_SECONDS" 'BEGIN{exit !(s >= lo && s <= hi)}' ||
				fail "$folder/$file lasts $secs s, outside $MIN_SECONDS–$MAX_SECONDS s"
			if has_info_frame "$mp3"; then [[ $info == true ]]; else [[ $info == false ]]; fi ||
				fail "$folder/$file: info frame presence does not match the manifest ($info)"
			# Tags: ID3v2 at the start, ID3v1 at the end, fields as in the manifest.
			[[ $(head -c 3 "$mp3") == ID3 ]] || fail "$folder/$file has no ID3v2 tag"
			[[ $(tail -c 128 "$mp3" | head -c 3) == TAG ]] || fail "$folder/$file has no ID3v1 tag"
			[[ $(tag_value "$mp3" Title) == "$(jq -r "$q.tracks[$t].title" "$MANIFEST")" ]] ||
				fail "$folder/$file: title tag is '$(tag_value "$mp3" Title)'"
			[[ $(tag_value "$mp3" Artist) == "$artist" ]] || fail "$folder/$file: artist tag is '$(tag_value "$mp3" Artist)'"
			[[ $(tag_value "$mp3" Album) == "$title" ]] || fail "$folder/$file: album tag is '$(tag_value "$mp3" Album)'"
			counts+=("$n")
			((sum += n))
		done

		if $gapless; then
			local orig pos=0
			orig=$(jq -r "$q.originalSamples" "$MANIFEST")
			log "  gapless: tracks decode to $(IFS=+; echo "${counts[*]}") = $sum samples; original piece $orig"
			((sum == orig)) || fail "$folder: decoded tracks sum to $sum samples, the original piece has $orig"
			for ((t = 0; t < ${#counts[@]}; t++)); do
				((counts[t] % GRANULE != 0)) || fail "$folder: track $((t + 1)) is a whole number of granules long"
				((t > 0 && pos % GRANULE == 0)) && fail "$folder: cut at sample $pos is granule aligned"
				((pos += counts[t]))
			done
			[[ $info == true ]] || fail "$folder: the gapless album needs the LAME info frame"
		fi
	done

	((gapless_count == 1)) || fail "expected one gapless album, found $gapless_count"
	((mono >= 1)) || fail "no mono album"
	((rate48 >= 1)) || fail "no 48 kHz album"
	((noinfo >= 1)) || fail "no album without an info frame"
	((nonascii >= 1)) || fail "no non-ASCII tag text"
	log "Total size: $total bytes (limit $MAX_BYTES)"
	((total < MAX_BYTES)) || fail "library is $total bytes, over $MAX_BYTES"
	[[ $(jq -r .totalBytes "$MANIFEST") == "$total" ]] || fail "manifest totalBytes differs from the files ($total)"

	if ((FAILURES > 0)); then
		log "Demo library verification FAILED ($FAILURES problems)."
		exit 1
	fi
	log "Demo library OK."
}

case ${1:-} in
"") build ;;
--verify) verify ;;
-h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' ;;
*) die "unknown option $1 (use --verify or no option)" ;;
esac
