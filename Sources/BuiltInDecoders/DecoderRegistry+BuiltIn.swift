import AudioDecoding
import MPEGAudio

extension DecoderRegistry {
    /// The decoders CD Changer ships with: libmpg123 for MP3. The player and the library
    /// scanner use this list unless they are given another.
    public static let builtIn = DecoderRegistry([MPEGDecoder.self])
}
