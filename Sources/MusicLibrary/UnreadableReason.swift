/// Why a file could not be read, in words for the user.
public struct UnreadableReason: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
