import CEspeakNG
import Synchronization

/// Pronunciations for words outside the dictionary, from espeak-ng's letter-to-sound rules
/// (`espeak_TextToPhonemes`), mapped onto the model's CMU phones by `PhoneMapping`.
///
/// espeak-ng keeps global state, so one shared instance serialises every call behind a mutex;
/// that is what makes the type `Sendable`. The library is initialised on first use only.
public final class EspeakPhonemizer: Sendable {
    /// The process-wide phonemizer for `voice` (espeak-ng voice name, default "en-us").
    public static let shared = EspeakPhonemizer(voice: "en-us")

    private let voice: String
    private let state = Mutex<Bool>(false)   // whether espeak_Initialize succeeded

    init(voice: String) { self.voice = voice }

    /// espeak-ng's phoneme mnemonics for `text` (`espeak_TextToPhonemes`, ascii names separated by
    /// "_"), one array per word, or nil if espeak-ng could not start.
    public func espeakPhonemes(_ text: String) -> [[String]]? {
        state.withLock { initialised -> [[String]]? in
            if !initialised {
                // espeakINITIALIZE_DONT_EXIT: report a missing data folder instead of exiting.
                guard espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, 0x8000) > 0,
                      espeak_SetVoiceByName(voice) == EE_OK else { return nil }
                initialised = true
            }
            var words: [[String]] = []
            text.withCString { start in
                var cursor: UnsafeRawPointer? = UnsafeRawPointer(start)
                let separator = Int32(UInt8(ascii: "_")) << 8
                while cursor != nil {
                    guard let output = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, separator) else { break }
                    for word in String(cString: output).split(separator: " ") {
                        words.append(word.split(separator: "_").map(String.init))
                    }
                }
            }
            return words
        }
    }

    /// CMU phones for `word` (e.g. "Zorblax" → Z AO R B L AE K S) and espeak symbols the mapping
    /// does not know; nil if espeak-ng could not start or produced nothing.
    public func cmuPhones(for word: String) -> (phones: [String], unknown: [String])? {
        guard let words = espeakPhonemes(word), !words.isEmpty else { return nil }
        let mapped = PhoneMapping.cmuPhones(fromEspeak: words.flatMap { $0 })
        return mapped.phones.isEmpty ? nil : mapped
    }
}
