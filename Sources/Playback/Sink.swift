#if canImport(Glibc)
import Glibc
#endif
import MPEGAudio

/// Where decoded audio goes: the output thread's only view of a device or file.
///
/// A sink is created, used and closed on the output thread alone. Audio is interleaved signed
/// 16-bit little-endian frames in the format given to `configure`. Nothing blocks for long:
/// `write` takes what fits now, and the output thread waits for room (or for a drain to end)
/// with `waitCondition`, polled together with its own doorbell, so commands are seen at once
/// even while the device is full. No method allocates except `configure`.
protocol AudioSink: AnyObject {
    /// What the user sees as the output, e.g. "alsa:default", "wav:/tmp/x.wav".
    var description: String { get }
    /// Prepares the sink for `format`; called before the first write and whenever the format
    /// changes (after a drain). Throws a user-facing message when the device cannot be used.
    func configure(_ format: AudioFormat) throws(SinkError)
    /// Frames `write` would take now (`Int.max` when unlimited).
    func room() throws(SinkError) -> Int
    /// The fewest frames worth a write: smaller amounts of room are waited for (a device period).
    var minimumWrite: Int { get }
    /// Takes whole frames from `frames` as far as they fit now; returns the bytes taken.
    func write(_ frames: UnsafeRawBufferPointer) throws(SinkError) -> Int
    /// What to wait for before there is room (or the drain ends): descriptors written into
    /// `descriptors` (their count is returned) and an optional `CLOCK_MONOTONIC` deadline.
    func waitCondition(descriptors: UnsafeMutableBufferPointer<pollfd>) -> (count: Int, deadline: UInt64?)
    /// Lets the sink interpret what `poll` reported on its descriptors (ALSA plugins need this).
    func acknowledge(_ descriptors: UnsafeMutableBufferPointer<pollfd>)
    /// Frames accepted but not heard yet.
    func delayFrames() -> Int
    /// Stops playing, keeping what is buffered (or remembering it to replay on `resume`).
    func pause()
    /// Continues after `pause`.
    func resume() throws(SinkError)
    /// Discards what is buffered (a seek, a new play, stop).
    func drop()
    /// Starts playing out everything accepted (end of the queue, format change); poll
    /// `isDrained()` while waiting with `waitCondition`.
    func beginDrain()
    func isDrained() -> Bool
    /// Releases the device or finishes the file.
    func close()
    /// Messages for the user the sink collected (e.g. ALSA's own); taken once.
    func takeNotice() -> PlaybackEvent.Notice?
}

extension AudioSink {
    func takeNotice() -> PlaybackEvent.Notice? { nil }
    func acknowledge(_ descriptors: UnsafeMutableBufferPointer<pollfd>) {}
}

/// A failure of a sink, with a message a user can act on.
struct SinkError: Error, Sendable, CustomStringConvertible {
    var message: String
    var description: String { message }
}

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

    static func makeSink(for choice: OutputChoice) -> any AudioSink {
        for entry in entries {
            if let sink = entry.make(choice) { return sink }
        }
        return NullSink(paced: !choice.fast)
    }
}
