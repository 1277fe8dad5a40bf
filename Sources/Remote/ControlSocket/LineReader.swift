#if canImport(Glibc)
import Glibc
#endif

/// Splits what a socket receives into lines, with a size limit and a deadline.
struct LineReader {
    /// What `next` found.
    enum Event: Equatable {
        /// A line without its newline (a last line without a newline before the end counts too).
        case line([UInt8])
        /// The peer closed its side with nothing pending.
        case end
        /// The pending line grew past the limit before its newline came.
        case tooLong
        /// The deadline passed before a whole line came.
        case timedOut
        /// A read failed with this `errno`.
        case failed(Int32)
    }

    let limit: Int
    private var buffer: [UInt8] = []
    private var searched = 0
    private var reachedEnd = false

    init(limit: Int) {
        self.limit = limit
    }

    /// The next line from `socket`, waiting until `deadline`.
    ///
    /// The corresponding C functions are `poll` and `recv`.
    mutating func next(from socket: UnixSocket, until deadline: Deadline) -> Event {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                searched = 0
                return line.count > limit ? .tooLong : .line(line)
            }
            searched = buffer.count
            if buffer.count > limit { return .tooLong }
            if reachedEnd {
                guard !buffer.isEmpty else { return .end }
                defer { buffer.removeAll(); searched = 0 }
                return .line(buffer)
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket.descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                reachedEnd = true
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                guard socket.wait(for: Int16(POLLIN), until: deadline) else { return .timedOut }
            } else if errno != EINTR {
                return .failed(errno)
            }
        }
    }
}
