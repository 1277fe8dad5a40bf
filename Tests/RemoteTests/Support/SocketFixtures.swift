import Foundation
import Synchronization
import TestSupport
@testable import Remote

/// A private folder with a socket path inside it, and a server started there with a handler
/// that records what it was asked and answers in a predictable way.
final class ServerFixture: Sendable {
    let folder = TemporaryFolder("cdc-remote")
    let path: String
    let server: ControlServer
    let requests: RequestLog

    init(limits: ControlServer.Limits = ControlServer.Limits(), answer: (@Sendable (ControlRequest) -> ControlResponse)? = nil) throws {
        path = folder.url.appendingPathComponent("run/control.sock").path
        let requests = RequestLog()
        self.requests = requests
        server = ControlServer(path: path, limits: limits) { request in
            requests.append(request)
            return answer?(request) ?? ServerFixture.echo(request)
        }
        try server.start()
    }

    deinit {
        server.stop()
    }

    /// Status = number of words, output = the words, error = the flags, payload = the words as JSON with `json`.
    static func echo(_ request: ControlRequest) -> ControlResponse {
        let payload = request.has(ControlRequest.jsonFlag)
            ? #"{"command":"\#(request.command)","count":\#(request.arguments.count)}"#
            : nil
        return ControlResponse(
            status: Int32(request.arguments.count), output: request.arguments.joined(separator: " ") + "\n",
            error: request.flags.joined(separator: ","), payload: payload
        )
    }
}

/// The requests a fixture's handler received, in order.
final class RequestLog: Sendable {
    private let requests = Mutex<[ControlRequest]>([])
    func append(_ request: ControlRequest) { requests.withLock { $0.append(request) } }
    func withLock<Result>(_ body: ([ControlRequest]) -> Result) -> Result { requests.withLock { body($0) } }
}

/// A hand-driven connection to a socket, for sending what `ControlClient` never would.
final class RawConnection {
    let socket: UnixSocket
    private var reader = LineReader(limit: 64 * 1024 * 1024)

    init(path: String) throws {
        socket = try UnixSocket(path: path)
        if let code = try socket.connect(to: path, timeout: 2) { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        socket.makeNonBlocking()
    }

    /// Sends bytes as they are (no newline added); false if the peer is gone.
    @discardableResult
    func send(_ bytes: [UInt8], timeout: Double = 5) -> Bool {
        socket.sendAll(bytes, until: Deadline(after: timeout)) == .written
    }

    @discardableResult
    func send(_ text: String, timeout: Double = 5) -> Bool { send(Array(text.utf8), timeout: timeout) }

    /// The next line from the server, decoded as a response; nil at the end or on timeout.
    func response(timeout: Double = 5) -> ControlResponse? {
        guard case .line(let bytes) = reader.next(from: socket, until: Deadline(after: timeout)) else { return nil }
        return try? ControlWire.decodeResponse(bytes)
    }

    /// What comes next: a line, the end, a timeout.
    func next(timeout: Double = 5) -> LineReader.Event {
        reader.next(from: socket, until: Deadline(after: timeout))
    }
}

/// The permission bits and owner of a file, read with `lstat`.
func fileMode(_ path: String) -> (mode: mode_t, owner: uid_t, isSocket: Bool)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & 0o7777, info.st_uid, info.st_mode & 0o170000 == 0o140000)
}

/// Leaves a socket file behind the way a crashed player does: bound, then closed without unlinking.
func leaveStaleSocket(at path: String) throws {
    try FileManager.default.createDirectory(atPath: ControlSocket.folder(of: path), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let socket = try UnixSocket(path: path)
    try socket.bind(to: path)
    try socket.listen(backlog: 1, path: path)
}
