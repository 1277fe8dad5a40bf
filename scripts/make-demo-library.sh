#!/usr/bin/env bash
# make-demo-library.sh — rebuild CD Changer's bundled demo library.
#
#   scripts/make-demo-library.sh    rebuild Assets/DemoLibrary from the album
#                                   descriptions in Assets/DemoLibrary.manifest.json
#                                   and write what was measured back into it
#
# The manifest describes each album (tags, rate, channels, each track's format,
# the encoder's options, and the music: tempo, key, scale, timbres, drum and
# bass patterns, chords and bars per track). This script synthesises the music
# note by note with sox, lays an espeak-ng announcement over each intro, encodes
# it (lame, flac or opusenc), and records the sample counts the reference decoder
# (mpg123, flac, opusdec) decodes and the sizes. The Swift
# tests (Tests/MusicLibraryTests/DemoLibraryTests.swift) check the result.
# See docs/demo-library.md.
#
# Needs (Debian packages): sox, espeak-ng, lame, mpg123, flac, opus-tools, jq. Running as root,
# the script installs whichever are missing; otherwise it names them and stops.

set -euo pipefail

# lame turns UTF-8 tag text into UTF-16 only under a UTF-8 locale; in the C
# locale it silently cuts the text at the first non-ASCII byte.
export LC_ALL=C.UTF-8

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LIB_REL="Assets/DemoLibrary"
LIB="$ROOT/$LIB_REL"
MANIFEST="$ROOT/Assets/DemoLibrary.manifest.json"

MAX_BYTES=8000000 # "under 8 MB", read strictly as 8,000,000 bytes
GRANULE=576       # samples per Layer III granule; a frame (1152) is two
COMMENT="CD Changer demo library"

# Intermediate audio is 32-bit float WAV so nothing clips between steps.
FMT=(-e floating-point -b 32)

NUMBER_WORDS=(zero one two three four five six seven eight nine)

log() { printf '%s\n' "$*" >&2; }
die() {
	printf 'make-demo-library: %s\n' "$*" >&2
	exit 1
}

# ---------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------

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

# decode FORMAT FILE WAV — decode with the format's reference decoder to a 16-bit
# WAV: mpg123 gapless (encoder delay and padding from the LAME tag removed), flac,
# opusdec (pre-skip and end trimming applied, at 48 kHz).
decode() {
	case $1 in
	mp3) mpg123 -q --gapless -w "$3" "$2" 2>/dev/null ;;
	flac) flac --silent --decode --force -o "$3" "$2" ;;
	opus) opusdec --quiet "$2" "$3" ;;
	*) false ;;
	esac || die "could not decode $2"
}

# has_info_frame MP3 — true when the first frame is a Xing/Info (LAME) frame.
has_info_frame() {
	mpg123 -t -vv -n 1 "$1" 2>&1 | grep -q 'Xing/Lame/Info header detected'
}

# level_db FILE [trim args] — RMS and peak level in dBFS as "RMS PEAK".
level_db() {
	local f=$1
	shift
	sox "$f" -n "$@" stats 2>&1 | awk '/^RMS lev dB/{r=$4} /^Pk lev dB/{p=$4} END{print r, p}'
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
# Reads the album globals that load_album sets from the manifest (RATE CH BPM
# METER KEY SCALE TONIC LEAD PAD DRUMS BASSLINE and the G_* layer gains).
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

render_night_drive() {
	local out=$1
	local dir="$WORK/night"
	rm -rf "$dir" && mkdir -p "$dir"
	local eighth=$((RATE * 30 / BPM))
	local seg=$((eighth * 16)) # two bars per chord
	local -a prog
	read -r -a prog <<<"$CHORDS" # two bars each
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
# The albums, as the manifest describes them.
# ---------------------------------------------------------------------------

# jqm FILTER [jq options] — read the manifest.
jqm() { jq -r "${@:2}" "$1" "$MANIFEST"; }

# load_album INDEX — set the globals describing album INDEX (0-based).
load_album() {
	local a=$1
	eval "$(jqm '.albums[$a] | . as $x | .music as $m | @sh "
		ARTIST=\($x.artist) TITLE=\($x.title) GENRE=\($x.genre) YEAR=\($x.year) NOTE=\($x.note)
		RATE=\($x.sampleRate) CH=\($x.channels) ENCODER_OPTIONS=\($x.encoderOptions)
		INFO=\($x.hasInfoFrame) GAPLESS=\($x.gapless) STYLE=\($m.style) BPM=\($m.bpm)
		METER=\($m.meter // 0) KEY=\($m.key // 0) SCALE=\($m.scale // "") TONIC=\($m.tonic // "0:M")
		LEAD=\($m.lead // "") PAD=\($m.pad // "") DRUMS=\($m.drums // "") BASSLINE=\($m.bassline // "")
		G_PAD=\($m.gains.pad // 0) G_BASS=\($m.gains.bass // 0) G_DRUMS=\($m.gains.drums // 0) G_LEAD=\($m.gains.lead // 0)
		CHORDS=\($m.chords // "")"' --argjson a "$a")"
	read -r -a ENCODER_OPTS <<<"$ENCODER_OPTIONS"
	mapfile -t TRACKS < <(jqm '.albums[$a].tracks[].title' --argjson a "$a")
	mapfile -t FORMATS < <(jqm '.albums[$a].tracks[].format' --argjson a "$a")
	mapfile -t PROGS < <(jqm '.albums[$a].tracks[].chords // ""' --argjson a "$a")
	mapfile -t BARS < <(jqm '.albums[$a].tracks[].bars // 0' --argjson a "$a")
	# Night Drive's track lengths in samples (the last one takes the rest).
	mapfile -t LENGTHS < <(jqm '.albums[$a].music.trackLengths // [] | .[]' --argjson a "$a")
	[[ $STYLE == songs || $STYLE == continuous ]] || die "album $((a + 1)): unknown music style '$STYLE'"
	FOLDER="$ARTIST - $TITLE"
}

# encode FORMAT WAV FILE TRACK TOTAL TITLE — encode with full tags. For MP3:
# lame with ID3v2 (UTF-16) and ID3v1 tags; disc numbers go in TPOS, as each
# album is one disc. FLAC and Opus: the same fields as Vorbis comments.
encode() {
	local format=$1 wav=$2 out=$3 trk=$4 total=$5 title=$6
	local -a comments=(TITLE="$title" ARTIST="$ARTIST" ALBUM="$TITLE" DATE="$YEAR" TRACKNUMBER="$trk"
		TRACKTOTAL="$total" DISCNUMBER=1 DISCTOTAL=1 GENRE="$GENRE" COMMENT="$COMMENT")
	local -a tags=() comment
	case $format in
	mp3)
		lame --quiet --nohist "${ENCODER_OPTS[@]}" --add-id3v2 --id3v2-utf16 \
			--tt "$title" --ta "$ARTIST" --tl "$TITLE" --ty "$YEAR" \
			--tn "$trk/$total" --tg "$GENRE" --tc "$COMMENT" --tv "TPOS=1/1" \
			"$wav" "$out" || die "lame failed on $out"
		;;
	flac)
		for comment in "${comments[@]}"; do tags+=(--tag="$comment"); done
		flac --silent --force "${ENCODER_OPTS[@]}" "${tags[@]}" -o "$out" "$wav" || die "flac failed on $out"
		;;
	opus)
		for comment in "${comments[@]}"; do tags+=(--comment "$comment"); done
		opusenc --quiet "${ENCODER_OPTS[@]}" "${tags[@]}" "$wav" "$out" || die "opusenc failed on $out"
		;;
	*) die "no encoder for the format '$format' ($out)" ;;
	esac
}

# record FILTER JQ-ARGS... — apply a jq update to the manifest being written.
record() {
	jq "${@:2}" "$1" "$JSON" >"$JSON.new" && mv "$JSON.new" "$JSON"
}

# ---------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------

build() {
	ensure_tools sox:sox espeak-ng:espeak-ng lame:lame mpg123:mpg123 flac:flac metaflac:flac opusenc:opus-tools opusdec:opus-tools jq:jq
	[[ -f $MANIFEST ]] || die "no album descriptions at ${MANIFEST#"$ROOT"/}"
	local started=$SECONDS
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/demo-library.XXXXXX")
	# KEEP_WORK=1 keeps the intermediate files for a look afterwards.
	if [[ ${KEEP_WORK:-0} == 1 ]]; then log "Keeping work files in $WORK"; else trap 'rm -rf "$WORK"' EXIT; fi
	local stage="$WORK/DemoLibrary"
	mkdir -p "$stage"
	JSON="$WORK/manifest.json"
	cp "$MANIFEST" "$JSON"

	local a count
	count=$(jqm '.albums | length')
	for ((a = 0; a < count; a++)); do
		local disc=$((a + 1))
		load_album "$a"
		CACHE="$WORK/cache$disc"
		mkdir -p "$CACHE" "$stage/$FOLDER"
		local ntracks=${#TRACKS[@]} t
		log ""
		log "Disc $disc: $FOLDER  [$NOTE]"
		local -a wavs=() starts=()

		if [[ $STYLE == continuous ]]; then
			# Render once, announce over the opening, cut.
			render_night_drive "$WORK/night.wav"
			announce "$WORK/night.wav" "Disc ${NUMBER_WORDS[disc]}, track one. $TITLE." "$WORK/piece.wav"
			local piece_samples start=0 len rest
			piece_samples=$(samples_of "$WORK/piece.wav")
			local -a lens=("${LENGTHS[@]}")
			rest=$piece_samples
			for len in "${lens[@]}"; do rest=$((rest - len)); done
			lens+=("$rest")
			((${#lens[@]} == ntracks)) || die "$TITLE: the track lengths do not match its track list"
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

		# Encode; FLAC albums get ReplayGain tags (track and album) from metaflac.
		local -a flacs=()
		for ((t = 0; t < ntracks; t++)); do
			local file
			file=$(printf '%02d %s.%s' $((t + 1)) "${TRACKS[t]}" "${FORMATS[t]}")
			encode "${FORMATS[t]}" "${wavs[t]}" "$stage/$FOLDER/$file" $((t + 1)) "$ntracks" "${TRACKS[t]}"
			[[ ${FORMATS[t]} == flac ]] && flacs+=("$stage/$FOLDER/$file")
		done
		if ((${#flacs[@]} > 0)); then metaflac --add-replay-gain "${flacs[@]}" || die "metaflac failed on $FOLDER"; fi

		# Decode back, and record what the reference decoder makes of each file.
		local decoded_sum=0
		local -a decs=()
		for ((t = 0; t < ntracks; t++)); do
			local title=${TRACKS[t]} format=${FORMATS[t]}
			local file
			file=$(printf '%02d %s.%s' $((t + 1)) "$title" "$format")
			local out="$stage/$FOLDER/$file"
			decode "$format" "$out" "$WORK/dec$t.wav"
			decs+=("$WORK/dec$t.wav")
			local src dec rate chans bytes levels secs
			src=$(samples_of "${wavs[t]}")
			dec=$(samples_of "$WORK/dec$t.wav")
			rate=$(sox --i -r "$WORK/dec$t.wav")
			chans=$(sox --i -c "$WORK/dec$t.wav")
			bytes=$(stat -c %s "$out")
			[[ $rate == "$RATE" && $chans == "$CH" ]] ||
				die "$file decodes as $rate Hz, $chans channels; expected $RATE Hz, $CH"
			if [[ $format == mp3 ]]; then
				if has_info_frame "$out"; then [[ $INFO == true ]]; else [[ $INFO == false ]]; fi ||
					die "$file: info frame presence is not $INFO"
			fi
			levels=$(level_db "$WORK/dec$t.wav")
			secs=$(awk -v s="$dec" -v r="$RATE" 'BEGIN{printf "%.3f", s/r}')
			((decoded_sum += dec))
			log "  $file  ${secs}s  source $src / decoded $dec samples  $bytes bytes  RMS/peak ${levels// //} dBFS$([[ $STYLE == continuous ]] || echo "  voice ${MARGINS[t]} dB over music")"
			# Derived and measured fields, in a fixed order around the description's own.
			record '.albums[$a].tracks[$t] |= ({file: $file, title, format, track: ($t + 1), trackTotal: $total}
				+ del(.file, .title, .format, .track, .trackTotal, .samples, .seconds, .sourceSamples, .bytes, .startSample)
				+ {samples: $dec, seconds: $secs, sourceSamples: $src, bytes: $bytes}
				+ (if $start == null then {} else {startSample: $start} end))' \
				--argjson a "$a" --argjson t "$t" --arg file "$file" --argjson total "$ntracks" --argjson dec "$dec" \
				--argjson secs "$secs" --argjson src "$src" --argjson bytes "$bytes" --argjson start "${starts[t]:-null}"
		done

		local extras='{}'
		if [[ $STYLE == continuous ]]; then
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
			extras=$(jq -n -c --argjson total "$piece_samples" --argjson cuts "[$(IFS=,; echo "${starts[*]:1}")]" \
				'{originalSamples: $total, cutPoints: $cuts}')
		fi
		record '.albums[$a] |= ({disc: ($a + 1), folder: $folder}
			+ del(.disc, .folder, .tracks, .originalSamples, .cutPoints) + {tracks} + $extras)' \
			--argjson a "$a" --arg folder "$FOLDER" --argjson extras "$extras"
	done

	local total_bytes lame_version
	total_bytes=$(find "$stage" -type f -printf '%s\n' | awk '{s+=$1} END{print s}')
	((total_bytes < MAX_BYTES)) || die "library is $total_bytes bytes, over the $MAX_BYTES limit"
	lame_version=$(lame --version | head -n 1)
	record '{generator: "scripts/make-demo-library.sh", encoder: $encoder, root: $root, albums, totalBytes: $total}' \
		--arg encoder "$lame_version" --arg root "$LIB_REL" --argjson total "$total_bytes"

	# Replace the library in one go.
	rm -rf "$LIB"
	mkdir -p "$(dirname "$LIB")"
	cp -r "$stage" "$LIB"
	cp "$JSON" "$MANIFEST"
	log ""
	log "Wrote $LIB_REL ($total_bytes bytes, $(awk -v b="$total_bytes" 'BEGIN{printf "%.2f", b/1e6}') MB) and ${MANIFEST#"$ROOT"/} in $((SECONDS - started)) s."
}

case ${1:-} in
"") build ;;
-h | --help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' ;;
*) die "unknown option $1 (it takes none; the Swift tests check the library)" ;;
esac
