import CDBus
import Synchronization

/// A private libdbus connection to a session bus, closed and released when the value goes away.
///
/// Private (`dbus_bus_get_private`, `dbus_connection_open_private`) so that nothing else in the
/// process shares it and it can be closed on shutdown. It never exits the process when the bus
/// goes away, and it leaves the process's SIGPIPE handling alone (libdbus writes with
/// `MSG_NOSIGNAL` itself).
final class BusConnection: @unchecked Sendable {
    // Safety: libdbus connections are thread-safe once `dbus_threads_init_default` has run
    // (it is called before any connection is made). In practice the connection is made on the
    // app's thread and then used only by the MPRIS dispatch thread.
    let pointer: OpaquePointer
    /// The socket to the bus, to poll beside other descriptors.
    let descriptor: Int32
    private let closed = Atomic(false)

    /// Connects to the bus at `address` and registers with it; with no address, to the session
    /// bus libdbus finds (`DBUS_SESSION_BUS_ADDRESS`, else autolaunch).
    ///
    /// The corresponding C functions are `dbus_threads_init_default`, `dbus_connection_open_private`
    /// and `dbus_bus_register`, or `dbus_bus_get_private`; then
    /// `dbus_connection_set_exit_on_disconnect`, `dbus_connection_set_change_sigpipe` and
    /// `dbus_connection_get_socket`.
    init(address: String?) throws(MPRISError) {
        _ = dbus_threads_init_default()
        dbus_connection_set_change_sigpipe(0)
        var failure = BusFailure()
        let connection: OpaquePointer
        if let address {
            guard let opened = failure.capture({ dbus_connection_open_private(address, $0) }) else {
                throw .noSessionBus(detail: failure.text ?? "cannot connect to \(address)")
            }
            guard failure.capture({ dbus_bus_register(opened, $0) }) != 0 else {
                dbus_connection_close(opened)
                dbus_connection_unref(opened)
                throw .noSessionBus(detail: failure.text ?? "cannot register with the bus at \(address)")
            }
            connection = opened
        } else {
            guard let opened = failure.capture({ dbus_bus_get_private(DBUS_BUS_SESSION, $0) }) else {
                throw .noSessionBus(detail: failure.text ?? "no session bus address")
            }
            connection = opened
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        var socket: Int32 = -1
        guard dbus_connection_get_socket(connection, &socket) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw .noSessionBus(detail: "the bus connection has no socket")
        }
        pointer = connection
        descriptor = socket
    }

    deinit {
        close()
        dbus_connection_unref(pointer)
    }

    /// Closes the connection (once; later calls do nothing).
    ///
    /// The corresponding C function is `dbus_connection_close`.
    func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        dbus_connection_close(pointer)
    }

    /// The corresponding C function is `dbus_connection_get_is_connected`.
    var isConnected: Bool { dbus_connection_get_is_connected(pointer) != 0 }

    /// Asks for `name` without queueing; true if this connection now owns it, false if another does.
    ///
    /// The corresponding C function is `dbus_bus_request_name` with `DBUS_NAME_FLAG_DO_NOT_QUEUE`.
    func requestName(_ name: String) throws(MPRISError) -> Bool {
        var failure = BusFailure()
        let reply = failure.capture { dbus_bus_request_name(pointer, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), $0) }
        if reply < 0 { throw .nameUnavailable(name: name, detail: failure.text ?? "the bus refused the request") }
        return reply == DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER || reply == DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER
    }

    /// The corresponding C function is `dbus_bus_release_name`.
    func releaseName(_ name: String) {
        var failure = BusFailure()
        _ = failure.capture { dbus_bus_release_name(pointer, name, $0) }
    }

    /// Routes method calls for `path` to `handler`, with `context` passed back to it unchanged.
    ///
    /// The corresponding C function is `dbus_connection_try_register_object_path`.
    func registerObject(
        path: String, context: UnsafeMutableRawPointer, handler: DBusObjectPathMessageFunction
    ) throws(MPRISError) {
        var table = DBusObjectPathVTable()
        table.message_function = handler
        var failure = BusFailure()
        guard failure.capture({ dbus_connection_try_register_object_path(pointer, path, &table, context, $0) }) != 0 else {
            throw .registrationFailed(detail: failure.text ?? "cannot export \(path)")
        }
    }

    /// The corresponding C function is `dbus_connection_unregister_object_path`.
    func unregisterObject(path: String) {
        _ = dbus_connection_unregister_object_path(pointer, path)
    }

    /// Queues a message for sending; false when out of memory.
    ///
    /// The corresponding C function is `dbus_connection_send`.
    @discardableResult
    func send(_ message: BusMessage) -> Bool {
        dbus_connection_send(pointer, message.pointer, nil) != 0
    }

    /// Writes everything queued.
    ///
    /// The corresponding C function is `dbus_connection_flush`.
    func flush() {
        dbus_connection_flush(pointer)
    }


    /// Reads what has arrived and writes what is queued, waiting at most `milliseconds`
    /// (0: not at all); false once the connection is closed.
    ///
    /// The corresponding C function is `dbus_connection_read_write`.
    func readWrite(milliseconds: Int32) -> Bool {
        dbus_connection_read_write(pointer, milliseconds) != 0
    }

    /// Hands every message read so far to its handler.
    ///
    /// The corresponding C functions are `dbus_connection_get_dispatch_status` and `dbus_connection_dispatch`.
    func dispatchAll() {
        while dbus_connection_get_dispatch_status(pointer) == DBUS_DISPATCH_DATA_REMAINS {
            _ = dbus_connection_dispatch(pointer)
        }
    }

    /// Whether messages are queued that the socket has not taken yet.
    ///
    /// The corresponding C function is `dbus_connection_has_messages_to_send`.
    var hasMessagesToSend: Bool { dbus_connection_has_messages_to_send(pointer) != 0 }
}
