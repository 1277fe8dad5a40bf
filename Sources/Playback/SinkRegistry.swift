/// The one list of sinks: how each is named on the command line and how it is made.
enum SinkRegistry {
    private struct Entry: Sendable {
        let name: String
        /// Makes the choice from the text after "name:" (nil when there is none).
        let choice: @Sendable (String?) throws(OutputChoiceError) -> OutputChoice
        /// Makes the sink on the output thread.
        let make: @Sendable (OutputChoice) -> (any AudioSink)?
    }

    private static let entries: [Entry] = [
        Entry(name: "alsa", choice: { argument throws(OutputChoiceError) in
            OutputChoice(.alsa(device: argument.flatMap { $0.isEmpty ? nil : $0 } ?? "default"))
        }, make: { choice in
            guard case .alsa(let device) = choice.sink else { return nil }
            return ALSASink(device: device)
        }),
        Entry(name: "null", choice: { argument throws(OutputChoiceError) in
            guard argument == nil else { throw OutputChoiceError("--output null takes no argument.") }
            return OutputChoice(.null)
        }, make: { choice in
            guard case .null = choice.sink else { return nil }
            return NullSink(paced: !choice.fast)
        }),
        Entry(name: "wav", choice: { argument throws(OutputChoiceError) in
            guard let argument, !argument.isEmpty else { throw OutputChoiceError("--output wav needs a file: --output wav:/tmp/out.wav.") }
            return OutputChoice(.wav(path: argument))
        }, make: { choice in
            guard case .wav(let path) = choice.sink else { return nil }
            return WAVSink(path: path, paced: !choice.fast)
        }),
    ]

    /// The names `--output` accepts.
    static var names: [String] { entries.map(\.name) }

    static func choice(for text: String) throws(OutputChoiceError) -> OutputChoice {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        let argument = parts.count > 1 ? String(parts[1]) : nil
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw OutputChoiceError("Unknown output \"\(text)\": use alsa[:DEVICE], null or wav:PATH.")
        }
        return try entry.choice(argument)
    }

    @Sendable static func makeSink(for choice: OutputChoice) -> any AudioSink {
        for entry in entries {
            if let sink = entry.make(choice) { return sink }
        }
        return NullSink(paced: !choice.fast)
    }
}
