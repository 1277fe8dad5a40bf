import Dispatch
import OrderedJSON
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// One listening period of a server, shared by its accept thread and connection threads.
final class ControlSession: Sendable {
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
    /// Open connections by a serial number, so a newcomer can take an idle one's place and `stop`
    /// can end them.
    let connections = Mutex<[Int: Place]>([:])
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

    /// One admitted connection: its socket, and since when it has been waiting for a whole
    /// request (nil while one is being answered).
    struct Place {
        let socket: UnixSocket
        var waitingSince: Double?
    }

    private func admit(_ client: UnixSocket) {
        let number = nextConnection.add(1, ordering: .relaxed).newValue
        let now = Deadline.now()
        let (admitted, displaced) = connections.withLock { open -> (Bool, UnixSocket?) in
            var displaced: UnixSocket?
            if open.count >= limits.maximumClients {
                // The client that has waited longest without a whole request, if it has waited long enough.
                guard let (idle, place) = open.filter({ ($0.value.waitingSince ?? now) <= now - limits.idleGrace })
                    .min(by: { $0.value.waitingSince! < $1.value.waitingSince! }) else { return (false, nil) }
                open[idle] = nil
                displaced = place.socket
            }
            open[number] = Place(socket: client, waitingSince: now)
            return (true, displaced)
        }
        if let displaced {
            let reason = "no whole request line within \(ControlSession.seconds(limits.idleGrace)) seconds while \(limits.maximumClients) clients were connected; another client took the place"
            _ = displaced.sendAll(Array(ControlWire.encode(.rejected(reason)).utf8), until: Deadline(after: 0.2))
            displaced.shutdownBoth()
        }
        guard admitted else {
            let busy = ControlResponse.rejected("too many clients at once (\(limits.maximumClients)); try again")
            _ = client.sendAll(Array(ControlWire.encode(busy).utf8), until: Deadline(after: 0.2))
            return
        }
        connectionThreads.enter()
        do {
            _ = try WorkerThread(name: "cdc-client") { [self] in
                serve(client, number: number)
                connections.withLock { $0[number] = nil }
                connectionThreads.leave()
            }
        } catch {
            connections.withLock { $0[number] = nil }
            connectionThreads.leave()
        }
    }

    /// Marks connection `number` as answering (false: it lost its place and is being closed) or,
    /// with `waiting`, as waiting for its next request from now on.
    private func mark(_ number: Int, waiting: Bool) -> Bool {
        connections.withLock { open in
            guard open[number] != nil else { return false }
            open[number]?.waitingSince = waiting ? Deadline.now() : nil
            return true
        }
    }

    /// A connection thread: reads request lines and writes one response line for each.
    private func serve(_ client: UnixSocket, number: Int) {
        var reader = LineReader(limit: limits.maximumRequestBytes)
        while !stopping.load(ordering: .acquiring) {
            switch reader.next(from: client, until: Deadline(after: limits.requestTimeout)) {
            case .line(let bytes):
                guard bytes.contains(where: { !ControlSession.isWhitespace($0) }) else { continue }
                guard mark(number, waiting: false) else { return }
                let response: ControlResponse
                do {
                    response = answer(try ControlWire.decodeRequest(bytes))
                } catch {
                    response = .rejected(error.message)
                }
                guard send(response, to: client), mark(number, waiting: true) else { return }
            case .tooLong:
                _ = send(.rejected("the request is longer than \(limits.maximumRequestBytes) bytes"), to: client)
                return
            case .timedOut:
                _ = send(.rejected("no whole request line within \(ControlSession.seconds(limits.requestTimeout)) seconds"), to: client)
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

    /// Writes an answer, even while stopping: a request that was taken is answered.
    private func send(_ response: ControlResponse, to client: UnixSocket) -> Bool {
        client.sendAll(Array(ControlWire.encode(response).utf8), until: Deadline(after: limits.writeTimeout)) == .written
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
        // Ends the reading side only: a thread waiting for a request sees the end, one writing an answer finishes it.
        for place in connections.withLock({ Array($0.values) }) { place.socket.shutdownReading() }
        let connectionsEnded = connectionThreads.wait(timeout: .now() + max(0, deadline.seconds - Deadline.now())) == .success
        removeSocketFile()
        lock.release()
        return acceptEnded && connectionsEnded
    }

    /// Removes the socket file if it is still the one this session bound (not a newer player's).
    func removeSocketFile() {
        if let now = try? FileSystem.status(of: path, followingLinks: false), now.inode == socketFile.inode, now.device == socketFile.device {
            unlink(path)
        }
    }
}
