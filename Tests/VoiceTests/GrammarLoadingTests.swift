import Foundation
import Testing
import TestSupport
@testable import Voice

/// Loading a grammar into PocketSphinx: each state's arc tables are sized to what they hold
/// (`Decoder.useGraph`), where the library would give every state 101-slot tables, and
/// the search that results hears exactly what the library's own tables give; the model
/// definition's pages the load read, and the model pages a turn read, go back to the page cache
/// (`MappedModelFile`).
@Suite struct GrammarLoadingTests {
    @Test("the sphinxbase on this machine keeps its arc tables where the decoder sizes them")
    func arcTablesAreSizedHere() throws {
        let grammarDecoder = try GrammarDecoder(model: .debian, tuning: VoiceRecognizer.grammarTuning)
        #expect(grammarDecoder.decoder.sizesArcTables)
        grammarDecoder.decoder.sizesArcTables = false
        #expect(!grammarDecoder.decoder.sizesArcTables)
    }

    /// The words and score `samples` get from a new decoder holding `grammar`.
    static func decode(_ samples: [Int16], with grammar: Grammar, sizingTables: Bool) throws -> (text: String, score: Int32)? {
        let grammarDecoder = try GrammarDecoder(model: .debian, tuning: VoiceRecognizer.grammarTuning)
        grammarDecoder.decoder.sizesArcTables = sizingTables
        try grammarDecoder.load(grammar)
        return try decode(samples, on: grammarDecoder.decoder)
    }

    /// The words and score `samples` get from `decoder` as it is.
    static func decode(_ samples: [Int16], on decoder: Decoder) throws -> (text: String, score: Int32)? {
        try decoder.startStream()
        try decoder.startUtterance()
        try samples.withUnsafeBufferPointer { samples throws(DecoderError) in try decoder.process(samples) }
        try decoder.endUtterance()
        return decoder.hypothesis()
    }

    @Test("sized tables hear the same words with the same score as the library's own", arguments: [
        "play disc three of road trip in cd changer", "set the volume to forty", "put sunday drive on",
    ])
    func sizedTablesDecodeAsTheLibrarysOwn(sentence: String) throws {
        let grammar = try GrammarGenerationTests.twoMagazines.get()
        let folder = TemporaryFolder("cdc-grammar-loading")
        let file = folder.file("\(sentence.replacingOccurrences(of: " ", with: "-")).wav")
        try SpeechFixtures.speak(sentence, voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples
        let sized = try #require(try Self.decode(samples, with: grammar, sizingTables: true))
        let library = try #require(try Self.decode(samples, with: grammar, sizingTables: false))
        #expect(sized.text == library.text)
        #expect(sized.score == library.score)
        #expect(sized.text.split(separator: " ").count >= 3, "heard “\(sized.text)”")
    }

    @Test("a table size is the smallest prime that is at least the count", arguments: [
        (0, 2), (1, 2), (2, 2), (4, 5), (14, 17), (101, 101), (102, 103),
    ])
    func tableSizes(count: Int, size: Int32) {
        #expect(Decoder.prime(atLeast: count) == size)
    }

    @Test("each state counts the states its epsilon arcs reach through any number of them, and whether one is final")
    func epsilonReach() {
        var graph = WordGraph()
        let start = graph.addState()
        let middle = graph.addState()
        let end = graph.addState(final: true)
        let word = graph.addState()
        graph.start = start
        graph.addArc(from: start, label: WordGraph.epsilon, to: middle)
        graph.addArc(from: middle, label: WordGraph.epsilon, to: end)
        graph.addArc(from: start, label: 0, to: word)
        graph.addArc(from: word, label: 1, to: end)
        let reach = graph.epsilonReach()
        #expect(reach.counts == [2, 1, 0, 0])
        #expect(reach.reachesFinal == [true, true, true, false])
    }

    /// Resident kilobytes of every mapping of `path` in this process (`/proc/self/smaps`).
    static func residentKilobytes(of path: String) throws -> Int {
        let smaps = String(decoding: try #require(FileBytes.read("/proc/self/smaps")), as: UTF8.self)
        var inMapping = false, total = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let first = fields.first else { continue }
            if first.hasSuffix(":") {
                if inMapping, first == "Rss:", fields.count > 1 { total += Int(fields[1]) ?? 0 }
            } else {
                inMapping = fields.count >= 6 && fields[5...].joined(separator: " ") == path
            }
        }
        return total
    }

    @Test("a mapped file's pages go back and its bytes read the same after")
    func mappedFilePagesAreReleased() throws {
        let folder = TemporaryFolder("cdc-mapped-model")
        let file = folder.file("model.bin")
        let size = 1 << 20
        let pattern = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(pattern).write(to: file)
        let descriptor = open(file.path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let base = try #require(mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0))
        #expect(base != MAP_FAILED)
        defer { munmap(base, size) }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: size)
        let pageStarts = stride(from: 0, to: size, by: 4096)
        // Reading a byte of every page makes them all resident.
        #expect(pageStarts.reduce(0) { $0 + Int(bytes[$1]) } == pageStarts.reduce(0) { $0 + Int(pattern[$1]) })
        let model = MappedModelFile(path: file.path)
        #expect(model.mappedRanges() == [UInt(bitPattern: base)..<UInt(bitPattern: base) + UInt(size)])
        #expect(try Self.residentKilobytes(of: model.path) >= 1000)
        #expect(model.releasePages() == size)
        #expect(try Self.residentKilobytes(of: model.path) == 0)
        #expect(Array(bytes) == pattern)
        #expect(MappedModelFile(path: folder.file("not-mapped.bin").path).releasePages() == 0)
    }

    @Test("after a grammar load the model definition is not resident, and speech is heard as before")
    func modelDefinitionPagesGoBackAfterALoad() throws {
        let model = TemporaryFolder("cdc-grammar-pages")
        let paths = try BasePhoneModelTests.modelFolder(model, copying: ["mdef"])
        let grammar = try GrammarGenerationTests.twoMagazines.get()
        let file = model.file("play-disc-three.wav")
        try SpeechFixtures.speak("play disc three of road trip in cd changer", voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples
        // The same decoder as the recognizer's, on the installed model, which it leaves mapped.
        let unreleased = try GrammarDecoder(model: .debian, tuning: VoiceRecognizer.grammarTuning)
        try unreleased.load(grammar)
        unreleased.decoder.cepstralMean.values = CepstralMean.speech
        let fresh = try #require(try Self.decode(samples, on: unreleased.decoder))

        let recognizer = try Recognizer(model: paths, tuning: VoiceRecognizer.grammarTuning, loopTuning: VoiceRecognizer.phoneLoopTuning)
        let modelDefinition = MappedModelFile(path: model.file("mdef").path)
        #expect(modelDefinition.mappedRanges().count == 1, "the grammar decoder's; the phone loop has a model of its own")
        #expect(try Self.residentKilobytes(of: modelDefinition.path) > 1000, "starting the decoders reads it")
        try recognizer.load(grammar)
        #expect(try Self.residentKilobytes(of: modelDefinition.path) == 0)
        let heard = try #require(try Self.decode(samples, on: recognizer.grammarDecoder.decoder))
        #expect(heard.text == fresh.text)
        #expect(heard.score == fresh.score)
        #expect(heard.text.hasPrefix("play disc three"), "heard “\(heard.text)”")
        #expect(try Self.residentKilobytes(of: modelDefinition.path) < 200, "a turn reads back only a little of it")
    }

    @Test("after a turn neither the mixture weights nor the model definition are resident, and the next turns hear alike")
    func modelPagesGoBackAfterATurn() throws {
        let model = TemporaryFolder("cdc-turn-pages")
        let paths = try BasePhoneModelTests.modelFolder(model, copying: ["mdef", "sendump"])
        let registry = try GrammarGenerationTests.registry(MagazineNames(["Road Trip", "Sunday Drive"]))
        let recognizer = VoiceRecognizer(registry: registry, options: .changer, model: paths)
        let file = model.file("play-disc-three.wav")
        try SpeechFixtures.speak("play disc three of road trip in cd changer", voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples
        let weights = MappedModelFile(path: model.file("sendump").path)
        let definition = MappedModelFile(path: model.file("mdef").path)
        try recognizer.prepare()
        #expect(weights.mappedRanges().count == 1, "the grammar decoder's; the phone loop has a model of its own")
        var residentDuringTurn = 0
        var source = SampleSource(samples + [Int16](repeating: 0, count: SpeechAudio.sampleRate), paced: false)
        let listened = try recognizer.listen(to: &source, level: { _ in
            residentDuringTurn = max(residentDuringTurn, (try? Self.residentKilobytes(of: weights.path)) ?? 0)
        })
        // Heard right: the hypothesis does what the sentence says (a function word may differ,
        // "on Road Trip" for "of Road Trip", as the grammar's paths move with its phrases).
        let meant = registry.resolve("play disc three of road trip in cd changer", mode: .inApp)
        #expect(listened.hypothesis.map { registry.resolve($0, mode: .inApp) } == meant, "heard “\(listened.hypothesis ?? "nothing")”")
        #expect(residentDuringTurn > 1000, "a turn reads the weights")
        #expect(try Self.residentKilobytes(of: weights.path) == 0)
        #expect(try Self.residentKilobytes(of: definition.path) == 0)
        // Recordings start afresh, so they are heard alike with the pages read back (nearly: the
        // model's Gaussian selection starts from the frame before, see RejectionTests).
        let first = try recognizer.recognize(samples)
        let second = try recognizer.recognize(samples)
        #expect(try Self.residentKilobytes(of: weights.path) == 0)
        #expect(first.hypothesis.map { registry.resolve($0, mode: .inApp) } == meant, "heard “\(first.hypothesis ?? "nothing")”")
        #expect(second.hypothesis == first.hypothesis)
        #expect(abs(second.score - first.score) < 0.5, "first \(first.score), again \(second.score)")
    }

    @Test("a turn leaves neither decoder holding its utterance, and the next turn hears the same")
    func aTurnLeavesNoUtteranceBehind() throws {
        let recognizer = try Recognizer(tuning: VoiceRecognizer.grammarTuning, loopTuning: VoiceRecognizer.phoneLoopTuning)
        try recognizer.load(try GrammarGenerationTests.twoMagazines.get())
        let listener = Listener(recognizer: recognizer)
        let folder = TemporaryFolder("cdc-turn-history")
        let file = folder.file("put-sunday-drive-on.wav")
        try SpeechFixtures.speak("put sunday drive on", voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples + [Int16](repeating: 0, count: SpeechAudio.sampleRate)
        var turns: [ListeningResult] = []
        for _ in 0..<2 {
            var source = SampleSource(samples, paced: false)
            turns.append(try listener.listen(to: &source))
            // PocketSphinx counts an empty utterance as one frame; the turn's own had over 100.
            #expect(recognizer.grammarDecoder.decoder.frameCount <= 1)
            #expect(recognizer.phoneLoop.decoder.frameCount <= 1)
        }
        #expect(recognizer.cepstralMean != CepstralMean.speech, "the turns' own mean is kept")
        #expect(turns.map(\.recognition.text) == ["put sunday drive on", "put sunday drive on"])
        #expect(turns[1].recognition.phones.count > 10, "the phone loop heard the second turn whole")
    }
}
