import CDBus
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The MPRIS object: answers method calls and sends signals, on the dispatch thread.
///
/// `Listen` is answered later: the call is kept, the app's `startListening` starts the turn and
/// returns at once, and when the turn ends its answer is queued and the dispatch thread woken,
/// which sends the reply. So the thread never waits for the microphone or the decoder, and
/// other clients are served meanwhile.
final class MPRISEndpoint: @unchecked Sendable {
    // Safety: `lastSignalled`, `waitingListens` and `nextListen` are the only mutable state without
    // a lock, and they are used only on the dispatch thread: in `run`, `publish` and
    // `answerEndedListens`, and in `handle`, which libdbus calls from `dbus_connection_dispatch`
    // on that thread. The flags are atomics, `endedListens` is behind a mutex, the wake-up counter
    // is safe from any thread; everything else is immutable.
    private let connection: BusConnection
    private let busName: String
    private let identity: String
    private let desktopEntry: String
    private let status: @Sendable () -> MPRISStatus
    private let command: @Sendable (MPRISCommand) -> Void
    private let startListening: @Sendable (_ answer: @escaping @Sendable (ListenAnswer) -> Void) -> Void
    private let publishPending = Atomic(false)
    private let seekedPending = Atomic(false)
    private let stopping = Atomic(false)
    /// Rung to wake the dispatch thread from `poll`: a change to publish, or the stop.
    private let wake: EventCounter
    /// The Player properties as last signalled (or first read), without `Position`.
    private var lastSignalled: [String: DBusValue] = [:]
    /// `Listen` calls waiting for their turn to end, by the number given when each came in.
    private var waitingListens: [Int: BusMessage] = [:]
    private var nextListen = 0
    /// Answers of turns that ended, by call number, for the dispatch thread to send.
    private let endedListens = Mutex<[(call: Int, answer: ListenAnswer)]>([])

    init(
        connection: BusConnection, busName: String, identity: String, desktopEntry: String,
        status: @escaping @Sendable () -> MPRISStatus, command: @escaping @Sendable (MPRISCommand) -> Void,
        listen: @escaping @Sendable (_ answer: @escaping @Sendable (ListenAnswer) -> Void) -> Void
    ) throws(SystemCallError) {
        wake = try EventCounter()
        self.connection = connection
        self.busName = busName
        self.identity = identity
        self.desktopEntry = desktopEntry
        self.status = status
        self.command = command
        startListening = listen
    }

    func requestPublish(seeked: Bool) {
        if seeked { seekedPending.store(true, ordering: .releasing) }
        publishPending.store(true, ordering: .releasing)
        wake.signal()
    }

    /// Ends the dispatch thread's loop soon (it then releases the name and closes the connection).
    func requestStop() {
        stopping.store(true, ordering: .releasing)
        wake.signal()
    }

    /// The dispatch thread: reads, dispatches, writes, publishes and answers ended `Listen` calls,
    /// then sleeps in `poll` until the bus has something or `wake` is rung. On the way out, a
    /// `Listen` still waiting is told the player is quitting.
    ///
    /// The corresponding C function is `poll`.
    func run() {
        lastSignalled = MPRISEndpoint.signalled(MPRISInterface.playerProperties(status()))
        var entries = [pollfd(fd: connection.descriptor, events: 0, revents: 0), pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0)]
        while !stopping.load(ordering: .acquiring) {
            guard connection.readWrite(milliseconds: 0) else { break }
            connection.dispatchAll()
            if stopping.load(ordering: .acquiring) { break }
            if publishPending.exchange(false, ordering: .acquiringAndReleasing) { publish() }
            answerEndedListens()
            entries[0].events = Int16(POLLIN) | (connection.hasMessagesToSend ? Int16(POLLOUT) : 0)
            entries[0].revents = 0
            entries[1].revents = 0
            if poll(&entries, 2, -1) < 0, errno != EINTR { break }
            if entries[1].revents != 0 { wake.reset() }
        }
        connection.unregisterObject(path: MPRISInterface.objectPath)
        answerEndedListens()
        for call in waitingListens.values { reply(to: call, with: .unavailable("The player is quitting.")) }
        waitingListens = [:]
        if connection.isConnected {
            connection.releaseName(busName)
            connection.flush()
        }
        connection.close()
    }

    /// Sends `PropertiesChanged` with what differs from the last signal, and `Seeked` if asked.
    private func publish() {
        let current = status()
        let properties = MPRISEndpoint.signalled(MPRISInterface.playerProperties(current))
        let changed = MPRISInterface.playerProperties(current).filter { name, value in
            properties[name] != nil && lastSignalled[name] != value
        }
        lastSignalled = properties
        if !changed.isEmpty, let signal = BusMessage.signal(path: MPRISInterface.objectPath, interface: MPRISInterface.properties, member: "PropertiesChanged"),
           signal.append([.string(MPRISInterface.player), .dictionary(changed), .strings([])]) {
            connection.send(signal)
        }
        if seekedPending.exchange(false, ordering: .acquiringAndReleasing),
           let signal = BusMessage.signal(path: MPRISInterface.objectPath, interface: MPRISInterface.player, member: "Seeked"),
           signal.append([.int64(current.positionMicroseconds)]) {
            connection.send(signal)
        }
        connection.flush()
    }

    /// Properties that `PropertiesChanged` carries: all Player properties but `Position`
    /// (MPRIS: clients extrapolate it and listen for `Seeked`).
    private static func signalled(_ properties: [(String, DBusValue)]) -> [String: DBusValue] {
        var result: [String: DBusValue] = [:]
        for (name, value) in properties where name != "Position" { result[name] = value }
        return result
    }

    // MARK: - Method calls

    /// What a method call gets back.
    private enum Reply {
        case values([DBusValue])
        case error(name: String, text: String)
        /// Sent when the voice turn ends (`Listen`).
        case later

        static let empty = Reply.values([])
    }

    /// libdbus's object-path handler, on the dispatch thread.
    func handle(_ message: BusMessage) -> DBusHandlerResult {
        guard message.isMethodCall, let member = message.member else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let reply: Reply
        if let arguments = message.arguments() {
            reply = answer(message, interface: message.interface ?? MPRISEndpoint.interface(of: member), member: member, arguments: arguments)
        } else {
            reply = .error(name: MPRISInterface.ErrorName.invalidArgs, text: "Arguments of a type this player does not read")
        }
        guard message.expectsReply else { return DBUS_HANDLER_RESULT_HANDLED }
        let response: BusMessage?
        switch reply {
        case .later:
            return DBUS_HANDLER_RESULT_HANDLED
        case .values(let values):
            response = message.makeReturn()
            if let response, !response.append(values) {
                if let failure = message.makeError(name: "org.freedesktop.DBus.Error.Failed", text: "Could not build the reply") {
                    connection.send(failure)
                }
                return DBUS_HANDLER_RESULT_HANDLED
            }
        case .error(let name, let text):
            response = message.makeError(name: name, text: text)
        }
        guard let response else { return DBUS_HANDLER_RESULT_NEED_MEMORY }
        connection.send(response)
        return DBUS_HANDLER_RESULT_HANDLED
    }

    /// The interface of a method called without one (D-Bus allows that when the name is unique).
    private static func interface(of member: String) -> String {
        switch member {
        case "Introspect": MPRISInterface.introspectable
        case "Get", "GetAll", "Set": MPRISInterface.properties
        case "Raise", "Quit": MPRISInterface.root
        case "Listen": MPRISInterface.voice
        default: MPRISInterface.player
        }
    }

    /// Methods without arguments that are simply a command.
    private static let plainCommands: [String: [String: MPRISCommand]] = [
        MPRISInterface.root: ["Raise": .raise, "Quit": .quit],
        MPRISInterface.player: [
            "PlayPause": .playPause, "Play": .play, "Pause": .pause, "Stop": .stop, "Next": .next, "Previous": .previous,
        ],
    ]

    private func answer(_ call: BusMessage, interface: String, member: String, arguments: [DBusValue]) -> Reply {
        let signature = arguments.map(\.signature).joined()
        let wrongArguments = Reply.error(
            name: MPRISInterface.ErrorName.invalidArgs,
            text: "Wrong arguments (\(signature.isEmpty ? "none" : signature)) for \(interface).\(member)"
        )
        if let command = MPRISEndpoint.plainCommands[interface]?[member] {
            return arguments.isEmpty ? run(command) : wrongArguments
        }
        switch (interface, member) {
        case (MPRISInterface.introspectable, "Introspect"):
            return arguments.isEmpty ? .values([.string(MPRISInterface.introspectionXML)]) : wrongArguments
        case (MPRISInterface.properties, "Get"):
            guard signature == "ss", case .string(let name) = arguments[0], case .string(let property) = arguments[1] else { return wrongArguments }
            return get(interface: name, property: property)
        case (MPRISInterface.properties, "GetAll"):
            guard signature == "s", case .string(let name) = arguments[0] else { return wrongArguments }
            return getAll(interface: name)
        case (MPRISInterface.properties, "Set"):
            guard signature == "ssv", case .string(let name) = arguments[0], case .string(let property) = arguments[1] else { return wrongArguments }
            return set(interface: name, property: property, value: arguments[2])
        case (MPRISInterface.player, "Seek"):
            guard signature == "x", case .int64(let offset) = arguments[0] else { return wrongArguments }
            return run(.seek(offsetMicroseconds: offset), seeked: true)
        case (MPRISInterface.player, "SetPosition"):
            guard signature == "ox", case .objectPath(let trackPath) = arguments[0], case .int64(let position) = arguments[1] else { return wrongArguments }
            return setPosition(trackPath: trackPath, position: position)
        case (MPRISInterface.player, "OpenUri"):
            guard signature == "s" else { return wrongArguments }
            return .error(name: MPRISInterface.ErrorName.notSupported, text: "CD Changer plays the discs in its magazines; it does not open URIs")
        case (MPRISInterface.voice, "Listen"):
            guard arguments.isEmpty else { return wrongArguments }
            listen(answering: call)
            return .later
        default:
            return .error(name: MPRISInterface.ErrorName.unknownMethod, text: "No method \(member) on interface \(interface)")
        }
    }

    private func run(_ command: MPRISCommand, seeked: Bool = false) -> Reply {
        self.command(command)
        // After Quit there is nothing to announce: the player is going away.
        if command != .quit { requestPublish(seeked: seeked) }
        return .empty
    }

    /// `Listen`: starts a voice turn (or joins the one under way) and keeps the call, if it wants a
    /// reply, until the turn's answer comes back from the app, on whatever thread it ends on.
    private func listen(answering call: BusMessage) {
        let number = nextListen
        nextListen += 1
        if call.expectsReply { waitingListens[number] = call }
        startListening { [self] answer in
            endedListens.withLock { $0.append((number, answer)) }
            wake.signal()
        }
    }

    /// Sends the replies of the `Listen` calls whose turn has ended.
    private func answerEndedListens() {
        let ended = endedListens.withLock { ended in
            defer { ended = [] }
            return ended
        }
        for (number, answer) in ended {
            guard let call = waitingListens.removeValue(forKey: number) else { continue }
            reply(to: call, with: answer)
        }
    }

    /// `Listen`'s reply: what was heard (empty when nothing), the player's answer and the exit
    /// status; or the error `org.cdchanger.Voice.Error.Unavailable` with the reason.
    private func reply(to call: BusMessage, with answer: ListenAnswer) {
        let response: BusMessage?
        switch answer {
        case .ended(let heard, let text, let status):
            response = call.makeReturn()
            if let response, !response.append([.string(heard ?? ""), .string(text), .int32(status)]) {
                if let failure = call.makeError(name: "org.freedesktop.DBus.Error.Failed", text: "Could not build the reply") { connection.send(failure) }
                return
            }
        case .unavailable(let reason):
            response = call.makeError(name: MPRISInterface.ErrorName.voiceUnavailable, text: reason)
        }
        if let response { connection.send(response) }
    }

    /// MPRIS: ignore a `SetPosition` for another track or outside the track.
    private func setPosition(trackPath: String, position: Int64) -> Reply {
        let current = status()
        guard let track = current.track, track.objectPath == trackPath, position >= 0 else { return .empty }
        if let length = track.lengthMicroseconds, position > length { return .empty }
        return run(.setPosition(trackID: track.id, positionMicroseconds: position), seeked: true)
    }

    // MARK: - Properties

    private func properties(of interface: String) -> [(String, DBusValue)]? {
        switch interface {
        case MPRISInterface.root: MPRISInterface.rootProperties(identity: identity, desktopEntry: desktopEntry)
        case MPRISInterface.player: MPRISInterface.playerProperties(status())
        // An empty interface name asks for every interface's properties.
        case "": MPRISInterface.rootProperties(identity: identity, desktopEntry: desktopEntry) + MPRISInterface.playerProperties(status())
        default: nil
        }
    }

    private func get(interface: String, property: String) -> Reply {
        guard let properties = properties(of: interface) else {
            return .error(name: MPRISInterface.ErrorName.unknownInterface, text: "No interface \(interface) on \(MPRISInterface.objectPath)")
        }
        guard let value = properties.first(where: { $0.0 == property })?.1 else {
            return .error(name: MPRISInterface.ErrorName.unknownProperty, text: "No property \(property) on \(interface)")
        }
        return .values([.variant(value)])
    }

    private func getAll(interface: String) -> Reply {
        guard let properties = properties(of: interface) else {
            return .error(name: MPRISInterface.ErrorName.unknownInterface, text: "No interface \(interface) on \(MPRISInterface.objectPath)")
        }
        return .values([.dictionary(properties)])
    }

    private func set(interface: String, property: String, value: DBusValue) -> Reply {
        let known: Bool
        switch interface {
        case MPRISInterface.root: known = MPRISInterface.rootProperties(identity: identity, desktopEntry: desktopEntry).contains { $0.0 == property }
        case MPRISInterface.player: known = MPRISInterface.playerProperties(MPRISStatus()).contains { $0.0 == property }
        default: return .error(name: MPRISInterface.ErrorName.unknownInterface, text: "No interface \(interface) on \(MPRISInterface.objectPath)")
        }
        guard known else { return .error(name: MPRISInterface.ErrorName.unknownProperty, text: "No property \(property) on \(interface)") }
        guard interface == MPRISInterface.player, MPRISInterface.writablePlayerProperties.contains(property) else {
            return .error(name: MPRISInterface.ErrorName.propertyReadOnly, text: "\(property) is read-only")
        }
        switch (property, value.unwrapped) {
        case ("Volume", .double(let volume)) where !volume.isNaN:
            return run(.setVolume(min(1, max(0, volume))))
        case ("LoopStatus", .string(let text)):
            guard let loop = MPRISStatus.Loop(rawValue: text) else {
                return .error(name: MPRISInterface.ErrorName.invalidArgs, text: "LoopStatus is None, Track or Playlist, not \(text)")
            }
            return run(.setLoop(loop))
        case ("Shuffle", .boolean(let shuffle)):
            return run(.setShuffle(shuffle))
        case ("Rate", .double(let rate)):
            // MPRIS: a client should not set 0.0, and when one does the player acts as if Pause was called.
            if rate == 0 { return run(.pause) }
            guard rate == 1 else { return .error(name: MPRISInterface.ErrorName.notSupported, text: "CD Changer plays at rate 1.0 only") }
            return .empty
        default:
            return .error(name: MPRISInterface.ErrorName.invalidArgs, text: "Wrong type (\(value.unwrapped.signature)) for \(property)")
        }
    }
}
