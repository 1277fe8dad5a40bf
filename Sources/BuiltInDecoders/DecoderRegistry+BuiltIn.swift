import AudioDecoding
import FLACAudio
import MPEGAudio
import OpusAudio
import VorbisAudio

extension DecoderRegistry {
    /// The decoders CD Changer ships with, one per C library: libmpg123 for MP3, libFLAC for
    /// FLAC, libvorbisfile for Ogg Vorbis and libopusfile for Opus. The player and the library
    /// scanner use this list unless they are given another.
    public static let builtIn = DecoderRegistry([MPEGDecoder.self, FLACDecoder.self, VorbisDecoder.self, OggOpusDecoder.self])
}
