import Foundation
import Testing
import TestSupport
@testable import Voice

/// Loading a grammar into PocketSphinx: each state's arc tables are sized to what they hold
/// (`Decoder.useGraph`), where the library would give every state 101-slot tables, and
/// the search that results hears exactly what the library's own tables give.
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
        let decoder = grammarDecoder.decoder
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
}
