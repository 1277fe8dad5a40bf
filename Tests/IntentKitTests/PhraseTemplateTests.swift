import IntentKit
import Testing

@Suite("Phrase template parsing")
struct PhraseTemplateTests {
    @Test("Words, alternatives, optional parts and slots become a tree")
    func tree() throws {
        let template = try PhraseTemplate("(next|skip to) [the] song in {app}")
        #expect(template.elements == [
            .choice([[.words(display: "next", tokens: ["next"])], [.words(display: "skip to", tokens: ["skip", "to"])]]),
            .optional([[.words(display: "the", tokens: ["the"])]]),
            .words(display: "song", tokens: ["song"]),
            .appName(connector: "in"),
        ])
    }

    @Test("Parameter slots and fixed values")
    func slots() throws {
        let template = try PhraseTemplate("play disc {disc} [of {magazine}] stop repeating{mode=off} {app}")
        #expect(template.parameterNames == ["disc", "magazine", "mode"])
        #expect(template.elements.contains(.fixedValue(parameter: "mode", caseIdentifier: "off")))
        #expect(template.elements.last == .appName(connector: nil))
    }

    @Test("Template words are normalised like sentences")
    func normalisedWords() throws {
        let template = try PhraseTemplate("What's the THIRD one in {app}")
        #expect(template.elements.first == .words(display: "What's the THIRD one", tokens: ["whats", "the", "3rd", "1"]))
    }

    @Test("Nested groups parse")
    func nested() throws {
        let template = try PhraseTemplate("(turn (up|down)|[please] set) volume {app}")
        guard case .choice(let alternatives) = template.elements.first else {
            Issue.record("expected a choice")
            return
        }
        #expect(alternatives.count == 2)
    }

    @Test("The app slot must lie on every path", arguments: [
        ("next song in {app}", true), ("next song [in {app}]", false), ("(next in {app}|skip)", false),
        ("({app} next|next in {app})", true), ("next song", false),
    ])
    func appOnEveryPath(source: String, expected: Bool) throws {
        #expect(try PhraseTemplate(source).alwaysNamesApp == expected)
    }

    @Test("Syntax errors name the template and say what is wrong", arguments: [
        ("(next|skip song in {app}", "never closed"),
        ("next] song in {app}", "no opening"),
        ("(next|) song in {app}", "empty"),
        ("[] song in {app}", "empty"),
        ("next {disc in {app}", "slot"),
        ("next song | skip in {app}", "“|” outside"),
        ("play {=3} in {app}", "slot must be"),
    ])
    func syntaxErrors(source: String, fragment: String) {
        do {
            _ = try PhraseTemplate(source)
            Issue.record("\(source) parsed")
        } catch {
            #expect(error.description.contains(source))
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test("Dialog templates leave out parts whose slot is unbound")
    func dialog() throws {
        let dialog = try DialogTemplate("Playing disc {disc}[ of {magazine}].")
        let short = IntentInvocation(intent: "PlayDisc", parameters: ["disc": .integer(3)])
        #expect(dialog.render(short) == "Playing disc 3.")
        let long = short.binding("magazine", to: .entity(typeIdentifier: "Magazine", id: "a", displayName: "Road Trip"))
        #expect(dialog.render(long) == "Playing disc 3 of Road Trip.")
        #expect(throws: DialogTemplateError.self) { try DialogTemplate("Playing [disc") }
    }
}
