import ChangerIntents
@testable import IntentKit
import Testing

/// Every phrase's example sentence (the suggestions after “Sorry”, `shortcuts`, the metadata)
/// reads as English: no article before a word that takes none, numbers a phrase spells as digits
/// read as words, and “I” is a capital.
@Suite("Example sentences read as English")
struct ExampleSentenceTests {
    /// Each phrase's example, over a library with albums, artists, songs and genres, so that
    /// every slot has a name to show.
    static let examples: [String?] = {
        let rig = try! LibraryRig()
        let registry = rig.registry
        let snapshot = registry.compiledSnapshot
        return registry.templates.map { registry.exampleText(of: $0, includeApp: false, snapshot: snapshot) }
    }()

    @Test("every phrase has an example")
    func everyPhrase() {
        #expect(Self.examples.allSatisfy { $0 != nil }, "\(Self.examples.filter { $0 == nil }.count) without")
    }

    @Test("no article stands before a word that takes none")
    func articles() {
        for case let example? in Self.examples {
            let words = example.lowercased().split(separator: " ").map(String.init)
            for (word, next) in zip(words, words.dropFirst()) where PhraseRenderer.articles.contains(word) {
                #expect(!PhraseRenderer.functionWords.contains(next), "\(example)")
            }
        }
    }

    @Test("“I” is a capital")
    func pronoun() {
        for case let example? in Self.examples {
            #expect(!example.split(separator: " ").contains { $0 == "i" || $0.hasPrefix("i'") }, "\(example)")
        }
    }

    @Test("phrases that once read oddly", arguments: [
        ("Stop the after the current track", "Stop after the current track"),
        ("Pause the a sec", "Pause a sec"),
        ("The 4 track", "The fourth track"),
        ("Play this 1 from the start", "Play this one from the start"),
        ("What magazines do i have", "What magazines do I have"),
    ])
    func mended(before: String, after: String) {
        let readsBefore = Self.examples.contains(before), readsAfter = Self.examples.contains(after)
        #expect(!readsBefore && readsAfter)
    }
}
