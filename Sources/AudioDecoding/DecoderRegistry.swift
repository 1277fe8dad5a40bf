/// The one list of decoders: which file extensions each reads, how a file is opened, and the
/// largest block any of them hands over.
///
/// A value: the player and the library scanner are each given one (`DecoderRegistry.builtIn`
/// from BuiltInDecoders unless told otherwise), and a test may add a decoder of its own.
/// Extensions are matched without regard to case; an extension belongs to one decoder only.
///
/// ```
/// let registry = DecoderRegistry.builtIn.adding(ToneDecoder.self)   // a test's own decoder
/// registry.decoder(forPath: Array("/music/01.MP3".utf8))   // MPEGDecoder.self
/// let decoder = try registry.open(Array("/music/02.tone".utf8))
/// ```
public struct DecoderRegistry: Sendable {
    /// The decoders, in the order they were registered.
    public let decoders: [any AudioDecoder.Type]
    private let byExtension: [String: any AudioDecoder.Type]

    public init(_ decoders: [any AudioDecoder.Type]) {
        var byExtension: [String: any AudioDecoder.Type] = [:]
        for decoder in decoders {
            for fileExtension in decoder.fileExtensions.map({ $0.lowercased() }) {
                precondition(byExtension[fileExtension] == nil, ".\(fileExtension) is registered twice (\(decoder.formatName))")
                byExtension[fileExtension] = decoder
            }
        }
        self.decoders = decoders
        self.byExtension = byExtension
    }

    /// This registry with `decoder` added after the others.
    public func adding(_ decoder: any AudioDecoder.Type) -> DecoderRegistry {
        DecoderRegistry(decoders + [decoder])
    }

    /// Every extension a registered decoder reads, lower case, in registration order: ["mp3"].
    public var fileExtensions: [String] { decoders.flatMap { $0.fileExtensions.map { $0.lowercased() } } }

    /// The most bytes any registered decoder hands over in one read (0 with no decoders).
    public var largestBlockBytes: Int { decoders.map { $0.largestBlockBytes }.max() ?? 0 }

    /// The decoder for files ending in `.fileExtension` ("mp3", "MP3"), if one is registered.
    public func decoder(forFileExtension fileExtension: String) -> (any AudioDecoder.Type)? {
        byExtension[fileExtension.lowercased()]
    }

    /// The decoder for the file at `path` (raw bytes), chosen by its name's extension.
    public func decoder(forPath path: [UInt8]) -> (any AudioDecoder.Type)? {
        DecoderRegistry.fileExtension(of: path).flatMap(decoder(forFileExtension:))
    }

    /// Opens the file at `path` with the decoder its extension names.
    public func open(_ path: [UInt8]) throws(DecoderError) -> any AudioDecoder {
        guard let decoder = decoder(forPath: path) else {
            let known = DecoderRegistry.fileExtension(of: path).map { "no decoder reads .\($0) files" } ?? "its name has no extension"
            throw DecoderError(reason: "not a kind of file the player can play", detail: known)
        }
        return try decoder.init(path: path)
    }

    /// The extension of the path's last component, without the dot ("01 Intro.Mp3" → "Mp3");
    /// nil when there is none (hidden files like ".profile" have none).
    static func fileExtension(of path: [UInt8]) -> String? {
        let name = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last ?? path[...]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex, dot + 1 < name.endIndex else { return nil }
        return String(decoding: name[(dot + 1)...], as: UTF8.self)
    }
}
