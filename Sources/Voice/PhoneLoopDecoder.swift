/// A free phone loop over the same model (`-allphone en-us-phone.lm.bin`): the best acoustic
/// match any phone sequence achieves, the yardstick for how well the grammar's path fits.
public final class PhoneLoopDecoder {
    public let decoder: Decoder

    /// Options of the phone loop: a light phone language model weight, so its path follows the
    /// acoustics; beams as PocketSphinx recommends for phone decoding.
    public static func options(_ model: ModelPaths) -> DecoderOptions {
        GrammarDecoder.baseOptions(model).merging(DecoderOptions([
            ("-allphone", model.phoneLanguageModel), ("-lw", "2.0"), ("-beam", "1e-20"), ("-pbeam", "1e-20"),
        ]))
    }

    public init(model: ModelPaths, tuning: DecoderOptions = DecoderOptions()) throws(DecoderError) {
        decoder = try Decoder(options: Self.options(model).merging(tuning))
    }
}
