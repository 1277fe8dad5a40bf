import CDBus

/// A libdbus `DBusError` filled by one call and freed after reading it.
struct BusFailure {
    /// The error's message from the last `capture`, if it set one.
    private(set) var text: String?

    /// Calls `body` with a fresh `DBusError`, keeps its message and frees it.
    ///
    /// The corresponding C functions are `dbus_error_init`, `dbus_error_is_set` and `dbus_error_free`.
    mutating func capture<Result>(_ body: (UnsafeMutablePointer<DBusError>) -> Result) -> Result {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = body(&error)
        if dbus_error_is_set(&error) != 0 {
            text = error.message.map { String(cString: $0) } ?? error.name.map { String(cString: $0) }
        }
        return result
    }
}
