import Foundation
import IntentKit
import Testing

@Suite("Metadata and JSON output")
struct MetadataTests {
    func registry() throws -> ShortcutRegistry {
        try Fixtures.registry([
            Fixtures.shortcut("PlayDisc", "play disc {disc} [of {magazine}] in {app}", "play a disc in {app}"),
            Fixtures.shortcut("PlayMagazine", "play {magazine} in {app}"),
            Fixtures.shortcut("NextTrack", "next in {app}"),
        ], magazines: EntityList(["Road Trip", "Disc 3"]))
    }

    func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("Metadata describes intents, parameters, enums, entity types, phrases and the snapshot")
    func shape() throws {
        let json = try parse(try registry().metadata().prettyText)
        #expect(Set(json.keys) == ["app", "intents", "enums", "entityTypes", "shortcuts", "skipWords", "snapshot"])
        let app = try #require(json["app"] as? [String: Any])
        #expect(app["name"] as? String == "CD Changer")
        #expect(app["alternativeNames"] as? [String] == ["Digital CD Changer"])
        let intents = try #require(json["intents"] as? [[String: Any]])
        let playDisc = try #require(intents.first { $0["identifier"] as? String == "PlayDisc" })
        let parameters = try #require(playDisc["parameters"] as? [[String: Any]])
        #expect(parameters.map { $0["name"] as? String } == ["disc", "magazine"])
        #expect(parameters.first?["question"] as? String == "Which disc?")
        #expect((parameters.first?["type"] as? [String: Any])?["kind"] as? String == "enum")
        #expect((parameters.first?["answerType"] as? [String: Any])?["maximum"] as? Int == 99)
        #expect(parameters.last?["required"] as? Bool == false)
        let enums = try #require(json["enums"] as? [[String: Any]])
        #expect(enums.first?["identifier"] as? String == "DiscNumber")
        #expect((enums.first?["cases"] as? [[String: Any]])?.first?["value"] as? Int == 1)
        let shortcuts = try #require(json["shortcuts"] as? [[String: Any]])
        let phrases = try #require(shortcuts.first?["phrases"] as? [[String: Any]])
        #expect(phrases.first?["template"] as? String == "play disc {disc} [of {magazine}] in {app}")
        #expect(phrases.first?["example"] as? String == "Play disc 1 of Road Trip in CD Changer")
        let snapshot = try #require(json["snapshot"] as? [String: Any])
        #expect(snapshot["generation"] as? Int == 1)
        let entities = try #require((snapshot["entities"] as? [String: Any])?["Magazine"] as? [[String: Any]])
        #expect(entities.map { $0["displayName"] as? String } == ["Road Trip", "Disc 3"])
    }

    @Test("resolve --json lines carry every key in order, null where it does not apply")
    func resolveLines() throws {
        let registry = try registry()
        let keys = ["sentence", "outcome", "intent", "parameters", "candidates", "question", "response", "suggestions"]
        for sentence in ["play disc 2 of road trip", "play a disc", "play disc 3", "dance"] {
            let line = registry.report(sentence).jsonLine
            #expect(!line.contains("\n"))
            let order = keys.compactMap { key in line.range(of: "\"\(key)\":").map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
            #expect(order.count == keys.count && order == order.sorted(), "\(line)")
        }
        let matched = try parse(registry.report("play disc 2 of road trip").jsonLine)
        #expect(matched["outcome"] as? String == "matched")
        #expect(matched["intent"] as? String == "PlayDisc")
        #expect((matched["parameters"] as? [String: Any])?["disc"] as? Int == 2)
        #expect((matched["parameters"] as? [String: Any])?["magazine"] as? String == "Road Trip")
        #expect(matched["response"] as? String == "Playing disc 2 of Road Trip.")
        #expect(matched["candidates"] is NSNull && matched["suggestions"] is NSNull && matched["question"] is NSNull)

        let asking = try parse(registry.report("play a disc").jsonLine)
        #expect(asking["outcome"] as? String == "needsValue")
        #expect(asking["question"] as? String == "Which disc?")
        #expect(asking["response"] as? String == "Which disc?")

        let tied = try parse(registry.report("play disc 3").jsonLine)
        #expect(tied["outcome"] as? String == "ambiguous")
        #expect(tied["intent"] is NSNull)
        let candidates = try #require(tied["candidates"] as? [[String: Any]])
        #expect(candidates.compactMap { $0["intent"] as? String } == ["PlayDisc", "PlayMagazine"])
        #expect((candidates.last?["parameters"] as? [String: Any])?["magazine"] as? String == "Disc 3")

        let sorry = try parse(registry.report("dance").jsonLine)
        #expect(sorry["outcome"] as? String == "unsupported")
        #expect(sorry["response"] as? String == "Sorry, CD Changer hasn't added support for that.")
        #expect((sorry["suggestions"] as? [String])?.isEmpty == false)
    }

    @Test("Encodable output agrees with the written JSON")
    func encodable() throws {
        let report = try registry().report("play disc 2")
        let encoded = try JSONEncoder().encode(report)
        let decoded = try parse(String(decoding: encoded, as: UTF8.self))
        #expect(decoded["intent"] as? String == "PlayDisc")
    }
}
