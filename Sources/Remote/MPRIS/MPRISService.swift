import CDBus
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The player on the D-Bus session bus as an MPRIS media player, so desktop media keys,
/// `playerctl`, panels and phone bridges can see and drive it.
///
/// ```swift
/// let mpris: MPRISService?
/// do {
///     mpris = try MPRISService(
///         status: { loop.mailbox.sync { app.mprisStatus() } },
///         command: { command in loop.mailbox.post { app.run(command) } },
///         listen: { answer in loop.mailbox.post { app.listenOnce(then: answer) } }
///     )
/// } catch {
///     notices.append(error.description)  // "No D-Bus session bus: media keys and MPRIS are off."
///     mpris = nil
/// }
/// // after every change of state:
/// mpris?.statusChanged()           // or statusChanged(seeked: true) after a jump in position
/// // on quit:
/// mpris?.stop()
/// ```
///
/// Owns `org.mpris.MediaPlayer2.cdchanger` (or `….cdchanger.instance<pid>` when another player
/// has it) and exports `/org/mpris/MediaPlayer2` with the root and Player interfaces,
/// `org.freedesktop.DBus.Properties` and `Introspectable`, and CD Changer's own
/// `org.cdchanger.Voice` (`Listen`: one voice turn, answered when it ends).
///
/// Threading: one dispatch thread owns the connection: it sleeps in `poll` on the bus's socket and
/// an `eventfd`, then reads, dispatches (`dbus_connection_read_write`, `dbus_connection_dispatch`)
/// and writes. `status` is called on that thread (for `Get`, `GetAll` and to compare after
/// `statusChanged()`); `command` too, for every method call and property write; `listen` too, for
/// `Listen`, and it must return at once (the reply goes out when its `answer` is called, from any
/// thread).
/// `statusChanged()` is safe from any thread: it sets a flag and wakes the thread, which sends
/// `PropertiesChanged` (just the changed properties; `Position` is never signalled) at once. After
/// `Seek` or `SetPosition`, or `statusChanged(seeked: true)`, it also sends `Seeked` with the
/// position `status` then reports. `stop()` wakes it too, so the name is released at once.
public final class MPRISService: Sendable {
    /// The well-known name the player asks for first.
    public static let preferredBusName = "org.mpris.MediaPlayer2.cdchanger"

    /// The bus name this player owns: `preferredBusName`, or its `.instance<pid>` form.
    public let busName: String
    private let endpoint: MPRISEndpoint
    private let thread: WorkerThread

    /// Connects, takes the bus name, exports the object and starts the dispatch thread.
    ///
    /// - Parameters:
    ///   - busAddress: the bus to use, e.g. from `dbus-daemon --print-address`; nil for the
    ///     session bus (`DBUS_SESSION_BUS_ADDRESS`, else libdbus's autolaunch).
    ///   - identity: `Identity`, the name shown by desktop widgets.
    ///   - desktopEntry: `DesktopEntry`, the base name of the app's `.desktop` file.
    ///   - status: what the player shows now; called on the dispatch thread.
    ///   - command: runs a client's command; called on the dispatch thread. `status` should show
    ///     its effect once it returns (for `Seeked`); a `quit` should be posted, not awaited, if
    ///     quitting calls `stop()` (which waits for this thread).
    ///   - listen: starts a voice turn (or joins the one under way) for `Listen`; called on the
    ///     dispatch thread, it must not wait for the turn: it calls `answer`, from any thread,
    ///     once the turn has ended (or at once when voice cannot be used).
    /// - Throws: `MPRISError.noSessionBus` when there is no bus to connect to, or another
    ///   `MPRISError`; its description is the one-line notice to show.
    public init(
        busAddress: String? = nil, identity: String = "CD Changer", desktopEntry: String = "cdchanger",
        status: @escaping @Sendable () -> MPRISStatus, command: @escaping @Sendable (MPRISCommand) -> Void,
        listen: @escaping @Sendable (_ answer: @escaping @Sendable (ListenAnswer) -> Void) -> Void
    ) throws(MPRISError) {
        let connection = try BusConnection(address: busAddress)
        var name = MPRISService.preferredBusName
        if try !connection.requestName(name) {
            name = "\(MPRISService.preferredBusName).instance\(getpid())"
            guard try connection.requestName(name) else {
                throw .nameUnavailable(name: name, detail: "another connection owns it")
            }
        }
        let endpoint: MPRISEndpoint
        do {
            endpoint = try MPRISEndpoint(
                connection: connection, busName: name, identity: identity, desktopEntry: desktopEntry, status: status, command: command,
                listen: listen
            )
        } catch {
            connection.releaseName(name)
            throw .threadFailed(code: error.code)
        }
        do {
            try connection.registerObject(path: MPRISInterface.objectPath, context: Unmanaged.passUnretained(endpoint).toOpaque()) { _, message, context in
                guard let message, let context else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
                let endpoint = Unmanaged<MPRISEndpoint>.fromOpaque(context).takeUnretainedValue()
                return endpoint.handle(BusMessage(borrowing: message))
            }
        } catch {
            connection.releaseName(name)
            throw error
        }
        do {
            thread = try WorkerThread(name: "cdc-mpris") { endpoint.run() }
        } catch {
            connection.unregisterObject(path: MPRISInterface.objectPath)
            connection.releaseName(name)
            throw .threadFailed(code: error.code)
        }
        self.busName = name
        self.endpoint = endpoint
    }

    deinit {
        stop(timeout: 0.5)
    }

    /// Tells the service the player's state changed; safe from any thread, returns at once.
    /// Pass `seeked: true` when the position jumped (a seek from a key or a sentence), so
    /// clients get `Seeked` and correct their progress bars.
    public func statusChanged(seeked: Bool = false) {
        endpoint.requestPublish(seeked: seeked)
    }

    /// Releases the bus name, closes the connection and ends the dispatch thread.
    ///
    /// Waits up to `timeout` seconds; if the thread is inside `status` or `command` waiting for
    /// the caller's own loop, it finishes the shutdown by itself when that returns. Returns
    /// whether the thread ended in time.
    @discardableResult
    public func stop(timeout: Double = 2) -> Bool {
        endpoint.requestStop()
        return thread.join(timeout: timeout)
    }
}
