import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import Voice

/// PocketSphinx's log (`LibraryLog`): a decoder that cannot start says why, in the library's
/// words, and decoders started on several threads at once all start (each `ps_init` used to
/// reopen the library's one log file and close the previous one, so two at once could close the
/// same file twice: a flaky "could not start" in the parallel test suite).
@Suite struct LibraryLogTests {
    @Test("a decoder whose model folder lacks its model definition says so")
    func failureSaysWhy() throws {
        let folder = TemporaryFolder("cdc-library-log")
        var paths = try BasePhoneModelTests.modelFolder(folder, copying: [])
        try FileManager.default.removeItem(atPath: folder.file("mdef").path)
        paths.acousticModel = folder.url.path
        do {
            _ = try Decoder(options: GrammarDecoder.baseOptions(paths))
            Issue.record("a decoder started without a model definition")
        } catch {
            #expect(error.description.hasPrefix("PocketSphinx could not start with: -hmm \(folder.url.path)"))
            #expect(error.description.contains("mdef"), "\(error.description)")
            #expect(!error.description.contains("line "), "the library's prefix is left out: \(error.description)")
        }
        // The message was this thread's and this failure's: a decoder that starts leaves none.
        _ = try Decoder(options: GrammarDecoder.baseOptions(.debian))
        #expect(LibraryLog.lastMessage() == nil)
    }

    @Test("decoders started on four threads at once, three times over, all start")
    func decodersStartTogether() throws {
        let failures = Mutex<[String]>([])
        for _ in 0..<3 {
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                do {
                    _ = index % 2 == 0
                        ? try Decoder(options: GrammarDecoder.baseOptions(.debian))
                        : try PhoneLoopDecoder(model: .debian, tuning: VoiceRecognizer.phoneLoopTuning).decoder
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }
}
