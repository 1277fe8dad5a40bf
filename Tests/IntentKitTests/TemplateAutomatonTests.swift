import Testing
@testable import IntentKit

/// The compiled form of a phrase template: one flat array of 16-byte edges (a registry's
/// templates have about 150,000 of them, so their size is most of a registry's memory).
@Suite struct TemplateAutomatonTests {
    @Test func anEdgeTakesSixteenBytes() {
        #expect(MemoryLayout<Transition>.stride == 16)
    }

    @Test(arguments: [nil, SlotSource.enumeration(0), .enumeration(7), .entity(0), .entity(5), .enumeration(126), .entity(126)])
    func anEdgeKeepsWhereItsNamesComeFrom(source: SlotSource?) {
        let transition = Transition(kind: .slot, target: 3, parameter: 1, source: source)
        #expect(transition.source == source)
        #expect(transition.target == 3)
        #expect(transition.parameter == 1)
    }

    @Test func eachStateHasItsOwnEdges() throws {
        var vocabulary = Vocabulary()
        let template = try PhraseTemplate("(next|skip to) [the] song")
        let compiled = CompiledTemplate(
            template: template, shortcutIndex: 0, phraseIndex: 0, intentIndex: 0, vocabulary: &vocabulary, skipTokens: [],
            parameterIndex: { _ in 0 }, slotSource: { _ in nil }, fixedCase: { _, _ in -1 }
        )
        #expect(compiled.edgeStart.count == compiled.stateCount + 1)
        #expect((0..<compiled.stateCount).reduce(0) { $0 + compiled.transitions(from: Int32($1)).count } == compiled.edges.count)
        // Every edge leads to a higher-numbered state, and the words are all there.
        for state in 0..<Int32(compiled.stateCount) {
            for transition in compiled.transitions(from: state) { #expect(transition.target > state) }
        }
        let words = Set(compiled.edges.filter { $0.kind == .word }.map { vocabulary.word($0.token) })
        #expect(words == ["next", "skip", "to", "the", "song"])
    }
}
