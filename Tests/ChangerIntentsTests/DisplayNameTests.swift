import ChangerIntents
import IntentKit
import Testing

@Suite("Display names are always real text")
struct DisplayNameTests {
    static let magazines = ["Road Trip", "Summer Hits 2024", "Jazz & Blues", "Café Del Mar", "Kids' Songs", "Disc 3"]

    func looksUnfilled(_ text: String) -> Bool {
        DisplayTextCheck.looksUnfilled(text) || DisplayTextCheck.containsTemplateSlot(text)
    }

    @Test("No listing line contains a placeholder or an unfilled slot")
    func listing() throws {
        let registry = try TestMagazines(Self.magazines).makeRegistry()
        let lines = ChangerReports.shortcutLines(registry)
        #expect(lines.count > 100)
        for line in lines { #expect(!looksUnfilled(line), "\(line)") }
        for name in Self.magazines { #expect(lines.contains { $0.contains("Play \(name) in CD Changer") }, "\(name)") }
        #expect(lines.contains("  Play disc 3 of Road Trip in CD Changer"))
        #expect(lines.contains("Play Disc — PlayDisc (opticaldisc)"))
    }

    @Test("No response, question, summary or suggestion contains a placeholder")
    func responses() throws {
        let registry = try TestMagazines(Self.magazines).makeRegistry()
        let sentences = NaturalPhrasingTests.phrasings.map(\.0) + [
            "play disc 3", "play a disc", "set the volume", "play a magazine", "dance the tango", "play jazz and blues",
            "play kids songs", "play disc 4 of cafe del mar",
        ]
        for sentence in sentences {
            for mode in [ResolutionMode.inApp, .siri] {
                let report = registry.report(sentence, mode: mode)
                var texts = [report.response]
                switch report.resolution {
                case .matched(let invocation): texts += invocation.parameters.values.map(\.displayName) + [registry.summary(of: invocation)]
                case .needsValue(let request): texts.append(request.question)
                case .ambiguous(let ambiguity): texts += [ambiguity.question] + ambiguity.candidates.map(\.summary)
                case .unsupported(let unsupported): texts += unsupported.suggestions
                case .declined(let acknowledgement): texts.append(acknowledgement)
                }
                for text in texts { #expect(!looksUnfilled(text) && !text.isEmpty, "\(sentence): \(text)") }
            }
        }
    }

    @Test("No name or example in the metadata contains a placeholder")
    func metadata() throws {
        let registry = try TestMagazines(Self.magazines).makeRegistry()
        let metadata = registry.metadata()
        for text in metadata.allStrings { #expect(!DisplayTextCheck.looksUnfilled(text), "\(text)") }
        let text = ChangerReports.metadataText(registry)
        for marker in ["%@", "%s", "\\(", "${"] { #expect(!text.contains(marker)) }
        // Names and examples (everything but templates and dialogs) carry no slot either.
        guard case .object(let root) = metadata, case .array(let shortcuts)? = root["shortcuts"] else {
            Issue.record("unexpected metadata shape")
            return
        }
        for shortcut in shortcuts {
            guard case .object(let object) = shortcut, case .array(let phrases)? = object["phrases"] else { continue }
            for phrase in phrases {
                guard case .object(let fields) = phrase, case .string(let example)? = fields["example"] else { continue }
                #expect(!looksUnfilled(example), "\(example)")
            }
        }
        for type in ["Magazine"] {
            let names = registry.snapshot.entities[type]?.map(\.displayName) ?? []
            #expect(names == Self.magazines)
        }
    }

    @Test("The looksUnfilled check itself catches each marker", arguments: ["Play %@", "Play %s", "Play \\(name)", "Play ${name}", "Play {disc}"])
    func detector(text: String) {
        #expect(looksUnfilled(text))
    }
}
