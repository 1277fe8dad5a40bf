#if canImport(Glibc)
import Glibc
#endif

/// One Unix stream socket's file descriptor, closed when the value goes away.
///
/// All I/O is non-blocking with an explicit deadline (`poll` then `recv`/`send`), so a silent
/// or slow peer costs at most the deadline. Writes use `MSG_NOSIGNAL`: a peer that hangs up
/// gives `EPIPE`, never a `SIGPIPE` that would kill the player.
final class UnixSocket: Sendable {
    let descriptor: Int32

    /// Adopts an open descriptor.
    init(adopting descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A new, unconnected stream socket that is closed on `exec`.
    ///
    /// The corresponding C function is `socket`.
    convenience init(path: String) throws(ControlSocketError) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(call: "socket", code: errno, path: path) }
        self.init(adopting: descriptor)
    }

    deinit {
        close(descriptor)
    }

    /// Builds the `sockaddr_un` for `path` and calls `body` with it.
    static func withAddress<Result>(
        of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) throws(ControlSocketError) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else { throw .pathTooLong(path: path) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    /// The corresponding C function is `bind`.
    func bind(to path: String) throws(ControlSocketError) {
        let result = try UnixSocket.withAddress(of: path) { Glibc.bind(descriptor, $0, $1) }
        guard result == 0 else { throw .system(call: "bind", code: errno, path: path) }
    }

    /// Connects, waiting at most `seconds` when the listener's backlog is full. Returns the
    /// `errno` of a failed attempt (`ENOENT`, `ECONNREFUSED`…) for the caller to interpret.
    ///
    /// The corresponding C functions are `setsockopt(SO_SNDTIMEO)` and `connect`.
    func connect(to path: String, timeout seconds: Double) throws(ControlSocketError) -> Int32? {
        var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        while true {
            let result = try UnixSocket.withAddress(of: path) { Glibc.connect(descriptor, $0, $1) }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            return errno
        }
    }

    /// The corresponding C function is `listen`.
    func listen(backlog: Int32, path: String) throws(ControlSocketError) {
        guard Glibc.listen(descriptor, backlog) == 0 else { throw .system(call: "listen", code: errno, path: path) }
    }

    /// The corresponding C function is `fcntl(F_SETFL, O_NONBLOCK)`.
    func makeNonBlocking() {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// A pending connection, or nil when none is waiting (the socket is non-blocking) or the
    /// attempt failed; `errno` tells which.
    ///
    /// The accepted socket is non-blocking and closed on `exec`.
    ///
    /// The corresponding C functions are `accept` and `fcntl`. (`accept4`, which does it in one
    /// call, is hidden behind _GNU_SOURCE in Glibc's headers.)
    func accept() -> UnixSocket? {
        let client = Glibc.accept(descriptor, nil, nil)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        let accepted = UnixSocket(adopting: client)
        accepted.makeNonBlocking()
        return accepted
    }

    /// The process id of the peer, as the kernel recorded it at `connect` or `listen`.
    ///
    /// The corresponding C function is `getsockopt(SO_PEERCRED)`.
    func peerProcessID() -> Int32? {
        // `struct ucred` (pid, uid, gid: three 32-bit fields) is hidden behind _GNU_SOURCE in
        // Glibc's headers, so read it as three Int32s.
        var credentials = [Int32](repeating: 0, count: 3)
        var length = socklen_t(MemoryLayout<Int32>.size * 3)
        let result = credentials.withUnsafeMutableBytes { getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, $0.baseAddress, &length) }
        guard result == 0, credentials[0] > 0 else { return nil }
        return credentials[0]
    }

    /// Ends both directions: wakes a thread waiting in `poll` on this socket.
    ///
    /// The corresponding C function is `shutdown`.
    func shutdownBoth() {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Ends the receiving direction: a thread waiting in `poll` to read wakes and reads the end,
    /// while writes still go through.
    ///
    /// The corresponding C function is `shutdown`.
    func shutdownReading() {
        _ = shutdown(descriptor, Int32(SHUT_RD))
    }

    /// Waits until the socket is readable or writable, or the deadline passes; false on timeout.
    ///
    /// The corresponding C function is `poll`.
    func wait(for events: Int16, until deadline: Deadline) -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, deadline.remainingMilliseconds)
            if ready > 0 { return true }
            if ready == 0 { return false }
            if errno != EINTR { return true }  // let the following read or write report the error
        }
    }

    /// What a write ended with.
    enum WriteResult: Equatable {
        case written
        case timedOut
        case failed(Int32)
    }

    /// Writes every byte before the deadline.
    ///
    /// The corresponding C function is `send` with `MSG_NOSIGNAL`.
    func sendAll(_ bytes: [UInt8], until deadline: Deadline) -> WriteResult {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard wait(for: Int16(POLLOUT), until: deadline) else { return .timedOut }
            } else if sent < 0, errno == EINTR {
                continue
            } else {
                return .failed(sent < 0 ? errno : EPIPE)
            }
        }
        return .written
    }
}
