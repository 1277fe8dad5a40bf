/// Going to a time in the track (`g`): the time typed ("1:30", "90", "1:02:03") and, after a
/// refused one, why.
struct GoToTimeState: Equatable, Sendable {
    var field = TextField()
    var status: String?

    /// Seconds from the start for "m:ss", "h:mm:ss" or plain seconds; nil for anything else.
    static func seconds(in text: String) -> Int? {
        let parts = text.trimmed().split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }
}
