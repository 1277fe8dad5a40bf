import Foundation
import Testing
import TestSupport
@testable import Voice

/// The phone loop's own model of the base phones (`BasePhoneModel`): cut from the installed
/// model, it scores speech exactly as the whole model does, and the phone loop then maps none of
/// the installed model definition or mixture weights.
@Suite struct BasePhoneModelTests {
    /// The phone segments a decoder finds in `samples`.
    static func phones(_ samples: [Int16], on decoder: Decoder) throws -> [Segment] {
        _ = try GrammarLoadingTests.decode(samples, on: decoder)
        return decoder.segments()
    }

    @Test("the phone loop on the base phones' model finds the same phones with the same scores as on the whole model", arguments: [
        "play disc three of road trip in cd changer", "what's the weather like tomorrow",
    ])
    func sameAsTheWholeModel(sentence: String) throws {
        let folder = TemporaryFolder("cdc-base-phones")
        let file = folder.file("speech.wav")
        try SpeechFixtures.speak(sentence, voice: SpeechFixtures.Voice("en-us", speed: 160), to: file)
        let samples = try AudioFile.read(file.path).samples
        let loop = try PhoneLoopDecoder(model: .debian, tuning: VoiceRecognizer.phoneLoopTuning)
        #expect(loop.usesBasePhoneModel)
        let whole = try Decoder(options: PhoneLoopDecoder.options(.debian).merging(VoiceRecognizer.phoneLoopTuning))
        let cut = try Self.phones(samples, on: loop.decoder)
        #expect(cut.count > 10, "found \(cut.count) phones")
        #expect(cut == (try Self.phones(samples, on: whole)))
    }

    @Test("the model holds the base phones' lines and the weights of their senones, in a folder that goes away")
    func modelFiles() throws {
        let model = try #require(BasePhoneModel(of: .debian))
        let definition = try String(contentsOfFile: model.folder + "/mdef", encoding: .utf8)
        let lines = definition.split(separator: "\n")
        #expect(lines.contains("42 n_base") && lines.contains("0 n_tri") && lines.contains("126 n_tied_state"))
        let phoneLines = lines.filter { !$0.hasPrefix("#") && $0.split(separator: " ").count >= 8 }
        #expect(phoneLines.count == 42)
        #expect(phoneLines.allSatisfy { $0.split(separator: " ")[1...3] == ["-", "-", "-"] })
        // Each of the 3 × 128 codeword rows keeps 126 of its 5,126 senones' weights.
        let installed: Int = try #require(try FileManager.default.attributesOfItem(atPath: ModelPaths.debian.acousticModel + "/sendump")[.size] as? Int)
        let cut: Int = try #require(try FileManager.default.attributesOfItem(atPath: model.folder + "/sendump")[.size] as? Int)
        #expect(installed - cut == 3 * 128 * (5126 - 126))
        #expect(!FileManager.default.fileExists(atPath: model.folder + "/whole-mdef"))
        model.remove()
        #expect(!FileManager.default.fileExists(atPath: model.folder))
    }

    /// A model folder of links to the installed files, with `copied` copied instead and
    /// `changed` applied to them (private copies: no other test's decoder maps them).
    static func modelFolder(_ folder: TemporaryFolder, copying copied: Set<String>, changed: (URL) throws -> Void = { _ in }) throws -> ModelPaths {
        let installed = ModelPaths.debian.acousticModel
        for name in try FileManager.default.contentsOfDirectory(atPath: installed) {
            if copied.contains(name) {
                try FileManager.default.copyItem(atPath: installed + "/" + name, toPath: folder.file(name).path)
                try changed(folder.file(name))
            } else {
                try FileManager.default.createSymbolicLink(atPath: folder.file(name).path, withDestinationPath: installed + "/" + name)
            }
        }
        var paths = ModelPaths.debian
        paths.acousticModel = folder.url.path
        return paths
    }

    @Test("mixture weights it cannot read are not cut, and nothing is left behind")
    func unreadableWeights() throws {
        let folder = TemporaryFolder("cdc-base-phones-short")
        let paths = try Self.modelFolder(folder, copying: ["sendump"]) { file in
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 100_000)
            try handle.close()
        }
        #expect(BasePhoneModel(of: paths) == nil)
        #expect(BasePhoneModel.baseMixtureWeights(of: folder.file("sendump").path, senones: 126, of: 5126) == nil)
        #expect(BasePhoneModel.baseMixtureWeights(of: folder.file("no-such-file").path, senones: 126, of: 5126) == nil)
    }

    @Test("the phone loop maps neither the installed model definition nor its mixture weights")
    func phoneLoopMapsNoInstalledModel() throws {
        let folder = TemporaryFolder("cdc-base-phones-maps")
        let paths = try Self.modelFolder(folder, copying: ["mdef", "sendump"])
        let loop = try PhoneLoopDecoder(model: paths, tuning: VoiceRecognizer.phoneLoopTuning)
        #expect(loop.usesBasePhoneModel)
        #expect(MappedModelFile(path: folder.file("mdef").path).mappedRanges().isEmpty)
        #expect(MappedModelFile(path: folder.file("sendump").path).mappedRanges().isEmpty)
        // A phone loop over all phones in context needs the triphones: it keeps the whole model.
        let contextual = try PhoneLoopDecoder(model: paths, tuning: DecoderOptions([("-allphone_ci", "no")]))
        #expect(!contextual.usesBasePhoneModel)
        #expect(MappedModelFile(path: folder.file("sendump").path).mappedRanges().count == 1)
    }
}
