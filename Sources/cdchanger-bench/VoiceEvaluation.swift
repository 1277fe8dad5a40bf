// Voice evaluation: recognizes a corpus of recordings with the app's grammar over a real music
// folder, compares what each would do with what its sentence means, and fits the rejection model.
//
//   cdchanger-bench voice-eval --library DIR [--fit | --weights W1,…,BIAS] [--uncalibrated | --calibrate] MANIFEST.tsv
//
// MANIFEST lines: `FILE<TAB>SENTENCE` (an empty sentence for speech outside the grammar or noise);
// scripts/voice-corpus.sh makes the corpus docs/voice.md reports.
// Prints one TSV row per file (what was heard; right, wrong, notUnderstood, or for speech outside
// the grammar acts or none; its features, score, end, the number words' rival margin and the
// worst-fitting word; the end column says when a turn was acted on from a second hearing, how long
// finishing the turn took and whether it was heard again),
// then a threshold table and what the standard thresholds act on and ask back ("Did you say …?"); `--fit` refits the weights first (`RejectionModel.fit`, wrong answers
// weighted ×4) and prints them; `--weights` scores with given ones (both without second hearings). The gap features are taken
// against the standard word calibration (`WordFitCalibration`), or none with `--uncalibrated`;
// `--calibrate` prints the calibration of the rightly heard rows' word gaps (the table of
// `WordFitCalibration.standardListing`).

import ChangerIntents
import ChangerKit
import Foundation
import IntentKit
import MusicLibrary
import Voice

enum VoiceEvaluation {
    /// The magazine names the evaluation's registry holds (sentences may use them).
    static let magazineNames = ["Magazine One", "Road Trip", "Sunday Drive", "Kitchen Mix", "Morning Commute"]

    struct Row {
        var file: String
        var said: String
        var hypothesis: String?
        /// Whether the resolver would act on the hypothesis (it matches one command).
        var acts: Bool
        var features: [Double]
        /// `Recognition.rivalMargin`: how the phone loop backs the heard number words.
        var rivalMargin: Double?
        /// Whether acting on the hypothesis does what the sentence means (nil: nothing should be done).
        var right: Bool?
        var wordGaps: [ConfidenceFeatures.WordGap]
    }

    static func run(_ arguments: [String]) {
        var library: String?
        var fit = false
        var calibrate = false
        var calibration = RejectionModel.standard.calibration
        var weights: (weights: [Double], bias: Double)?
        var manifest: String?
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--library": index += 1; library = arguments[index]
            case "--fit": fit = true
            case "--calibrate": calibrate = true
            case "--uncalibrated": calibration = .none
            case "--weights":
                index += 1
                let numbers = arguments[index].split(separator: ",").compactMap { Double($0) }
                weights = (Array(numbers.dropLast()), numbers.last ?? 0)
            default: manifest = arguments[index]
            }
            index += 1
        }
        guard let library, let manifest, let text = try? String(contentsOfFile: manifest, encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: cdchanger-bench voice-eval --library DIR [--fit | --weights W1,…,BIAS] [--uncalibrated | --calibrate] MANIFEST.tsv\n".utf8))
            exit(2)
        }
        var cache = ScanCache()
        let scanned = LibraryScanner().scan(LibraryPath(library), cache: &cache)
        let registry: ShortcutRegistry
        do {
            registry = try ChangerShortcuts.makeRegistry(magazines: {
                magazineNames.enumerated().map { ChangerShortcuts.magazine(id: "m\($0.offset)", name: $0.element) }
            }, library: LibraryEntities(scanned))
        } catch {
            fatalError("The built-in catalog does not register: \(error)")
        }
        var model = RejectionModel.standard
        if let weights { model = RejectionModel(weights: weights.weights, bias: weights.bias, threshold: 0) }
        model.calibration = calibration
        // Fitting, calibrating and other weights measure first hearings, which is what the
        // weights score: no turn is heard again (`RejectionModel.secondHearingThreshold`).
        if fit || calibrate || weights != nil { model.secondHearingThreshold = .infinity }
        let recognizer = VoiceRecognizer(registry: registry, options: .changer, rejection: model)
        // The songs a fresh install's Magazine One holds and the library's genres, as `shortcuts
        // --spoken` (the corpus) had them.
        recognizer.setListedNames(MagazineEntities.spokenListedNames(of: .fresh(library: scanned), in: scanned))
        var rows: [Row] = []
        print(["file", "said", "heard", "right"].joined(separator: "\t") + "\t" + RejectionModel.featureNames.joined(separator: "\t") + "\tscore\tend\trivalMargin\tworstWord")
        for line in text.split(separator: "\n") where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let said = fields.count > 1 ? fields[1] : ""
            guard let audio = try? AudioFile.read(fields[0]), let turn = try? recognizer.recognize(audio.samples) else {
                FileHandle.standardError.write(Data("cannot recognize \(fields[0])\n".utf8))
                continue
            }
            let features = model.features(of: turn.recognition)
            let meant = registry.resolve(said, mode: .inApp)
            let heard = turn.hypothesis.map { registry.resolve($0, mode: .inApp) }
            var right: Bool?
            if case .matched = meant { right = heard == meant }
            var acts = false
            if case .matched? = heard { acts = true }
            let margin = turn.recognition.rivalMargin
            let row = Row(
                file: fields[0], said: said, hypothesis: turn.hypothesis, acts: acts, features: features, rivalMargin: margin, right: right,
                wordGaps: turn.recognition.features.wordGaps
            )
            rows.append(row)
            // "wrong" only when the heard sentence does something else; one the resolver does not
            // understand is answered with "Sorry" and acts on nothing. Outside the grammar, "acts"
            // when the heard sentence would do something (if the rejection lets it through).
            let verdict = right.map { $0 ? "right" : acts ? "wrong" : "notUnderstood" } ?? (acts ? "acts" : "none")
            print([row.file, said, turn.hypothesis ?? "", verdict].joined(separator: "\t") + "\t"
                  + features.map { String(format: "%.3f", $0) }.joined(separator: "\t") + String(format: "\t%.2f", turn.score)
                  + "\t\(turn.end.rawValue) \(turn.listening.samplesRead / 16) ms" + (turn.listening.searchedAgain ? " searched again" : "")
                  + (turn.speed.map { String(format: " heard again at %.1f", $0) } ?? "")
                  + String(format: " finished in %.0f ms", Measure.milliseconds(turn.listening.finishDuration))
                  + (turn.listening.secondHearings.isEmpty ? "" : " (\(turn.listening.secondHearings.count) more hearings)")
                  + (margin.map { String(format: "\t%.3f", $0) } ?? "\t") + "\t" + turn.recognition.features.worstWord)
        }
        if calibrate {
            print("calibration (\(WordFitCalibration.shrinkage) observations weigh as the mean; words of \(WordFitCalibration.shortestWord) phones or more):")
            // Words of at least `WordFitCalibration.shortestWord` phones (their main pronunciation).
            let phones = Dictionary((try? recognizer.currentGrammar().lexicon.map { ($0.word, $0.pronunciations.first?.count ?? 0) }) ?? [],
                                    uniquingKeysWith: { first, _ in first })
            let calibration = WordFitCalibration.fit(rows.filter { $0.right == true }.map(\.wordGaps)) { word in
                (phones[word] ?? 0) >= WordFitCalibration.shortestWord
            }
            print(calibration.listing)
        }
        if fit {
            // A hypothesis the resolver does not understand is never acted on, whatever its score.
            let examples = rows.filter(\.acts).map { (features: $0.features, right: $0.right == true) }
            model = RejectionModel.fit(examples, calibration: model.calibration)
            print("fitted: --weights " + (model.weights + [model.bias]).map { String(format: "%.4f", $0) }.joined(separator: ","))
        }
        printThresholds(rows, model: model)
    }

    /// Right / wrong / out-of-grammar acted on at a range of thresholds.
    static func printThresholds(_ rows: [Row], model: RejectionModel) {
        let commands = rows.filter { $0.right != nil }.count
        let others = rows.count - commands
        var table: [[String]] = []
        for step in -8...8 {
            let threshold = Double(step) * 0.5
            var right = 0, wrong = 0, acted = 0
            for row in rows where row.acts && model.score(row.features) >= threshold {
                switch row.right {
                case true?: right += 1
                case false?: wrong += 1
                case nil: acted += 1
                }
            }
            table.append([String(format: "%.1f", threshold), "\(right) of \(commands)", "\(wrong)", "\(acted) of \(others)"])
        }
        Measure.printTable(title: "Rejection thresholds", header: ["threshold", "right, acted on", "wrong, acted on", "outside the grammar, acted on"], rows: table)
        // What the app does with the standard thresholds and the number rule (`RejectionModel.RivalBacking`).
        let standard = RejectionModel.standard
        var counts: [RejectionModel.Verdict: (right: Int, wrong: Int, outside: Int)] = [:]
        for row in rows where row.acts {
            let verdict = standard.verdict(model.score(row.features), rivals: RejectionModel.RivalBacking(sentence: row.hypothesis ?? "", margin: row.rivalMargin))
            switch row.right {
            case true?: counts[verdict, default: (0, 0, 0)].right += 1
            case false?: counts[verdict, default: (0, 0, 0)].wrong += 1
            case nil: counts[verdict, default: (0, 0, 0)].outside += 1
            }
        }
        for (verdict, what) in [(RejectionModel.Verdict.accept, "Acted on"), (.confirm, "Asked back (“Did you say …?”)")] {
            let count = counts[verdict] ?? (0, 0, 0)
            print(String(format: "%@ at the standard thresholds (acted on from %.1f; with a number, from %.1f when a rival fits as well or almost and never when one fits better; asked back from %.1f): ",
                         what, standard.threshold, standard.numberThreshold, standard.confirmThreshold)
                  + "\(count.right) right of \(commands), \(count.wrong) wrong, \(count.outside) outside the grammar of \(others).")
        }
    }
}
