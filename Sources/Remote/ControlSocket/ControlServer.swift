import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The player's end of the control socket: listens on a Unix socket and answers each request
/// line with the app's handler.
///
/// ```swift
/// let server = ControlServer(path: ControlSocket.defaultPath(environment: environment)) { request in
///     loop.mailbox.sync { app.answer(request) }  // the handler runs on a server thread
/// }
/// do {
///     try server.start()
/// } catch .alreadyRunning(_, let pid) {
///     // "A CD Changer player is already running (pid …)": exit 1 before touching the state
/// }
/// …
/// server.stop()
/// ```
///
/// - One accept thread waits for connections; each connection gets its own thread (at most
///   `Limits.maximumClients` at once), so a slow client never holds up another. A connection may
///   send several requests, one JSON object per line; each gets one response line. When every
///   place is taken, a client that has sent nothing whole for `Limits.idleGrace` seconds gives its
///   place to the newcomer, so clients that connect and say nothing cannot lock others out.
/// - The handler is called on those threads, possibly on several at once: it must be thread-safe
///   (the app hops to its main loop with `mailbox.sync`). `ping` is answered by the server itself.
/// - A request that is not JSON, not a request, or a newer protocol version gets a
///   `ControlResponse.rejected` answer and the connection stays usable; a line longer than
///   `maximumRequestBytes`, or no whole request within `requestTimeout`, gets the same kind of
///   answer and the connection is closed. Writes never raise `SIGPIPE`.
/// - `start()` takes an exclusive lock next to the socket (`control.sock.lock`), so it knows
///   whether another player is alive however that one died; a socket file with no live owner
///   (and nobody answering on it) is stale and replaced.
public final class ControlServer: Sendable {
    /// Bounds on what one client may cost the server.
    public struct Limits: Sendable {
        /// The longest request line accepted, in bytes.
        public var maximumRequestBytes: Int
        /// Seconds a client has to send a whole request after connecting or after the last answer.
        public var requestTimeout: Double
        /// Seconds an answer may take to be written before the connection is dropped.
        public var writeTimeout: Double
        /// Connections served at the same time. When all places are taken, a newcomer takes the
        /// place of the client that has waited longest without sending a whole request, once that
        /// has waited `idleGrace` seconds (it is told why and closed); with no such client, the
        /// newcomer is answered "busy" and closed.
        public var maximumClients: Int
        /// Seconds a client may hold a place without sending a whole request (after connecting or
        /// after its last answer) before a newcomer may take that place.
        public var idleGrace: Double

        public init(
            maximumRequestBytes: Int = 64 * 1024, requestTimeout: Double = 5, writeTimeout: Double = 5, maximumClients: Int = 16,
            idleGrace: Double = 0.25
        ) {
            self.maximumRequestBytes = maximumRequestBytes
            self.requestTimeout = requestTimeout
            self.writeTimeout = writeTimeout
            self.maximumClients = maximumClients
            self.idleGrace = idleGrace
        }
    }

    /// The socket's path.
    public let path: String
    public let limits: Limits
    private let handler: @Sendable (ControlRequest) -> ControlResponse
    private let session = Mutex<ControlSession?>(nil)

    /// Prepares a server; nothing happens on disk until `start()`.
    public init(path: String, limits: Limits = Limits(), handler: @escaping @Sendable (ControlRequest) -> ControlResponse) {
        self.path = path
        self.limits = limits
        self.handler = handler
    }

    deinit {
        stop(timeout: 0.5)
    }

    /// Whether the server is listening.
    public var isRunning: Bool { session.withLock { $0 != nil } }

    /// Makes the folder (0700), takes the instance lock, replaces a stale socket, binds (0600),
    /// listens and starts the accept thread. Throws `alreadyRunning` if another player is alive.
    ///
    /// The corresponding C functions are `lstat`, `unlink`, `bind`, `chmod` and `listen`.
    public func start() throws(ControlSocketError) {
        guard !isRunning else { return }
        try ControlSocket.prepareFolder(for: path)
        let lock = try InstanceLock(path: path + ".lock", socketPath: path)
        try removeStaleSocket()
        let listener = try UnixSocket(path: path)
        try listener.bind(to: path)
        guard chmod(path, 0o600) == 0 else { throw .system(call: "chmod", code: errno, path: path) }
        try listener.listen(backlog: 32, path: path)
        listener.makeNonBlocking()
        let socketFile: FileSystem.Status
        let wake: EventCounter
        do {
            socketFile = try FileSystem.status(of: path, followingLinks: false)
            wake = try EventCounter()
        } catch {
            throw .system(call: error.call, code: error.code, path: path)
        }
        let session = ControlSession(
            path: path, socketFile: socketFile, listener: listener, lock: lock, wake: wake,
            limits: limits, handler: handler
        )
        do {
            let thread = try WorkerThread(name: "cdc-control") { session.acceptConnections() }
            session.acceptThread.withLock { $0 = thread }
        } catch {
            session.removeSocketFile()
            throw .system(call: error.call, code: error.code, path: path)
        }
        self.session.withLock { $0 = session }
    }

    /// Stops listening, ends the connections, removes the socket and releases the lock.
    ///
    /// A connection waiting for a request is ended at once; one whose answer is being made or
    /// written still gets it. Waits up to `timeout` seconds for connection threads; one still
    /// inside the handler after that (for example waiting for the main loop that is calling
    /// `stop`) is left to finish on its own, and its answer goes nowhere. Returns whether every
    /// thread ended in time.
    @discardableResult
    public func stop(timeout: Double = 2) -> Bool {
        guard let session = session.withLock({ current -> ControlSession? in
            defer { current = nil }
            return current
        }) else { return true }
        return session.stop(timeout: timeout)
    }

    /// A socket file nobody answers on is left over from a player that died; remove it.
    private func removeStaleSocket() throws(ControlSocketError) {
        let status: FileSystem.Status
        do {
            status = try FileSystem.status(of: path, followingLinks: false)
        } catch {
            if error.code == ENOENT { return }
            throw .system(error)
        }
        guard status.kind == .socket else { throw .notASocket(path: path) }
        let probe = try UnixSocket(path: path)
        switch try probe.connect(to: path, timeout: 1) {
        case nil:
            // Someone accepts connections there without holding the lock (an older build?): alive.
            throw .alreadyRunning(path: path, pid: probe.peerProcessID())
        case ECONNREFUSED?, ENOENT?:
            guard unlink(path) == 0 || errno == ENOENT else { throw .system(call: "unlink", code: errno, path: path) }
        case let code?:
            throw .system(call: "connect", code: code, path: path)
        }
    }
}
