import CPocketSphinx

/// The cepstral mean a decoder subtracts from every frame (live CMN), and the mean of the frames
/// it heard since `restartAccumulator()`.
///
/// C: the decoder's feature computer (`ps_get_feat`), its live CMN state `feat_t.cmn_struct`
/// (`cmn_live_get`, `cmn_live_set`, and the accumulator fields `sum`/`nframe` of `cmn_t`, which
/// `cmn_live_update` turns into the new mean when an utterance ends). PocketSphinx 0.8+5prealpha
/// has no `ps_get_cmn`/`ps_set_cmn`; these calls and fields are in sphinxbase's public headers.
///
/// Not thread-safe: used by the thread that uses the decoder.
public struct CepstralMean {
    private let cmn: UnsafeMutablePointer<cmn_t>

    init(_ decoder: Decoder) {
        cmn = ps_get_feat(decoder.handle).pointee.cmn_struct
    }

    /// Where a decoder's mean starts: the average of the utterances' own means over 60 clean
    /// commands in eight espeak-ng voices (`cdchanger-bench voice-eval`, docs/voice.md). The
    /// model's `-cmninit` (41, −5.3, …) is far from 16 kHz speech at speaking level, and live CMN
    /// needs seconds of audio to get there, so a first command was often misheard. c0, the log
    /// energy, depends on the microphone's level; the turns after the first move it there.
    public static let speech: [Float] = [60.6, -4.4, -0.3, 13.2, -8.2, -0.1, -8.8, -10.7, -6.6, -4.3, 1.1, -3.9, 0.1]

    /// The mean subtracted now (13 cepstra).
    public var values: [Float] {
        get {
            var vector = [Float](repeating: 0, count: Int(cmn.pointee.veclen))
            vector.withUnsafeMutableBufferPointer { cmn_live_get(cmn, $0.baseAddress) }
            return vector
        }
        nonmutating set {
            precondition(newValue.count == Int(cmn.pointee.veclen), "a cepstral mean has \(cmn.pointee.veclen) values")
            newValue.withUnsafeBufferPointer { cmn_live_set(cmn, $0.baseAddress) }
        }
    }

    /// Empties the accumulator (keeping the mean in use), so that the update at the end of the
    /// next utterance makes the mean exactly that utterance's own (up to 800 frames = 8 s).
    public func restartAccumulator() {
        for index in 0..<Int(cmn.pointee.veclen) { cmn.pointee.sum[index] = 0 }
        cmn.pointee.nframe = 0
    }

    /// Frames accumulated since `restartAccumulator()`.
    public var accumulatedFrames: Int { Int(cmn.pointee.nframe) }

    /// How far apart two means are: Euclidean distance over the cepstra (c0, the log energy, included).
    public static func distance(_ a: [Float], _ b: [Float]) -> Double {
        zip(a, b).reduce(0.0) { $0 + Double($1.0 - $1.1) * Double($1.0 - $1.1) }.squareRoot()
    }
}
