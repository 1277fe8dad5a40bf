/// Which sink to play through: what `--output` and `--device` choose.
public struct OutputChoice: Sendable, Hashable, CustomStringConvertible {
    /// The kind of sink.
    public enum Sink: Sendable, Hashable {
        /// An ALSA PCM by name ("default", "hw:1", "paced", "null"…).
        case alsa(device: String)
        /// Nothing is written; time passes as if it were played (unless `fast`).
        case null
        /// A WAV file at this path receives exactly what would have been played.
        case wav(path: String)
    }

    public var sink: Sink
    /// Unpaced: play as fast as the CPU allows (null and WAV only; for tests and benchmarks).
    public var fast: Bool

    public init(_ sink: Sink, fast: Bool = false) {
        self.sink = sink
        self.fast = fast
    }

    /// The default output: ALSA's "default" device.
    public static let standard = OutputChoice(.alsa(device: "default"))

    /// "alsa:default", "null", "null (fast)", "wav:/tmp/x.wav".
    public var description: String {
        let base: String
        switch sink {
        case .alsa(let device): base = "alsa:\(device)"
        case .null: base = "null"
        case .wav(let path): base = "wav:\(path)"
        }
        return fast ? "\(base) (fast)" : base
    }

    /// Reads the command-line options `--output alsa[:DEVICE]|null|wav:PATH`, `--device NAME`
    /// and `--fast` (each `nil`/`false` when absent).
    ///
    /// `--device NAME` is the same as `--output alsa:NAME`. `--fast` without `--output` means
    /// `null`. For example `parse(output: nil, device: "hw:1", fast: false)` is `alsa:hw:1`.
    public static func parse(output: String?, device: String?, fast: Bool) throws(OutputChoiceError) -> OutputChoice {
        var choice: OutputChoice
        if let output {
            choice = try SinkRegistry.choice(for: output)
        } else if device != nil {
            choice = OutputChoice(.alsa(device: "default"))
        } else {
            choice = fast ? OutputChoice(.null) : .standard
        }
        if let device {
            guard !device.isEmpty else { throw OutputChoiceError("--device needs a name, e.g. --device default or --device hw:1.") }
            switch choice.sink {
            case .alsa(let named):
                let explicitName = output.map { $0.contains(":") } ?? false
                if explicitName && named != device {
                    throw OutputChoiceError("--device \(device) contradicts --output alsa:\(named): give one of them.")
                }
                choice.sink = .alsa(device: device)
            case .null, .wav:
                throw OutputChoiceError("--device chooses an ALSA device; it can't be combined with --output \(output ?? "").")
            }
        }
        if fast {
            if case .alsa = choice.sink {
                throw OutputChoiceError("--fast plays as fast as the CPU allows, which a sound device can't: use it with --output null or --output wav:PATH.")
            }
            choice.fast = true
        }
        return choice
    }
}

/// Why `--output`/`--device` could not be understood, in words for the user.
public struct OutputChoiceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
