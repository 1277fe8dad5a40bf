// Where voice's memory goes: resident memory after each part is loaded (dictionary index, grammar
// builder, the two decoders, the grammar search), then over repeated rebuilds after renames, with
// the benchmark library of `voice` (100 magazines, 10,000 tracks).

import ChangerIntents
import Foundation
import IntentKit
import Synchronization
import Voice

/// Resident memory of each part of voice, and whether rebuilds let it grow (docs/voice.md).
enum VoiceMemoryBenchmark {
    static func run(_ arguments: [String]) {
        let rounds = arguments.first.flatMap(Int.init) ?? 30
        let current = VoiceBenchmark.MagazineNames()
        var names = current.names.withLock { $0 }
        let registry = VoiceBenchmark.registry(current)
        var rows: [[String]] = []
        var last = VoiceBenchmark.residentMegabytes()
        let start = last
        func step(_ part: String) {
            let now = VoiceBenchmark.residentMegabytes()
            rows.append([part, String(format: "%.1f MB", now), String(format: "%+.1f MB", now - last)])
            last = now
        }
        rows.append(["registry and library (without voice)", String(format: "%.1f MB", start), ""])
        do {
            let lexicon = Lexicon(dictionary: try PronunciationDictionary(path: ModelPaths.debian.dictionary))
            step("CMU dictionary, mapped and indexed")
            lexicon.dictionary.releasePages()
            step("its file pages handed back (as after every grammar build)")
            let builder = try GrammarBuilder(registry: registry, lexicon: lexicon, options: .changer)
            let listed = [ChangerCatalog.songType: Set(VoiceBenchmark.loadedSongTitles), ChangerCatalog.genreType: Set(VoiceBenchmark.libraryGenres)]
            var grammar = builder.grammar(for: registry.snapshot, listed: listed)
            step("grammar builder and grammar (\(grammar.graph.stateCount) states, \(grammar.graph.arcCount) arcs)")
            let recognizer = try Recognizer(model: .debian, tuning: VoiceRecognizer.grammarTuning, loopTuning: VoiceRecognizer.phoneLoopTuning)
            step("grammar decoder and phone loop (ps_init twice)")
            try recognizer.load(grammar)
            step("grammar search (ps_set_fsg); model definition pages handed back")
            var loads: [Double] = []
            for round in 0..<rounds {
                names[0] = "Renamed Magazine \(round)"
                current.names.withLock { $0 = names }
                registry.updateShortcutParameters()
                grammar = builder.grammar(for: registry.snapshot, listed: listed)
                var failure: DecoderError?
                loads.append(Measure.seconds {
                    do throws(DecoderError) { try recognizer.load(grammar) } catch { failure = error }
                })
                if let failure { fatalError("a rebuilt grammar does not load: \(failure)") }
            }
            step("after \(rounds) rebuilds (median load \(Measure.format(Measure.median(loads))))")

            // A turn whose search found no path is searched again with wide beams, the search made
            // again for it and then as before (`GrammarDecoder.searchAgainWithWideBeams`).
            let path = NSTemporaryDirectory() + "cdchanger-bench-voice-memory.wav"
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try Measure.shell("espeak-ng -v en-us -s 140 -w '\(path)' 'skip forward thirty seconds on digital cd changer'")
            let audio = try AudioFile.read(path)
            let peakBefore = Double(Measure.peakResidentBytes()) / 1_048_576
            var passes: [Double] = []
            var heard: String?
            for _ in 0..<5 {
                var failure: DecoderError?
                passes.append(Measure.seconds {
                    do throws(DecoderError) {
                        heard = try recognizer.grammarDecoder.searchAgainWithWideBeams(audio.samples, mean: CepstralMean.speech).words
                    } catch { failure = error }
                })
                if let failure { fatalError("the wide search failed: \(failure)") }
            }
            let peakAfter = Double(Measure.peakResidentBytes()) / 1_048_576
            recognizer.releaseModelPages()   // as after every turn
            step(String(format: "after 5 searches again with wide beams over a %.1f s turn, model pages handed back (median %@ each, heard “%@”; peak resident %.1f → %.1f MB)",
                        Double(audio.samples.count) / Double(SpeechAudio.sampleRate), Measure.format(Measure.median(passes)), heard ?? "", peakBefore, peakAfter))
        } catch {
            fatalError("voice does not load: \(error)")
        }
        Measure.printTable(title: "Voice memory (release build; resident memory after each part)", header: ["part", "resident", "added"], rows: rows)
    }
}
