import Dispatch
import OrderedJSON
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
///   send several requests, one JSON object per line; each gets one response line.
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
        /// Connections served at the same time; more are answered "busy" and closed.
        public var maximumClients: Int

        public init(maximumRequestBytes: Int = 64 * 1024, requestTimeout: Double = 5, writeTimeout: Double = 5, maximumClients: Int = 16) {
            self.maximumRequestBytes = maximumRequestBytes
            self.requestTimeout = requestTimeout
            self.writeTimeout = writeTimeout
            self.maximumClients = maximumClients
        }
    }

    /// The socket's path.
    public let path: String
    public let limits: Limits
    private let handler: @Sendable (ControlRequest) -> ControlResponse
    private let session = Mutex<Session?>(nil)

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
        let session = Session(
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
    /// Waits up to `timeout` seconds for connection threads; one still inside the handler (for
    /// example waiting for the main loop that is calling `stop`) is left to finish on its own,
    /// and its answer goes nowhere. Returns whether every thread ended in time.
    @discardableResult
    public func stop(timeout: Double = 2) -> Bool {
        guard let session = session.withLock({ current -> Session? in
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

/// One listening period of a server, shared by its accept thread and connection threads.
private final class Session: Sendable {
    let path: String
    /// The socket file as bound, to tell it from a newer player's socket at the same path.
    let socketFile: FileSystem.Status
    let listener: UnixSocket
    let lock: InstanceLock
    let wake: EventCounter
    let limits: ControlServer.Limits
    let handler: @Sendable (ControlRequest) -> ControlResponse
    let acceptThread = Mutex<WorkerThread?>(nil)
    let stopping = Atomic(false)
    /// Open connections by a serial number, so `stop` can shut them down.
    let connections = Mutex<[Int: UnixSocket]>([:])
    let nextConnection = Atomic(0)
    /// Entered for every connection thread, left when it ends.
    let connectionThreads = DispatchGroup()

    init(
        path: String, socketFile: FileSystem.Status, listener: UnixSocket, lock: InstanceLock, wake: EventCounter,
        limits: ControlServer.Limits, handler: @escaping @Sendable (ControlRequest) -> ControlResponse
    ) {
        self.path = path
        self.socketFile = socketFile
        self.listener = listener
        self.lock = lock
        self.wake = wake
        self.limits = limits
        self.handler = handler
    }

    /// The accept thread: waits for a connection or the wake-up pipe.
    ///
    /// The corresponding C functions are `poll` and `accept4`.
    func acceptConnections() {
        while !stopping.load(ordering: .acquiring) {
            var entries = [
                pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, -1)
            if ready < 0, errno != EINTR { return }
            if stopping.load(ordering: .acquiring) { return }
            guard entries[0].revents != 0 else { continue }
            guard let client = listener.accept() else {
                // Out of descriptors: let a connection finish before trying again.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { usleep(50_000) }
                continue
            }
            admit(client)
        }
    }

    private func admit(_ client: UnixSocket) {
        let number = nextConnection.add(1, ordering: .relaxed).newValue
        let admitted = connections.withLock { open -> Bool in
            guard open.count < limits.maximumClients else { return false }
            open[number] = client
            return true
        }
        guard admitted else {
            let busy = ControlResponse.rejected("too many clients at once (\(limits.maximumClients)); try again")
            _ = client.sendAll(Array(ControlWire.encode(busy).utf8), until: Deadline(after: 0.2))
            return
        }
        connectionThreads.enter()
        do {
            _ = try WorkerThread(name: "cdc-client") { [self] in
                serve(client)
                connections.withLock { $0[number] = nil }
                connectionThreads.leave()
            }
        } catch {
            connections.withLock { $0[number] = nil }
            connectionThreads.leave()
        }
    }

    /// A connection thread: reads request lines and writes one response line for each.
    private func serve(_ client: UnixSocket) {
        var reader = LineReader(limit: limits.maximumRequestBytes)
        while !stopping.load(ordering: .acquiring) {
            switch reader.next(from: client, until: Deadline(after: limits.requestTimeout)) {
            case .line(let bytes):
                guard bytes.contains(where: { !Session.isWhitespace($0) }) else { continue }
                let response: ControlResponse
                do {
                    response = answer(try ControlWire.decodeRequest(bytes))
                } catch {
                    response = .rejected(error.message)
                }
                guard send(response, to: client) else { return }
            case .tooLong:
                _ = send(.rejected("the request is longer than \(limits.maximumRequestBytes) bytes"), to: client)
                return
            case .timedOut:
                _ = send(.rejected("no whole request line within \(Session.seconds(limits.requestTimeout)) seconds"), to: client)
                return
            case .end, .failed:
                return
            }
        }
    }

    private func answer(_ request: ControlRequest) -> ControlResponse {
        if request.command == ControlRequest.Command.ping {
            return ControlResponse(status: 0, output: "pong", payload: JSONValue.object(["pid": .integer(getpid())]).compactText)
        }
        return handler(request)
    }

    private func send(_ response: ControlResponse, to client: UnixSocket) -> Bool {
        guard !stopping.load(ordering: .acquiring) else { return false }
        return client.sendAll(Array(ControlWire.encode(response).utf8), until: Deadline(after: limits.writeTimeout)) == .written
    }

    /// 5 → "5", 0.5 → "0.5".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    func stop(timeout: Double) -> Bool {
        let deadline = Deadline(after: timeout)
        stopping.store(true, ordering: .releasing)
        wake.signal()
        let acceptEnded = acceptThread.withLock { $0 }?.join(timeout: max(0, deadline.seconds - Deadline.now())) ?? true
        for client in connections.withLock({ Array($0.values) }) { client.shutdownBoth() }
        let connectionsEnded = connectionThreads.wait(timeout: .now() + max(0, deadline.seconds - Deadline.now())) == .success
        removeSocketFile()
        return acceptEnded && connectionsEnded
    }

    /// Removes the socket file if it is still the one this session bound (not a newer player's).
    func removeSocketFile() {
        if let now = try? FileSystem.status(of: path, followingLinks: false), now.inode == socketFile.inode, now.device == socketFile.device {
            unlink(path)
        }
    }
}
