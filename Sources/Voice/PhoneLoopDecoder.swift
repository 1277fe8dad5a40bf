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

    /// Whether the decoder runs on the base phones' own model (`BasePhoneModel`) rather than the
    /// whole installed one.
    public let usesBasePhoneModel: Bool

    /// Starts the phone loop. When it scores base phones only (`-allphone_ci yes`), on a model cut
    /// down to them (`BasePhoneModel`), where the model allows; else on the whole model.
    public init(model: ModelPaths, tuning: DecoderOptions = DecoderOptions()) throws(DecoderError) {
        let options = Self.options(model).merging(tuning)
        let basePhones = options["-allphone_ci"] == "yes" ? BasePhoneModel(of: model) : nil
        defer { basePhones?.remove() }
        decoder = try Decoder(options: options.merging(basePhones?.options ?? DecoderOptions()))
        usesBasePhoneModel = basePhones != nil
    }
}
