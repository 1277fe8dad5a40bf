// Voice benchmark: end of speech → intent (commands of about 1 and 2 seconds), grammar rebuild
// after a rename and after a disc is loaded with 100 magazines and a 10,000-track library,
// resident memory with voice loaded and without, after rebuilds, while listening and after a turn,
// CPU while listening.

import ChangerIntents
import ChangerKit
import Foundation
import IntentKit
import Synchronization
import Voice

/// Measures the voice prompt against issue 12's targets (docs/voice.md, "Speed and memory").
enum VoiceBenchmark {
    static let sentences = [
        "play disc three", "next song", "turn it up", "pause the music", "previous track",
        "set the volume to forty", "play track five", "what is playing",
    ]
    /// Commands of about two seconds at 140 words a minute, the utterance length.
    static let longSentences = [
        "play the third song of disc two", "skip forward thirty seconds", "turn the volume down a little",
        "go back to the previous track", "turn the volume up a little bit", "start this song from the beginning",
        "stop the music in cd changer", "play the previous disc again",
    ]

    /// The magazine names the benchmark registry reads, renamed between rebuilds.
    final class MagazineNames: Sendable {
        let names = Mutex(ResolveBenchmark.benchmarkMagazineNames(count: 100))
    }

    /// The benchmark's library: 1,000 albums of 10 tracks by 200 artists.
    static let library = LibraryBenchmark.library(artists: 200, albumsPerArtist: 5, tracksPerAlbum: 10)

    /// The songs the app's grammar holds: those of a magazine's six discs (60 titles).
    static let loadedSongTitles = MagazineEntities.loadedSongTitles(of: .fresh(library: library), in: library)
    /// The genres the app's grammar holds: the library's (20).
    static let libraryGenres = MagazineEntities.spokenListedNames(of: .fresh(library: library), in: library)[ChangerCatalog.genreType] ?? []

    /// The registry both voice benchmarks use: 100 magazines named by `magazines`, and `library`.
    static func registry(_ magazines: MagazineNames) -> ShortcutRegistry {
        do {
            return try ChangerShortcuts.makeRegistry(magazines: {
                magazines.names.withLock { $0 }.enumerated().map { ChangerShortcuts.magazine(id: "magazine-\($0.offset)", name: $0.element) }
            }, library: LibraryEntities(library))
        } catch {
            fatalError("The built-in catalog does not register: \(error)")
        }
    }

    static func run(_ arguments: [String]) {
        let current = MagazineNames()
        var names = current.names.withLock { $0 }
        let registry = registry(current)
        let withoutVoice = residentMegabytes()
        // As the app has it: magazines, albums, artists and the songs of the six loaded discs; no
        // device or room addresses (docs/voice.md).
        let recognizer = VoiceRecognizer(registry: registry, options: .changer)
        recognizer.setListedNames([ChangerCatalog.songType: loadedSongTitles, ChangerCatalog.genreType: libraryGenres])
        let loadSeconds = Measure.seconds {
            do { try recognizer.prepare() } catch { fatalError("voice does not load: \(error)") }
        }
        let withVoice = residentMegabytes()
        FileHandle.standardError.write(Data("voice loaded in \(Measure.format(loadSeconds)): \(withoutVoice) → \(withVoice) MB\n".utf8))

        // Rebuild after a rename: the registry's own update (the reference), then until the
        // recognizer has the new grammar loaded.
        var updates: [Double] = [], rebuilds: [Double] = []
        var grammarSize = ""
        for round in 0..<10 {
            names[0] = "Renamed Magazine \(round)"
            current.names.withLock { $0 = names }
            let start = DispatchTime.now().uptimeNanoseconds
            registry.updateShortcutParameters()
            let updated = DispatchTime.now().uptimeNanoseconds
            guard let grammar = try? recognizer.currentGrammar() else { fatalError("no grammar") }
            let done = DispatchTime.now().uptimeNanoseconds
            updates.append(Double(updated - start) / 1e9)
            rebuilds.append(Double(done - start) / 1e9)
            grammarSize = "\(grammar.words.count) words, \(grammar.slotPhraseCount) slot phrases, \(grammar.graph.stateCount) states, \(grammar.graph.arcCount) arcs"
        }
        let afterRebuilds = residentMegabytes()
        FileHandle.standardError.write(Data("rebuild median \(Measure.format(Measure.median(rebuilds))), \(afterRebuilds) MB\n".utf8))

        // Rebuild after a disc is loaded: its songs replace the last slot's in the listed songs.
        var loads: [Double] = []
        let titles = loadedSongTitles
        for round in 0..<10 {
            let album = library.albums[100 + round]
            loads.append(Measure.seconds {
                recognizer.setListedNames(titles.dropLast(10) + album.tracks.map(\.title), ofType: ChangerCatalog.songType)
                guard (try? recognizer.currentGrammar()) != nil else { fatalError("no grammar") }
            })
        }

        // Listening at real time: latency from the end of the utterance to the resolved intent,
        // and the CPU the two decoders use meanwhile.
        // Per group (the short commands, then the two-second ones).
        var latencies: [[Double]] = [[], []], durations: [[Double]] = [[], []]
        var cpu = 0.0, wall = 0.0
        var right = [0, 0]
        var afterTurns = 0.0   // the highest resident memory after a turn
        var whileListening = 0.0   // the highest resident memory read at any 20 ms chunk of a turn
        // What each turn heard, printed after the turns: formatting it runs Foundation code that a
        // player's turn does not (see `speech`).
        var heard: [(sentence: String, hypothesis: String, score: Double, verdict: String, file: Double, decided: Double, finished: Double)] = []
        for (index, sentence) in (sentences + longSentences).enumerated() {
            let group = index < sentences.count ? 0 : 1
            let samples = speech(sentence)
            // The end of speech: the last sample louder than 2 % of the peak (espeak-ng's output ends
            // with some silence of its own, which the listener must not get credit for).
            var peak = 0
            for sample in samples { peak = max(peak, abs(Int(sample))) }
            let spoken = (samples.lastIndex { abs(Int($0)) * 50 > peak } ?? samples.count - 1) + 1
            let padded = Array(samples[..<spoken]) + [Int16](repeating: 0, count: SpeechAudio.sampleRate)   // a second of silence after
            var source = SampleSource(padded, paced: true)
            let cpuStart = cpuSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            let turn = try? recognizer.listen(to: &source, level: { _ in whileListening = max(whileListening, residentMegabytes()) })
            let resolution = (turn?.hypothesis).map { registry.resolve($0, mode: .inApp) }
            let end = DispatchTime.now().uptimeNanoseconds
            cpu += cpuSeconds() - cpuStart
            afterTurns = max(afterTurns, residentMegabytes())
            wall += Double(end - start) / 1e9
            let speechEnd = Double(spoken) / Double(SpeechAudio.sampleRate)
            durations[group].append(speechEnd)
            latencies[group].append(Double(end - start) / 1e9 - speechEnd)
            if let resolution, resolution == registry.resolve(sentence, mode: .inApp) { right[group] += 1 }
            if let turn {
                let verdict = (turn.heard != nil ? "" : turn.unsure != nil ? ", asked back" : ", rejected")
                    + (turn.listening.secondHearings.isEmpty ? "" : turn.speed.map { String(format: ", heard again, acted on at %.1f", $0) } ?? ", heard again")
                heard.append((sentence, turn.hypothesis ?? "", turn.score, verdict, speechEnd,
                              Double(turn.listening.samplesRead) / Double(SpeechAudio.sampleRate), Measure.milliseconds(turn.listening.finishDuration)))
            }
        }
        for turn in heard {
            FileHandle.standardError.write(Data(String(
                format: "  “%@” → “%@” (score %.2f%@): file %.2f s, end decided at %.2f s, finished in %.1f ms\n",
                turn.sentence, turn.hypothesis, turn.score, turn.verdict, turn.file, turn.decided, turn.finished
            ).utf8))
        }

        let latency = latencies.map(Measure.median), duration = durations.map(Measure.median)
        let rebuild = Measure.median(rebuilds)
        let cpuShare = cpu / max(wall, 1e-9)
        Measure.printTable(title: "Voice (release build; grammar: \(grammarSize); first load \(Measure.format(loadSeconds)))", header: ["measure", "value", "reference", "ratio", "target", "verdict"], rows: [
            ["end of speech → intent, median of \(sentences.count) (\(right[0]) decoded right)", Measure.format(latency[0]),
             "utterance \(Measure.format(duration[0]))", String(format: "%.2f", latency[0] / duration[0]), "< 150 ms", Measure.verdict(latency[0] < 0.150)],
            ["end of speech → intent, median of \(longSentences.count) (\(right[1]) decoded right)", Measure.format(latency[1]),
             "utterance \(Measure.format(duration[1]))", String(format: "%.2f", latency[1] / duration[1]), "< 150 ms", Measure.verdict(latency[1] < 0.150)],
            ["grammar rebuild after a rename, median of 10", Measure.format(rebuild),
             "registry update \(Measure.format(Measure.median(updates)))", String(format: "%.1f×", rebuild / max(Measure.median(updates), 1e-9)), "< 100 ms", Measure.verdict(rebuild < 0.100)],
            ["grammar rebuild after a disc is loaded (its songs), median of 10", Measure.format(Measure.median(loads)),
             "registry update \(Measure.format(Measure.median(updates)))", String(format: "%.1f×", Measure.median(loads) / max(Measure.median(updates), 1e-9)), "< 100 ms", Measure.verdict(Measure.median(loads) < 0.100)],
            ["resident memory, voice loaded", String(format: "%.1f MB", withVoice), String(format: "without %.1f MB", withoutVoice),
             String(format: "+%.1f MB", withVoice - withoutVoice), "< 80 MB", Measure.verdict(withVoice < 80)],
            ["resident memory after 10 rebuilds", String(format: "%.1f MB", afterRebuilds), String(format: "without %.1f MB", withoutVoice),
             String(format: "+%.1f MB", afterRebuilds - withoutVoice), "< 80 MB", Measure.verdict(afterRebuilds < 80)],
            ["resident memory after a turn, highest of \(sentences.count + longSentences.count)", String(format: "%.1f MB", afterTurns), String(format: "without %.1f MB", withoutVoice),
             String(format: "+%.1f MB", afterTurns - withoutVoice), "< 80 MB", Measure.verdict(afterTurns < 80)],
            ["resident memory while listening, highest of any 20 ms chunk", String(format: "%.1f MB", whileListening), String(format: "without %.1f MB", withoutVoice),
             String(format: "+%.1f MB", whileListening - withoutVoice), "—", "—"],
            ["CPU while listening (both decoders)", String(format: "%.1f %% of a core", cpuShare * 100), "real time", String(format: "%.2f", cpuShare), "< 30 %", Measure.verdict(cpuShare < 0.30)],
        ])
    }

    /// `sentence` spoken by espeak-ng (en-us, 140 words a minute) as 16 kHz mono samples, made
    /// without what only the benchmark needs in this process: espeak-ng and sox run from
    /// `posix_spawn` (`Child.check`, not Foundation's `Process`) and write raw samples that are
    /// read back with `read` (not libsndfile and libsamplerate). A player's turn runs none of that,
    /// so the memory after a turn counts what a turn runs (docs/voice.md).
    static func speech(_ sentence: String) -> [Int16] {
        let path = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/cdchanger-bench-voice-\(getpid()).raw"
        defer { unlink(path) }
        let command = "espeak-ng -v en-us -s 140 --stdout '\(sentence)' | sox -t wav - -t raw -r 16000 -c 1 -b 16 -e signed-integer -L '\(path)'"
        do { try Child.check(["/bin/sh", "-c", command]) } catch { fatalError("espeak-ng and sox did not make \(path): \(error)") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { fatalError("cannot read \(path)") }
        defer { close(descriptor) }
        var samples: [Int16] = []
        var chunk = [Int16](repeating: 0, count: 4096)
        while true {
            let bytes = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard bytes > 0 else { break }
            samples += chunk[..<(bytes / 2)]
        }
        guard !samples.isEmpty else { fatalError("espeak-ng said nothing for “\(sentence)”") }
        return samples
    }

    /// The process's resident memory now, in MB.
    static func residentMegabytes() -> Double { Double(Measure.residentBytes()) / 1_048_576 }

    /// User + system CPU time of this process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
