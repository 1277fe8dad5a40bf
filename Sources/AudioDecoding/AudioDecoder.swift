/// Reads one audio file: its format, length and tags, and its audio as interleaved samples.
///
/// A decoder wraps one C library's handle (libmpg123 for MP3). It is registered in a
/// `DecoderRegistry` under the file extensions it reads; the registry opens files with it for
/// the player's decoder thread and for the library scanner. An instance is used by one thread
/// at a time. `read(into:)` is the audio path: it must not allocate.
///
/// ```
/// let decoder = try registry.open(path)          // format, length and tags are known now
/// var block = [UInt8](repeating: 0, count: type(of: decoder).largestBlockBytes)
/// while true {
///     let result = block.withUnsafeMutableBytes { decoder.read(into: $0) }
///     // result.bytes of audio in decoder.format are at the start of block
///     if result.status != .decoded && result.status != .newFormat { break }
/// }
/// ```
public protocol AudioDecoder: AnyObject, SendableMetatype {
    /// The format's name in messages: "MP3" ("the MP3 data is damaged").
    static var formatName: String { get }
    /// The file extensions it reads, in lower case without the dot: ["mp3"].
    static var fileExtensions: [String] { get }
    /// The most bytes one `read(into:)` hands over, in any format it produces: every buffer
    /// given to `read(into:)` is at least this large (the player's ring sizes its overflow
    /// area from the largest of the registered decoders).
    static var largestBlockBytes: Int { get }

    /// Opens the file at `path` (raw bytes, so names that are not UTF-8 open too) and reads
    /// its header and tags. Throws with a reason for the user when the file can't be opened
    /// or is not of this format.
    init(path: [UInt8]) throws(DecoderError)

    /// The format of the audio `read(into:)` hands over now; it changes only where a read
    /// says `.newFormat`.
    var format: AudioFormat { get }
    /// The length in frames as far as it is known without decoding.
    var length: AudioLength { get }
    /// What the file's tags say.
    var tags: AudioTags { get }

    /// Decodes the next block (an MP3 frame…) into the start of `buffer`, which holds at least
    /// `largestBlockBytes`: whole frames, interleaved, in `format`. A block may hold no audio
    /// (gapless trimming drops it).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> DecodeResult
    /// Moves the decoding position to `frame` (frames from the start) and returns where it landed.
    func seek(toFrame frame: Int) throws(DecoderError) -> Int
    /// Reads the whole file again, on a handle of its own so decoding is not disturbed, to learn
    /// the exact length when `length` is an estimate. Slow: the player calls it while its ring is full.
    func measureExactLength() throws(DecoderError) -> Int
}

/// What one `AudioDecoder.read(into:)` call produced.
public struct DecodeResult: Sendable, Equatable {
    /// Bytes of audio written at the start of the buffer.
    public var bytes: Int
    public var status: Status

    /// Whether decoding goes on, changed format (the bytes are in the new one), reached the
    /// end, or failed (damaged data: nothing more can be decoded).
    public enum Status: Sendable, Equatable {
        case decoded, newFormat, finished, failed
    }

    public init(bytes: Int, status: Status) {
        self.bytes = bytes
        self.status = status
    }
}

/// A file's length in frames (samples per channel), and whether that is exact or an estimate
/// (an MP3 without an info frame, measured from its size).
public struct AudioLength: Hashable, Sendable {
    /// Nil when nothing is known.
    public var frames: Int?
    public var isExact: Bool

    public init(frames: Int?, isExact: Bool) {
        self.frames = frames
        self.isExact = isExact
    }
}
