import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The command line's end of the control socket: sends one request to a running player and
/// waits for its answer.
///
/// ```swift
/// do {
///     let response = try ControlClient.send(.say(words), to: ControlSocket.defaultPath(environment: environment))
///     print(response.output, terminator: "")
///     exit(response.status)
/// } catch where error.isNoPlayer {
///     // "No CD Changer player is running…": exit 4
/// }
/// ```
public enum ControlClient {
    /// The longest answer line accepted, in bytes (a `status --json` or a listing is far smaller).
    public static let maximumResponseBytes = 16 * 1024 * 1024

    /// Sends `request` to the player listening at `path` and returns its answer.
    ///
    /// Throws `noPlayer` when there is no socket folder, no socket file, or nobody accepts
    /// connections on it (a stale socket); `unsafeFolder` when the folder is not private to this
    /// user (the client will not talk to a player someone else could have put there);
    /// `timedOut` when connecting takes longer than `connectTimeout` seconds or the answer takes
    /// longer than `timeout` seconds (a `say` runs an intent, so allow it a few seconds).
    ///
    /// The corresponding C functions are `lstat`, `socket`, `connect`, `send` and `recv`.
    public static func send(
        _ request: ControlRequest, to path: String, timeout: Double = 10, connectTimeout: Double = 2
    ) throws(ControlSocketError) -> ControlResponse {
        guard try ControlSocket.checkFolder(of: path) else { throw .noPlayer(path: path) }
        let status: FileSystem.Status
        do {
            status = try FileSystem.status(of: path, followingLinks: false)
        } catch {
            if error.code == ENOENT { throw .noPlayer(path: path) }
            throw .system(error)
        }
        guard status.kind == .socket else { throw .notASocket(path: path) }

        let socket = try UnixSocket(path: path)
        switch try socket.connect(to: path, timeout: connectTimeout) {
        case nil: break
        case ECONNREFUSED?, ENOENT?: throw .noPlayer(path: path)
        case EAGAIN?, EWOULDBLOCK?, ETIMEDOUT?, EINPROGRESS?: throw .timedOut(path: path, seconds: connectTimeout)
        case let code?: throw .system(call: "connect", code: code, path: path)
        }
        socket.makeNonBlocking()

        let deadline = Deadline(after: timeout)
        switch socket.sendAll(Array(ControlWire.encode(request).utf8), until: deadline) {
        case .written: break
        case .timedOut: throw .timedOut(path: path, seconds: timeout)
        case .failed(let code):
            if code == EPIPE || code == ECONNRESET { throw .badResponse(path: path, reason: "it closed the connection before reading the request") }
            throw .system(call: "send", code: code, path: path)
        }
        var reader = LineReader(limit: maximumResponseBytes)
        switch reader.next(from: socket, until: deadline) {
        case .line(let bytes):
            do {
                return try ControlWire.decodeResponse(bytes)
            } catch {
                throw .badResponse(path: path, reason: error.message)
            }
        case .end:
            throw .badResponse(path: path, reason: "it closed the connection without answering")
        case .tooLong:
            throw .badResponse(path: path, reason: "the answer is longer than \(maximumResponseBytes) bytes")
        case .timedOut:
            throw .timedOut(path: path, seconds: timeout)
        case .failed(let code):
            if code == ECONNRESET { throw .badResponse(path: path, reason: "it closed the connection without answering") }
            throw .system(call: "recv", code: code, path: path)
        }
    }
}
